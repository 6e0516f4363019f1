import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { ActiveClientSchema, ClientSummarySchema, DashboardSchema } from '#shared/schemas/clients.ts'
import { eq } from 'drizzle-orm'
import { coachClients, workoutSessions } from '#server/db/schema/index.ts'
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

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach' })
  otherCoach = await signIn(t, { role: 'coach' })
})
afterAll(() => t.close())

const send = async (who: SignedIn, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function list(who: SignedIn) {
  const res = await send(who, 'GET', '/api/clients')
  expect(res.status, await res.clone().text()).toBe(200)
  return z.array(ActiveClientSchema).parse(await res.json())
}

describe('GET /api/clients', () => {
  test("lists the coach's active clients by display name, with the active plan the coach assigned", async () => {
    const zoe = await signIn(t, { role: 'client', displayName: 'zoe Park' })
    const adam = await signIn(t, { role: 'client', displayName: 'Adam Lee' })
    const former = await signIn(t, { role: 'client', displayName: 'Beth Former' })
    const theirs = await signIn(t, { role: 'client', displayName: 'Carl Theirs' })
    await t.db.insert(coachClients).values([
      { coachId: coach.id, clientId: zoe.id },
      { coachId: coach.id, clientId: adam.id },
      { coachId: coach.id, clientId: former.id, status: 'archived', endedAt: new Date() },
      { coachId: otherCoach.id, clientId: theirs.id },
    ])
    const plan = (await (
      await send(coach, 'POST', '/api/plans', { name: 'Base block', weeks: 4, daysPerWeek: 3 })
    ).json()) as { id: string }
    const assigned = await send(coach, 'POST', `/api/plans/${plan.id}/assign`, {
      clientId: zoe.id,
      startDate: '2026-12-07',
    })
    const assignedId = ((await assigned.json()) as { id: string }).id

    const clients = await list(coach)
    expect(clients.map((c) => c.displayName)).toEqual(['Adam Lee', 'zoe Park'])
    expect(clients[0]).toEqual({
      clientId: adam.id,
      displayName: 'Adam Lee',
      primaryGoal: null,
      experienceLevel: null,
      adherence7: null,
      adherence28: null,
      setAdherence7: null,
      setAdherence28: null,
      setAdherencePreviousWeek: null,
      missedLastTwo: false,
      lastSessionAt: null,
      timeZone: null,
      email: adam.email,
      since: expect.any(String),
      activePlan: null,
    })
    expect(clients[1]).toMatchObject({
      clientId: zoe.id,
      email: zoe.email,
      activePlan: { id: assignedId, name: 'Base block', startDate: '2026-12-07' },
    })
    expect(Number.isNaN(Date.parse(clients[1]?.since ?? ''))).toBe(false)

    // An archived plan is no longer the active one.
    await send(coach, 'POST', `/api/plans/${assignedId}/archive`)
    expect((await list(coach)).find((c) => c.clientId === zoe.id)?.activePlan).toBeNull()
    expect((await list(otherCoach)).map((c) => c.clientId)).toEqual([theirs.id])
  })

  test('only coaches may list clients', async () => {
    const client = await signIn(t, { role: 'client' })
    const res = await send(client, 'GET', '/api/clients')
    expect(res.status).toBe(403)
    expect((await t.app.request('/api/clients')).status).toBe(401)
  })
})

describe('adherence on a plan’s training days', () => {
  test('a planned workout comes due on its weekday, not on the day after the one before', async () => {
    const wes = await signIn(t, { role: 'client', displayName: 'Wes Weekdays' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: wes.id })
    const squat = (
      (await (await send(coach, 'GET', '/api/movements?q=back%20squat')).json()) as { items: { id: string }[] }
    ).items[0]?.id
    const plan = (await (
      await send(coach, 'POST', '/api/plans', { name: 'Mon Wed Fri', weeks: 2, daysPerWeek: 3 })
    ).json()) as { id: string }
    for (const [version, day] of [
      [1, 1],
      [2, 2],
      [3, 3],
    ] as const) {
      const res = await send(coach, 'PUT', `/api/plans/${plan.id}/days/1/${day}`, {
        version,
        workout: { title: `Day ${day}`, exercises: [{ movementId: squat, sets: [{ reps: { min: 5, max: 5 } }] }] },
      })
      expect(res.status, await res.clone().text()).toBe(200)
    }
    // Started on Wednesday 2 December on Monday, Wednesday and Friday: day 1 that Wednesday, day 2 Friday the 4th, day 3 Monday the 7th.
    const assigned = await send(coach, 'POST', `/api/plans/${plan.id}/assign`, {
      clientId: wes.id,
      startDate: '2026-12-02',
      trainingDays: [1, 3, 5],
    })
    expect(assigned.status, await assigned.clone().text()).toBe(201)
    const onDay = async (today: string) =>
      z
        .array(ActiveClientSchema)
        .parse(await (await send(coach, 'GET', `/api/clients?today=${today}`)).json())
        .find((c) => c.clientId === wes.id)
    // On Friday only Wednesday's workout has come due: one missed is not 'the last two'.
    expect(await onDay('2026-12-04')).toMatchObject({ adherence7: 0, missedLastTwo: false })
    // On Saturday Friday's has too: both missed.
    expect(await onDay('2026-12-05')).toMatchObject({ adherence7: 0, missedLastTwo: true })
  })
})

describe('GET /api/clients/:clientId', () => {
  test("one client's page: the roster's figures and the size of their active plan; never another coach's or a former client", async () => {
    const kim = await signIn(t, { role: 'client', displayName: 'Kim Page' })
    const former = await signIn(t, { role: 'client', displayName: 'Fay Former' })
    await t.db.insert(coachClients).values([
      { coachId: coach.id, clientId: kim.id },
      { coachId: coach.id, clientId: former.id, status: 'archived', endedAt: new Date() },
    ])
    const summary = async (who: SignedIn, id: string) => send(who, 'GET', `/api/clients/${id}?today=2026-12-08`)
    const before = ClientSummarySchema.parse(await (await summary(coach, kim.id)).json())
    expect(before).toMatchObject({
      client: { clientId: kim.id, displayName: 'Kim Page', email: kim.email, activePlan: null },
      plan: null,
    })

    const plan = (await (
      await send(coach, 'POST', '/api/plans', { name: 'Page block', weeks: 6, daysPerWeek: 3 })
    ).json()) as { id: string }
    const squat = (
      (await (await send(coach, 'GET', '/api/movements?q=back%20squat')).json()) as { items: { id: string }[] }
    ).items[0]?.id
    const day = await send(coach, 'PUT', `/api/plans/${plan.id}/days/1/1`, {
      version: 1,
      workout: { title: 'Day one', exercises: [{ movementId: squat, sets: [{ reps: { min: 5, max: 5 } }] }] },
    })
    expect(day.status, await day.clone().text()).toBe(200)
    const assigned = (await (
      await send(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: kim.id, startDate: '2026-12-07' })
    ).json()) as { id: string }
    const after = ClientSummarySchema.parse(await (await summary(coach, kim.id)).json())
    expect(after.client.activePlan).toMatchObject({ id: assigned.id, name: 'Page block', startDate: '2026-12-07' })
    expect(after.plan).toEqual({ weeks: 6, daysPerWeek: 3, workouts: 1, deloadWeeks: [] })
    // The roster says the same of them.
    const roster = z
      .array(ActiveClientSchema)
      .parse(await (await send(coach, 'GET', '/api/clients?today=2026-12-08')).json())
    expect(roster.find((c) => c.clientId === kim.id)).toEqual(after.client)

    expect((await summary(otherCoach, kim.id)).status).toBe(403)
    expect((await summary(coach, former.id)).status).toBe(403)
    expect((await summary(coach, 'x'.repeat(65))).status).toBe(400)
    expect((await summary(kim, kim.id)).status).toBe(403)
  })
})

