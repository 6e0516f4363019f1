import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  BodyWeightsSchema,
  E1rmSeriesSchema,
  ProgressMovementsSchema,
  ProgressSchema,
  progressApiText,
  type Progress,
} from '#shared/schemas/progress.ts'
import { coachClients, movements, workoutSessions } from '#server/db/schema/index.ts'
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
let otherClient: SignedIn
const ids: Record<'squat' | 'bench' | 'rdl', { id: string; name: string }> = {
  squat: { id: '', name: '' },
  bench: { id: '', name: '' },
  rdl: { id: '', name: '' },
}

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

type LoggedSet = { reps?: number | null; loadKg?: number | null; rpe?: number | null; completed?: boolean }
type Trained = Partial<Record<keyof typeof ids, LoggedSet[]>>

/**
 * A session as the lifter logs it through the API (start, add exercises, log sets, finish), then
 * moved to the given start time: the history a test needs lies in the past.
 */
async function train(
  who: SignedIn,
  startedAt: string,
  work: Trained,
  { rpe = null, finish = true, title }: { rpe?: number | null; finish?: boolean; title?: string } = {},
) {
  const session = await ok<{ id: string }>(send(who, 'POST', '/api/sessions', {}), 201)
  const exercises = (Object.keys(work) as (keyof typeof ids)[]).map((kind) => ({
    key: randomUUID(),
    movementId: ids[kind].id,
    movementName: ids[kind].name,
    tracking: 'weight_reps',
    prescriptionId: null,
    superset: null,
    restSeconds: null,
    notes: null,
    targets: [],
    kind,
  }))
  await ok(
    send(who, 'PATCH', `/api/sessions/${session.id}`, { exercises: exercises.map(({ kind: _kind, ...e }) => e) }),
  )
  for (const exercise of exercises) {
    for (const [index, set] of (work[exercise.kind] ?? []).entries()) {
      await ok(
        send(who, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
          exerciseKey: exercise.key,
          setNumber: index + 1,
          editedAt: new Date().toISOString(),
          ...set,
        }),
      )
    }
  }
  if (finish) await ok(send(who, 'POST', `/api/sessions/${session.id}/finish`, { rpe }))
  await t.db
    .update(workoutSessions)
    .set({ startedAt: new Date(startedAt), ...(title ? { title } : {}) })
    .where(eq(workoutSessions.id, session.id))
  return session.id
}

async function newClientOf(coachOf?: SignedIn): Promise<SignedIn> {
  const client = await signIn(t, { role: 'client' })
  if (coachOf) await t.db.insert(coachClients).values({ coachId: coachOf.id, clientId: client.id })
  return client
}

const progressOf = async (who: SignedIn, query: string) =>
  ProgressSchema.parse(await ok(send(who, 'GET', `/api/progress?${query}`)))
const weekOf = (progress: Progress, weekStart: string) => progress.weeklyVolume.find((w) => w.weekStart === weekStart)

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach' })
  otherCoach = await signIn(t, { role: 'coach' })
  otherClient = await signIn(t, { role: 'client' })
  for (const [kind, slug] of [
    ['squat', 'back-squat'],
    ['bench', 'bench-press'],
    ['rdl', 'romanian-deadlift'],
  ] as const) {
    const [row] = await t.db
      .select({ id: movements.id, name: movements.name })
      .from(movements)
      .where(eq(movements.slug, slug))
    if (!row) throw new Error(`fixture: no built-in ${slug}`)
    ids[kind] = row
  }
})
afterAll(() => t.close())

