import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  CommentNoticeSchema,
  SessionSchema,
  UnreadCommentsSchema,
  sessionApiText,
  type Session,
} from '#shared/schemas/sessions.ts'
import { SessionReportSchema } from '#shared/schemas/session-reports.ts'
import { coachClients, setLogHistory, setLogs, workoutSessions } from '#server/db/schema/index.ts'
import { readEvents } from '../../../../tests/helpers/sse.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'
import type { SetType } from '#shared/set-types.ts'

let t: TestContext
let coach: SignedIn
let client: SignedIn
let otherClient: SignedIn
let otherCoach: SignedIn
let squatId: string
let planWorkoutId: string
let planId: string

const send = async (who: SignedIn | undefined, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function start(who: SignedIn, body: object = { planWorkoutId }): Promise<Session> {
  const res = await send(who, 'POST', '/api/sessions', body)
  expect(res.status, await res.clone().text()).toBe(201)
  return SessionSchema.parse(await res.json())
}

const set = (session: Session, setNumber: number, values: object, editedAt = new Date().toISOString()) => ({
  exerciseKey: session.exercises[0]?.key,
  setNumber,
  editedAt,
  ...values,
})

/** A back squat as a session carries it, added by the lifter (no prescription, no targets) unless `change` says otherwise. */
const backSquat = (change: object) => ({
  key: randomUUID(),
  movementId: squatId,
  movementName: 'Back squat',
  tracking: 'weight_reps',
  prescriptionId: null,
  superset: null,
  restSeconds: 120,
  notes: null,
  targets: [],
  ...change,
})

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Sam' })
  otherCoach = await signIn(t, { role: 'coach' })
  client = await signIn(t, { role: 'client', displayName: 'Lifter Lee' })
  otherClient = await signIn(t, { role: 'client' })
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
  squatId =
    ((await (await send(coach, 'GET', '/api/movements?q=back%20squat')).json()) as { items: { id: string }[] }).items[0]
      ?.id ?? ''
  const source = (
    (await (await send(coach, 'POST', '/api/plans', { name: 'Strength', weeks: 2, daysPerWeek: 2 })).json()) as {
      id: string
    }
  ).id
  await send(coach, 'PUT', `/api/plans/${source}/days/1/1`, {
    version: 1,
    workout: {
      title: 'Lower A',
      exercises: [
        {
          movementId: squatId,
          sets: [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 8 })),
        },
      ],
    },
  })
  planId = (
    (await (
      await send(coach, 'POST', `/api/plans/${source}/assign`, { clientId: client.id, startDate: '2026-11-23' })
    ).json()) as { id: string }
  ).id
  const plan = (await (await send(client, 'GET', `/api/plans/${planId}`)).json()) as { workouts: { id: string }[] }
  planWorkoutId = plan.workouts[0]?.id ?? ''
})
afterAll(() => t.close())

