import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { MovementPageSchema } from '#shared/schemas/movements.ts'
import {
  MOVE_DAYS_AHEAD,
  PlanSchema,
  PlanSummarySchema,
  PlanWorkoutDetailSchema,
  planApiText,
  type Plan,
} from '#shared/schemas/plans.ts'
import { inArray } from 'drizzle-orm'
import type { ActiveClient, ClientSummary } from '#shared/schemas/clients.ts'
import { coachClients, users } from '#server/db/schema/index.ts'
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
let squatId: string
let rdlId: string

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach' })
  otherCoach = await signIn(t, { role: 'coach' })
  client = await signIn(t, { role: 'client' })
  const find = async (q: string) =>
    MovementPageSchema.parse(await (await t.app.request(`/api/movements?q=${q}`, { headers: coach.headers })).json())
      .items[0]?.id ?? ''
  squatId = await find('back%20squat')
  rdlId = await find('rdl')
})
afterAll(() => t.close())

const call = (who: SignedIn, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function newPlan(
  who = coach,
  body: unknown = { name: 'Strength block', goal: 'Strength', weeks: 8, daysPerWeek: 4 },
) {
  const res = await call(who, 'POST', '/api/plans', body)
  expect(res.status, await res.clone().text()).toBe(201)
  return PlanSummarySchema.parse(await res.json())
}

const dayOne = (version: number) => ({
  version,
  workout: {
    title: 'Lower A',
    notes: 'Warm up well.',
    exercises: [
      {
        movementId: squatId,
        restSeconds: 180,
        tempo: '30X1',
        sets: [
          { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 7.5 },
          { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 8 },
        ],
      },
      {
        movementId: rdlId,
        superset: 'A',
        sets: [{ reps: { min: 8, max: 10 }, load: { kind: 'percent_1rm', value: 65 }, rir: 2 }],
      },
    ],
  },
})

describe('plans', () => {
  test('a coach creates a plan and fills a day; the plan reads back whole', async () => {
    const plan = await newPlan()
    expect(plan).toMatchObject({
      ownerId: coach.id,
      weeks: 8,
      daysPerWeek: 4,
      status: 'draft',
      version: 1,
      isTemplate: false,
    })
    const saved = await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))
    expect(saved.status, await saved.clone().text()).toBe(200)
    const read = PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json())
    expect(read.version).toBe(2)
    expect(read.workouts).toHaveLength(1)
    const workout = read.workouts[0] as Plan['workouts'][number]
    expect(workout).toMatchObject({ week: 1, day: 1, title: 'Lower A' })
    expect(workout.exercises.map((e) => e.movementName)).toEqual(['Back squat', 'Romanian deadlift'])
    expect(workout.exercises.map((e) => e.tracking)).toEqual(['weight_reps', 'weight_reps'])
    expect(workout.exercises[0]?.sets[1]).toMatchObject({
      reps: { min: 5, max: 5 },
      load: { kind: 'kg', value: 100 },
      rpe: 8,
    })
    const listed = (await (await call(coach, 'GET', '/api/plans')).json()) as { id: string }[]
    expect(listed.map((p) => p.id)).toContain(plan.id)
  })

  test('a stale version answers 409 and changes nothing', async () => {
    const plan = await newPlan()
    expect((await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 1, name: 'First tab' })).status).toBe(200)
    const stale = await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 1, name: 'Second tab' })
    expect(stale.status).toBe(409)
    expect(ApiErrorBodySchema.parse(await stale.json()).code).toBe('CONFLICT')
    expect((await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))).status).toBe(409)
    const read = PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json())
    expect(read).toMatchObject({ name: 'First tab', version: 2, workouts: [] })
  })

  test('a save sent again after its answer was lost is recognised by its save id, not taken for a conflict', async () => {
    const plan = await newPlan()
    const saveId = crypto.randomUUID()
    expect((await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, { ...dayOne(1), saveId })).status).toBe(200)
    // The retry names the version it was made on (1) and the same save id: it landed, nothing is redone.
    const retried = await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, { ...dayOne(1), saveId })
    expect(retried.status).toBe(200)
    expect(PlanSchema.parse(await retried.json())).toMatchObject({ version: 2, workouts: [{ title: 'Lower A' }] })
    // Another save on the old version is still a conflict, and so is the retry once something else changed.
    expect(
      (await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, { ...dayOne(1), saveId: crypto.randomUUID() }))
        .status,
    ).toBe(409)
    const renamed = crypto.randomUUID()
    expect(
      (await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 2, saveId: renamed, name: 'Renamed' })).status,
    ).toBe(200)
    expect(
      (await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 2, saveId: renamed, name: 'Renamed' })).status,
    ).toBe(200)
    expect((await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, { ...dayOne(1), saveId })).status).toBe(409)
    expect(
      (await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 3, saveId: 'not-a-uuid', name: 'x' })).status,
    ).toBe(400)
  })

  test('deload weeks are kept sorted and must lie inside the plan', async () => {
    const plan = await newPlan()
    const res = await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 1, deloadWeeks: [8, 4, 4] })
    expect(await res.json()).toMatchObject({ deloadWeeks: [4, 8], version: 2 })
    expect((await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 2, deloadWeeks: [9] })).status).toBe(400)
  })

  test('nobody but the owner reads or changes a plan', async () => {
    const plan = await newPlan()
    for (const who of [otherCoach, client]) {
      expect((await call(who, 'GET', `/api/plans/${plan.id}`)).status).toBe(403)
      expect((await call(who, 'PATCH', `/api/plans/${plan.id}`, { version: 1, name: 'Mine now' })).status).toBe(403)
      expect((await call(who, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))).status).toBe(403)
      expect((await call(who, 'DELETE', `/api/plans/${plan.id}`)).status).toBe(403)
    }
    const theirs = (await (await call(otherCoach, 'GET', '/api/plans')).json()) as { id: string }[]
    expect(theirs.map((p) => p.id)).not.toContain(plan.id)
  })

  test('another coach’s own movement cannot be prescribed', async () => {
    const own = await call(otherCoach, 'POST', '/api/movements', {
      name: 'Secret lift',
      pattern: 'hinge',
      primaryMuscles: ['glutes'],
      equipment: ['barbell'],
      tracking: 'weight_reps',
    })
    const secret = (await own.json()) as { id: string }
    const plan = await newPlan()
    const body = dayOne(1)
    body.workout.exercises[0] = {
      ...body.workout.exercises[0],
      movementId: secret.id,
    } as (typeof body.workout.exercises)[number]
    const res = await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, body)
    expect(res.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await res.json()).fields?.['workout.exercises.0.movementId']).toEqual([
      'Choose a movement from your library',
    ])
  })

  test('a plan can be deleted by its owner', async () => {
    const plan = await newPlan()
    expect((await call(coach, 'DELETE', `/api/plans/${plan.id}`)).status).toBe(204)
    expect((await call(coach, 'GET', `/api/plans/${plan.id}`)).status).toBe(404)
  })
})

