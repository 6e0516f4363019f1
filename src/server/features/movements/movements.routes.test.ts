import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { MovementPageSchema, MovementSchema, type Movement } from '#shared/schemas/movements.ts'
import { coachClients, movements } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'
import { BUILTIN_MOVEMENTS } from './builtin-movements.ts'
import { seedBuiltinMovements } from './movements.service.ts'

let t: TestContext
let coach: SignedIn
let otherCoach: SignedIn
let client: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach' })
  otherCoach = await signIn(t, { role: 'coach' })
  client = await signIn(t, { role: 'client' })
})
afterAll(() => t.close())

const SQUAT = {
  name: 'Pin squat',
  pattern: 'squat',
  primaryMuscles: ['quads'],
  equipment: ['barbell'],
  tracking: 'weight_reps',
}

async function search(who: SignedIn, query: string) {
  const res = await t.app.request(`/api/movements?${query}`, { headers: who.headers })
  expect(res.status, await res.clone().text()).toBe(200)
  return MovementPageSchema.parse(await res.json())
}
async function create(who: SignedIn, body: unknown) {
  return t.app.request('/api/movements', { method: 'POST', headers: jsonHeaders(who), body: JSON.stringify(body) })
}

describe('the built-in library', () => {
  test('is seeded once, and a new release adds built-ins without touching own movements', async () => {
    const before = await t.db.select({ id: movements.id }).from(movements)
    const own = MovementSchema.parse(await (await create(coach, { ...SQUAT, name: 'My seed-proof squat' })).json())
    await seedBuiltinMovements(t.db, [
      ...BUILTIN_MOVEMENTS,
      {
        ...(BUILTIN_MOVEMENTS[0] as (typeof BUILTIN_MOVEMENTS)[number]),
        slug: 'brand-new-lift',
        name: 'Brand new lift',
        aliases: [],
      },
    ])
    const after = await t.db.select({ id: movements.id }).from(movements)
    expect(after.length).toBe(before.length + 2)
    const [stillOwn] = await t.db.select().from(movements).where(eq(movements.id, own.id))
    expect(stillOwn?.name).toBe('My seed-proof squat')
  })

  test("'rdl' finds Romanian deadlift first; a typo still finds it", async () => {
    expect((await search(client, 'q=rdl')).items[0]?.name).toBe('Romanian deadlift')
    expect((await search(client, 'q=romanain%20deadlift')).items.map((m) => m.name)).toContain('Romanian deadlift')
  })

  test('exact and prefix matches come before the rest', async () => {
    const names = (await search(client, 'q=bench%20press&limit=10')).items.map((m) => m.name.toLowerCase())
    expect(names[0]).toBe('bench press')
  })

  test('a word finds the movements it names first, the staples leading: squat is Back squat', async () => {
    const first = async (q: string, count = 1) =>
      (await search(client, `q=${encodeURIComponent(q)}&limit=${count}`)).items.map((m) => m.name)
    expect(await first('squat', 3)).toEqual(['Back squat', 'Bulgarian split squat', 'Front squat'])
    expect(await first('press', 3)).toEqual(['Bench press', 'Leg press', 'Overhead press'])
    expect(await first('row')).toEqual(['Barbell row'])
    expect(await first('curl')).toEqual(['Barbell curl'])
    expect(await first('lunge')).toEqual(['Walking lunge'])
    expect(await first('raise')).toEqual(['Lateral raise'])
    // An exact name first, then the names that end with the word, the staples leading.
    expect(await first('deadlift', 2)).toEqual(['Deadlift', 'Romanian deadlift'])
    // Hyphens read as spaces.
    expect(await first('pull up')).toEqual(['Pull-up'])
    expect(await first('push up')).toEqual(['Push-up'])
  })

  test('filters by pattern, muscle and equipment, and pages', async () => {
    const hinges = await search(client, 'pattern=hinge&limit=100')
    expect(hinges.items.length).toBeGreaterThan(5)
    expect(hinges.items.every((m) => m.pattern === 'hinge')).toBe(true)
    const kettlebell = await search(client, 'equipment=kettlebell&limit=100')
    expect(kettlebell.items.every((m) => m.equipment.includes('kettlebell'))).toBe(true)
    const glutes = await search(client, 'muscle=glutes&limit=100')
    expect(glutes.items.every((m) => [...m.primaryMuscles, ...m.secondaryMuscles].includes('glutes'))).toBe(true)

    const first = await search(client, 'limit=20')
    const second = await search(client, `limit=20&offset=${first.nextOffset}`)
    expect(first.nextOffset).toBe(20)
    expect(second.items.map((m) => m.id)).not.toContain(first.items[0]?.id)
  })

  test('bad queries answer 400 with the field', async () => {
    const res = await t.app.request('/api/movements?pattern=dance&limit=1000', { headers: client.headers })
    expect(res.status).toBe(400)
    expect(Object.keys(ApiErrorBodySchema.parse(await res.json()).fields ?? {}).sort()).toEqual(['limit', 'pattern'])
  })
})