describe('sessions', () => {
  test('starting copies the planned workout (names, exercises, targets); starting again resumes it', async () => {
    const session = await start(client)
    expect(session).toMatchObject({
      title: 'Lower A',
      planName: 'Strength',
      week: 1,
      day: 1,
      status: 'in_progress',
      planId,
    })
    expect(session.exercises).toMatchObject([
      { movementName: 'Back squat', targets: [{ reps: { min: 5, max: 5 } }, {}, {}] },
    ])
    expect((await start(client)).id).toBe(session.id)
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
  })

  test('a start made with no signal keeps the device’s id and exercises, once, beside an open session', async () => {
    const open = await start(client)
    const id = randomUUID()
    const exercises = open.exercises.map((e) => ({ ...e, key: randomUUID() }))
    const body = { id, planWorkoutId, exercises, title: 'ignored: the plan names it' }
    const made = await start(client, body)
    expect(made).toMatchObject({ id, title: 'Lower A', planWorkoutId })
    expect(made.exercises.map((e) => e.key)).toEqual(exercises.map((e) => e.key))
    expect(
      (await send(client, 'PUT', `/api/sessions/${id}/sets/${randomUUID()}`, set(made, 1, { reps: 5, loadKg: 100 })))
        .status,
    ).toBe(200)
    // Sent again (its answer was lost): the same session, not a second one, and its sets stay.
    const again = await start(client, body)
    expect(again.id).toBe(id)
    expect(again.sets).toHaveLength(1)
    const mine = (await (await send(client, 'GET', `/api/sessions?planId=${planId}`)).json()) as { id: string }[]
    expect(mine.filter((s) => s.id === id)).toHaveLength(1)

    // Two exercises with one key, or a movement the lifter may not use, are refused and make nothing.
    const clash = await send(client, 'POST', '/api/sessions', {
      id: randomUUID(),
      exercises: [exercises[0], exercises[0]],
    })
    expect(clash.status).toBe(400)
    const theirs = await send(coach, 'POST', '/api/movements', {
      name: 'Coach-only sled',
      pattern: 'carry',
      primaryMuscles: ['quads'],
      equipment: ['sled'],
      tracking: 'weight_reps',
    })
    const foreign = await send(client, 'POST', '/api/sessions', {
      id: randomUUID(),
      exercises: [{ ...exercises[0], key: randomUUID(), movementId: ((await theirs.json()) as { id: string }).id }],
    })
    expect(foreign.status).toBe(400)
    for (const session of [open.id, id]) await send(client, 'POST', `/api/sessions/${session}/discard`)
  })

  test('an earlier try of a start that landed without its exercises takes the device’s, while nothing is logged on it', async () => {
    const id = randomUUID()
    const first = await start(client, { id, planWorkoutId })
    const exercises = first.exercises.map((e) => ({ ...e, key: randomUUID() }))
    const adopted = await start(client, { id, planWorkoutId, exercises })
    expect(adopted.exercises.map((e) => e.key)).toEqual(exercises.map((e) => e.key))
    // Once a set is logged, a late copy changes nothing.
    expect(
      (await send(client, 'PUT', `/api/sessions/${id}/sets/${randomUUID()}`, set(adopted, 1, { reps: 5 }))).status,
    ).toBe(200)
    const late = await start(client, {
      id,
      planWorkoutId,
      exercises: exercises.map((e) => ({ ...e, key: randomUUID() })),
    })
    expect(late.exercises.map((e) => e.key)).toEqual(exercises.map((e) => e.key))
    await send(client, 'POST', `/api/sessions/${id}/discard`)
  })

  test('a start with no source keeps the title it names', async () => {
    const made = await start(client, { id: randomUUID(), exercises: [], title: 'Hotel gym' })
    expect(made.title).toBe('Hotel gym')
    expect((await start(client, {})).title).toBe('Unplanned session')
    for (const session of [made.id]) await send(client, 'POST', `/api/sessions/${session}/discard`)
  })

  test('each exercise comes with its movement’s equipment from the library, whatever the copy says', async () => {
    const session = await start(client, {})
    const plank = (
      (await (await send(client, 'GET', '/api/movements?q=plank')).json()) as {
        items: { id: string; name: string; equipment: string[] }[]
      }
    ).items[0]
    const exercises = [
      backSquat({ equipment: ['dumbbell'] }),
      backSquat({ movementId: plank?.id, movementName: plank?.name, tracking: 'time' }),
    ]
    expect((await send(client, 'PATCH', `/api/sessions/${session.id}`, { exercises })).status).toBe(200)
    const read = SessionSchema.parse(await (await send(client, 'GET', `/api/sessions/${session.id}`)).json())
    expect(read.exercises.map((e) => e.equipment)).toEqual([expect.arrayContaining(['barbell']), plank?.equipment])
    expect(
      (await send(client, 'PATCH', `/api/sessions/${session.id}`, { exercises: [backSquat({ equipment: ['anvil'] })] }))
        .status,
    ).toBe(400)
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
  })

  test('the same set posted five times stores one row, with the targets beside the performed values', async () => {
    const session = await start(client)
    const setId = randomUUID()
    const body = set(session, 1, { reps: 5, loadKg: 100, rpe: 8 })
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => send(client, 'PUT', `/api/sessions/${session.id}/sets/${setId}`, body)),
    )
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    const rows = await t.db.select().from(setLogs).where(eq(setLogs.id, setId))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      reps: 5,
      loadKg: 100,
      rpe: 8,
      targetRepsMin: 5,
      targetRepsMax: 5,
      targetLoadKg: 100,
      targetRpe: 8,
      completed: true,
    })
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
  })

  test('sets arriving together (written in one statement) each get their own answer: new, replayed, refused', async () => {
    const session = await start(client)
    const other = await start(otherClient, {})
    await send(otherClient, 'PATCH', `/api/sessions/${other.id}`, {
      exercises: [{ ...session.exercises[0], key: randomUUID(), prescriptionId: null, targets: [] }],
    })
    const twice = randomUUID()
    const fresh = Array.from({ length: 30 }, () => randomUUID())
    const answers = await Promise.all([
      ...fresh.map((id, i) =>
        send(
          client,
          'PUT',
          `/api/sessions/${session.id}/sets/${id}`,
          set(session, 1 + (i % 3), { reps: 5, loadKg: 100 + i }),
        ),
      ),
      ...Array.from({ length: 4 }, () =>
        send(client, 'PUT', `/api/sessions/${session.id}/sets/${twice}`, set(session, 1, { reps: 3, loadKg: 90 })),
      ),
      // Into someone else's session, and with an exercise the session does not have.
      send(otherClient, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, set(session, 1, { reps: 5 })),
      send(client, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
        ...set(session, 1, { reps: 5 }),
        exerciseKey: randomUUID(),
      }),
    ])
    expect(answers.map((r) => r.status)).toEqual([...fresh.map(() => 200), 200, 200, 200, 200, 403, 400])
    const bodies = (await Promise.all(answers.slice(0, 30).map((r) => r.json()))) as {
      id: string
      loadKg: number
      targetRepsMin: number
    }[]
    expect(bodies.map((b) => [b.id, b.loadKg, b.targetRepsMin])).toEqual(fresh.map((id, i) => [id, 100 + i, 5]))
    const rows = await t.db.select().from(setLogs).where(eq(setLogs.sessionId, session.id))
    expect(rows).toHaveLength(31)
    expect(rows.find((r) => r.id === twice)).toMatchObject({ reps: 3, loadKg: 90 })
    expect(await t.db.select().from(setLogs).where(eq(setLogs.sessionId, other.id))).toEqual([])
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
    await send(otherClient, 'POST', `/api/sessions/${other.id}/discard`)
  })

  test('a patch that names no field changes nothing; a body not sent as JSON is refused and changes nothing', async () => {
    const session = await start(client)
    expect((await send(client, 'PATCH', `/api/sessions/${session.id}`, { notes: 'Keep me' })).status).toBe(200)
    const empty = await send(client, 'PATCH', `/api/sessions/${session.id}`, {})
    expect(empty.status, await empty.clone().text()).toBe(200)
    expect(SessionSchema.parse(await empty.json())).toMatchObject({ notes: 'Keep me', exercises: session.exercises })
    const bare = await t.app.request(`/api/sessions/${session.id}`, {
      method: 'PATCH',
      headers: { ...jsonHeaders(client), 'content-type': '' },
    })
    expect(bare.status).toBe(200)
    for (const [contentType, body] of [
      ['text/plain', JSON.stringify({ notes: 'Not JSON' })],
      ['application/x-www-form-urlencoded', 'notes=Not+JSON'],
    ]) {
      const res = await t.app.request(`/api/sessions/${session.id}`, {
        method: 'PATCH',
        headers: { ...jsonHeaders(client), 'content-type': contentType ?? '' },
        body,
      })
      expect(res.status, contentType).toBe(415)
      expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    }
    expect(((await (await send(client, 'GET', `/api/sessions/${session.id}`)).json()) as Session).notes).toBe('Keep me')
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
  })

  test('half of a UTF-16 pair anywhere in a session or a late set answers 400 naming the field, and changes nothing', async () => {
    const session = await start(client)
    const exercises = session.exercises.map((e) => ({ ...e, movementName: 'Squat \ud800' }))
    const patched = await send(client, 'PATCH', `/api/sessions/${session.id}`, { exercises, notes: 'ok' })
    expect(patched.status, await patched.clone().text()).toBe(400)
    expect(await patched.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'exercises.0.movementName': [expect.stringContaining('valid Unicode')] },
    })

    const setId = randomUUID()
    await send(client, 'PUT', `/api/sessions/${session.id}/sets/${setId}`, set(session, 1, { reps: 5, loadKg: 100 }))
    // An older edit arriving late is kept in history (a JSON column), not applied.
    const late = await send(
      client,
      'PUT',
      `/api/sessions/${session.id}/sets/${setId}`,
      set(session, 1, { reps: 4, note: '\udc00 late' }, new Date(Date.now() - 60_000).toISOString()),
    )
    expect(late.status, await late.clone().text()).toBe(400)
    expect(await late.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { note: [expect.stringContaining('valid Unicode')] },
    })
    expect(await t.db.select().from(setLogHistory).where(eq(setLogHistory.setLogId, setId))).toEqual([])
    const now = SessionSchema.parse(await (await send(client, 'GET', `/api/sessions/${session.id}`)).json())
    expect(now).toMatchObject({ notes: null, exercises: session.exercises })
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
  })

  test('two devices editing one set: the later edit wins, the other version is kept in history', async () => {
    const session = await start(client)
    const setId = randomUUID()
    const early = new Date(Date.now() - 60_000).toISOString()
    const late = new Date().toISOString()
    await send(
      client,
      'PUT',
      `/api/sessions/${session.id}/sets/${setId}`,
      set(session, 1, { reps: 5, loadKg: 100 }, early),
    )
    await send(
      client,
      'PUT',
      `/api/sessions/${session.id}/sets/${setId}`,
      set(session, 1, { reps: 5, loadKg: 102.5 }, late),
    )
    // The first device's stale edit arrives last: it does not win.
    const stale = await send(
      client,
      'PUT',
      `/api/sessions/${session.id}/sets/${setId}`,
      set(session, 1, { reps: 4, loadKg: 100 }, new Date(Date.now() - 30_000).toISOString()),
    )
    expect(await stale.json()).toMatchObject({ loadKg: 102.5, reps: 5 })
    const history = await t.db.select().from(setLogHistory).where(eq(setLogHistory.setLogId, setId))
    expect(history.map((h) => (h.values as { loadKg: number }).loadKg).sort()).toEqual([100, 100])
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
  })

  test('a deletion carries the device’s time: an edit made later on another device wins over it', async () => {
    const session = await start(client)
    const setId = randomUUID()
    const now = Date.now()
    const at = (msAgo: number) => encodeURIComponent(new Date(now - msAgo).toISOString())
    await send(
      client,
      'PUT',
      `/api/sessions/${session.id}/sets/${setId}`,
      set(session, 1, { reps: 5, loadKg: 100 }, new Date(now - 10_000).toISOString()),
    )
    // The phone deleted it 20 s ago (before the tablet's edit 10 s ago) but synced only now: the edit stays.
    expect(
      (await send(client, 'DELETE', `/api/sessions/${session.id}/sets/${setId}?editedAt=${at(20_000)}`)).status,
    ).toBe(204)
    const [kept] = await t.db.select().from(setLogs).where(eq(setLogs.id, setId))
    expect(kept?.deletedAt).toBeNull()
    const history = await t.db.select().from(setLogHistory).where(eq(setLogHistory.setLogId, setId))
    expect(history.map((h) => h.values)).toEqual([{ deleted: true }])
    // A deletion made after the edit removes it.
    expect(
      (await send(client, 'DELETE', `/api/sessions/${session.id}/sets/${setId}?editedAt=${at(1_000)}`)).status,
    ).toBe(204)
    const [gone] = await t.db.select().from(setLogs).where(eq(setLogs.id, setId))
    expect(gone?.deletedAt).not.toBeNull()
    expect((await send(client, 'DELETE', `/api/sessions/${session.id}/sets/${setId}?editedAt=yesterday`)).status).toBe(
      400,
    )
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
  })

  test('a client cannot log into another client’s session; a coach reads but never writes', async () => {
    const session = await start(client)
    const body = set(session, 1, { reps: 5, loadKg: 100 })
    expect((await send(otherClient, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, body)).status).toBe(403)
    expect((await send(coach, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, body)).status).toBe(403)
    expect((await send(coach, 'GET', `/api/sessions/${session.id}`)).status).toBe(200)
    expect((await send(otherCoach, 'GET', `/api/sessions/${session.id}`)).status).toBe(403)
    expect((await send(otherClient, 'GET', `/api/sessions/${session.id}`)).status).toBe(403)
    expect((await send(otherClient, 'POST', '/api/sessions', { planWorkoutId })).status).toBe(403)
    await send(client, 'POST', `/api/sessions/${session.id}/discard`)
  })

  test('bad set values are refused with field messages; a session finished 48 hours ago takes no new sets', async () => {
    const session = await start(client)
    const bad = await send(
      client,
      'PUT',
      `/api/sessions/${session.id}/sets/${randomUUID()}`,
      set(session, 1, { reps: 1001, loadKg: 1600, rpe: 8.3 }),
    )
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      fields: { reps: [sessionApiText.reps], loadKg: [sessionApiText.load], rpe: [sessionApiText.rpe] },
    })
    const unknown = await send(client, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
      ...set(session, 1, { reps: 5 }),
      exerciseKey: randomUUID(),
    })
    expect(unknown.status).toBe(400)
    // Values the database could not hold are refused as input, never a 500.
    expect(
      (
        await send(
          client,
          'PUT',
          `/api/sessions/${session.id}/sets/${randomUUID()}`,
          set(session, 1, { reps: 5 }, '0000-01-01T00:00:00Z'),
        )
      ).status,
    ).toBe(400)
    const oddExercise = { ...session.exercises[0], prescriptionId: 'not-a-uuid' }
    expect((await send(client, 'PATCH', `/api/sessions/${session.id}`, { exercises: [oddExercise] })).status).toBe(400)
    expect(
      (await send(client, 'GET', '/api/sessions/movement-stats?movementIds=------------------------------------'))
        .status,
    ).toBe(400)
    expect((await send(coach, 'GET', '/api/clients?today=0000-01-01')).status).toBe(400)
    expect(
      (await send(coach, 'PUT', `/api/plans/${planId}/days/1/1`, { version: 3_000_000_000, workout: null })).status,
    ).toBe(400)

    expect((await send(client, 'POST', `/api/sessions/${session.id}/finish`, { rpe: 8 })).status).toBe(200)
    // Until then a new set is a correction (corrections.routes.test.ts).
    await t.db
      .update(workoutSessions)
      .set({ completedAt: sql`now() - interval '48 hours 1 minute'` })
      .where(eq(workoutSessions.id, session.id))
    const late = await send(
      client,
      'PUT',
      `/api/sessions/${session.id}/sets/${randomUUID()}`,
      set(session, 1, { reps: 5, loadKg: 100 }),
    )
    expect(late.status).toBe(409)
    expect(await late.json()).toMatchObject({ message: sessionApiText.correctionClosed })
  })

  /** A lifter who trains free sessions of back squats: each call finishes one of these (reps, kg) sets and answers its report. */
  async function squatter() {
    const lifter = await signIn(t, { role: 'client' })
    const key = randomUUID()
    return async (sets: readonly (readonly [number, number, SetType?])[]) => {
      const session = await start(lifter, {})
      await send(lifter, 'PATCH', `/api/sessions/${session.id}`, { exercises: [backSquat({ key, targets: [] })] })
      for (const [n, [reps, loadKg, setType]] of sets.entries()) {
        const res = await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
          exerciseKey: key,
          setNumber: n + 1,
          reps,
          loadKg,
          setType,
          editedAt: new Date().toISOString(),
        })
        expect(res.status).toBe(200)
      }
      await send(lifter, 'POST', `/api/sessions/${session.id}/finish`, {})
      return SessionReportSchema.parse(await (await send(lifter, 'GET', `/api/sessions/${session.id}/report`)).json())
    }
  }

  test('a load record counts sets of more reps before, also beyond 12: 100 × 15 leaves 100 × 10 no record', async () => {
    const trained = await squatter()
    expect((await trained([[15, 100]])).records).toEqual([])
    // No e1RM before (15 reps give none); 102.5 × 8 beats the 100 lifted for 8 or more; 100 × 10 does not.
    expect(
      (
        await trained([
          [10, 100],
          [8, 102.5],
        ])
      ).records,
    ).toEqual([
      { movementId: squatId, movementName: 'Back squat', kind: 'e1rm', reps: null, valueKg: 133.3, previousKg: null },
      { movementId: squatId, movementName: 'Back squat', kind: 'load', reps: 8, valueKg: 102.5, previousKg: 100 },
    ])
  })

  test('a tie is no record: the same best again, or an e1RM that reads the same to 0.1 kg', async () => {
    const report = await squatter()
    const trained = async (sets: readonly (readonly [number, number])[]) => (await report(sets)).records
    expect(await trained([[5, 100]])).toEqual([])
    // 100 × 5 again: e1RM 116.7 (was 116.7) and 100 for 5 (was 100) are ties.
    expect(await trained([[5, 100]])).toEqual([])
    // 87.5 × 10 is e1RM 116.7 too; only its 10 reps are new.
    expect(await trained([[10, 87.5]])).toEqual([
      { movementId: squatId, movementName: 'Back squat', kind: 'load', reps: 10, valueKg: 87.5, previousKg: null },
    ])
    // 101 × 5 beats both: e1RM 117.8 (was 116.7), 101 for 5 (was 100).
    expect(await trained([[5, 101]])).toEqual([
      { movementId: squatId, movementName: 'Back squat', kind: 'e1rm', reps: null, valueKg: 117.8, previousKg: 116.7 },
      { movementId: squatId, movementName: 'Back squat', kind: 'load', reps: 5, valueKg: 101, previousKg: 100 },
    ])
  })

  test('a warm-up counts in no record, no volume and no best; drop sets and sets to failure are work', async () => {
    const trained = await squatter()
    await trained([[5, 100]])
    // A heavy single as a warm-up beats every best, and is none of them.
    const warmedUp = await trained([
      [1, 140, 'warmup'],
      [5, 100],
    ])
    expect(warmedUp.records).toEqual([])
    expect(warmedUp.volumeKg).toBe(500)
    expect(warmedUp.setsCompleted).toBe(1)
    expect(warmedUp.movements[0]).toMatchObject({ sets: 1, bestSet: { reps: 5, loadKg: 100 }, bestE1rmKg: 116.7 })
    expect(warmedUp.review.exercises[0]?.sets.map((s) => s.logged?.setType)).toEqual(['warmup', 'working'])
    // The next record is measured against 116.7, not the warm-up's 140.
    const next = await trained([
      [5, 102.5, 'failure'],
      [8, 80, 'drop'],
    ])
    expect(next.records).toContainEqual({
      movementId: squatId,
      movementName: 'Back squat',
      kind: 'e1rm',
      reps: null,
      valueKg: 119.6,
      previousKg: 116.7,
    })
    expect(next.volumeKg).toBe(102.5 * 5 + 80 * 8)
  })

  test('warm-ups stand aside: the work sets answer the prescribed ones in row order; a type the app does not know is refused', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const session = await start(lifter, {})
    const key = randomUUID()
    const targets = [1, 2].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }))
    await send(lifter, 'PATCH', `/api/sessions/${session.id}`, {
      exercises: [backSquat({ key, targets, prescriptionId: randomUUID() })],
    })
    const log = (setNumber: number, setType?: string, loadKg = 100) =>
      send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
        exerciseKey: key,
        setNumber,
        reps: 5,
        loadKg,
        setType,
        editedAt: new Date().toISOString(),
      })
    const refused = await log(1, 'cooldown')
    expect(refused.status).toBe(400)
    expect(JSON.stringify(await refused.json())).toContain('Set type must be working, warmup, drop or failure')
    const review = async () =>
      SessionReportSchema.parse(await (await send(lifter, 'GET', `/api/sessions/${session.id}/report`)).json()).review
    const rows = async () => (await review()).exercises[0]?.sets.map((s) => [s.setNumber, s.deviations, s.asPrescribed])

    // A warm-up on the first row, the work on the second: the second prescribed set is still to do.
    expect((await log(1, 'warmup', 60)).status).toBe(200)
    expect((await log(2)).status).toBe(200)
    expect(await rows()).toEqual([
      [1, ['warmup'], null],
      [2, [], true],
      [3, ['skipped'], false],
    ])
    expect((await review()).adherence).toBe(0.5)

    // A third row does it: both prescribed sets done as prescribed, the warm-up counted in neither figure.
    expect((await log(3)).status).toBe(200)
    expect(await rows()).toEqual([
      [1, ['warmup'], null],
      [2, [], true],
      [3, [], true],
    ])
    expect(await review()).toMatchObject({ prescribed: 2, asPrescribed: 2, adherence: 1 })
  })

  test('the report: volume, sets done vs prescribed, best set and e1RM, and new records against earlier sessions', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const first = await start(lifter, {})
    const key = randomUUID()
    const patched = await send(lifter, 'PATCH', `/api/sessions/${first.id}`, {
      exercises: [backSquat({ key, targets: [{ reps: { min: 5, max: 5 } }, { reps: { min: 5, max: 5 } }] })],
    })
    expect(patched.status, await patched.clone().text()).toBe(200)
    for (const [n, load] of [
      [1, 100],
      [2, 100],
    ] as const) {
      await send(lifter, 'PUT', `/api/sessions/${first.id}/sets/${randomUUID()}`, {
        exerciseKey: key,
        setNumber: n,
        reps: 5,
        loadKg: load,
        editedAt: new Date().toISOString(),
      })
    }
    await send(lifter, 'POST', `/api/sessions/${first.id}/finish`, {})
    // The first session with a movement sets baselines: nothing to beat yet.
    expect(
      SessionReportSchema.parse(await (await send(lifter, 'GET', `/api/sessions/${first.id}/report`)).json()).records,
    ).toEqual([])

    const second = await start(lifter, {})
    await send(lifter, 'PATCH', `/api/sessions/${second.id}`, {
      exercises: SessionSchema.parse(await (await send(lifter, 'GET', `/api/sessions/${first.id}`)).json()).exercises,
    })
    for (const [n, reps, load] of [
      [1, 5, 105],
      [2, 5, 100],
      [3, 3, 110],
      [4, 4, 105],
    ] as const) {
      await send(lifter, 'PUT', `/api/sessions/${second.id}/sets/${randomUUID()}`, {
        exerciseKey: key,
        setNumber: n,
        reps,
        loadKg: load,
        editedAt: new Date().toISOString(),
      })
    }
    await send(lifter, 'POST', `/api/sessions/${second.id}/finish`, { rpe: 9, notes: 'Felt strong' })
    const report = SessionReportSchema.parse(
      await (await send(lifter, 'GET', `/api/sessions/${second.id}/report`)).json(),
    )
    expect(report.setsCompleted).toBe(4)
    expect(report.setsPrescribed).toBe(2)
    expect(report.volumeKg).toBe(105 * 5 + 100 * 5 + 110 * 3 + 105 * 4)
    expect(report.movements).toEqual([
      {
        movementId: squatId,
        movementName: 'Back squat',
        sets: 4,
        bestSet: { reps: 5, loadKg: 105 },
        bestE1rmKg: 122.5,
      },
    ])
    // 105 × 4 is no record beside 105 × 5; 110 × 3 beats the 100 lifted for 3 or more reps before.
    expect(report.records).toEqual([
      { movementId: squatId, movementName: 'Back squat', kind: 'e1rm', reps: null, valueKg: 122.5, previousKg: 116.7 },
      { movementId: squatId, movementName: 'Back squat', kind: 'load', reps: 3, valueKg: 110, previousKg: 100 },
      { movementId: squatId, movementName: 'Back squat', kind: 'load', reps: 5, valueKg: 105, previousKg: 100 },
    ])
    expect(report.session).toMatchObject({ rpe: 9, notes: 'Felt strong', status: 'completed' })

    const stats = await (await send(lifter, 'GET', `/api/sessions/movement-stats?movementIds=${squatId}`)).json()
    expect(stats).toEqual([
      {
        movementId: squatId,
        last: {
          sessionId: second.id,
          date: report.session.startedAt,
          sets: [
            [5, 105],
            [5, 100],
            [3, 110],
            [4, 105],
          ].map(([reps, loadKg]) => ({ reps, loadKg, durationSeconds: null, distanceMeters: null })),
        },
        bestE1rmKg: 122.5,
      },
    ])
    expect((await send(lifter, 'GET', '/api/sessions/movement-stats?movementIds=nope')).status).toBe(400)
  })

  test('the report reviews every set against its target: %1RM from the e1RM before, skipped, short, added, swapped', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const benchId =
      ((await (await send(lifter, 'GET', '/api/movements?q=bench%20press')).json()) as { items: { id: string }[] })
        .items[0]?.id ?? ''
    const first = await start(lifter, {})
    const key = randomUUID()
    const exercise = backSquat({ key })
    await send(lifter, 'PATCH', `/api/sessions/${first.id}`, { exercises: [exercise] })
    await send(lifter, 'PUT', `/api/sessions/${first.id}/sets/${randomUUID()}`, {
      exerciseKey: key,
      setNumber: 1,
      reps: 1,
      loadKg: 160,
      editedAt: new Date().toISOString(),
    })
    await send(lifter, 'POST', `/api/sessions/${first.id}/finish`, {})

    const second = await start(lifter, {})
    const swappedKey = randomUUID()
    const targets = [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm', value: 75 } }))
    const patched = await send(lifter, 'PATCH', `/api/sessions/${second.id}`, {
      exercises: [
        { ...exercise, prescriptionId: randomUUID(), targets },
        {
          ...exercise,
          key: swappedKey,
          movementId: benchId,
          movementName: 'Bench press',
          prescriptionId: randomUUID(),
          targets: [{ reps: { min: 8, max: 8 } }],
          swappedFrom: { movementId: squatId, movementName: 'Back squat' },
        },
      ],
    })
    expect(patched.status, await patched.clone().text()).toBe(200)
    for (const [k, n, reps, loadKg] of [
      [key, 1, 5, 120],
      [key, 3, 4, 120],
      [key, 4, 5, 100],
      [swappedKey, 1, 8, 60],
    ] as const) {
      await send(lifter, 'PUT', `/api/sessions/${second.id}/sets/${randomUUID()}`, {
        exerciseKey: k,
        setNumber: n,
        reps,
        loadKg,
        editedAt: new Date().toISOString(),
      })
    }
    await send(lifter, 'POST', `/api/sessions/${second.id}/finish`, {})

    const { review } = SessionReportSchema.parse(
      await (await send(lifter, 'GET', `/api/sessions/${second.id}/report`)).json(),
    )
    expect(review.exercises[0]?.sets.map((s) => [s.setNumber, s.targetLoadKg, s.deviations])).toEqual([
      [1, 120, []],
      [2, 120, ['skipped']],
      [3, 120, ['reps_short']],
      [4, null, ['added']],
    ])
    expect(review.exercises[1]).toMatchObject({
      movementName: 'Bench press',
      swappedFrom: { movementName: 'Back squat' },
      sets: [{ deviations: ['swapped'], asPrescribed: false }],
    })
    expect(review).toMatchObject({ prescribed: 4, asPrescribed: 1, adherence: 0.25 })
  })

  test('a prescribed exercise removed during the session stays in the review, its sets skipped; put back, it counts again', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const session = await start(lifter, {})
    const prescribed = backSquat({
      prescriptionId: randomUUID(),
      restSeconds: null,
      targets: [{ reps: { min: 5, max: 5 } }, { reps: { min: 5, max: 5 } }],
    })
    const mine = { ...prescribed, key: randomUUID(), prescriptionId: null, targets: [] }
    expect((await send(lifter, 'PATCH', `/api/sessions/${session.id}`, { exercises: [prescribed] })).status).toBe(200)
    // Removed, and one of the lifter's own added instead: no prescribed set left to miss, on the face of it.
    const removed = SessionSchema.parse(
      await (await send(lifter, 'PATCH', `/api/sessions/${session.id}`, { exercises: [mine] })).json(),
    )
    expect(removed.exercises.map((e) => e.key)).toEqual([mine.key])
    expect(removed.removedExercises.map((e) => e.key)).toEqual([prescribed.key])
    await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
      exerciseKey: mine.key,
      setNumber: 1,
      reps: 5,
      loadKg: 60,
      editedAt: new Date().toISOString(),
    })
    const report = SessionReportSchema.parse(
      await (await send(lifter, 'GET', `/api/sessions/${session.id}/report`)).json(),
    )
    expect(report.review.exercises.find((e) => e.exerciseKey === prescribed.key)).toMatchObject({
      removed: true,
      sets: [{ deviations: ['skipped'] }, { deviations: ['skipped'] }],
    })
    expect(report.review).toMatchObject({ prescribed: 2, asPrescribed: 0, adherence: 0 })
    expect(report.setsPrescribed).toBe(2)

    // Put back (undo): it is an exercise of the session again, not a removed one.
    const back = SessionSchema.parse(
      await (await send(lifter, 'PATCH', `/api/sessions/${session.id}`, { exercises: [prescribed, mine] })).json(),
    )
    expect(back.removedExercises).toEqual([])
    await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
      exerciseKey: prescribed.key,
      setNumber: 1,
      reps: 5,
      editedAt: new Date().toISOString(),
    })
    const again = SessionReportSchema.parse(
      await (await send(lifter, 'GET', `/api/sessions/${session.id}/report`)).json(),
    )
    expect(again.review).toMatchObject({ prescribed: 2, asPrescribed: 1 })
    expect(again.review.exercises.every((e) => !e.removed)).toBe(true)
  })

  test('the coach comments on a set, the client reads it and replies; nobody else may', async () => {
    const session = await start(client)
    const setId = randomUUID()
    await send(client, 'PUT', `/api/sessions/${session.id}/sets/${setId}`, set(session, 1, { reps: 5, loadKg: 100 }))
    await send(client, 'POST', `/api/sessions/${session.id}/finish`, {})
    expect(
      (await send(coach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Great depth!', setLogId: setId }))
        .status,
    ).toBe(201)
    expect((await send(otherCoach, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Hi' })).status).toBe(403)
    expect((await send(otherClient, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Hi' })).status).toBe(403)
    const seen = SessionSchema.parse(await (await send(client, 'GET', `/api/sessions/${session.id}`)).json())
    expect(seen.comments).toMatchObject([{ body: 'Great depth!', authorName: 'Coach Sam', setLogId: setId }])
    expect(
      (
        await send(client, 'POST', `/api/sessions/${session.id}/comments`, {
          body: 'Thanks, it felt deep',
          setLogId: setId,
        })
      ).status,
    ).toBe(201)
    const read = SessionSchema.parse(await (await send(coach, 'GET', `/api/sessions/${session.id}`)).json())
    expect(read.comments.map((c) => [c.authorName, c.body])).toEqual([
      ['Coach Sam', 'Great depth!'],
      ['Lifter Lee', 'Thanks, it felt deep'],
    ])
  })

  test('a comment is unread for the other party until they open the session, and reaches their open app at once', async () => {
    const unread = async (who: SignedIn) =>
      UnreadCommentsSchema.parse(await (await send(who, 'GET', '/api/sessions/comments/unread')).json())
    const session = await start(client)
    const setId = randomUUID()
    await send(client, 'PUT', `/api/sessions/${session.id}/sets/${setId}`, set(session, 1, { reps: 5, loadKg: 100 }))
    await send(client, 'POST', `/api/sessions/${session.id}/finish`, {})
    await send(client, 'POST', `/api/sessions/${session.id}/comments/read`)
    const before = (await unread(client)).count

    const res = await send(client, 'GET', '/api/chat/stream')
    if (!res.body) throw new Error('no stream body')
    const live = readEvents(res.body)
    await live.next((e) => e.event === 'ready')
    await send(coach, 'POST', `/api/sessions/${session.id}/comments`, {
      body: 'Brace harder on set 1',
      setLogId: setId,
    })
    const told = CommentNoticeSchema.parse(JSON.parse((await live.next((e) => e.event === 'comment')).data))
    expect(told).toMatchObject({
      sessionId: session.id,
      sessionTitle: 'Lower A',
      setLogId: setId,
      authorName: 'Coach Sam',
      body: 'Brace harder on set 1',
    })
    await live.close()

    const news = await unread(client)
    expect(news.count).toBe(before + 1)
    expect(news.latest[0]?.id).toBe(told.id)
    expect((await send(otherClient, 'POST', `/api/sessions/${session.id}/comments/read`)).status).toBe(403)
    // The coach opening the session does not read their own comment for the lifter.
    expect((await send(coach, 'POST', `/api/sessions/${session.id}/comments/read`)).status).toBe(204)
    expect((await unread(client)).count).toBe(before + 1)
    expect((await send(client, 'POST', `/api/sessions/${session.id}/comments/read`)).status).toBe(204)
    expect((await unread(client)).count).toBe(before)

    // The lifter's reply is unread for the coach.
    const coachBefore = (await unread(coach)).count
    await send(client, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Will do', setLogId: setId })
    const replies = await unread(coach)
    expect(replies.count).toBe(coachBefore + 1)
    expect(replies.latest[0]).toMatchObject({ body: 'Will do', authorName: 'Lifter Lee' })
    expect((await unread(otherCoach)).count).toBe(0)
  })

  test('a plan with logged sessions is archived instead of deleted', async () => {
    const res = await send(coach, 'DELETE', `/api/plans/${planId}`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ archived: true })
    expect((await send(client, 'GET', `/api/plans/${planId}`)).status).toBe(200)
  })
})