describe('weekly volume', () => {
  test('tonnage and hard sets per week, per pattern and per muscle (a secondary muscle counts half)', async () => {
    const lifter = await newClientOf()
    // Back squat: quads and glutes primary; adductors, lower back and abs secondary.
    // Bench press: chest and triceps primary; front delts secondary.
    await train(lifter, '2026-03-17T10:00:00Z', {
      squat: [
        { reps: 5, loadKg: 100, rpe: 8 },
        { reps: 5, loadKg: 100, rpe: 5 },
        { reps: 5, loadKg: 100 },
        { reps: 5, loadKg: 100, rpe: 9, completed: false },
      ],
      bench: [{ reps: 10, loadKg: 60, rpe: 9 }],
    })
    // Neither an unfinished session nor a discarded one counts.
    await train(lifter, '2026-03-17T12:00:00Z', { squat: [{ reps: 5, loadKg: 200, rpe: 9 }] }, { finish: false })

    const progress = await progressOf(lifter, 'today=2026-03-18')
    expect(progress.weeklyVolume).toHaveLength(12)
    expect(progress.weeklyVolume[0]?.weekStart).toBe('2025-12-29')
    expect(progress.weeklyVolume.at(-1)?.weekStart).toBe('2026-03-16')
    expect(weekOf(progress, '2026-03-09')).toEqual({
      weekStart: '2026-03-09',
      tonnageKg: 0,
      hardSets: 0,
      byMuscle: {},
      byMuscleGroup: {},
      byPattern: {},
    })

    const week = weekOf(progress, '2026-03-16')
    // 3 × 500 kg of squats and 600 kg of bench; the set at RPE 5 is not hard, the one without an RPE is.
    expect(week).toMatchObject({ tonnageKg: 2100, hardSets: 3 })
    expect(week?.byPattern).toEqual({
      squat: { tonnageKg: 1500, hardSets: 2 },
      'horizontal push': { tonnageKg: 600, hardSets: 1 },
    })
    expect(week?.byMuscle).toEqual({
      quads: { tonnageKg: 1500, hardSets: 2 },
      glutes: { tonnageKg: 1500, hardSets: 2 },
      adductors: { tonnageKg: 750, hardSets: 1 },
      'lower back': { tonnageKg: 750, hardSets: 1 },
      abs: { tonnageKg: 750, hardSets: 1 },
      chest: { tonnageKg: 600, hardSets: 1 },
      triceps: { tonnageKg: 600, hardSets: 1 },
      'front delts': { tonnageKg: 300, hardSets: 0.5 },
    })
    // By group a set counts once: a squat is whole for quads (adductors too are quads), half for back and core.
    expect(week?.byMuscleGroup).toEqual({
      quads: { tonnageKg: 1500, hardSets: 2 },
      'glutes and hamstrings': { tonnageKg: 1500, hardSets: 2 },
      back: { tonnageKg: 750, hardSets: 1 },
      core: { tonnageKg: 750, hardSets: 1 },
      chest: { tonnageKg: 600, hardSets: 1 },
      arms: { tonnageKg: 600, hardSets: 1 },
      shoulders: { tonnageKg: 300, hardSets: 0.5 },
    })
    expect(progress.movements.map((m) => [m.name, m.sets, m.lastTrainedOn])).toEqual([
      ['Back squat', 3, '2026-03-17'],
      ['Bench press', 1, '2026-03-17'],
    ])
  })

  test('weeks are Monday to Sunday in the lifter’s own time', async () => {
    const lifter = await newClientOf()
    // Sunday 23:30 in UTC is already Monday 00:30 an hour east of it.
    await train(
      lifter,
      '2026-03-15T23:30:00Z',
      { bench: [{ reps: 5, loadKg: 80, rpe: 8 }] },
      { rpe: 7, title: 'Late bench' },
    )
    const utc = await progressOf(lifter, 'today=2026-03-18')
    expect(weekOf(utc, '2026-03-09')?.tonnageKg).toBe(400)
    expect(weekOf(utc, '2026-03-16')?.tonnageKg).toBe(0)
    const east = await progressOf(lifter, 'today=2026-03-18&utcOffsetMinutes=60')
    expect(weekOf(east, '2026-03-16')?.tonnageKg).toBe(400)
    expect(east.sessionRpe).toEqual([
      { sessionId: expect.any(String), date: '2026-03-16', rpe: 7, title: 'Late bench' },
    ])
    expect(utc.sessionRpe[0]?.date).toBe('2026-03-15')
    // Outside the twelve weeks: neither volume nor session RPE.
    expect((await progressOf(lifter, 'today=2026-09-01')).sessionRpe).toEqual([])
    expect((await send(lifter, 'GET', '/api/progress?utcOffsetMinutes=900')).status).toBe(400)
    for (const query of [
      'today=2026-02-30',
      'today=9999-12-31',
      'today=1900-01-01',
      'utcOffsetMinutes=1.5',
      'utcOffsetMinutes=east',
    ]) {
      expect((await send(lifter, 'GET', `/api/progress?${query}`)).status, query).toBe(400)
      expect((await send(lifter, 'GET', `/api/body-weights?${query}`)).status, query).toBe(
        query.startsWith('today') ? 400 : 200,
      )
    }
  })
})