describe('POST /api/clients/:clientId/archive', () => {
  test('ends the link: the client leaves the roster, keeps their plan, and the coach can no longer assign to them', async () => {
    const client = await signIn(t, { role: 'client', displayName: 'Leaving Lee' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
    const plan = (await (
      await send(coach, 'POST', '/api/plans', { name: 'Last block', weeks: 2, daysPerWeek: 2 })
    ).json()) as { id: string }
    const assigned = (await (
      await send(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: client.id, startDate: '2026-12-07' })
    ).json()) as { id: string }

    expect((await send(otherCoach, 'POST', `/api/clients/${client.id}/archive`)).status).toBe(403)
    expect((await send(coach, 'POST', `/api/clients/${client.id}/archive`)).status).toBe(204)
    expect((await list(coach)).map((c) => c.clientId)).not.toContain(client.id)
    expect((await send(client, 'GET', `/api/plans/${assigned.id}`)).status).toBe(200)
    // The former coach no longer reads or changes the client's copy.
    expect((await send(coach, 'GET', `/api/plans/${assigned.id}`)).status).toBe(403)
    expect((await send(coach, 'PUT', `/api/plans/${assigned.id}/days/1/1`, { version: 1, workout: null })).status).toBe(
      403,
    )
    expect((await send(coach, 'DELETE', `/api/plans/${assigned.id}`)).status).toBe(403)
    expect(
      (await send(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: client.id, startDate: '2026-12-14' }))
        .status,
    ).toBe(403)
    expect((await send(coach, 'POST', `/api/clients/${client.id}/archive`)).status).toBe(403)
  })
})