describe("a coach's own movements", () => {
  test('create, edit, archive and restore; only the owner sees them', async () => {
    const created = await create(coach, {
      ...SQUAT,
      aliases: ['Pause-at-pins squat'],
      videoUrl: 'https://video.example/pin-squat',
    })
    expect(created.status).toBe(201)
    const movement = MovementSchema.parse(await created.json())
    expect(movement).toMatchObject({ ownerId: coach.id, name: 'Pin squat', archived: false })

    expect((await search(coach, 'q=pause-at-pins')).items[0]?.id).toBe(movement.id)
    expect((await search(otherCoach, 'q=pause-at-pins')).items.map((m) => m.id)).not.toContain(movement.id)
    expect((await search(client, 'q=pause-at-pins')).items.map((m) => m.id)).not.toContain(movement.id)
    expect((await t.app.request(`/api/movements/${movement.id}`, { headers: otherCoach.headers })).status).toBe(403)
    expect((await t.app.request(`/api/movements/${movement.id}`, { headers: client.headers })).status).toBe(403)

    const patch = (who: SignedIn, body: unknown) =>
      t.app.request(`/api/movements/${movement.id}`, {
        method: 'PATCH',
        headers: jsonHeaders(who),
        body: JSON.stringify(body),
      })
    // Editing one field keeps every other.
    expect(await (await patch(coach, { name: 'Pin squat (low pins)' })).json()).toMatchObject({
      name: 'Pin squat (low pins)',
      aliases: ['Pause-at-pins squat'],
      videoUrl: 'https://video.example/pin-squat',
    })
    expect((await patch(otherCoach, { name: 'Stolen' })).status).toBe(403)

    const archived = await t.app.request(`/api/movements/${movement.id}/archive`, {
      method: 'POST',
      headers: jsonHeaders(coach),
    })
    expect(await archived.json()).toMatchObject({ archived: true })
    expect((await search(coach, 'q=pin%20squat%20(low')).items.map((m) => m.id)).not.toContain(movement.id)
    expect((await search(coach, 'archived=only&scope=own')).items.map((m) => m.id)).toContain(movement.id)
    const restored = await t.app.request(`/api/movements/${movement.id}/restore`, {
      method: 'POST',
      headers: jsonHeaders(coach),
    })
    expect(await restored.json()).toMatchObject({ archived: false })
  })

  test('a built-in cannot be edited, but can be copied into an editable own movement', async () => {
    const rdl = (await search(coach, 'q=rdl')).items[0] as Movement
    const edit = await t.app.request(`/api/movements/${rdl.id}`, {
      method: 'PATCH',
      headers: jsonHeaders(coach),
      body: JSON.stringify({ name: 'Mine' }),
    })
    expect(edit.status).toBe(403)
    const copy = await t.app.request(`/api/movements/${rdl.id}/copy`, { method: 'POST', headers: jsonHeaders(coach) })
    expect(copy.status).toBe(201)
    expect(await copy.json()).toMatchObject({
      ownerId: coach.id,
      name: 'Romanian deadlift',
      aliases: rdl.aliases,
      pattern: 'hinge',
    })
  })

  test.each([
    ['an empty name', { ...SQUAT, name: '  ' }, 'name', 'Name is required'],
    ['a 500-character name', { ...SQUAT, name: 'x'.repeat(500) }, 'name', 'Name must be at most 120 characters'],
    ['an unknown pattern', { ...SQUAT, pattern: 'dance' }, 'pattern', 'Choose a movement pattern'],
    [
      'a javascript: link',
      { ...SQUAT, videoUrl: 'javascript:alert(1)' },
      'videoUrl',
      'The link must start with http:// or https://',
    ],
    [
      'a data: link',
      { ...SQUAT, videoUrl: 'data:text/html,<script>1</script>' },
      'videoUrl',
      'The link must start with http:// or https://',
    ],
    ['no primary muscle', { ...SQUAT, primaryMuscles: [] }, 'primaryMuscles', 'Choose at least one primary muscle'],
  ])('%s is refused with a field message and nothing is stored', async (_label, body, field, message) => {
    const before = await t.db.select({ id: movements.id }).from(movements)
    const res = await create(coach, body)
    expect(res.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await res.json()).fields?.[field]).toEqual([message])
    expect((await t.db.select({ id: movements.id }).from(movements)).length).toBe(before.length)
  })

  test('a client cannot create movements', async () => {
    expect((await create(client, SQUAT)).status).toBe(403)
  })
})