describe('invalid plans and prescriptions are refused with field messages', () => {
  test.each([
    ['17 weeks', { name: 'Long', weeks: 17, daysPerWeek: 3 }, 'weeks', 'Weeks must be a whole number from 1 to 16'],
    [
      '0 days',
      { name: 'Short', weeks: 4, daysPerWeek: 0 },
      'daysPerWeek',
      'Days per week must be a whole number from 1 to 7',
    ],
    ['no name', { name: '  ', weeks: 4, daysPerWeek: 3 }, 'name', 'Name is required'],
  ])('a plan with %s', async (_label, body, field, message) => {
    const res = await call(coach, 'POST', '/api/plans', body)
    expect(res.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await res.json()).fields?.[field]).toEqual([message])
  })

  const set = (patch: Record<string, unknown>) => ({ reps: { min: 5, max: 5 }, ...patch })
  test.each([
    ['RPE 7.3', set({ rpe: 7.3 }), 'workout.exercises.0.sets.0.rpe', 'RPE must be from 1 to 10 in steps of 0.5'],
    ['RPE 11', set({ rpe: 11 }), 'workout.exercises.0.sets.0.rpe', 'RPE must be from 1 to 10 in steps of 0.5'],
    [
      '101 reps',
      set({ reps: { min: 101, max: 101 } }),
      'workout.exercises.0.sets.0.reps.min',
      'Reps must be whole numbers from 1 to 100',
    ],
    [
      'a backwards rep range',
      set({ reps: { min: 10, max: 8 } }),
      'workout.exercises.0.sets.0.reps',
      'The lowest reps cannot be above the highest',
    ],
    [
      '1001 kg',
      set({ load: { kind: 'kg', value: 1001 } }),
      'workout.exercises.0.sets.0.load.value',
      'Load must be from 0 to 1000 kg',
    ],
    [
      'a negative load',
      set({ load: { kind: 'kg', value: -5 } }),
      'workout.exercises.0.sets.0.load.value',
      'Load must be from 0 to 1000 kg',
    ],
  ])('a set with %s', async (_label, badSet, field, message) => {
    const plan = await newPlan()
    const res = await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, {
      version: 1,
      workout: { title: 'Day', exercises: [{ movementId: squatId, sets: [badSet] }] },
    })
    expect(res.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await res.json()).fields?.[field]).toEqual([message])
    expect(PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json())).toMatchObject({
      version: 1,
      workouts: [],
    })
  })

  test('21 sets, and a day outside the plan', async () => {
    const plan = await newPlan(coach, { name: 'Small', weeks: 2, daysPerWeek: 3 })
    const many = await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, {
      version: 1,
      workout: {
        title: 'Day',
        exercises: [{ movementId: squatId, sets: Array.from({ length: 21 }, () => ({ reps: { min: 1, max: 1 } })) }],
      },
    })
    expect(ApiErrorBodySchema.parse(await many.json()).fields?.['workout.exercises.0.sets']).toEqual([
      'An exercise has 1 to 20 sets',
    ])
    const outside = await call(coach, 'PUT', `/api/plans/${plan.id}/days/3/1`, { version: 1, workout: null })
    expect(ApiErrorBodySchema.parse(await outside.json()).fields?.week).toEqual(['This plan has 2 weeks'])
  })
})

