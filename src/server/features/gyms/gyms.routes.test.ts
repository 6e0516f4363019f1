import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { gymApiText, GymListSchema, GymSchema, MAX_GYMS, SwapSuggestionsSchema } from '#shared/schemas/gyms.ts'
import { MovementPageSchema } from '#shared/schemas/movements.ts'
import { MeSchema } from '#shared/schemas/profiles.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

let t: TestContext
let lifter: SignedIn
let other: SignedIn

const send = (who: SignedIn, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res
  expect(answer.status, await answer.clone().text()).toBe(status)
  return (status === 204 ? null : await answer.json()) as T
}
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message
const me = async (who: SignedIn) => MeSchema.parse(await ok(send(who, 'GET', '/api/me')))
const movementId = async (who: SignedIn, name: string) => {
  const page = MovementPageSchema.parse(
    await ok(send(who, 'GET', `/api/movements?q=${encodeURIComponent(name)}&limit=10`)),
  )
  const found = page.items.find((m) => m.name === name)
  if (!found) throw new Error(`no built-in movement named ${name}`)
  return found.id
}
const swapsOf = async (who: SignedIn, id: string, gymId?: string) =>
  SwapSuggestionsSchema.parse(await ok(send(who, 'GET', `/api/movements/${id}/swaps${gymId ? `?gymId=${gymId}` : ''}`)))

beforeAll(async () => {
  t = await createTestApp()
  ;[lifter, other] = await Promise.all([signIn(t), signIn(t)])
})
afterAll(() => t.close())

describe('gym profiles', () => {
  test('the first gym starts from the lifter’s plates and becomes the one they train at; its plates are theirs then', async () => {
    await ok(
      send(lifter, 'PATCH', '/api/profile', {
        plateSetups: { kg: { plateStep: 1.25, bar: 15, plates: [20, 10, 5, 1.25, 0.5] } },
      }),
    )
    const home = GymSchema.parse(
      await ok(send(lifter, 'POST', '/api/gyms', { name: 'Home', equipment: ['dumbbell', 'bench'] }), 201),
    )
    expect(home.plateSetups.kg).toEqual({ plateStep: 1.25, bar: 15, plates: [20, 10, 5, 1.25, 0.5] })
    expect((await me(lifter)).profile?.gym).toEqual({ id: home.id, name: 'Home', equipment: ['dumbbell', 'bench'] })

    // Another gym, with plates of its own, is not where they train until they say so.
    const club = GymSchema.parse(
      await ok(
        send(lifter, 'POST', '/api/gyms', {
          name: 'Club',
          equipment: ['barbell', 'bench', 'machine', 'cable', 'dumbbell'],
          plateSetups: { kg: { plateStep: 2.5, bar: 20, plates: [25, 20, 10, 5, 2.5, 1.25] } },
        }),
        201,
      ),
    )
    expect(GymListSchema.parse(await ok(send(lifter, 'GET', '/api/gyms'))).currentId).toBe(home.id)
    await ok(send(lifter, 'PUT', '/api/gyms/current', { gymId: club.id }))
    const profile = (await me(lifter)).profile
    expect(profile?.gym?.name).toBe('Club')
    expect(profile?.plateSetups).toMatchObject({ kg: { bar: 20, plateStep: 2.5 } })

    // The account's plates change the gym's they train at, and only that gym's.
    await ok(
      send(lifter, 'PATCH', '/api/profile', {
        plateSetups: { kg: { plateStep: 2.5, bar: 25, plates: [25, 5, 2.5, 1.25] } },
      }),
    )
    const list = GymListSchema.parse(await ok(send(lifter, 'GET', '/api/gyms')))
    expect(list.gyms.find((g) => g.id === club.id)?.plateSetups.kg.bar).toBe(25)
    expect(list.gyms.find((g) => g.id === home.id)?.plateSetups.kg.bar).toBe(15)

    // Removing the gym they train at leaves them at none, with the plates they set last there.
    await ok(send(lifter, 'DELETE', `/api/gyms/${club.id}`), 204)
    const after = (await me(lifter)).profile
    expect(after?.gym).toBeNull()
    expect(after?.plateSetups).toMatchObject({ kg: { bar: 25, plates: [25, 5, 2.5, 1.25] } })
    // Removing one they do not train at changes none of their plates.
    await ok(send(lifter, 'PUT', '/api/gyms/current', { gymId: home.id }))
    const spare = GymSchema.parse(
      await ok(
        send(lifter, 'POST', '/api/gyms', {
          name: 'Spare',
          equipment: [],
          plateSetups: { kg: { plateStep: 2.5, bar: 10, plates: [5] } },
        }),
        201,
      ),
    )
    await ok(send(lifter, 'DELETE', `/api/gyms/${spare.id}`), 204)
    expect((await me(lifter)).profile?.plateSetups).toMatchObject({ kg: { bar: 15 } })
    await ok(send(lifter, 'PUT', '/api/gyms/current', { gymId: null }))
    expect((await me(lifter)).profile?.plateSetups).toMatchObject({ kg: { bar: 25 } })
  })

  test('names are each lifter’s own, a lifter keeps at most ten, and nobody else reads or changes them', async () => {
    const taken = await send(lifter, 'POST', '/api/gyms', { name: 'Home', equipment: ['barbell'] })
    expect(taken.status).toBe(409)
    expect(await messageOf(taken)).toBe(gymApiText.nameTaken('Home'))
    // Another lifter may name theirs the same.
    const theirs = GymSchema.parse(await ok(send(other, 'POST', '/api/gyms', { name: 'Home', equipment: [] }), 201))

    const list = GymListSchema.parse(await ok(send(lifter, 'GET', '/api/gyms')))
    for (let n = list.gyms.length; n < MAX_GYMS; n++)
      await ok(send(lifter, 'POST', '/api/gyms', { name: `Gym ${n}`, equipment: ['barbell'] }), 201)
    const eleventh = await send(lifter, 'POST', '/api/gyms', { name: 'One more', equipment: [] })
    expect(eleventh.status).toBe(409)
    expect(await messageOf(eleventh)).toBe(gymApiText.tooMany)

    expect((await send(lifter, 'PATCH', `/api/gyms/${theirs.id}`, { name: 'Mine' })).status).toBe(403)
    expect((await send(lifter, 'PUT', '/api/gyms/current', { gymId: theirs.id })).status).toBe(403)
    expect((await send(lifter, 'DELETE', `/api/gyms/${theirs.id}`)).status).toBe(403)
    expect(
      (await send(lifter, 'GET', `/api/movements/${await movementId(lifter, 'Back squat')}/swaps?gymId=${theirs.id}`))
        .status,
    ).toBe(403)
    const bad = await send(lifter, 'POST', '/api/gyms', { name: ' ', equipment: ['anvil'] })
    expect(bad.status).toBe(400)
    expect(GymListSchema.parse(await ok(send(other, 'GET', '/api/gyms'))).gyms.map((g) => g.name)).toEqual(['Home'])
  })
})

