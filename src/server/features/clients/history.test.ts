import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { ActiveClientSchema } from '#shared/schemas/clients.ts'
import { InviteSchema } from '#shared/schemas/invites.ts'
import { MovementPageSchema, MovementSchema } from '#shared/schemas/movements.ts'
import { PlanSummarySchema } from '#shared/schemas/plans.ts'
import { E1rmSeriesSchema, ProgressSchema } from '#shared/schemas/progress.ts'
import { SessionSchema, SessionSummarySchema, UnreadCommentsSchema } from '#shared/schemas/sessions.ts'
import { SessionReportSchema } from '#shared/schemas/session-reports.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

/*
 * History follows the lifter (docs/history.md): a client whose coach archives them keeps every
 * session, set, record and plan copy; the former coach loses access; a new coach reads all of it
 * once the client accepts their invite, including the sessions of the former coach's plans.
 */

let t: TestContext
let formerCoach: SignedIn
let newCoach: SignedIn
let client: SignedIn
let squatId: string
/** The former coach's own movement, trained on their plan. */
let pinSquat: { id: string; name: string }
let oldPlanCopyId: string
let oldPlanWorkoutId: string
let oldSessionId: string
let ownSessionId: string

const send = async (who: SignedIn | undefined, method: string, path: string, body?: unknown) =>
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

async function invite(coach: SignedIn, who: SignedIn, planId: string) {
  const created = InviteSchema.parse(await ok(send(coach, 'POST', '/api/invites', { email: who.email, planId }), 201))
  const token = created.link?.split('/invite/')[1]
  if (!token) throw new Error('no invite link')
  await ok(send(who, 'POST', '/api/invites/accept', { token }))
}

async function planWithOneDay(coach: SignedIn, name: string, movementIds: string[]) {
  const plan = PlanSummarySchema.parse(
    await ok(send(coach, 'POST', '/api/plans', { name, weeks: 2, daysPerWeek: 2 }), 201),
  )
  const exercises = movementIds.map((movementId) => ({
    movementId,
    sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 60 } }],
  }))
  await ok(
    send(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, {
      version: plan.version,
      workout: { title: 'Lower A', exercises },
    }),
  )
  return plan.id
}

/** Starts a session (from a planned workout or from nothing), logs one set per exercise and finishes it. */
async function train(
  who: SignedIn,
  start: { planWorkoutId?: string },
  loadKg: number,
  extra: { id: string; name: string }[] = [],
) {
  let session = SessionSchema.parse(await ok(send(who, 'POST', '/api/sessions', start), 201))
  if (extra.length) {
    const added = extra.map((m) => ({
      key: randomUUID(),
      movementId: m.id,
      movementName: m.name,
      tracking: 'weight_reps',
      prescriptionId: null,
      superset: null,
      restSeconds: null,
      notes: null,
      targets: [],
    }))
    session = SessionSchema.parse(
      await ok(send(who, 'PATCH', `/api/sessions/${session.id}`, { exercises: [...session.exercises, ...added] })),
    )
  }
  for (const exercise of session.exercises) {
    await ok(
      send(who, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
        exerciseKey: exercise.key,
        setNumber: 1,
        reps: 5,
        loadKg,
        editedAt: new Date().toISOString(),
      }),
    )
  }
  await ok(send(who, 'POST', `/api/sessions/${session.id}/finish`, { rpe: 8 }))
  return session.id
}

const sessionsOf = async (who: SignedIn, query = '') =>
  z.array(SessionSummarySchema).parse(await ok(send(who, 'GET', `/api/sessions?limit=50${query}`)))
const progressOf = async (who: SignedIn, query = '') =>
  ProgressSchema.parse(await ok(send(who, 'GET', `/api/progress?utcOffsetMinutes=0${query}`)))
const recordNames = (progress: z.infer<typeof ProgressSchema>) => progress.records.map((r) => r.name).sort()