describe('templates and assignment', () => {
  test('a template becomes a new plan by deep copy; editing one never changes the other', async () => {
    const template = await newPlan()
    await call(coach, 'PUT', `/api/plans/${template.id}/days/1/1`, dayOne(1))
    await call(coach, 'PATCH', `/api/plans/${template.id}`, { version: 2, isTemplate: true })
    const copy = PlanSummarySchema.parse(
      await (await call(coach, 'POST', `/api/plans/${template.id}/copy`, { name: 'Spring block' })).json(),
    )
    expect(copy).toMatchObject({ name: 'Spring block', isTemplate: false, status: 'draft', version: 1 })
    await call(coach, 'PUT', `/api/plans/${template.id}/days/1/1`, { version: 3, workout: null })
    const read = PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${copy.id}`)).json())
    expect(read.workouts[0]?.exercises.map((e) => e.movementName)).toEqual(['Back squat', 'Romanian deadlift'])
    expect((await call(otherCoach, 'POST', `/api/plans/${template.id}/copy`, {})).status).toBe(403)
  })

  test('assigning gives the client their own dated copy and completes their previous plan', async () => {
    const athlete = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: athlete.id })
    const plan = await newPlan()
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))

    const first = await call(coach, 'POST', `/api/plans/${plan.id}/assign`, {
      clientId: athlete.id,
      startDate: '2026-11-23',
    })
    expect(first.status, await first.clone().text()).toBe(201)
    const assigned = PlanSummarySchema.parse(await first.json())
    expect(assigned).toMatchObject({
      clientId: athlete.id,
      ownerId: coach.id,
      status: 'active',
      startDate: '2026-11-23',
    })

    const seen = (await (await call(athlete, 'GET', '/api/plans')).json()) as { id: string }[]
    expect(seen.map((p) => p.id)).toEqual([assigned.id])
    const read = PlanSchema.parse(await (await call(athlete, 'GET', `/api/plans/${assigned.id}`)).json())
    expect(read.workouts[0]?.title).toBe('Lower A')
    expect((await call(athlete, 'PATCH', `/api/plans/${assigned.id}`, { version: 1, name: 'Easier' })).status).toBe(403)
    expect((await call(athlete, 'GET', `/api/plans/${plan.id}`)).status).toBe(403)

    const second = PlanSummarySchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: athlete.id, startDate: '2027-01-04' })
      ).json(),
    )
    const statuses = (await (await call(coach, 'GET', '/api/plans')).json()) as { id: string; status: string }[]
    expect(statuses.find((p) => p.id === assigned.id)?.status).toBe('completed')
    expect(statuses.find((p) => p.id === second.id)?.status).toBe('active')
  })

  test('assigned=false lists only a user’s own plans, never clients’ copies; assigned=true only the copies', async () => {
    const owner = await signIn(t, { role: 'coach' })
    const athlete = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: owner.id, clientId: athlete.id })
    const draft = await newPlan(owner, { name: 'Draft block', weeks: 4, daysPerWeek: 2 })
    await call(owner, 'PUT', `/api/plans/${draft.id}/days/1/1`, dayOne(1))
    const template = PlanSummarySchema.parse(
      await (
        await call(owner, 'POST', `/api/plans/${draft.id}/copy`, { name: 'Base template', isTemplate: true })
      ).json(),
    )
    const copies = [
      PlanSummarySchema.parse(
        await (
          await call(owner, 'POST', `/api/plans/${draft.id}/assign`, { clientId: athlete.id, startDate: '2026-11-23' })
        ).json(),
      ),
      PlanSummarySchema.parse(
        await (
          await call(owner, 'POST', `/api/plans/${draft.id}/assign`, { clientId: athlete.id, startDate: '2027-01-04' })
        ).json(),
      ),
    ]
    const archived = await newPlan(owner, { name: 'Old block', weeks: 4, daysPerWeek: 2 })
    await call(owner, 'POST', `/api/plans/${archived.id}/archive`)
    const ids = async (who: SignedIn, query: string) =>
      ((await (await call(who, 'GET', `/api/plans${query}`)).json()) as { id: string }[]).map((p) => p.id).sort()

    expect(await ids(owner, '?assigned=false')).toEqual([draft.id, template.id].sort())
    expect(await ids(owner, '?assigned=true')).toEqual(copies.map((c) => c.id).sort())
    expect(await ids(owner, '')).toEqual([draft.id, template.id, ...copies.map((c) => c.id)].sort())
    expect(await ids(owner, '?archived=true&assigned=false')).toEqual([archived.id])
    // The client's copies are assigned to them, not plans of their own.
    expect(await ids(athlete, '?assigned=false')).toEqual([])
    expect(await ids(athlete, '?assigned=true')).toEqual(copies.map((c) => c.id).sort())
    const bad = await call(owner, 'GET', '/api/plans?assigned=maybe')
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('assigned must be true or false')
  })

  test('completed=false lists the plans in use, completed=true the finished blocks', async () => {
    const owner = await signIn(t, { role: 'coach' })
    const athlete = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: owner.id, clientId: athlete.id })
    const draft = await newPlan(owner, { name: 'Draft block', weeks: 4, daysPerWeek: 2 })
    await call(owner, 'PUT', `/api/plans/${draft.id}/days/1/1`, dayOne(1))
    const assign = async (startDate: string) =>
      PlanSummarySchema.parse(
        await (await call(owner, 'POST', `/api/plans/${draft.id}/assign`, { clientId: athlete.id, startDate })).json(),
      )
    // Each new assignment completes the client's previous copy.
    const finished = [await assign('2026-09-07'), await assign('2026-10-05')]
    const current = await assign('2026-11-23')
    const archived = await newPlan(owner, { name: 'Old block', weeks: 4, daysPerWeek: 2 })
    await call(owner, 'POST', `/api/plans/${archived.id}/archive`)
    const ids = async (who: SignedIn, query: string) =>
      ((await (await call(who, 'GET', `/api/plans${query}`)).json()) as { id: string }[]).map((p) => p.id).sort()

    expect(await ids(owner, '?completed=false')).toEqual([draft.id, current.id].sort())
    expect(await ids(owner, '?completed=true')).toEqual(finished.map((p) => p.id).sort())
    expect(await ids(owner, '?completed=true&assigned=false')).toEqual([])
    expect(await ids(athlete, '?completed=false')).toEqual([current.id])
    expect(await ids(athlete, '?completed=true')).toEqual(finished.map((p) => p.id).sort())
    // Together the two halves are the whole list.
    expect(await ids(owner, '')).toEqual([draft.id, current.id, ...finished.map((p) => p.id)].sort())
    const bad = await call(owner, 'GET', '/api/plans?completed=yes')
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('completed must be true or false')
  })

  test('a coach cannot assign to someone else’s client, nor assign another coach’s plan', async () => {
    const theirClient = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: otherCoach.id, clientId: theirClient.id })
    const plan = await newPlan()
    expect(
      (await call(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: theirClient.id, startDate: '2026-12-01' }))
        .status,
    ).toBe(403)
    expect(
      (
        await call(otherCoach, 'POST', `/api/plans/${plan.id}/assign`, {
          clientId: theirClient.id,
          startDate: '2026-12-01',
        })
      ).status,
    ).toBe(403)
    const badDate = await call(coach, 'POST', `/api/plans/${plan.id}/assign`, {
      clientId: theirClient.id,
      startDate: '1st of May',
    })
    expect(ApiErrorBodySchema.parse(await badDate.json()).fields?.startDate).toEqual([
      'Start date must be a date (YYYY-MM-DD)',
    ])
  })
})

describe('a coach’s training days', () => {
  const setDays = (who: SignedIn, id: string, version: number, trainingDays: unknown) =>
    call(who, 'PUT', `/api/plans/${id}/training-days`, { version, trainingDays })
  const fieldsOf = async (res: Response) => ApiErrorBodySchema.parse(await res.json()).fields

  test('a coach sets the weekdays of their plan, kept in weekday order; templates and copies keep them', async () => {
    const plan = await newPlan(coach, { name: 'Three days', weeks: 4, daysPerWeek: 3 })
    const res = await setDays(coach, plan.id, 1, [5, 1, 3])
    expect(res.status, await res.clone().text()).toBe(200)
    expect(PlanSummarySchema.parse(await res.json())).toMatchObject({
      trainingDays: [1, 3, 5],
      version: 2,
      status: 'draft',
      startDate: null,
    })
    expect(PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json()).trainingDays).toEqual([
      1, 3, 5,
    ])

    await call(coach, 'PATCH', `/api/plans/${plan.id}`, { version: 2, isTemplate: true })
    const template = PlanSummarySchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${plan.id}/copy`, { isTemplate: true, name: 'Mon-Wed-Fri template' })
      ).json(),
    )
    expect(template).toMatchObject({ isTemplate: true, trainingDays: [1, 3, 5] })
    const fromTemplate = PlanSummarySchema.parse(
      await (await call(coach, 'POST', `/api/plans/${template.id}/copy`, { name: 'Spring' })).json(),
    )
    expect(fromTemplate).toMatchObject({ isTemplate: false, trainingDays: [1, 3, 5] })

    // Null: the days follow one another again.
    const cleared = await setDays(coach, fromTemplate.id, 1, null)
    expect(PlanSummarySchema.parse(await cleared.json()).trainingDays).toBeNull()
  })

  test('bad weekdays get 400 with the field’s message, a stale version 409, and only the coach who owns the plan sets them', async () => {
    const plan = await newPlan(coach, { name: 'Three days', weeks: 4, daysPerWeek: 3 })
    const tooFew = await setDays(coach, plan.id, 1, [1, 3])
    expect(tooFew.status).toBe(400)
    expect((await fieldsOf(tooFew))?.trainingDays).toEqual([
      'Pick 3 training days: one for each day of the plan’s week',
    ])
    const twice = await setDays(coach, plan.id, 1, [1, 1, 3])
    expect(twice.status).toBe(400)
    expect((await fieldsOf(twice))?.trainingDays).toEqual(['Pick each weekday once'])
    const eighth = await setDays(coach, plan.id, 1, [1, 3, 8])
    expect(eighth.status).toBe(400)
    expect((await fieldsOf(eighth))?.['trainingDays.2']).toEqual([
      'A training day is a weekday from 1 (Monday) to 7 (Sunday)',
    ])
    expect((await setDays(coach, plan.id, 1, 'Mon, Wed, Fri')).status).toBe(400)
    expect((await call(coach, 'PUT', `/api/plans/${plan.id}/training-days`, { trainingDays: [1, 3, 5] })).status).toBe(
      400,
    )

    expect((await setDays(otherCoach, plan.id, 1, [1, 3, 5])).status).toBe(403)
    const own = await newPlan(client, { name: 'Mine', weeks: 4, daysPerWeek: 3 })
    expect((await setDays(client, own.id, 1, [1, 3, 5])).status).toBe(403)

    expect((await setDays(coach, plan.id, 1, [1, 3, 5])).status).toBe(200)
    expect((await setDays(coach, plan.id, 1, [2, 4, 6])).status).toBe(409)
    const read = PlanSummarySchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json())
    expect(read).toMatchObject({ trainingDays: [1, 3, 5], version: 2 })
  })

  test('assigning gives the copy the plan’s weekdays, or the ones the coach picks; the client and the coach read them', async () => {
    const athlete = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: athlete.id })
    const plan = await newPlan(coach, { name: 'Mon Wed Fri', weeks: 4, daysPerWeek: 3 })
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))
    await setDays(coach, plan.id, 2, [1, 3, 5])
    const assign = (body: object) =>
      call(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: athlete.id, startDate: '2026-11-25', ...body })

    const wrong = await assign({ trainingDays: [2, 4] })
    expect(wrong.status).toBe(400)
    expect((await fieldsOf(wrong))?.trainingDays).toEqual(['Pick 3 training days: one for each day of the plan’s week'])
    expect((await (await call(athlete, 'GET', '/api/plans')).json()) as unknown[]).toEqual([])

    const chosen = PlanSummarySchema.parse(await (await assign({ trainingDays: [6, 2, 4] })).json())
    expect(chosen).toMatchObject({ clientId: athlete.id, status: 'active', trainingDays: [2, 4, 6] })
    const consecutive = PlanSummarySchema.parse(await (await assign({ trainingDays: null })).json())
    expect(consecutive.trainingDays).toBeNull()

    const res = await assign({})
    expect(res.status, await res.clone().text()).toBe(201)
    const assigned = PlanSummarySchema.parse(await res.json())
    expect(assigned).toMatchObject({ startDate: '2026-11-25', trainingDays: [1, 3, 5], status: 'active' })
    // The coach's own plan is unchanged: still a draft of theirs.
    expect(PlanSummarySchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json())).toMatchObject({
      status: 'draft',
      clientId: null,
      trainingDays: [1, 3, 5],
    })

    const workout = PlanSchema.parse(await (await call(athlete, 'GET', `/api/plans/${assigned.id}`)).json()).workouts[0]
    const detail = PlanWorkoutDetailSchema.parse(
      await (await call(athlete, 'GET', `/api/plans/workouts/${workout?.id}`)).json(),
    )
    expect(detail.plan).toMatchObject({ startDate: '2026-11-25', trainingDays: [1, 3, 5] })
    const roster = (await (await call(coach, 'GET', '/api/clients')).json()) as ActiveClient[]
    expect(roster.find((c) => c.clientId === athlete.id)?.activePlan).toMatchObject({
      id: assigned.id,
      trainingDays: [1, 3, 5],
    })

    // The coach moves the client's days on their copy.
    expect(
      PlanSummarySchema.parse(await (await setDays(coach, assigned.id, assigned.version, [2, 4, 6])).json())
        .trainingDays,
    ).toEqual([2, 4, 6])
  })
})

