import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { MovementPageSchema, MovementSchema } from '#shared/schemas/movements.ts'
import { WorkoutSchema, WorkoutSummarySchema } from '#shared/schemas/workouts.ts'
import { coachClients } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

let t: TestContext
let coach: SignedIn
let otherCoach: SignedIn
let client: SignedIn
let otherClient: SignedIn
let squatId: string
let plankId: string
let ownMovementId: string

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Kim' })
  otherCoach = await signIn(t, { role: 'coach' })
  client = await signIn(t, { role: 'client', displayName: 'Client Ana' })
  otherClient = await signIn(t, { role: 'client' })
  // `client` is `coach`'s active client; `otherClient` is `otherCoach`'s.
  await t.db.insert(coachClients).values([
    { coachId: coach.id, clientId: client.id },
    { coachId: otherCoach.id, clientId: otherClient.id },
  ])
  const find = async (q: string) =>
    MovementPageSchema.parse(await (await t.app.request(`/api/movements?q=${q}`, { headers: coach.headers })).json())
      .items[0]?.id ?? ''
  squatId = await find('back%20squat')
  plankId = await find('plank')
  const own = await call(coach, 'POST', '/api/movements', {
    name: 'Kim’s pause squat',
    pattern: 'squat',
    primaryMuscles: ['quads'],
    equipment: ['barbell'],
    tracking: 'weight_reps',
  })
  ownMovementId = MovementSchema.parse(await own.json()).id
})
afterAll(() => t.close())

function call(who: SignedIn, method: string, path: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

const content = (movementId = squatId) => ({
  title: 'Full body A',
  notes: 'Keep rests short.',
  exercises: [
    {
      movementId,
      restSeconds: 120,
      tempo: '31X1',
      sets: [
        { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 }, rpe: 7 },
        { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 }, rpe: 8 },
      ],
    },
    { movementId: plankId, superset: 'A', sets: [{ durationSeconds: 45 }] },
  ],
})

async function create(who: SignedIn, body: unknown = content()) {
  const res = await call(who, 'POST', '/api/workouts', body)
  expect(res.status, await res.clone().text()).toBe(201)
  return WorkoutSchema.parse(await res.json())
}

async function list(who: SignedIn, query = '') {
  const res = await call(who, 'GET', `/api/workouts${query}`)
  expect(res.status, await res.clone().text()).toBe(200)
  return z.array(WorkoutSummarySchema).parse(await res.json())
}

