import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PlanSchema } from '#shared/schemas/plans.ts'
import { SessionSchema, type Session } from '#shared/schemas/sessions.ts'
import { STANDARD_RAMP, timedWorkApiText, TimedResultsSchema } from '#shared/schemas/timed-work.ts'
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
let client: SignedIn
const ids: Record<string, string> = {}

const send = (who: SignedIn, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res
  expect(answer.status, await answer.clone().text()).toBe(status)
  return (await answer.json()) as T
}
const builtIn = async (name: string) => {
  const page = await ok<{ items: { id: string; name: string }[] }>(
    send(coach, 'GET', `/api/movements?q=${encodeURIComponent(name)}`),
  )
  const id = page.items.find((m) => m.name === name)?.id
  if (!id) throw new Error(`no built-in ${name}`)
  return id
}
const rounds = (n: number, set: object) => Array.from({ length: n }, () => set)

/** A day with an EMOM of swings, a circuit of two exercises, and a squat with a ramp and a tempo. */
const day = () => ({
  title: 'Conditioning',
  exercises: [
    {
      movementId: ids.swing,
      sets: rounds(10, { reps: { min: 10, max: 10 }, load: { kind: 'kg', value: 24 } }),
      timer: { kind: 'emom', everySeconds: 60 },
    },
    {
      movementId: ids.pushUp,
      superset: 'B',
      sets: rounds(3, { reps: { min: 15, max: 15 } }),
      timer: { kind: 'circuit', goal: 'time', capSeconds: 900 },
    },
    { movementId: ids.lunge, superset: 'B', sets: rounds(3, { reps: { min: 20, max: 20 } }) },
    {
      movementId: ids.squat,
      tempo: '31X1',
      restSeconds: 180,
      sets: rounds(3, { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }),
      warmUp: STANDARD_RAMP,
    },
  ],
})

let planId: string
beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach' })
  client = await signIn(t)
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
  ids.swing = await builtIn('Kettlebell swing')
  ids.pushUp = await builtIn('Push-up')
  ids.lunge = await builtIn('Walking lunge')
  ids.squat = await builtIn('Back squat')
  planId = (
    await ok<{ id: string }>(send(coach, 'POST', '/api/plans', { name: 'Engine', weeks: 1, daysPerWeek: 1 }), 201)
  ).id
})
afterAll(() => t.close())

describe('timed blocks, warm-up ramps and tempo reach the lifter’s session', () => {
  test('a circuit for rounds needs a time cap, and a ramp step above 95% is refused: nothing is saved', async () => {
    const noCap = day()
    noCap.exercises[1] = {
      ...noCap.exercises[1],
      timer: { kind: 'circuit', goal: 'rounds', capSeconds: null },
    } as never
    const refused = await send(coach, 'PUT', `/api/plans/${planId}/days/1/1`, { version: 1, workout: noCap })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain(timedWorkApiText.capNeeded)
    const steep = day()
    steep.exercises[3] = { ...steep.exercises[3], warmUp: [{ percent: 100, reps: 1 }] } as never
    expect((await send(coach, 'PUT', `/api/plans/${planId}/days/1/1`, { version: 1, workout: steep })).status).toBe(400)
    const plan = PlanSchema.parse(await ok(send(coach, 'GET', `/api/plans/${planId}`)))
    expect(plan.workouts).toEqual([])
  })

  test('the plan keeps them, its client’s copy keeps them, and a session started from it carries them with how to do each movement', async () => {
    await ok(send(coach, 'PUT', `/api/plans/${planId}/days/1/1`, { version: 1, workout: day() }))
    const assigned = await ok<{ id: string }>(
      send(coach, 'POST', `/api/plans/${planId}/assign`, { clientId: client.id, startDate: '2026-11-23' }),
      201,
    )
    const plan = PlanSchema.parse(await ok(send(client, 'GET', `/api/plans/${assigned.id}`)))
    const exercises = plan.workouts[0]?.exercises ?? []
    expect(exercises.map((e) => e.timer)).toEqual([
      { kind: 'emom', everySeconds: 60 },
      { kind: 'circuit', goal: 'time', capSeconds: 900 },
      null,
      null,
    ])
    expect(exercises[3]?.warmUp).toEqual(STANDARD_RAMP)

    const session = SessionSchema.parse(
      await ok(send(client, 'POST', '/api/sessions', { planWorkoutId: plan.workouts[0]?.id }), 201),
    )
    const [emom, , , squat] = session.exercises
    expect(emom?.timer).toEqual({ kind: 'emom', everySeconds: 60 })
    expect(emom?.targets).toHaveLength(10)
    expect(squat).toMatchObject({ tempo: '31X1', restSeconds: 180, warmUp: STANDARD_RAMP })
    expect(squat?.instructions).toMatch(/\S/)

    // The EMOM's result is kept with the session and its coach reads it; how-to text sent back is not stored.
    const withResult: Session['exercises'] = session.exercises.map((e, index) =>
      index === 0 ? { ...e, result: { rounds: 9, seconds: 600 }, instructions: 'Mine now' } : e,
    )
    await ok(send(client, 'PATCH', `/api/sessions/${session.id}`, { exercises: withResult }))
    const read = SessionSchema.parse(await ok(send(coach, 'GET', `/api/sessions/${session.id}`)))
    expect(read.exercises[0]?.result).toEqual({ rounds: 9, seconds: 600 })
    expect(read.exercises[0]?.instructions).not.toBe('Mine now')
  })
})

describe('the progress page’s timed results', () => {
  test('a finished session’s blocks, what each asked and came to, for the lifter and their coach alone', async () => {
    const timed = async (who: SignedIn, clientId?: string) =>
      TimedResultsSchema.parse(
        await ok(send(who, 'GET', `/api/progress/timed${clientId ? `?clientId=${clientId}` : ''}`)),
      )
    // The session of the test above holds a result, but it is not finished yet.
    expect((await timed(client)).items).toEqual([])
    const [open] = await ok<{ id: string; status: string }[]>(send(client, 'GET', '/api/sessions'))
    expect(open?.status).toBe('in_progress')
    await ok(send(client, 'POST', `/api/sessions/${open?.id}/finish`, {}))

    const expected = [
      {
        sessionId: open?.id,
        title: 'Conditioning',
        completedAt: expect.any(String),
        asked: 'EMOM 10 minutes',
        movements: ['Kettlebell swing'],
        result: { rounds: 9, seconds: 600 },
      },
    ]
    expect((await timed(client)).items).toEqual(expected)
    expect((await timed(coach, client.id)).items).toEqual(expected)
    const stranger = await signIn(t)
    expect((await send(stranger, 'GET', `/api/progress/timed?clientId=${client.id}`)).status).toBe(403)
  })
})