describe('records', () => {
  test('the heaviest load per rep count with the first day it was lifted, and the best e1RM', async () => {
    const lifter = await newClientOf()
    await train(lifter, '2026-01-05T10:00:00Z', {
      squat: [
        { reps: 5, loadKg: 100, rpe: 8 },
        { reps: 15, loadKg: 150 },
      ],
    })
    await train(lifter, '2026-01-12T10:00:00Z', {
      squat: [
        { reps: 5, loadKg: 100 },
        { reps: 3, loadKg: 110 },
        { reps: 1, loadKg: 112.5, completed: false },
      ],
    })
    await train(lifter, '2026-01-19T10:00:00Z', {
      squat: [
        { reps: 5, loadKg: 95 },
        { reps: 3, loadKg: 110 },
      ],
      rdl: [{ reps: 8, loadKg: 90 }],
    })

    const { records } = await progressOf(lifter, 'today=2026-01-21')
    const squat = records.find((r) => r.movementId === ids.squat.id)
    // A repeated best keeps the day it was first lifted; 15 reps is outside the table; an undone set is no record.
    expect(squat?.byReps).toEqual([
      { reps: 3, loadKg: 110, date: '2026-01-12' },
      { reps: 5, loadKg: 100, date: '2026-01-05' },
    ])
    // 110 × (1 + 3/30) = 121 beats 100 × (1 + 5/30) = 116.7.
    expect(squat?.bestE1rm).toEqual({ e1rmKg: 121, loadKg: 110, reps: 3, date: '2026-01-12' })
    expect(records.find((r) => r.movementId === ids.rdl.id)).toEqual({
      movementId: ids.rdl.id,
      name: ids.rdl.name,
      byReps: [{ reps: 8, loadKg: 90, date: '2026-01-19' }],
      bestE1rm: { e1rmKg: 114, loadKg: 90, reps: 8, date: '2026-01-19' },
    })
  })
})