describe('standalone workouts', () => {
  test('a client creates, reads, replaces and deletes their own workout', async () => {
    const created = await create(client)
    expect(created).toMatchObject({
      ownerId: client.id,
      ownerName: 'Client Ana',
      title: 'Full body A',
      notes: 'Keep rests short.',
      isTemplate: false,
      archived: false,
      exerciseCount: 2,
      version: 1,
      shared: false,
    })
    expect(created.exercises.map((e) => [e.movementName, e.tracking, e.position, e.superset])).toEqual([
      ['Back squat', 'weight_reps', 0, null],
      [expect.stringMatching(/plank/i), 'time', 1, 'A'],
    ])
    expect(created.exercises[0]?.sets[1]).toEqual({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 }, rpe: 8 })

    const read = WorkoutSchema.parse(await (await call(client, 'GET', `/api/workouts/${created.id}`)).json())
    expect(read).toEqual(created)
    expect((await list(client)).map((w) => w.id)).toContain(created.id)

    const saved = await call(client, 'PUT', `/api/workouts/${created.id}`, {
      version: 1,
      title: 'Full body B',
      exercises: [{ movementId: plankId, sets: [{ durationSeconds: 60 }] }],
    })
    expect(saved.status, await saved.clone().text()).toBe(200)
    expect(WorkoutSchema.parse(await saved.json())).toMatchObject({
      title: 'Full body B',
      notes: null,
      version: 2,
      exerciseCount: 1,
      exercises: [{ sets: [{ durationSeconds: 60 }] }],
    })

    expect((await call(client, 'DELETE', `/api/workouts/${created.id}`)).status).toBe(204)
    expect((await call(client, 'GET', `/api/workouts/${created.id}`)).status).toBe(404)
  })

  test('a stale version answers 409 with a clear message and changes nothing', async () => {
    const created = await create(coach)
    expect(
      (await call(coach, 'PUT', `/api/workouts/${created.id}`, { ...content(), version: 1, title: 'First tab' }))
        .status,
    ).toBe(200)
    const stale = await call(coach, 'PUT', `/api/workouts/${created.id}`, {
      ...content(),
      version: 1,
      title: 'Second tab',
    })
    expect(stale.status).toBe(409)
    expect(ApiErrorBodySchema.parse(await stale.json())).toEqual({
      code: 'CONFLICT',
      message: 'This workout was changed elsewhere. Reload to see the latest version.',
    })
    expect(WorkoutSchema.parse(await (await call(coach, 'GET', `/api/workouts/${created.id}`)).json())).toMatchObject({
      title: 'First tab',
      version: 2,
    })
  })

  test('the same save sent again (its answer lost) is recognised by its save id', async () => {
    const created = await create(coach)
    const saveId = crypto.randomUUID()
    const body = { ...content(), version: 1, saveId, title: 'Saved once' }
    expect((await call(coach, 'PUT', `/api/workouts/${created.id}`, body)).status).toBe(200)
    const retried = await call(coach, 'PUT', `/api/workouts/${created.id}`, body)
    expect(retried.status).toBe(200)
    expect(WorkoutSchema.parse(await retried.json())).toMatchObject({ title: 'Saved once', version: 2 })
    expect(
      (await call(coach, 'PUT', `/api/workouts/${created.id}`, { ...body, saveId: crypto.randomUUID() })).status,
    ).toBe(409)
  })

  test.each([
    [
      'RPE 7.3',
      { reps: { min: 5, max: 5 }, rpe: 7.3 },
      'exercises.0.sets.0.rpe',
      'RPE must be from 1 to 10 in steps of 0.5',
    ],
    [
      'a backwards rep range',
      { reps: { min: 10, max: 8 } },
      'exercises.0.sets.0.reps',
      'The lowest reps cannot be above the highest',
    ],
    [
      '1001 kg',
      { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 1001 } },
      'exercises.0.sets.0.load.value',
      'Load must be from 0 to 1000 kg',
    ],
  ])('a prescription with %s is refused with its field message', async (_label, badSet, field, message) => {
    const body = { title: 'Day', exercises: [{ movementId: squatId, sets: [badSet] }] }
    const res = await call(coach, 'POST', '/api/workouts', body)
    expect(res.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await res.json()).fields?.[field]).toEqual([message])
    const created = await create(coach)
    const saved = await call(coach, 'PUT', `/api/workouts/${created.id}`, { ...body, version: 1 })
    expect(ApiErrorBodySchema.parse(await saved.json()).fields?.[field]).toEqual([message])
  })

  test('a title, the exercise limit, and movements the owner cannot see', async () => {
    const noTitle = await call(coach, 'POST', '/api/workouts', { title: ' ', exercises: [] })
    expect(ApiErrorBodySchema.parse(await noTitle.json()).fields?.title).toEqual(['Name is required'])
    const tooMany = await call(coach, 'POST', '/api/workouts', {
      title: 'Long',
      exercises: Array.from({ length: 31 }, () => ({ movementId: squatId, sets: [{ reps: { min: 1, max: 1 } }] })),
    })
    expect(ApiErrorBodySchema.parse(await tooMany.json()).fields?.exercises).toEqual([
      'A workout has at most 30 exercises',
    ])
    // Another coach's own movement, and a client prescribing their coach's movement themselves.
    for (const who of [otherCoach, client]) {
      const res = await call(who, 'POST', '/api/workouts', content(ownMovementId))
      expect(res.status).toBe(400)
      expect(ApiErrorBodySchema.parse(await res.json()).fields).toEqual({
        'exercises.0.movementId': ['Choose a movement from your library'],
      })
    }
    expect((await create(coach, content(ownMovementId))).exercises[0]?.movementName).toBe('Kim’s pause squat')
  })
})