describe('a self-coached lifter starts a plan of their own', () => {
  const emptyDay = (version: number) => ({ version, workout: { title: 'Full body', exercises: [] } })

  test('it becomes their active plan on the chosen weekdays, beside the one their coach assigned', async () => {
    const lifter = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
    const coachPlan = await newPlan()
    await call(coach, 'PUT', `/api/plans/${coachPlan.id}/days/1/1`, dayOne(1))
    const assigned = PlanSummarySchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${coachPlan.id}/assign`, { clientId: lifter.id, startDate: '2026-11-23' })
      ).json(),
    )

    const own = await newPlan(lifter, { name: 'My block', weeks: 4, daysPerWeek: 3 })
    await call(lifter, 'PUT', `/api/plans/${own.id}/days/1/1`, emptyDay(1))
    const res = await call(lifter, 'POST', `/api/plans/${own.id}/start`, {
      startDate: '2026-11-25',
      trainingDays: [5, 1, 3],
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(PlanSummarySchema.parse(await res.json())).toMatchObject({
      status: 'active',
      startDate: '2026-11-25',
      trainingDays: [1, 3, 5],
      clientId: null,
      version: 2,
    })

    // Both stay active: the coach's copy and the lifter's own.
    const listed = (await (await call(lifter, 'GET', '/api/plans')).json()) as { id: string; status: string }[]
    expect(
      listed
        .filter((p) => p.status === 'active')
        .map((p) => p.id)
        .sort(),
    ).toEqual([assigned.id, own.id].sort())
    const workout = PlanSchema.parse(await (await call(lifter, 'GET', `/api/plans/${own.id}`)).json()).workouts[0]
    const detail = PlanWorkoutDetailSchema.parse(
      await (await call(lifter, 'GET', `/api/plans/workouts/${workout?.id}`)).json(),
    )
    expect(detail.plan.trainingDays).toEqual([1, 3, 5])
    const session = await call(lifter, 'POST', '/api/sessions', { planWorkoutId: workout?.id })
    expect(session.status, await session.clone().text()).toBe(201)
    // A plan in progress does not become a template.
    expect((await call(lifter, 'PATCH', `/api/plans/${own.id}`, { version: 2, isTemplate: true })).status).toBe(409)

    // A second plan of their own takes over: the first is completed. Starting again reschedules.
    const next = await newPlan(lifter, { name: 'Next block', weeks: 4, daysPerWeek: 2 })
    await call(lifter, 'PUT', `/api/plans/${next.id}/days/1/1`, emptyDay(1))
    expect(
      (await call(lifter, 'POST', `/api/plans/${next.id}/start`, { startDate: '2026-12-21', trainingDays: [2, 4] }))
        .status,
    ).toBe(200)
    const again = PlanSummarySchema.parse(
      await (
        await call(lifter, 'POST', `/api/plans/${next.id}/start`, { startDate: '2026-12-22', trainingDays: [6, 7] })
      ).json(),
    )
    expect(again).toMatchObject({ status: 'active', startDate: '2026-12-22', trainingDays: [6, 7] })
    const after = (await (await call(lifter, 'GET', '/api/plans')).json()) as { id: string; status: string }[]
    expect(Object.fromEntries(after.map((p) => [p.id, p.status]))).toMatchObject({
      [own.id]: 'completed',
      [next.id]: 'active',
      [assigned.id]: 'active',
    })
  })

  test('deleting clients leaves their coach’s copies behind without taking them for plans the coach started', async () => {
    const trainer = await signIn(t, { role: 'coach' })
    const plan = await newPlan(trainer, { name: 'Shared block', weeks: 4, daysPerWeek: 3 })
    await call(trainer, 'PUT', `/api/plans/${plan.id}/days/1/1`, emptyDay(1))
    // Copies with training days, as a lifter's started plan has: still not plans the coach started.
    await call(trainer, 'PUT', `/api/plans/${plan.id}/training-days`, { version: 2, trainingDays: [1, 3, 5] })
    const leaving = [await signIn(t, { role: 'client' }), await signIn(t, { role: 'client' })]
    for (const athlete of leaving) {
      await t.db.insert(coachClients).values({ coachId: trainer.id, clientId: athlete.id })
      const assigned = await call(trainer, 'POST', `/api/plans/${plan.id}/assign`, {
        clientId: athlete.id,
        startDate: '2026-11-23',
      })
      expect(assigned.status).toBe(201)
      expect(PlanSummarySchema.parse(await assigned.json()).trainingDays).toEqual([1, 3, 5])
    }
    // Both copies lose their client at once: two active plans of the coach's with no client.
    await t.db.delete(users).where(
      inArray(
        users.id,
        leaving.map((a) => a.id),
      ),
    )
    const left = (await (await call(trainer, 'GET', '/api/plans')).json()) as {
      clientId: string | null
      status: string
    }[]
    expect(left.filter((p) => p.status === 'active' && p.clientId === null)).toHaveLength(2)
  })

  test('the weekdays must match the plan’s week; an empty plan, a coach’s plan and someone else’s are refused', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const own = await newPlan(lifter, { name: 'My block', weeks: 4, daysPerWeek: 3 })
    const start = (body: unknown, who = lifter, id = own.id) => call(who, 'POST', `/api/plans/${id}/start`, body)

    const empty = await start({ startDate: '2026-11-25', trainingDays: [1, 3, 5] })
    expect(empty.status).toBe(409)
    expect(ApiErrorBodySchema.parse(await empty.json()).message).toBe('Add a workout to this plan before you start it')
    await call(lifter, 'PUT', `/api/plans/${own.id}/days/1/1`, emptyDay(1))

    const tooFew = await start({ startDate: '2026-11-25', trainingDays: [1, 3] })
    expect(tooFew.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await tooFew.json()).fields?.trainingDays).toEqual([
      'Pick 3 training days: one for each day of the plan’s week',
    ])
    const twice = await start({ startDate: '2026-11-25', trainingDays: [1, 1, 3] })
    expect(ApiErrorBodySchema.parse(await twice.json()).fields?.trainingDays).toEqual(['Pick each weekday once'])
    const sunday = await start({ startDate: '2026-11-25', trainingDays: [0, 3, 5] })
    expect(ApiErrorBodySchema.parse(await sunday.json()).fields?.['trainingDays.0']).toEqual([
      'A training day is a weekday from 1 (Monday) to 7 (Sunday)',
    ])
    expect((await start({ startDate: 'soon', trainingDays: [1, 3, 5] })).status).toBe(400)

    // Someone else's plan, a coach's own plan, and the copy a coach assigned are not the lifter's to start.
    expect((await start({ startDate: '2026-11-25', trainingDays: [1, 3, 5] }, client)).status).toBe(403)
    const coachPlan = await newPlan(coach, { name: 'Coach block', weeks: 4, daysPerWeek: 3 })
    expect((await start({ startDate: '2026-11-25', trainingDays: [1, 3, 5] }, coach, coachPlan.id)).status).toBe(403)
    const read = PlanSummarySchema.parse(await (await call(lifter, 'GET', `/api/plans/${own.id}`)).json())
    expect(read).toMatchObject({ status: 'draft', startDate: null, trainingDays: null })

    // An archived plan is restored before it starts.
    await call(lifter, 'POST', `/api/plans/${own.id}/archive`)
    const archived = await start({ startDate: '2026-11-25', trainingDays: [1, 3, 5] })
    expect(archived.status).toBe(409)
  })
})

describe('copying inside the grid', () => {
  test('a week copied forward with +2.5 kg grows by 2.5 kg per week; a day copies as it is', async () => {
    const plan = await newPlan()
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))
    const copied = await call(coach, 'POST', `/api/plans/${plan.id}/copy-week`, {
      version: 2,
      fromWeek: 1,
      toWeeks: [2, 3],
      progression: { kind: 'add_kg', amount: 2.5 },
    })
    expect(copied.status, await copied.clone().text()).toBe(200)
    const read = PlanSchema.parse(await copied.json())
    const squatLoad = (week: number) =>
      read.workouts.find((w) => w.week === week && w.day === 1)?.exercises[0]?.sets[0]?.load
    expect([1, 2, 3].map(squatLoad)).toEqual([
      { kind: 'kg', value: 100 },
      { kind: 'kg', value: 102.5 },
      { kind: 'kg', value: 105 },
    ])
    // The percentage-based RDL is untouched by a kg progression.
    expect(read.workouts.find((w) => w.week === 3)?.exercises[1]?.sets[0]?.load).toEqual({
      kind: 'percent_1rm',
      value: 65,
    })

    const day = PlanSchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${plan.id}/copy-day`, {
          version: read.version,
          from: { week: 1, day: 1 },
          to: { week: 1, day: 3 },
        })
      ).json(),
    )
    expect(day.workouts.find((w) => w.week === 1 && w.day === 3)?.title).toBe('Lower A')
    expect(
      (
        await call(coach, 'POST', `/api/plans/${plan.id}/copy-week`, {
          version: day.version,
          fromWeek: 1,
          toWeeks: [9],
        })
      ).status,
    ).toBe(400)
  })

  test('a week copied with load, reps and RPE progressions gets all three per week; bad lists are refused', async () => {
    const plan = await newPlan()
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))
    const progressions = [
      { kind: 'add_kg', amount: 2.5, unit: 'kg' },
      { kind: 'add_reps', amount: 1 },
      { kind: 'add_rpe', amount: 0.5 },
    ]
    const copied = await call(coach, 'POST', `/api/plans/${plan.id}/copy-week`, {
      version: 2,
      fromWeek: 1,
      toWeeks: [2, 3],
      progressions,
    })
    expect(copied.status, await copied.clone().text()).toBe(200)
    const read = PlanSchema.parse(await copied.json())
    const squatSet = (week: number) => read.workouts.find((w) => w.week === week && w.day === 1)?.exercises[0]?.sets[0]
    expect(squatSet(2)).toMatchObject({ load: { kind: 'kg', value: 102.5 }, reps: { min: 6, max: 6 }, rpe: 8 })
    expect(squatSet(3)).toMatchObject({ load: { kind: 'kg', value: 105 }, reps: { min: 7, max: 7 }, rpe: 8.5 })
    // The RDL's %1RM load is not a kg load; its reps still grow, and its RIR is not an RPE.
    expect(read.workouts.find((w) => w.week === 3)?.exercises[1]?.sets[0]).toMatchObject({
      load: { kind: 'percent_1rm', value: 65 },
      reps: { min: 10, max: 12 },
      rir: 2,
    })

    const refused = async (body: Record<string, unknown>) => {
      const res = await call(coach, 'POST', `/api/plans/${plan.id}/copy-week`, {
        version: read.version,
        fromWeek: 1,
        toWeeks: [2],
        ...body,
      })
      expect(res.status).toBe(400)
      return ApiErrorBodySchema.parse(await res.json()).fields
    }
    expect((await refused({ progressions: [progressions[1], progressions[1]] }))?.progressions).toEqual([
      'Each kind of progression can be chosen once',
    ])
    expect((await refused({ progression: progressions[0], progressions }))?.progressions).toEqual([
      'Send either progression or progressions, not both',
    ])
    expect((await refused({ progressions: [{ kind: 'add_sets', amount: 1 }] }))?.['progressions.0.kind']).toEqual([
      'Choose a progression',
    ])
    expect((await refused({ progressions: [{ kind: 'add_reps' }] }))?.['progressions.0.amount']).toEqual([
      'The progression needs an amount',
    ])
    // Nothing was changed by the refused copies.
    expect(PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json()).version).toBe(
      read.version,
    )

    // An empty list copies the week as it is.
    const plain = PlanSchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${plan.id}/copy-week`, {
          version: read.version,
          fromWeek: 1,
          toWeeks: [2],
          progressions: [],
        })
      ).json(),
    )
    expect(plain.workouts.find((w) => w.week === 2)?.exercises[0]?.sets[0]).toMatchObject({
      load: { kind: 'kg', value: 100 },
      reps: { min: 5, max: 5 },
      rpe: 7.5,
    })
  })
})

describe('saving a plan as a named template', () => {
  test('a second template of the same name (any case) answers 409 and adds nothing; another name, an archived one or a plain copy is fine', async () => {
    const owner = await signIn(t, { role: 'coach' })
    const plan = await newPlan(owner, { name: 'Hypertrophy block', weeks: 4, daysPerWeek: 3 })
    const templates = async () =>
      ((await (await call(owner, 'GET', '/api/plans')).json()) as { name: string; isTemplate: boolean }[])
        .filter((p) => p.isTemplate)
        .map((p) => p.name)

    const first = await call(owner, 'POST', `/api/plans/${plan.id}/copy`, { isTemplate: true })
    expect(first.status, await first.clone().text()).toBe(201)
    const { id: firstId, ...saved } = PlanSummarySchema.parse(await first.json())
    expect(saved).toMatchObject({ name: 'Hypertrophy block', isTemplate: true })

    const again = await call(owner, 'POST', `/api/plans/${plan.id}/copy`, {
      isTemplate: true,
      name: '  hypertrophy BLOCK ',
    })
    expect(again.status).toBe(409)
    expect(ApiErrorBodySchema.parse(await again.json())).toMatchObject({
      code: 'CONFLICT',
      message: 'You already have a template named “Hypertrophy block”. Choose another name.',
    })
    expect(await templates()).toEqual(['Hypertrophy block'])

    const renamed = await call(owner, 'POST', `/api/plans/${plan.id}/copy`, {
      isTemplate: true,
      name: 'Hypertrophy block v2',
    })
    expect(renamed.status).toBe(201)
    // A plan (not a template) of the name, and another coach's template of it, are not in the way.
    expect((await call(owner, 'POST', `/api/plans/${plan.id}/copy`, { name: 'Hypertrophy block' })).status).toBe(201)
    const elsewhere = await newPlan(otherCoach, { name: 'Hypertrophy block', weeks: 4, daysPerWeek: 3 })
    expect((await call(otherCoach, 'POST', `/api/plans/${elsewhere.id}/copy`, { isTemplate: true })).status).toBe(201)

    // Archived, the first template frees its name.
    await call(owner, 'POST', `/api/plans/${firstId}/archive`)
    expect((await call(owner, 'POST', `/api/plans/${plan.id}/copy`, { isTemplate: true })).status).toBe(201)
  })

  test('making a plan a template, or renaming a template, is held to the same rule', async () => {
    const owner = await signIn(t, { role: 'coach' })
    const first = await newPlan(owner, { name: 'Strength base', weeks: 2, daysPerWeek: 1 })
    expect(
      (await call(owner, 'PATCH', `/api/plans/${first.id}`, { version: first.version, isTemplate: true })).status,
    ).toBe(200)

    const second = await newPlan(owner, { name: 'STRENGTH base', weeks: 2, daysPerWeek: 1 })
    const taken = await call(owner, 'PATCH', `/api/plans/${second.id}`, { version: second.version, isTemplate: true })
    expect(taken.status).toBe(409)
    expect(ApiErrorBodySchema.parse(await taken.json()).message).toBe(
      'You already have a template named “Strength base”. Choose another name.',
    )
    const renamed = PlanSummarySchema.parse(
      await (
        await call(owner, 'PATCH', `/api/plans/${second.id}`, {
          version: second.version,
          isTemplate: true,
          name: 'Strength peak',
        })
      ).json(),
    )
    expect(renamed).toMatchObject({ isTemplate: true, name: 'Strength peak' })

    // A template renamed onto another's name is refused and keeps its own; its own name (any case) is fine.
    const onto = await call(owner, 'PATCH', `/api/plans/${second.id}`, {
      version: renamed.version,
      name: 'strength base',
    })
    expect(onto.status).toBe(409)
    expect(
      (await call(owner, 'PATCH', `/api/plans/${second.id}`, { version: renamed.version, name: 'Strength PEAK' }))
        .status,
    ).toBe(200)
    const names = ((await (await call(owner, 'GET', '/api/plans')).json()) as { name: string; isTemplate: boolean }[])
      .filter((p) => p.isTemplate)
      .map((p) => p.name)
    expect(names.sort()).toEqual(['Strength PEAK', 'Strength base'])
  })
})

describe('one planned workout (the read-only view)', () => {
  test('its owner and the client it is assigned to read it; others are refused', async () => {
    const athlete = await signIn(t, { role: 'client' })
    const stranger = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: athlete.id })
    const plan = await newPlan()
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))
    const assigned = PlanSummarySchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: athlete.id, startDate: '2026-11-23' })
      ).json(),
    )
    const copy = PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${assigned.id}`)).json())
    const planWorkoutId = copy.workouts[0]?.id ?? ''

    for (const who of [coach, athlete]) {
      const res = await call(who, 'GET', `/api/plans/workouts/${planWorkoutId}`)
      expect(res.status, await res.clone().text()).toBe(200)
      const detail = PlanWorkoutDetailSchema.parse(await res.json())
      expect(detail).toMatchObject({
        id: planWorkoutId,
        week: 1,
        day: 1,
        title: 'Lower A',
        notes: 'Warm up well.',
        plan: {
          id: assigned.id,
          name: 'Strength block',
          ownerId: coach.id,
          clientId: athlete.id,
          startDate: '2026-11-23',
          weeks: 8,
          daysPerWeek: 4,
          deloadWeeks: [],
          status: 'active',
        },
      })
      expect(detail.exercises.map((e) => [e.movementName, e.tracking, e.sets.length])).toEqual([
        ['Back squat', 'weight_reps', 2],
        ['Romanian deadlift', 'weight_reps', 1],
      ])
    }
    for (const who of [stranger, otherCoach])
      expect((await call(who, 'GET', `/api/plans/workouts/${planWorkoutId}`)).status).toBe(403)
    // The coach's own (unassigned) plan is not the client's.
    const source = PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json())
    expect((await call(athlete, 'GET', `/api/plans/workouts/${source.workouts[0]?.id}`)).status).toBe(403)
    expect((await call(coach, 'GET', '/api/plans/workouts/7c9e6679-7425-40de-944b-e07fc1f90ae7')).status).toBe(404)
    const bad = await call(coach, 'GET', '/api/plans/workouts/not-a-uuid')
    expect(bad.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await bad.json()).fields?.planWorkoutId).toEqual(['Not a workout id'])
  })
})

