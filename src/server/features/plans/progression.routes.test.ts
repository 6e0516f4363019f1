import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { MovementPageSchema } from '#shared/schemas/movements.ts'
import {
  PlanSchema,
  PlanSummarySchema,
  PlanWorkoutDetailSchema,
  type Plan,
  type PrescribedSet,
} from '#shared/schemas/plans.ts'
import { DecisionSchema, ProposalsSchema, RulePreviewSchema } from '#shared/schemas/progression-api.ts'
import type { ProgressionRule } from '#shared/schemas/progression.ts'
import { SessionSchema } from '#shared/schemas/sessions.ts'
import { SessionReportSchema } from '#shared/schemas/session-reports.ts'
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
let benchId: string
let squatId: string

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach' })
  otherCoach = await signIn(t, { role: 'coach' })
  const find = async (q: string) =>
    MovementPageSchema.parse(await (await t.app.request(`/api/movements?q=${q}`, { headers: coach.headers })).json())
      .items[0]?.id ?? ''
  benchId = await find('bench%20press')
  squatId = await find('back%20squat')
})
afterAll(() => t.close())

const call = (who: SignedIn, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function ok<T>(
  res: Response | Promise<Response>,
  schema: { parse: (v: unknown) => T },
  status = 200,
): Promise<T> {
  const r = await res
  expect(r.status, await r.clone().text()).toBe(status)
  return schema.parse(await r.json())
}

const range = (n: number, min: number, max: number, kg: number): PrescribedSet[] =>
  Array.from({ length: n }, () => ({ reps: { min, max }, load: { kind: 'kg', value: kg } }))
const DOUBLE: ProgressionRule = { kind: 'double', amount: 2.5, unit: 'kg' }

/**
 * A client of `coach` with a plan of `weeks` weeks, one day a week, bench press in each with
 * `sets`; the rule on the exercise (or as the plan's default); assigned, and its plan read back.
 */
async function assigned(
  options: {
    weeks?: number
    sets?: PrescribedSet[]
    rule?: ProgressionRule | null
    planRule?: ProgressionRule | null
    patch?: object
  } = {},
) {
  const client = await signIn(t, { role: 'client' })
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
  const weeks = options.weeks ?? 3
  const source = await ok(
    call(coach, 'POST', '/api/plans', { name: 'Press block', weeks, daysPerWeek: 1 }),
    PlanSummarySchema,
    201,
  )
  let version = source.version
  for (let week = 1; week <= weeks; week++) {
    const workout = {
      title: `Press ${week}`,
      exercises: [
        {
          movementId: benchId,
          sets: options.sets ?? range(3, 8, 12, 60),
          progression: options.rule === undefined ? DOUBLE : options.rule,
        },
      ],
    }
    version = (await ok(call(coach, 'PUT', `/api/plans/${source.id}/days/${week}/1`, { version, workout }), PlanSchema))
      .version
  }
  if (options.planRule !== undefined || options.patch) {
    await ok(
      call(coach, 'PATCH', `/api/plans/${source.id}`, {
        version,
        progression: options.planRule ?? null,
        ...options.patch,
      }),
      PlanSummarySchema,
    )
  }
  const copy = await ok(
    call(coach, 'POST', `/api/plans/${source.id}/assign`, { clientId: client.id, startDate: '2026-12-07' }),
    PlanSummarySchema,
    201,
  )
  const plan = await ok(call(coach, 'GET', `/api/plans/${copy.id}`), PlanSchema)
  return { client, plan }
}

const cell = (plan: Plan, week: number) => plan.workouts.find((w) => w.week === week) as Plan['workouts'][number]
const bench = (plan: Plan, week: number) =>
  cell(plan, week).exercises[0] as Plan['workouts'][number]['exercises'][number]
const loads = (sets: readonly PrescribedSet[]) => sets.map((s) => (s.load?.kind === 'kg' ? s.load.value : null))

/** The client trains a week of their plan: each set's reps at `kg` (RPE when given), then finishes. */
async function train(client: SignedIn, plan: Plan, week: number, reps: number[], kg = 60, rpe: number | null = null) {
  const session = await ok(
    call(client, 'POST', '/api/sessions', { planWorkoutId: cell(plan, week).id }),
    SessionSchema,
    201,
  )
  const key = session.exercises[0]?.key as string
  for (const [i, r] of reps.entries()) {
    const res = await call(client, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
      exerciseKey: key,
      setNumber: i + 1,
      reps: r,
      loadKg: kg,
      rpe,
      editedAt: new Date().toISOString(),
    })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
  }
  await ok(call(client, 'POST', `/api/sessions/${session.id}/finish`, {}), SessionSchema)
  return session
}