describe('a client reads the own movements their coach prescribes them', () => {
  test('a movement in a plan assigned to the client is readable by that client only, and stays read-only', async () => {
    const athlete = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: athlete.id })
    const prescribed = MovementSchema.parse(await (await create(coach, { ...SQUAT, name: 'Coach’s box squat' })).json())
    const unused = MovementSchema.parse(await (await create(coach, { ...SQUAT, name: 'Coach’s secret squat' })).json())
    const read = (who: SignedIn, id: string) => t.app.request(`/api/movements/${id}`, { headers: who.headers })
    const send = (method: string, path: string, body: unknown) =>
      t.app.request(path, { method, headers: jsonHeaders(coach), body: JSON.stringify(body) })

    const plan = (await (await send('POST', '/api/plans', { name: 'Block', weeks: 1, daysPerWeek: 1 })).json()) as {
      id: string
    }
    await send('PUT', `/api/plans/${plan.id}/days/1/1`, {
      version: 1,
      workout: { title: 'Day', exercises: [{ movementId: prescribed.id, sets: [{ reps: { min: 5, max: 5 } }] }] },
    })
    // A coach's own plan, not yet assigned, shows the client nothing.
    expect((await read(athlete, prescribed.id)).status).toBe(403)

    expect(
      (await send('POST', `/api/plans/${plan.id}/assign`, { clientId: athlete.id, startDate: '2026-12-07' })).status,
    ).toBe(201)
    const res = await read(athlete, prescribed.id)
    expect(res.status, await res.clone().text()).toBe(200)
    expect(MovementSchema.parse(await res.json())).toMatchObject({
      id: prescribed.id,
      ownerId: coach.id,
      name: 'Coach’s box squat',
    })

    expect((await read(athlete, unused.id)).status).toBe(403)
    expect((await read(client, prescribed.id)).status).toBe(403)
    expect((await read(otherCoach, prescribed.id)).status).toBe(403)
    // Reading is all: the client still finds only the built-ins, and cannot change it.
    expect((await search(athlete, 'q=box%20squat&scope=own')).items).toEqual([])
    const edit = await t.app.request(`/api/movements/${prescribed.id}`, {
      method: 'PATCH',
      headers: jsonHeaders(athlete),
      body: JSON.stringify({ instructions: 'Mine' }),
    })
    expect(edit.status).toBe(403)
  })
})