beforeAll(async () => {
  t = await createTestApp()
  formerCoach = await signIn(t, { role: 'coach', displayName: 'Coach Former' })
  newCoach = await signIn(t, { role: 'coach', displayName: 'Coach New' })
  client = await signIn(t, { role: 'client', displayName: 'Lifter Lou' })
  squatId =
    MovementPageSchema.parse(await ok(send(formerCoach, 'GET', '/api/movements?q=back%20squat'))).items[0]?.id ?? ''
  const pin = MovementSchema.parse(
    await ok(
      send(formerCoach, 'POST', '/api/movements', {
        name: 'Former coach pin squat',
        pattern: 'squat',
        primaryMuscles: ['quads'],
        equipment: ['barbell'],
        tracking: 'weight_reps',
      }),
      201,
    ),
  )
  pinSquat = { id: pin.id, name: pin.name }

  // Under the former coach: their plan, assigned by the invite, trained with their own movement.
  await invite(formerCoach, client, await planWithOneDay(formerCoach, 'Former block', [squatId, pinSquat.id]))
  const plans = z.array(PlanSummarySchema).parse(await ok(send(client, 'GET', '/api/plans')))
  const copy = plans.find((p) => p.clientId === client.id && p.status === 'active')
  if (!copy) throw new Error('no assigned copy')
  oldPlanCopyId = copy.id
  const plan = await ok<{ workouts: { id: string; week: number; day: number }[] }>(
    send(client, 'GET', `/api/plans/${copy.id}`),
  )
  oldPlanWorkoutId = plan.workouts[0]?.id ?? ''
  oldSessionId = await train(client, { planWorkoutId: oldPlanWorkoutId }, 100)
  ownSessionId = await train(client, {}, 90, [{ id: squatId, name: 'Back squat' }])
  await ok(send(formerCoach, 'POST', `/api/sessions/${oldSessionId}/comments`, { body: 'Strong squats' }), 201)
  // A reply the former coach never read.
  await ok(send(client, 'POST', `/api/sessions/${oldSessionId}/comments`, { body: 'Thanks, Coach Former' }), 201)

  expect((await send(formerCoach, 'POST', `/api/clients/${client.id}/archive`)).status).toBe(204)
})
afterAll(() => t.close())

describe('after the coach archives a client', () => {
  test('the client still reads every session, its sets, comments and report', async () => {
    expect((await sessionsOf(client)).map((s) => s.id).sort()).toEqual([oldSessionId, ownSessionId].sort())
    const session = SessionSchema.parse(await ok(send(client, 'GET', `/api/sessions/${oldSessionId}`)))
    expect(session).toMatchObject({ planName: 'Former block', title: 'Lower A', status: 'completed' })
    expect(session.sets.map((s) => s.loadKg)).toEqual([100, 100])
    expect(session.comments.map((c) => c.body)).toEqual(['Strong squats', 'Thanks, Coach Former'])
    const report = SessionReportSchema.parse(await ok(send(client, 'GET', `/api/sessions/${oldSessionId}/report`)))
    expect(report.movements.map((m) => m.movementName).sort()).toEqual(['Back squat', pinSquat.name].sort())
  })

  test("the client still reads their records and progress, the former coach's movements included", async () => {
    const progress = await progressOf(client)
    expect(recordNames(progress)).toEqual(['Back squat', pinSquat.name].sort())
    expect(progress.records.find((r) => r.name === 'Back squat')?.bestE1rm?.loadKg).toBe(100)
    const series = E1rmSeriesSchema.parse(
      await ok(send(client, 'GET', `/api/progress/e1rm?utcOffsetMinutes=0&movementId=${pinSquat.id}`)),
    )
    expect(series.points).toHaveLength(1)
  })

  test('the client keeps the plan copy as theirs to read, with its planned workouts', async () => {
    const plans = z.array(PlanSummarySchema).parse(await ok(send(client, 'GET', '/api/plans')))
    expect(plans.map((p) => p.id)).toContain(oldPlanCopyId)
    await ok(send(client, 'GET', `/api/plans/${oldPlanCopyId}`))
    await ok(send(client, 'GET', `/api/plans/workouts/${oldPlanWorkoutId}`))
  })

  test('the former coach is refused everything of the client', async () => {
    const refused = [
      `/api/sessions?limit=10&clientId=${client.id}`,
      `/api/sessions/${oldSessionId}`,
      `/api/sessions/${oldSessionId}/report`,
      `/api/progress?utcOffsetMinutes=0&clientId=${client.id}`,
      `/api/progress/e1rm?utcOffsetMinutes=0&clientId=${client.id}&movementId=${pinSquat.id}`,
      `/api/progress/movements?utcOffsetMinutes=0&clientId=${client.id}&q=squat`,
      `/api/body-weights?clientId=${client.id}`,
      `/api/plans/${oldPlanCopyId}`,
      `/api/plans/workouts/${oldPlanWorkoutId}`,
    ]
    for (const path of refused) expect((await send(formerCoach, 'GET', path)).status, path).toBe(403)
    expect(
      (await send(formerCoach, 'POST', `/api/sessions/${oldSessionId}/comments`, { body: 'Still here?' })).status,
    ).toBe(403)
    const roster = z.array(ActiveClientSchema).parse(await ok(send(formerCoach, 'GET', '/api/clients')))
    expect(roster.map((c) => c.clientId)).not.toContain(client.id)
  })
})