describe('moving a day', () => {
  test('moves a workout to an empty cell, keeping its id, and swaps with a workout already there', async () => {
    const plan = await newPlan()
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/2`, {
      version: 2,
      workout: { title: 'Upper A', exercises: [] },
    })
    const before = PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json())
    const idAt = (p: Plan, week: number, day: number) => p.workouts.find((w) => w.week === week && w.day === day)?.id
    const lowerId = idAt(before, 1, 1)
    const upperId = idAt(before, 1, 2)

    const moved = await call(coach, 'POST', `/api/plans/${plan.id}/move-day`, {
      version: 3,
      from: { week: 1, day: 1 },
      to: { week: 2, day: 3 },
    })
    expect(moved.status, await moved.clone().text()).toBe(200)
    const afterMove = PlanSchema.parse(await moved.json())
    expect(afterMove.version).toBe(4)
    expect(afterMove.workouts.map((w) => [w.week, w.day, w.title])).toEqual([
      [1, 2, 'Upper A'],
      [2, 3, 'Lower A'],
    ])
    expect(idAt(afterMove, 2, 3)).toBe(lowerId)
    expect(afterMove.workouts.find((w) => w.id === lowerId)?.exercises.map((e) => e.movementName)).toEqual([
      'Back squat',
      'Romanian deadlift',
    ])

    const swapped = PlanSchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${plan.id}/move-day`, {
          version: 4,
          from: { week: 2, day: 3 },
          to: { week: 1, day: 2 },
        })
      ).json(),
    )
    expect(swapped.workouts.map((w) => [w.week, w.day, w.title])).toEqual([
      [1, 2, 'Lower A'],
      [2, 3, 'Upper A'],
    ])
    expect([idAt(swapped, 1, 2), idAt(swapped, 2, 3)]).toEqual([lowerId, upperId])
  })

  test('a stale version answers 409, a cell outside the plan 400, and only the owner moves', async () => {
    const plan = await newPlan(coach, { name: 'Small', weeks: 2, daysPerWeek: 3 })
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, dayOne(1))
    const stale = await call(coach, 'POST', `/api/plans/${plan.id}/move-day`, {
      version: 1,
      from: { week: 1, day: 1 },
      to: { week: 1, day: 2 },
    })
    expect(stale.status).toBe(409)
    expect(ApiErrorBodySchema.parse(await stale.json()).message).toBe(
      'This plan was changed elsewhere. Reload to see the latest version.',
    )
    const outside = await call(coach, 'POST', `/api/plans/${plan.id}/move-day`, {
      version: 2,
      from: { week: 1, day: 1 },
      to: { week: 3, day: 1 },
    })
    expect(ApiErrorBodySchema.parse(await outside.json()).fields?.week).toEqual(['This plan has 2 weeks'])
    expect(
      (
        await call(otherCoach, 'POST', `/api/plans/${plan.id}/move-day`, {
          version: 2,
          from: { week: 1, day: 1 },
          to: { week: 1, day: 2 },
        })
      ).status,
    ).toBe(403)
    const read = PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${plan.id}`)).json())
    expect(read.workouts.map((w) => [w.week, w.day])).toEqual([[1, 1]])
  })
})

describe('archiving plans', () => {
  test('an archived plan leaves the list for ?archived=true and is restored as a draft', async () => {
    const plan = await newPlan(coach, { name: 'Old block', weeks: 4, daysPerWeek: 3 })
    const archived = await call(coach, 'POST', `/api/plans/${plan.id}/archive`)
    expect(archived.status, await archived.clone().text()).toBe(200)
    expect(PlanSummarySchema.parse(await archived.json())).toMatchObject({
      id: plan.id,
      status: 'archived',
      version: 2,
    })

    const ids = async (query = '') =>
      ((await (await call(coach, 'GET', `/api/plans${query}`)).json()) as { id: string; status: string }[]).map(
        (p) => p.id,
      )
    expect(await ids()).not.toContain(plan.id)
    expect(await ids('?archived=true')).toContain(plan.id)
    const archivedList = (await (await call(coach, 'GET', '/api/plans?archived=true')).json()) as { status: string }[]
    expect(archivedList.every((p) => p.status === 'archived')).toBe(true)
    expect(await ids('?archived=false')).not.toContain(plan.id)
    expect((await call(coach, 'GET', '/api/plans?archived=maybe')).status).toBe(400)
    expect(await (await call(otherCoach, 'GET', '/api/plans?archived=true')).json()).toEqual([])

    const restored = PlanSummarySchema.parse(await (await call(coach, 'POST', `/api/plans/${plan.id}/restore`)).json())
    expect(restored).toMatchObject({ status: 'draft', version: 3 })
    expect(await ids()).toContain(plan.id)
    // Restoring a plan that is not archived changes nothing.
    expect(
      PlanSummarySchema.parse(await (await call(coach, 'POST', `/api/plans/${plan.id}/restore`)).json()),
    ).toMatchObject({ status: 'draft', version: 3 })
  })

  test('an archived assigned copy comes back completed, never active; only the owner archives', async () => {
    const athlete = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: athlete.id })
    const plan = await newPlan()
    const assigned = PlanSummarySchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: athlete.id, startDate: '2026-11-23' })
      ).json(),
    )
    for (const who of [athlete, otherCoach]) {
      expect((await call(who, 'POST', `/api/plans/${assigned.id}/archive`)).status).toBe(403)
      expect((await call(who, 'POST', `/api/plans/${assigned.id}/restore`)).status).toBe(403)
    }
    expect(
      PlanSummarySchema.parse(await (await call(coach, 'POST', `/api/plans/${assigned.id}/archive`)).json()).status,
    ).toBe('archived')
    // The client no longer sees it in their list; a new assignment may become active meanwhile.
    expect(((await (await call(athlete, 'GET', '/api/plans')).json()) as unknown[]).length).toBe(0)
    const next = PlanSummarySchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: athlete.id, startDate: '2027-01-04' })
      ).json(),
    )
    expect(next.status).toBe('active')
    const restored = PlanSummarySchema.parse(
      await (await call(coach, 'POST', `/api/plans/${assigned.id}/restore`)).json(),
    )
    expect(restored).toMatchObject({ status: 'completed', clientId: athlete.id })
    const statuses = (await (await call(athlete, 'GET', '/api/plans')).json()) as { id: string; status: string }[]
    expect(Object.fromEntries(statuses.map((p) => [p.id, p.status]))).toEqual({
      [assigned.id]: 'completed',
      [next.id]: 'active',
    })
    expect((await call(coach, 'POST', '/api/plans/not-a-uuid/archive')).status).toBe(400)
    expect((await call(coach, 'POST', '/api/plans/7c9e6679-7425-40de-944b-e07fc1f90ae7/archive')).status).toBe(404)
  })
})

describe('moving a planned workout to another date', () => {
  const DAY_MS = 86_400_000
  const day = (offset: number) =>
    new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS + offset * DAY_MS).toISOString().slice(0, 10)
  const titled = (title: string) => ({
    workout: { title, exercises: [{ movementId: squatId, sets: [{ reps: { min: 5, max: 5 } }] }] },
  })
  const move = (who: SignedIn, planId: string, week: number, dayOfWeek: number, date: unknown) =>
    call(who, 'PUT', `/api/plans/${planId}/days/${week}/${dayOfWeek}/date`, { date })
  const summaryOf = async (clientId: string) =>
    (await (await call(coach, 'GET', `/api/clients/${clientId}?today=${day(0)}`)).json()) as ClientSummary

  /** A client of `coach` on a plan that started nine days ago, its days one after another: week 2's day 1 was two days ago. */
  async function planStartedNineDaysAgo() {
    const athlete = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: athlete.id })
    const source = await newPlan(coach, { name: 'Daily', weeks: 4, daysPerWeek: 3 })
    await call(coach, 'PUT', `/api/plans/${source.id}/days/1/1`, { version: 1, ...titled('Lower A') })
    await call(coach, 'PUT', `/api/plans/${source.id}/days/1/2`, { version: 2, ...titled('Upper A') })
    await call(coach, 'PUT', `/api/plans/${source.id}/days/2/1`, { version: 3, ...titled('Lower B') })
    const assigned = PlanSummarySchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${source.id}/assign`, { clientId: athlete.id, startDate: day(-9) })
      ).json(),
    )
    return { athlete, planId: assigned.id }
  }

  test('the lifter moves a missed workout to today: the plan is unchanged, every reader sees the new date, and it is due then', async () => {
    const { athlete, planId } = await planStartedNineDaysAgo()
    const before = PlanSchema.parse(await (await call(athlete, 'GET', `/api/plans/${planId}`)).json())
    expect(before.moves).toEqual([])
    // Lower B, due two days ago, was missed: the week's adherence is 0 of 1.
    expect((await summaryOf(athlete.id)).client.adherence7).toBe(0)

    const res = await move(athlete, planId, 2, 1, day(0))
    expect(res.status, await res.clone().text()).toBe(200)
    const moved = PlanSchema.parse(await res.json())
    expect(moved.moves).toEqual([{ week: 2, day: 1, date: day(0), movedBy: athlete.id, movedAt: expect.any(String) }])
    expect(moved.version).toBe(before.version)
    expect(moved.workouts.map((w) => [w.week, w.day, w.title])).toEqual(
      before.workouts.map((w) => [w.week, w.day, w.title]),
    )
    expect(PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${planId}`)).json()).moves).toMatchObject([
      { week: 2, day: 1, date: day(0) },
    ])

    // Due today now, not two days ago: nothing was due in the last week (today's counts once done).
    const summary = await summaryOf(athlete.id)
    expect(summary.client.adherence7).toBeNull()
    expect(summary.moved).toEqual([
      { week: 2, day: 1, title: 'Lower B', from: day(-2), to: day(0), movedBy: athlete.id },
    ])

    // Its plan's own date puts it back, though that date has passed.
    const back = PlanSchema.parse(await (await move(athlete, planId, 2, 1, day(-2))).json())
    expect(back.moves).toEqual([])
    expect((await summaryOf(athlete.id)).moved).toEqual([])
  })

  test('the coach may move it too, and the coach’s page says who did', async () => {
    const { athlete, planId } = await planStartedNineDaysAgo()
    expect((await move(coach, planId, 1, 2, day(3))).status).toBe(200)
    expect((await move(athlete, planId, 2, 1, day(1))).status).toBe(200)
    expect((await summaryOf(athlete.id)).moved).toEqual([
      { week: 2, day: 1, title: 'Lower B', from: day(-2), to: day(1), movedBy: athlete.id },
      { week: 1, day: 2, title: 'Upper A', from: day(-8), to: day(3), movedBy: coach.id },
    ])
    // Moved again: one date per day, the latest.
    const again = PlanSchema.parse(await (await move(athlete, planId, 1, 2, day(2))).json())
    expect(again.moves.map((m) => [m.week, m.day, m.date, m.movedBy])).toEqual([
      [1, 2, day(2), athlete.id],
      [2, 1, day(1), athlete.id],
    ])
  })

  test('the coach’s grid edits keep the date with the workout: a day moved in the grid takes it along, a day emptied drops it', async () => {
    const { athlete, planId } = await planStartedNineDaysAgo()
    await move(athlete, planId, 2, 1, day(1))
    const { version } = PlanSchema.parse(await (await call(coach, 'GET', `/api/plans/${planId}`)).json())
    // Lower B goes from week 2 day 1 to week 2 day 3: the lifter's date goes with it.
    const swapped = await call(coach, 'POST', `/api/plans/${planId}/move-day`, {
      version,
      from: { week: 2, day: 1 },
      to: { week: 2, day: 3 },
    })
    expect(swapped.status, await swapped.clone().text()).toBe(200)
    expect(PlanSchema.parse(await swapped.json()).moves).toMatchObject([{ week: 2, day: 3, date: day(1) }])
    const cleared = await call(coach, 'PUT', `/api/plans/${planId}/days/2/3`, { version: version + 1, workout: null })
    expect(cleared.status, await cleared.clone().text()).toBe(200)
    expect(PlanSchema.parse(await cleared.json()).moves).toEqual([])
  })

  test('a lifter’s own plan started anew forgets the dates its workouts were moved to', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const own = await newPlan(lifter, { name: 'Solo', weeks: 4, daysPerWeek: 1 })
    await call(lifter, 'PUT', `/api/plans/${own.id}/days/1/1`, {
      version: 1,
      workout: { title: 'Full body', exercises: [] },
    })
    const weekday = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1
    const start = (date: string) =>
      call(lifter, 'POST', `/api/plans/${own.id}/start`, { startDate: date, trainingDays: [weekday(date)] })
    expect((await start(day(-2))).status).toBe(200)
    expect(PlanSchema.parse(await (await move(lifter, own.id, 1, 1, day(0))).json()).moves).toMatchObject([
      { week: 1, day: 1, date: day(0) },
    ])
    expect((await start(day(1))).status).toBe(200)
    expect(PlanSchema.parse(await (await call(lifter, 'GET', `/api/plans/${own.id}`)).json()).moves).toEqual([])
  })

  test('a date out of reach, a rest day, a done workout, a plan not started and strangers are refused, changing nothing', async () => {
    const { athlete, planId } = await planStartedNineDaysAgo()
    const refused = async (res: Response, status: number, message: string) => {
      expect(res.status, await res.clone().text()).toBe(status)
      const body = ApiErrorBodySchema.parse(await res.json())
      expect(body.fields?.date?.[0] ?? body.message).toBe(message)
    }
    await refused(await move(athlete, planId, 2, 1, day(-3)), 400, planApiText.moveDate)
    // Four weeks ahead of a lifter's today, who may be a day ahead of UTC; one more is too far.
    await refused(await move(athlete, planId, 2, 1, day(MOVE_DAYS_AHEAD + 2)), 400, planApiText.moveDate)
    await refused(await move(athlete, planId, 2, 1, 'tomorrow'), 400, planApiText.moveDate)
    await refused(await move(athlete, planId, 1, 3, day(0)), 404, planApiText.moveNoWorkout)
    // Lower A was due nine days ago: a miss that old stays a miss.
    await refused(await move(athlete, planId, 1, 1, day(0)), 409, planApiText.moveTooLate)

    const lowerA = PlanSchema.parse(await (await call(athlete, 'GET', `/api/plans/${planId}`)).json()).workouts.find(
      (w) => w.title === 'Lower A',
    )
    const session = (await (await call(athlete, 'POST', '/api/sessions', { planWorkoutId: lowerA?.id })).json()) as {
      id: string
    }
    expect((await call(athlete, 'POST', `/api/sessions/${session.id}/finish`, {})).status).toBe(200)
    await refused(await move(athlete, planId, 1, 1, day(0)), 409, planApiText.moveDone)

    expect((await move(otherCoach, planId, 2, 1, day(0))).status).toBe(403)
    expect((await move(client, planId, 2, 1, day(0))).status).toBe(403)

    const later = await newPlan(coach, { name: 'Later', weeks: 4, daysPerWeek: 3 })
    await call(coach, 'PUT', `/api/plans/${later.id}/days/1/1`, { version: 1, ...titled('Lower A') })
    await refused(await move(coach, later.id, 1, 1, day(1)), 409, planApiText.moveNotStarted)
    const other = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: other.id })
    const future = PlanSummarySchema.parse(
      await (
        await call(coach, 'POST', `/api/plans/${later.id}/assign`, { clientId: other.id, startDate: day(5) })
      ).json(),
    )
    await refused(await move(other, future.id, 1, 1, day(1)), 400, planApiText.moveBeforeStart)

    expect(PlanSchema.parse(await (await call(athlete, 'GET', `/api/plans/${planId}`)).json()).moves).toEqual([])
    expect(PlanSchema.parse(await (await call(other, 'GET', `/api/plans/${future.id}`)).json()).moves).toEqual([])
  })
})