describe('e1RM over time', () => {
  test('one point per session (its best set), oldest first; an unknown movement is a 404', async () => {
    const lifter = await newClientOf(otherCoach)
    const first = await train(lifter, '2026-02-02T10:00:00Z', {
      squat: [
        { reps: 5, loadKg: 100 },
        { reps: 3, loadKg: 105 },
        { reps: 5, loadKg: 100 },
      ],
    })
    const second = await train(lifter, '2026-02-09T10:00:00Z', {
      squat: [
        { reps: 1, loadKg: 120 },
        { reps: 2, loadKg: 110 },
      ],
    })
    // No point for a session without a set of 1-12 reps with a load.
    await train(lifter, '2026-02-16T10:00:00Z', {
      squat: [
        { reps: 15, loadKg: 80 },
        { reps: 5, loadKg: null },
      ],
      bench: [{ reps: 5, loadKg: 70 }],
    })

    const series = E1rmSeriesSchema.parse(
      await ok(send(lifter, 'GET', `/api/progress/e1rm?movementId=${ids.squat.id}`)),
    )
    expect(series).toEqual({
      movementId: ids.squat.id,
      name: 'Back squat',
      points: [
        { sessionId: first, date: '2026-02-02', e1rmKg: 116.7, bestSet: { loadKg: 100, reps: 5 } },
        { sessionId: second, date: '2026-02-09', e1rmKg: 120, bestSet: { loadKg: 120, reps: 1 } },
      ],
    })
    const read = await ok(
      send(otherCoach, 'GET', `/api/progress/e1rm?clientId=${lifter.id}&movementId=${ids.squat.id}`),
    )
    expect(read).toEqual(series)
    // A range: the sessions from a day of the lifter's calendar on (10:00 UTC is the evening before at UTC-11).
    const since = async (query: string) =>
      E1rmSeriesSchema.parse(
        await ok(send(lifter, 'GET', `/api/progress/e1rm?movementId=${ids.squat.id}&${query}`)),
      ).points.map((p) => p.date)
    expect(await since('since=2026-02-05')).toEqual(['2026-02-09'])
    expect(await since('since=2026-02-09')).toEqual(['2026-02-09'])
    expect(await since('since=2026-02-09&utcOffsetMinutes=-660')).toEqual([])
    expect(await since('since=2026-02-08&utcOffsetMinutes=-660')).toEqual(['2026-02-08'])
    expect(await since('since=2026-02-10')).toEqual([])
    for (const bad of ['2026-02-30', 'yesterday', '1899-12-31']) {
      const answer = await send(lifter, 'GET', `/api/progress/e1rm?movementId=${ids.squat.id}&since=${bad}`)
      expect(answer.status).toBe(400)
      expect(await answer.text()).toContain(progressApiText.since)
    }
    const unknown = await send(lifter, 'GET', `/api/progress/e1rm?movementId=${randomUUID()}`)
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ message: progressApiText.unknownMovement })
    expect((await send(lifter, 'GET', '/api/progress/e1rm?movementId=squat')).status).toBe(400)
  })

  test('the movements a lifter trained, searched by any part of the name, most trained first', async () => {
    const lifter = await newClientOf()
    await train(lifter, '2026-02-02T10:00:00Z', {
      squat: [
        { reps: 5, loadKg: 100 },
        { reps: 5, loadKg: 100 },
      ],
      bench: [{ reps: 5, loadKg: 70 }],
    })
    await train(lifter, '2026-02-03T10:00:00Z', {
      rdl: [{ reps: 5, loadKg: 100 }],
      bench: [
        { reps: 5, loadKg: 70 },
        { reps: 5, loadKg: 70 },
      ],
    })
    const search = async (q: string) =>
      ProgressMovementsSchema.parse(await ok(send(lifter, 'GET', `/api/progress/movements?q=${encodeURIComponent(q)}`)))
    expect((await search('')).map((m) => [m.name, m.sets])).toEqual([
      ['Bench press', 3],
      ['Back squat', 2],
      ['Romanian deadlift', 1],
    ])
    expect((await search('SQU')).map((m) => m.name)).toEqual(['Back squat'])
    expect((await search('  lift')).map((m) => m.name)).toEqual(['Romanian deadlift'])
    expect(await search('front squat')).toEqual([])
    // A wildcard is a character like any other.
    expect(await search('%')).toEqual([])
    expect((await send(lifter, 'GET', `/api/progress/movements?q=${'x'.repeat(101)}`)).status).toBe(400)
  })
})