describe('swap suggestions', () => {
  test('a squat at a gym of dumbbells and a bench: squats done with what it has, best first; none it lacks the equipment for', async () => {
    const lifterAt = await signIn(t)
    const gym = GymSchema.parse(
      await ok(send(lifterAt, 'POST', '/api/gyms', { name: 'Hotel gym', equipment: ['dumbbell', 'bench'] }), 201),
    )
    const squat = await movementId(lifterAt, 'Back squat')
    const swaps = await swapsOf(lifterAt, squat)
    expect(swaps.gym).toEqual({ id: gym.id, name: 'Hotel gym' })
    expect(swaps.missing).toEqual(['barbell'])
    const names = swaps.items.map((m) => m.name)
    expect(names).toContain('Goblet squat')
    expect(names).not.toContain('Front squat')
    expect(names).not.toContain('Hack squat')
    expect(names).not.toContain('Back squat')
    expect(swaps.items.every((m) => m.pattern === 'squat')).toBe(true)
    expect(swaps.items.length).toBeLessThanOrEqual(8)

    // At no gym in particular, anything goes: barbell squats come first, the closest stand-ins.
    await ok(send(lifterAt, 'PUT', '/api/gyms/current', { gymId: null }))
    const anywhere = await swapsOf(lifterAt, squat)
    expect(anywhere.gym).toBeNull()
    expect(anywhere.missing).toEqual([])
    expect(anywhere.items.map((m) => m.name)).toContain('Front squat')
    expect(anywhere.items[0]?.equipment).toContain('barbell')
    // A gym named in the query is used whether or not they train there now.
    expect((await swapsOf(lifterAt, squat, gym.id)).items.map((m) => m.name)).not.toContain('Front squat')
  })

  test('a bench press at a gym with dumbbells and a bench: the dumbbell bench press', async () => {
    const lifterAt = await signIn(t)
    await ok(send(lifterAt, 'POST', '/api/gyms', { name: 'Garage', equipment: ['dumbbell', 'bench'] }), 201)
    const swaps = await swapsOf(lifterAt, await movementId(lifterAt, 'Bench press'))
    expect(swaps.items[0]?.name).toBe('Dumbbell bench press')
    expect(swaps.items.map((m) => m.name)).not.toContain('Close-grip bench press')
  })
})