const reread = async (plan: Plan) => ok(call(coach, 'GET', `/api/plans/${plan.id}`), PlanSchema)

describe('progression rules', () => {
  test('double progression: 12, 12, 12 on 8-12 adds 2.5 kg to the next bench day, with the reason the client reads', async () => {
    const { client, plan } = await assigned()
    await train(client, plan, 1, [12, 12, 12])
    const after = await reread(plan)
    expect(loads(bench(after, 2).sets)).toEqual([62.5, 62.5, 62.5])
    expect(bench(after, 2).sets[0]?.reps).toEqual({ min: 8, max: 12 })
    expect(bench(after, 2).progressionNote?.reason).toBe('+2.5 kg: all sets reached 12 reps last time; back to 8 reps')
    // Only the next one: week 3 waits for week 2's sets.
    expect(loads(bench(after, 3).sets)).toEqual([60, 60, 60])
    expect(after.version).toBeGreaterThan(plan.version)

    // The client reads the reason on the preview, and their next session carries it.
    const preview = await ok(call(client, 'GET', `/api/plans/workouts/${cell(after, 2).id}`), PlanWorkoutDetailSchema)
    expect(preview.exercises[0]?.progressionNote?.reason).toContain('+2.5 kg')
    const next = await ok(
      call(client, 'POST', '/api/sessions', { planWorkoutId: cell(after, 2).id }),
      SessionSchema,
      201,
    )
    expect(next.exercises[0]?.reason).toBe('+2.5 kg: all sets reached 12 reps last time; back to 8 reps')
    expect(loads(next.exercises[0]?.targets ?? [])).toEqual([62.5, 62.5, 62.5])
  })

  test('a warm-up first costs no prescribed set: the three sets after it reached 12, so the load goes up', async () => {
    const { client, plan } = await assigned()
    const session = await ok(
      call(client, 'POST', '/api/sessions', { planWorkoutId: cell(plan, 1).id }),
      SessionSchema,
      201,
    )
    const key = session.exercises[0]?.key as string
    for (const [setNumber, reps, loadKg, setType] of [
      [1, 10, 40, 'warmup'],
      [2, 12, 60, 'working'],
      [3, 12, 60, 'working'],
      [4, 12, 60, 'working'],
    ] as const) {
      const res = await call(client, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
        exerciseKey: key,
        setNumber,
        reps,
        loadKg,
        setType,
        editedAt: new Date().toISOString(),
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }
    await ok(call(client, 'POST', `/api/sessions/${session.id}/finish`, {}), SessionSchema)
    expect(loads(bench(await reread(plan), 2).sets)).toEqual([62.5, 62.5, 62.5])
  })

  test('inside the range the load holds and the reason says what to climb to; the plan’s default rule applies to exercises without one', async () => {
    const { client, plan } = await assigned({ rule: null, planRule: DOUBLE })
    await train(client, plan, 1, [12, 10, 9])
    const after = await reread(plan)
    expect(loads(bench(after, 2).sets)).toEqual([60, 60, 60])
    expect(bench(after, 2).progressionNote?.reason).toBe('Same load: climb toward 12 reps (last time 12, 10, 9)')
  })

  test('linear: misses in a row are counted from day to day, and the third takes 10% off', async () => {
    const linear: ProgressionRule = {
      kind: 'linear',
      amount: 2.5,
      unit: 'kg',
      per: 'session',
      failures: 3,
      reducePercent: 10,
    }
    const { client, plan } = await assigned({ weeks: 5, sets: range(2, 5, 5, 100), rule: linear })
    await train(client, plan, 1, [5, 3], 100)
    await train(client, await reread(plan), 2, [5, 4], 100)
    const two = await reread(plan)
    expect(bench(two, 3).progressionNote).toEqual({
      reason: 'Same targets: set 2 stopped at 4 of 5 reps last time (2 of 3 before a reduction)',
      failures: 2,
    })
    await train(client, two, 3, [4, 4], 100)
    const three = await reread(plan)
    expect(loads(bench(three, 4).sets)).toEqual([90, 90])
    expect(bench(three, 4).progressionNote?.failures).toBe(0)
  })

  test('a coach who waits for approval sees the proposal, approves it, and only then does the plan change', async () => {
    const { client, plan } = await assigned({ patch: { progressionMode: 'approve' } })
    expect(plan.progressionMode).toBe('approve')
    await train(client, plan, 1, [12, 12, 12])
    expect(loads(bench(await reread(plan), 2).sets)).toEqual([60, 60, 60])

    const proposals = (await ok(call(coach, 'GET', '/api/progression/proposals'), ProposalsSchema)).filter(
      (p) => p.planId === plan.id,
    )
    expect(proposals).toHaveLength(1)
    expect(proposals[0]).toMatchObject({
      week: 2,
      day: 1,
      movementName: 'Bench press',
      reason: '+2.5 kg: all sets reached 12 reps last time; back to 8 reps',
    })
    expect(loads(proposals[0]?.toSets ?? [])).toEqual([62.5, 62.5, 62.5])
    // Another coach can neither see nor decide it.
    expect(
      (await ok(call(otherCoach, 'GET', '/api/progression/proposals'), ProposalsSchema)).some(
        (p) => p.planId === plan.id,
      ),
    ).toBe(false)
    const refused = await call(otherCoach, 'POST', '/api/progression/proposals/approve', { ids: [proposals[0]?.id] })
    expect(refused.status).toBe(403)

    expect(
      await ok(call(coach, 'POST', '/api/progression/proposals/approve', { ids: [proposals[0]?.id] }), DecisionSchema),
    ).toEqual({ approved: 1, dismissed: 0, stale: 0 })
    const after = await reread(plan)
    expect(loads(bench(after, 2).sets)).toEqual([62.5, 62.5, 62.5])
    expect(bench(after, 2).progressionNote?.reason).toContain('+2.5 kg')
    // Deciding again changes nothing.
    expect(
      await ok(call(coach, 'POST', '/api/progression/proposals/approve', { ids: [proposals[0]?.id] }), DecisionSchema),
    ).toEqual({ approved: 0, dismissed: 0, stale: 0 })
  })

  test('targets the coach edited by hand are never overwritten, by a rule or by a proposal made before the edit', async () => {
    const { client, plan } = await assigned({ patch: { progressionMode: 'approve' } })
    await train(client, plan, 1, [12, 12, 12])
    const [proposal] = (await ok(call(coach, 'GET', '/api/progression/proposals'), ProposalsSchema)).filter(
      (p) => p.planId === plan.id,
    )
    // The coach changes week 2 by hand: 65 kg.
    const current = await reread(plan)
    const edited = {
      title: 'Press 2',
      exercises: [{ movementId: benchId, sets: range(3, 8, 12, 65), progression: DOUBLE }],
    }
    const saved = await ok(
      call(coach, 'PUT', `/api/plans/${plan.id}/days/2/1`, { version: current.version, workout: edited }),
      PlanSchema,
    )
    expect(bench(saved, 2).handEdited).toBe(true)
    expect(
      await ok(call(coach, 'POST', '/api/progression/proposals/approve', { ids: [proposal?.id] }), DecisionSchema),
    ).toEqual({ approved: 0, dismissed: 0, stale: 1 })
    expect(loads(bench(await reread(plan), 2).sets)).toEqual([65, 65, 65])

    // In 'apply' mode too: the next session leaves the hand-edited day alone.
    await ok(
      call(coach, 'PATCH', `/api/plans/${plan.id}`, {
        version: (await reread(plan)).version,
        progressionMode: 'apply',
      }),
      PlanSummarySchema,
    )
    await train(client, plan, 1, [12, 12, 12])
    const after = await reread(plan)
    expect(loads(bench(after, 2).sets)).toEqual([65, 65, 65])
    expect(bench(after, 2).progressionNote).toBeNull()
    // Saving the day again unchanged keeps the mark; what a rule wrote on an untouched day stays too.
    const again = await ok(
      call(coach, 'PUT', `/api/plans/${plan.id}/days/2/1`, { version: after.version, workout: edited }),
      PlanSchema,
    )
    expect(bench(again, 2).handEdited).toBe(true)
  })

  test('a deload week takes its share off the load and its sets, and a rule skips over it to the week after', async () => {
    const linear: ProgressionRule = {
      kind: 'linear',
      amount: 5,
      unit: 'kg',
      per: 'week',
      failures: 2,
      reducePercent: 10,
    }
    const { client, plan } = await assigned({
      weeks: 3,
      sets: range(3, 5, 5, 100),
      rule: linear,
      patch: { deloadWeeks: [2], deload: { loadPercent: 20, setsRemoved: 1 } },
    })
    expect(plan.deload).toEqual({ loadPercent: 20, setsRemoved: 1 })
    await train(client, plan, 1, [5, 5, 5], 100)
    const after = await reread(plan)
    // The rule wrote the deload week and the week after it.
    expect(loads(bench(after, 2).sets)).toEqual([105, 105, 105])
    expect(loads(bench(after, 3).sets)).toEqual([105, 105, 105])
    // The lifter trains the deload week at 80% and two sets.
    const deload = await ok(call(client, 'GET', `/api/plans/workouts/${cell(after, 2).id}`), PlanWorkoutDetailSchema)
    expect(deload.deloaded).toBe(true)
    expect(loads(deload.exercises[0]?.sets ?? [])).toEqual([84, 84])
    const session = await train(client, after, 2, [5, 5], 84)
    const started = await ok(call(client, 'GET', `/api/sessions/${session.id}`), SessionSchema)
    expect(loads(started.exercises[0]?.targets ?? [])).toEqual([84, 84])
    // A deload session progresses nothing.
    expect(loads(bench(await reread(plan), 3).sets)).toEqual([105, 105, 105])
    // The builder reads the plan as written.
    expect(loads(bench(after, 2).sets)).toHaveLength(3)
  })

  test('a %1RM rule names the load the lifter’s e1RM now gives', async () => {
    const percent: ProgressionRule = { kind: 'percent_e1rm', linkedMovementId: null }
    const sets: PrescribedSet[] = [{ reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm', value: 70 } }]
    const { client, plan } = await assigned({ weeks: 2, sets, rule: percent })
    await train(client, plan, 1, [5], 100)
    // 100 × 5 is an e1RM of 116.7 kg: 70% is 81.7, which loads as 82.5 on 2.5 kg steps.
    expect(bench(await reread(plan), 2).progressionNote?.reason).toBe('Your e1RM is 116.5 kg: 70% is 82.5 kg')
  })

  test('a %1RM rule linked to another movement takes that movement’s e1RM, in the targets and in the session’s review', async () => {
    const linked: ProgressionRule = { kind: 'percent_e1rm', linkedMovementId: squatId }
    const sets: PrescribedSet[] = [{ reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm', value: 70 } }]
    const { client, plan } = await assigned({ weeks: 2, sets, rule: linked })
    // A back squat of 140 × 5 first: an e1RM of 163.3 kg.
    const key = randomUUID()
    const squat = await ok(
      call(client, 'POST', '/api/sessions', {
        title: 'Squats',
        exercises: [
          {
            key,
            movementId: squatId,
            movementName: 'Back Squat',
            tracking: 'weight_reps',
            prescriptionId: null,
            superset: null,
            restSeconds: null,
            notes: null,
            targets: [],
          },
        ],
      }),
      SessionSchema,
      201,
    )
    const set = { exerciseKey: key, setNumber: 1, reps: 5, loadKg: 140, editedAt: new Date().toISOString() }
    expect((await call(client, 'PUT', `/api/sessions/${squat.id}/sets/${randomUUID()}`, set)).status).toBeLessThan(300)
    await ok(call(client, 'POST', `/api/sessions/${squat.id}/finish`, {}), SessionSchema)

    // The bench session reads its 70% from the squat (115 kg), not from the bench (100 × 5 is 116.7).
    const started = await ok(
      call(client, 'POST', '/api/sessions', { planWorkoutId: cell(plan, 1).id }),
      SessionSchema,
      201,
    )
    expect(started.exercises[0]?.oneRepMaxMovementId).toBe(squatId)
    const benchSet = {
      exerciseKey: started.exercises[0]?.key,
      setNumber: 1,
      reps: 5,
      loadKg: 115,
      editedAt: new Date().toISOString(),
    }
    expect(
      (await call(client, 'PUT', `/api/sessions/${started.id}/sets/${randomUUID()}`, benchSet)).status,
    ).toBeLessThan(300)
    await ok(call(client, 'POST', `/api/sessions/${started.id}/finish`, {}), SessionSchema)
    const report = await ok(call(client, 'GET', `/api/sessions/${started.id}/report`), SessionReportSchema)
    expect(report.review.exercises[0]?.sets[0]).toMatchObject({ targetLoadKg: 114.33, asPrescribed: true })
    expect(bench(await reread(plan), 2).progressionNote?.reason).toContain('70% is 115 kg')

    // The coach links only movements of their library; the plan's rule cannot link one at all.
    const mine = await ok(call(coach, 'GET', `/api/plans/${plan.id}`), PlanSchema)
    const foreign = {
      title: 'X',
      exercises: [{ movementId: benchId, sets, progression: { kind: 'percent_e1rm', linkedMovementId: randomUUID() } }],
    }
    const refused = await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, {
      version: mine.version,
      workout: foreign,
    })
    expect(refused.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await refused.json()).fields).toEqual({
      'workout.exercises.0.progression.linkedMovementId': ['Choose a movement to take the e1RM from'],
    })
    const planRule = await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: mine.version, progression: linked })
    expect(planRule.status).toBe(400)
    expect(await ok(call(coach, 'GET', `/api/plans/${plan.id}`), PlanSchema)).toMatchObject({
      version: mine.version,
      progression: null,
    })
  })

  test('a preview shows the next four weeks for a client; another coach cannot preview for them', async () => {
    const { client } = await assigned({ weeks: 1 })
    const body = { clientId: client.id, movementId: benchId, rule: DOUBLE, sets: range(3, 8, 12, 60) }
    const preview = await ok(call(coach, 'POST', '/api/progression/preview', body), RulePreviewSchema)
    expect(preview).toMatchObject({ unit: 'kg', plateStep: 2.5, e1rmKg: null })
    expect(preview.weeks.map((w) => loads(w.sets)[0])).toEqual([62.5, 65, 67.5, 70])
    expect(preview.weeks[0]?.reason).toContain('+2.5 kg')
    expect((await call(otherCoach, 'POST', '/api/progression/preview', body)).status).toBe(403)
    // The lifter previews for themselves.
    expect((await call(client, 'POST', '/api/progression/preview', { ...body, clientId: undefined })).status).toBe(200)
  })

  test('bad rules and decisions answer 400 with a clear message and change nothing', async () => {
    const plan = await ok(
      call(coach, 'POST', '/api/plans', { name: 'Bad', weeks: 1, daysPerWeek: 1 }),
      PlanSummarySchema,
      201,
    )
    const bad = await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, {
      version: 1,
      workout: {
        title: 'X',
        exercises: [
          {
            movementId: squatId,
            sets: range(1, 5, 5, 100),
            progression: { kind: 'linear', amount: -5, unit: 'kg', per: 'session', failures: 3, reducePercent: 10 },
          },
        ],
      },
    })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(ApiErrorBodySchema.parse(await bad.json()))).toContain(
      'The amount to add must be more than 0 and at most 50',
    )
    expect(
      (await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 1, progression: { kind: 'script', code: '1' } }))
        .status,
    ).toBe(400)
    expect(
      (await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 1, deload: { loadPercent: 90, setsRemoved: 0 } }))
        .status,
    ).toBe(400)
    expect(
      (await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 1, progressionMode: 'sometimes' })).status,
    ).toBe(400)
    expect((await call(coach, 'POST', '/api/progression/proposals/approve', { ids: [] })).status).toBe(400)
    expect((await call(coach, 'POST', '/api/progression/proposals/approve', { ids: [randomUUID()] })).status).toBe(404)
    expect(await ok(call(coach, 'GET', `/api/plans/${plan.id}`), PlanSchema)).toMatchObject({
      version: 1,
      progression: null,
      deload: null,
      progressionMode: 'apply',
      workouts: [],
    })
  })
})