describe("a coach's templates and their clients", () => {
  test('a client lists, reads and copies their coach’s template, but cannot edit it', async () => {
    const template = await create(coach, { ...content(ownMovementId), isTemplate: true })
    const draft = await create(coach, { ...content(), title: 'Not a template' })

    const listed = await list(client)
    const shared = listed.find((w) => w.id === template.id)
    expect(shared).toMatchObject({
      ownerId: coach.id,
      ownerName: 'Coach Kim',
      isTemplate: true,
      shared: true,
      exerciseCount: 2,
    })
    expect(listed.map((w) => w.id)).not.toContain(draft.id)
    expect(listed.filter((w) => w.shared).every((w) => w.ownerId === coach.id)).toBe(true)
    expect((await list(coach)).find((w) => w.id === template.id)?.shared).toBe(false)

    const read = await call(client, 'GET', `/api/workouts/${template.id}`)
    expect(read.status, await read.clone().text()).toBe(200)
    expect(WorkoutSchema.parse(await read.json())).toMatchObject({
      shared: true,
      exercises: [{ movementName: 'Kim’s pause squat' }, {}],
    })
    expect((await call(client, 'GET', `/api/workouts/${draft.id}`)).status).toBe(403)
    // The movements of a shared template are readable by the client.
    expect((await call(client, 'GET', `/api/movements/${ownMovementId}`)).status).toBe(200)

    for (const [method, path, body] of [
      ['PUT', `/api/workouts/${template.id}`, { ...content(), version: 1 }],
      ['POST', `/api/workouts/${template.id}/archive`, undefined],
      ['POST', `/api/workouts/${template.id}/restore`, undefined],
      ['DELETE', `/api/workouts/${template.id}`, undefined],
    ] as const) {
      expect((await call(client, method, path, body)).status, `${method} ${path}`).toBe(403)
    }

    const copied = await call(client, 'POST', `/api/workouts/${template.id}/copy`, { title: 'My full body' })
    expect(copied.status, await copied.clone().text()).toBe(201)
    const copy = WorkoutSchema.parse(await copied.json())
    expect(copy).toMatchObject({
      ownerId: client.id,
      title: 'My full body',
      notes: 'Keep rests short.',
      isTemplate: false,
      shared: false,
      version: 1,
      exerciseCount: 2,
    })
    expect(copy.exercises.map((e) => e.movementId)).toEqual(template.exercises.map((e) => e.movementId))
    // The copy is the client's: they may edit it, keeping their coach's movement in it.
    const kept = await call(client, 'PUT', `/api/workouts/${copy.id}`, {
      ...content(ownMovementId),
      version: 1,
      title: 'Mine now',
    })
    expect(kept.status, await kept.clone().text()).toBe(200)
    // Editing the copy leaves the template alone.
    expect(WorkoutSchema.parse(await (await call(coach, 'GET', `/api/workouts/${template.id}`)).json())).toMatchObject({
      title: 'Full body A',
      version: 1,
    })
  })

  test('another coach and their client cannot read, copy or change it', async () => {
    const template = await create(coach, { ...content(), isTemplate: true })
    for (const who of [otherCoach, otherClient]) {
      expect((await call(who, 'GET', `/api/workouts/${template.id}`)).status).toBe(403)
      expect((await call(who, 'POST', `/api/workouts/${template.id}/copy`, {})).status).toBe(403)
      expect((await call(who, 'PUT', `/api/workouts/${template.id}`, { ...content(), version: 1 })).status).toBe(403)
      expect((await list(who)).map((w) => w.id)).not.toContain(template.id)
    }
  })

  test('a former client no longer sees the templates', async () => {
    const former = await signIn(t, { role: 'client' })
    await t.db
      .insert(coachClients)
      .values({ coachId: coach.id, clientId: former.id, status: 'archived', endedAt: new Date() })
    const template = await create(coach, { ...content(), isTemplate: true })
    expect((await list(former)).map((w) => w.id)).not.toContain(template.id)
    expect((await call(former, 'GET', `/api/workouts/${template.id}`)).status).toBe(403)
  })

  test('the owner copies their own workout, e.g. into a template', async () => {
    const workout = await create(coach)
    const res = await call(coach, 'POST', `/api/workouts/${workout.id}/copy`, { isTemplate: true })
    expect(res.status).toBe(201)
    expect(WorkoutSchema.parse(await res.json())).toMatchObject({
      title: 'Full body A',
      isTemplate: true,
      exerciseCount: 2,
    })
  })
})

describe('archiving workouts', () => {
  test('archived workouts leave the list for ?archived=true; an archived template is no longer shared', async () => {
    const template = await create(coach, { ...content(), title: 'Old template', isTemplate: true })
    const archived = await call(coach, 'POST', `/api/workouts/${template.id}/archive`)
    expect(archived.status, await archived.clone().text()).toBe(200)
    expect(WorkoutSummarySchema.parse(await archived.json())).toMatchObject({
      id: template.id,
      archived: true,
      version: 2,
    })

    expect((await list(coach)).map((w) => w.id)).not.toContain(template.id)
    const archivedList = await list(coach, '?archived=true')
    expect(archivedList.map((w) => w.id)).toContain(template.id)
    expect(archivedList.every((w) => w.archived && w.ownerId === coach.id)).toBe(true)
    expect(await list(client, '?archived=true')).toEqual([])
    expect((await list(client)).map((w) => w.id)).not.toContain(template.id)
    expect((await call(client, 'GET', `/api/workouts/${template.id}`)).status).toBe(403)
    // Its owner still reads it.
    expect((await call(coach, 'GET', `/api/workouts/${template.id}`)).status).toBe(200)
    expect((await call(coach, 'GET', '/api/workouts?archived=maybe')).status).toBe(400)

    const restored = WorkoutSummarySchema.parse(
      await (await call(coach, 'POST', `/api/workouts/${template.id}/restore`)).json(),
    )
    expect(restored).toMatchObject({ archived: false, version: 3 })
    // Restoring again changes nothing.
    expect(
      WorkoutSummarySchema.parse(await (await call(coach, 'POST', `/api/workouts/${template.id}/restore`)).json()),
    ).toMatchObject({ archived: false, version: 3 })
    expect((await list(client)).map((w) => w.id)).toContain(template.id)
  })

  test('unknown and malformed ids', async () => {
    expect((await call(coach, 'GET', '/api/workouts/7c9e6679-7425-40de-944b-e07fc1f90ae7')).status).toBe(404)
    const bad = await call(coach, 'GET', '/api/workouts/not-a-uuid')
    expect(bad.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await bad.json()).fields?.id).toEqual(['Not a workout id'])
  })
})