describe('body weight', () => {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

  test('one reading a day: a later PUT replaces it, DELETE removes it; the coach reads them', async () => {
    const lifter = await newClientOf(coach)
    expect(await ok(send(lifter, 'PUT', `/api/body-weights/${day(0)}`, { weightKg: 80.5 }))).toEqual({
      date: day(0),
      weightKg: 80.5,
    })
    await ok(send(lifter, 'PUT', `/api/body-weights/${day(0)}`, { weightKg: 81.25 }))
    await ok(send(lifter, 'PUT', `/api/body-weights/${day(-3)}`, { weightKg: 82 }))
    await ok(send(lifter, 'PUT', `/api/body-weights/${day(1)}`, { weightKg: 81 }))
    // Older than a year: kept, but not read back.
    await ok(send(lifter, 'PUT', `/api/body-weights/${day(-400)}`, { weightKg: 90 }))
    const expected = [
      { date: day(-3), weightKg: 82 },
      { date: day(0), weightKg: 81.25 },
      { date: day(1), weightKg: 81 },
    ]
    expect(BodyWeightsSchema.parse(await ok(send(lifter, 'GET', '/api/body-weights')))).toEqual(expected)
    expect(await ok(send(coach, 'GET', `/api/body-weights?clientId=${lifter.id}`))).toEqual(expected)
    expect((await progressOf(coach, `clientId=${lifter.id}`)).bodyWeights).toEqual(expected)

    expect((await send(lifter, 'DELETE', `/api/body-weights/${day(-3)}`)).status).toBe(204)
    const again = await send(lifter, 'DELETE', `/api/body-weights/${day(-3)}`)
    expect(again.status).toBe(404)
    expect(await again.json()).toMatchObject({ message: progressApiText.noReading })
    expect(await ok(send(lifter, 'GET', '/api/body-weights'))).toEqual(expected.slice(1))
  })

  test('a coach reads but never writes; nobody else reads', async () => {
    const lifter = await newClientOf(coach)
    await ok(send(lifter, 'PUT', `/api/body-weights/${day(0)}`, { weightKg: 70 }))
    const put = await send(coach, 'PUT', `/api/body-weights/${day(0)}`, { weightKg: 75 })
    expect(put.status).toBe(403)
    expect(await put.json()).toMatchObject({ message: progressApiText.onlyLifter })
    expect((await send(coach, 'DELETE', `/api/body-weights/${day(0)}`)).status).toBe(403)
    expect((await send(otherCoach, 'GET', `/api/body-weights?clientId=${lifter.id}`)).status).toBe(403)
    expect((await send(otherClient, 'GET', `/api/body-weights?clientId=${lifter.id}`)).status).toBe(403)
    // Each lifter writes their own: the same day of another lifter is another reading.
    await ok(send(otherClient, 'PUT', `/api/body-weights/${day(0)}`, { weightKg: 99 }))
    expect(await ok(send(lifter, 'GET', '/api/body-weights'))).toEqual([{ date: day(0), weightKg: 70 }])
  })

  test('a real date from 1900 to tomorrow, and a weight of 20-400 kg with at most 2 decimals', async () => {
    const lifter = await newClientOf()
    const refused = async (date: string, body: unknown, field: string, message: string) => {
      const res = await send(lifter, 'PUT', `/api/body-weights/${date}`, body)
      expect(res.status, `${date} ${JSON.stringify(body)}`).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: [message] } })
    }
    for (const date of ['2023-02-29', '2024-13-01', '1899-12-31', day(2), '20240101', 'today'])
      await refused(date, { weightKg: 80 }, 'date', progressApiText.date)
    for (const weightKg of [19.99, 400.01, 80.555, -80, '80', null, 1e308])
      await refused(day(0), { weightKg }, 'weightKg', progressApiText.weight)
    await refused(day(0), {}, 'weightKg', progressApiText.weight)
    for (const [date, weightKg] of [
      ['1900-01-01', 20],
      ['2024-02-29', 400],
      [day(-1), 80.55],
      [day(0), 72.1],
    ] as const) {
      expect((await send(lifter, 'PUT', `/api/body-weights/${date}`, { weightKg })).status, `${date} ${weightKg}`).toBe(
        200,
      )
    }
    expect((await send(lifter, 'DELETE', '/api/body-weights/1899-12-31')).status).toBe(400)
  })
})

describe('who reads a lifter’s progress', () => {
  test('the lifter and their active coach; another coach or client is refused, a coach must name a client', async () => {
    const lifter = await newClientOf(coach)
    await train(lifter, '2026-03-02T10:00:00Z', { squat: [{ reps: 5, loadKg: 100, rpe: 8 }] })
    const own = await progressOf(lifter, 'today=2026-03-04')
    expect(own.clientId).toBe(lifter.id)
    expect(own.movements.map((m) => m.name)).toEqual(['Back squat'])
    expect(await progressOf(lifter, `clientId=${lifter.id}&today=2026-03-04`)).toEqual(own)
    expect(await progressOf(coach, `clientId=${lifter.id}&today=2026-03-04`)).toEqual(own)

    for (const [who, path] of [
      [otherCoach, `/api/progress?clientId=${lifter.id}`],
      [otherClient, `/api/progress?clientId=${lifter.id}`],
      [otherCoach, `/api/progress/movements?clientId=${lifter.id}`],
      [otherClient, `/api/progress/e1rm?clientId=${lifter.id}&movementId=${ids.squat.id}`],
    ] as const) {
      const res = await send(who, 'GET', path)
      expect(res.status, path).toBe(403)
      expect(await res.json()).toMatchObject({ code: 'FORBIDDEN', message: progressApiText.notYourClient })
    }
    // A coach whose link with the client ended reads no more.
    await t.db.update(coachClients).set({ status: 'archived' }).where(eq(coachClients.clientId, lifter.id))
    expect((await send(coach, 'GET', `/api/progress?clientId=${lifter.id}`)).status).toBe(403)

    const noClient = await send(coach, 'GET', '/api/progress')
    expect(noClient.status).toBe(400)
    expect(await noClient.json()).toMatchObject({ message: progressApiText.clientRequired })
    expect((await send(undefined, 'GET', '/api/progress')).status).toBe(401)
  })
})