describe('adherence in the roster', () => {
  test('planned workouts due so far against completed sessions and their sets, over 7 and 28 days, and the last session', async () => {
    const client = await signIn(t, { role: 'client', displayName: 'Ada Adherent' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
    const plan = (await (
      await send(coach, 'POST', '/api/plans', { name: 'Adherence', weeks: 4, daysPerWeek: 3 })
    ).json()) as { id: string }
    const squat = (
      (await (await send(coach, 'GET', '/api/movements?q=back%20squat')).json()) as { items: { id: string }[] }
    ).items[0]?.id
    let version = 1
    for (const [week, day] of [
      [1, 1],
      [1, 3],
      [2, 1],
      [2, 3],
    ] as const) {
      const fives = { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }
      const res = await send(coach, 'PUT', `/api/plans/${plan.id}/days/${week}/${day}`, {
        version,
        workout: { title: `W${week}D${day}`, exercises: [{ movementId: squat, sets: [fives, fives] }] },
      })
      expect(res.status).toBe(200)
      version += 1
    }
    // Started 2026-11-09 (a Monday): due by 2026-11-22 are W1D1 (9th), W1D3 (11th), W2D1 (16th), W2D3 (18th).
    const assigned = (await (
      await send(coach, 'POST', `/api/plans/${plan.id}/assign`, { clientId: client.id, startDate: '2026-11-09' })
    ).json()) as { id: string }
    const workouts = (
      (await (await send(client, 'GET', `/api/plans/${assigned.id}`)).json()) as {
        workouts: { id: string; week: number; day: number }[]
      }
    ).workouts
    // Each planned workout prescribes 2 sets of 5 at 100 kg. W1D1: both done; W1D3: the second 3 reps
    // (short); W2D1: the second skipped; W2D3: missed.
    const logged: Record<string, { reps: number; loadKg: number }[]> = {
      '1-1': [
        { reps: 5, loadKg: 100 },
        { reps: 5, loadKg: 100 },
      ],
      '1-3': [
        { reps: 5, loadKg: 100 },
        { reps: 3, loadKg: 100 },
      ],
      '2-1': [{ reps: 6, loadKg: 100 }],
    }
    const sessions = new Map<string, { id: string; exercises: { key: string }[] }>()
    for (const w of workouts.filter((w) => logged[`${w.week}-${w.day}`])) {
      const session = (await (await send(client, 'POST', '/api/sessions', { planWorkoutId: w.id })).json()) as {
        id: string
        exercises: { key: string }[]
      }
      sessions.set(`${w.week}-${w.day}`, session)
      for (const [i, set] of (logged[`${w.week}-${w.day}`] ?? []).entries()) {
        const body = {
          exerciseKey: session.exercises[0]?.key,
          setNumber: i + 1,
          ...set,
          editedAt: new Date().toISOString(),
        }
        expect((await send(client, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, body)).status).toBe(200)
      }
      expect((await send(client, 'POST', `/api/sessions/${session.id}/finish`, {})).status).toBe(200)
    }
    const roster = await (await send(coach, 'GET', '/api/clients?today=2026-11-22')).json()
    const ada = z
      .array(ActiveClientSchema)
      .parse(roster)
      .find((c) => c.clientId === client.id)
    // Sessions: 7 days (16th-22nd) W2D1 done, W2D3 missed; 28 days: 3 of 4. Sets: 7 days 1 of 4;
    // 28 days 4 of 8; the week before (W1) 3 of 4.
    expect(ada).toMatchObject({
      adherence7: 0.5,
      adherence28: 0.75,
      setAdherence7: 0.25,
      setAdherence28: 0.5,
      setAdherencePreviousWeek: 0.75,
      missedLastTwo: false,
    })
    expect(ada?.lastSessionAt).not.toBeNull()
    expect((await send(coach, 'GET', '/api/clients?today=yesterday')).status).toBe(400)

    const dashboard = DashboardSchema.parse(
      await (await send(coach, 'GET', '/api/clients/dashboard?today=2026-11-22')).json(),
    )
    expect(dashboard.sessionsSince.filter((s) => s.clientId === client.id)).toHaveLength(3)
    expect(dashboard.sessionsSince[0]).toMatchObject({ clientName: expect.any(String), title: expect.any(String) })
    expect(dashboard.activeClients).toBeGreaterThan(0)
    // This week's sets fell from 3 of 4 to 1 of 4 as prescribed: the coach is told.
    expect(dashboard.needsYou.find((c) => c.clientId === client.id)?.reasons).toEqual([
      { kind: 'set_adherence_dropped', from: 0.75, to: 0.25 },
    ])

    const adaOf = async () =>
      z
        .array(ActiveClientSchema)
        .parse(await (await send(coach, 'GET', '/api/clients?today=2026-11-22')).json())
        .find((c) => c.clientId === client.id)
    // A correction counts the session again: W2D1's skipped set, logged after the finish, was done as prescribed.
    const w2d1 = sessions.get('2-1')
    const correction = {
      exerciseKey: w2d1?.exercises[0]?.key,
      setNumber: 2,
      reps: 5,
      loadKg: 100,
      editedAt: new Date().toISOString(),
    }
    expect((await send(client, 'PUT', `/api/sessions/${w2d1?.id}/sets/${randomUUID()}`, correction)).status).toBe(200)
    expect(await adaOf()).toMatchObject({ setAdherence7: 0.5, setAdherence28: 0.625, setAdherencePreviousWeek: 0.75 })
    // Sessions finished before their counts were kept are counted when adherence first reads them, and keep them.
    await t.db
      .update(workoutSessions)
      .set({ setsPrescribed: null, setsAsPrescribed: null })
      .where(eq(workoutSessions.clientId, client.id))
    expect(await adaOf()).toMatchObject({ setAdherence7: 0.5, setAdherence28: 0.625, setAdherencePreviousWeek: 0.75 })
    const kept = await t.db
      .select({ prescribed: workoutSessions.setsPrescribed, asPrescribed: workoutSessions.setsAsPrescribed })
      .from(workoutSessions)
      .where(eq(workoutSessions.clientId, client.id))
    expect(kept.map((k) => `${k.asPrescribed}/${k.prescribed}`).sort()).toEqual(['1/2', '2/2', '2/2'])
    const later = DashboardSchema.parse(
      await (
        await send(
          coach,
          'GET',
          `/api/clients/dashboard?since=${encodeURIComponent(new Date(Date.now() + 1000).toISOString())}`,
        )
      ).json(),
    )
    expect(later.sessionsSince).toEqual([])
    expect((await send(otherCoach, 'GET', '/api/clients/dashboard')).status).toBe(200)
    expect(
      DashboardSchema.parse(await (await send(otherCoach, 'GET', '/api/clients/dashboard')).json()).sessionsSince,
    ).toEqual([])
    // A client whose coaching ended leaves the coach's feed of finished sessions.
    expect((await send(coach, 'POST', `/api/clients/${client.id}/archive`, {})).status).toBe(204)
    const ended = DashboardSchema.parse(
      await (await send(coach, 'GET', '/api/clients/dashboard?today=2026-11-22')).json(),
    )
    expect(ended.sessionsSince.filter((s) => s.clientId === client.id)).toEqual([])
  })
})

describe('who needs the coach today', () => {
  test('RPE above target over a week of sessions needs the coach; a new record alone does not, and stands apart', async () => {
    const coachOfRex = await signIn(t, { role: 'coach' })
    const rex = await signIn(t, { role: 'client', displayName: 'Rex Rising' })
    const calm = await signIn(t, { role: 'client', displayName: 'Cal Calm' })
    const tia = await signIn(t, { role: 'client', displayName: 'Tia Tie' })
    const remy = await signIn(t, { role: 'client', displayName: 'Remy Record' })
    await t.db.insert(coachClients).values([
      { coachId: coachOfRex.id, clientId: remy.id },
      { coachId: coachOfRex.id, clientId: rex.id },
      { coachId: coachOfRex.id, clientId: calm.id },
      { coachId: coachOfRex.id, clientId: tia.id },
    ])
    const squat = (
      (await (await send(coachOfRex, 'GET', '/api/movements?q=back%20squat')).json()) as {
        items: { id: string; name: string; tracking: string }[]
      }
    ).items[0]
    if (!squat) throw new Error('no squat in the library')
    /** A finished free session of back squats at RPE 7 targets: the sets as logged. */
    async function train(who: SignedIn, sets: { reps: number; loadKg: number; rpe: number }[]) {
      const session = (await (await send(who, 'POST', '/api/sessions', {})).json()) as { id: string }
      const key = randomUUID()
      const exercise = {
        key,
        movementId: squat?.id,
        movementName: squat?.name,
        tracking: squat?.tracking,
        prescriptionId: null,
        superset: null,
        restSeconds: null,
        notes: null,
        targets: sets.map(() => ({ reps: { min: 5, max: 5 }, rpe: 7 })),
      }
      expect((await send(who, 'PATCH', `/api/sessions/${session.id}`, { exercises: [exercise] })).status).toBe(200)
      for (const [i, set] of sets.entries()) {
        expect(
          (
            await send(who, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
              exerciseKey: key,
              setNumber: i + 1,
              ...set,
              editedAt: new Date().toISOString(),
            })
          ).status,
        ).toBe(200)
      }
      expect((await send(who, 'POST', `/api/sessions/${session.id}/finish`, {})).status).toBe(200)
      return session.id
    }
    // Ten days ago: 100 kg x 5, the best so far, at RPE 8.5 (outside this week).
    const earlier = await train(rex, [{ reps: 5, loadKg: 100, rpe: 8.5 }])
    await t.db
      .update(workoutSessions)
      .set({ startedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(workoutSessions.id, earlier))
    // This week: 105 kg x 5 (a record), then 100 kg x 5, all a point or more over the target RPE 7.
    await train(rex, [
      { reps: 5, loadKg: 105, rpe: 8 },
      { reps: 5, loadKg: 105, rpe: 8 },
      { reps: 5, loadKg: 105, rpe: 8 },
    ])
    await train(rex, [
      { reps: 5, loadKg: 100, rpe: 8.5 },
      { reps: 5, loadKg: 100, rpe: 8.5 },
    ])
    // Cal trains for the first time (no record): one very hard day, one easy one. On average a
    // point over, but not all week: nothing to say.
    await train(calm, [
      { reps: 5, loadKg: 60, rpe: 9.5 },
      { reps: 5, loadKg: 60, rpe: 9.5 },
    ])
    await train(calm, [
      { reps: 5, loadKg: 60, rpe: 6.5 },
      { reps: 5, loadKg: 60, rpe: 6.5 },
    ])

    // Tia ties: 87.5 kg x 10 ten days ago and 100 kg x 5 this week are both an e1RM of 116.7 kg.
    const tiasEarlier = await train(tia, [{ reps: 10, loadKg: 87.5, rpe: 7 }])
    await t.db
      .update(workoutSessions)
      .set({ startedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(workoutSessions.id, tiasEarlier))
    await train(tia, [{ reps: 5, loadKg: 100, rpe: 7 }])

    // Remy beats last week's best at the target RPE: a record, and nothing to act on.
    const remysEarlier = await train(remy, [{ reps: 5, loadKg: 80, rpe: 7 }])
    await t.db
      .update(workoutSessions)
      .set({ startedAt: new Date(Date.now() - 10 * 86_400_000) })
      .where(eq(workoutSessions.id, remysEarlier))
    await train(remy, [{ reps: 5, loadKg: 85, rpe: 7 }])

    const today = new Date().toISOString().slice(0, 10)
    const dashboard = DashboardSchema.parse(
      await (await send(coachOfRex, 'GET', `/api/clients/dashboard?today=${today}`)).json(),
    )
    expect(dashboard.needsYou).toEqual([
      {
        clientId: rex.id,
        displayName: 'Rex Rising',
        reasons: [{ kind: 'rpe_above_target', by: 1.2, sets: 5 }],
      },
    ])
    expect(dashboard.recordsToCongratulate).toEqual([
      { clientId: remy.id, displayName: 'Remy Record', movements: [squat.name] },
      { clientId: rex.id, displayName: 'Rex Rising', movements: [squat.name] },
    ])
    // Another coach hears nothing of Rex.
    expect(
      DashboardSchema.parse(
        await (await send(coach, 'GET', `/api/clients/dashboard?today=${today}`)).json(),
      ).needsYou.map((c) => c.clientId),
    ).not.toContain(rex.id)
  })
})