describe('a new coach, once the client accepts their invite', () => {
  beforeAll(async () => {
    await invite(newCoach, client, await planWithOneDay(newCoach, 'New block', [squatId]))
  })

  test('sees the client on the roster with the earlier sessions, those of the former coach’s plan included', async () => {
    const roster = z.array(ActiveClientSchema).parse(await ok(send(newCoach, 'GET', '/api/clients')))
    const lou = roster.find((c) => c.clientId === client.id)
    expect(lou?.activePlan?.name).toBe('New block')
    expect(lou?.lastSessionAt).not.toBeNull()
    const sessions = await sessionsOf(newCoach, `&clientId=${client.id}`)
    expect(sessions.map((s) => s.id).sort()).toEqual([oldSessionId, ownSessionId].sort())
    expect(sessions.find((s) => s.id === oldSessionId)?.planName).toBe('Former block')
  })

  test('opens an earlier session and its report, set by set', async () => {
    const session = SessionSchema.parse(await ok(send(newCoach, 'GET', `/api/sessions/${oldSessionId}`)))
    expect(session.sets).toHaveLength(2)
    const report = SessionReportSchema.parse(await ok(send(newCoach, 'GET', `/api/sessions/${oldSessionId}/report`)))
    expect(report.setsCompleted).toBe(2)
    expect(report.review.exercises.length).toBeGreaterThan(0)
  })

  test('reads the records and progress made before, with the former coach’s movements', async () => {
    const progress = await progressOf(newCoach, `&clientId=${client.id}`)
    expect(recordNames(progress)).toEqual(['Back squat', pinSquat.name].sort())
    expect(progress.movements.map((m) => m.name)).toContain(pinSquat.name)
    const series = E1rmSeriesSchema.parse(
      await ok(
        send(newCoach, 'GET', `/api/progress/e1rm?utcOffsetMinutes=0&clientId=${client.id}&movementId=${pinSquat.id}`),
      ),
    )
    expect(series).toMatchObject({ name: pinSquat.name, points: [{ sessionId: oldSessionId }] })
    const found = await ok<{ name: string }[]>(
      send(newCoach, 'GET', `/api/progress/movements?utcOffsetMinutes=0&clientId=${client.id}&q=pin`),
    )
    expect(found.map((m) => m.name)).toEqual([pinSquat.name])
  })

  test('the former plan copy is the client’s history: completed, readable by the client, by neither coach', async () => {
    const plans = z.array(PlanSummarySchema).parse(await ok(send(client, 'GET', '/api/plans')))
    expect(plans.find((p) => p.id === oldPlanCopyId)?.status).toBe('completed')
    expect(plans.filter((p) => p.status === 'active').map((p) => p.name)).toEqual(['New block'])
    expect((await send(formerCoach, 'GET', `/api/plans/${oldPlanCopyId}`)).status).toBe(403)
  })

  test('the replies written to the former coach are not unread for the new one; new ones are', async () => {
    const unread = async () =>
      UnreadCommentsSchema.parse(await ok(send(newCoach, 'GET', '/api/sessions/comments/unread')))
    expect((await unread()).count).toBe(0)
    await ok(send(client, 'POST', `/api/sessions/${oldSessionId}/comments`, { body: 'Hello, Coach New' }), 201)
    expect((await unread()).latest.map((c) => c.body)).toEqual(['Hello, Coach New'])
  })

  test('the former coach is still refused', async () => {
    expect((await send(formerCoach, 'GET', `/api/sessions?limit=10&clientId=${client.id}`)).status).toBe(403)
    expect((await send(formerCoach, 'GET', `/api/progress?utcOffsetMinutes=0&clientId=${client.id}`)).status).toBe(403)
  })
})

describe('a client who moves to another coach without being archived first', () => {
  test('accepting the new invite ends the old link: the old coach is refused, the new one reads the history', async () => {
    const lifter = await signIn(t, { role: 'client', displayName: 'Mover Mia' })
    await invite(formerCoach, lifter, await planWithOneDay(formerCoach, 'Before the move', [squatId, pinSquat.id]))
    const copy = z
      .array(PlanSummarySchema)
      .parse(await ok(send(lifter, 'GET', '/api/plans')))
      .find((p) => p.status === 'active')
    const plan = await ok<{ workouts: { id: string }[] }>(send(lifter, 'GET', `/api/plans/${copy?.id}`))
    const before = await train(lifter, { planWorkoutId: plan.workouts[0]?.id ?? '' }, 120)

    await invite(newCoach, lifter, await planWithOneDay(newCoach, 'After the move', [squatId]))

    expect((await send(formerCoach, 'GET', `/api/sessions?limit=10&clientId=${lifter.id}`)).status).toBe(403)
    expect((await send(formerCoach, 'GET', `/api/sessions/${before}`)).status).toBe(403)
    expect((await sessionsOf(newCoach, `&clientId=${lifter.id}`)).map((s) => s.id)).toEqual([before])
    expect(recordNames(await progressOf(newCoach, `&clientId=${lifter.id}`))).toEqual(
      ['Back squat', pinSquat.name].sort(),
    )
    expect(recordNames(await progressOf(lifter))).toEqual(['Back squat', pinSquat.name].sort())
  })
})
