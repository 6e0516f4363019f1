import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { ProgressSchema } from '#shared/schemas/progress.ts'
import {
  CorrectionNoticeSchema,
  SessionSchema,
  SessionSummarySchema,
  SetLogSchema,
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

/**
 * Corrections (docs/product.md#corrections): for 48 hours after finishing, by the server's clock,
 * the lifter corrects their session through the same set routes they logged it with; the coach
 * reads what each corrected set was, and records follow the corrected numbers.
 */

let t: TestContext
let coach: SignedIn
let lifter: SignedIn
let otherClient: SignedIn
let otherCoach: SignedIn
let squatId: string

const send = async (who: SignedIn | undefined, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

const now = () => new Date().toISOString()

/** A free session of `who` with one back squat exercise (three sets of 5 × 100 kg prescribed) and these sets (reps × kg), numbered from 1. */
async function started(
  who: SignedIn,
  sets: [reps: number, loadKg: number][],
): Promise<{ id: string; key: string; setIds: string[] }> {
  const session = SessionSchema.parse(await (await send(who, 'POST', '/api/sessions', {})).json())
  const key = randomUUID()
  const exercise = {
    key,
    movementId: squatId,
    movementName: 'Back squat',
    tracking: 'weight_reps',
    prescriptionId: randomUUID(),
    superset: null,
    restSeconds: 120,
    notes: null,
    targets: [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } })),
  }
  expect((await send(who, 'PATCH', `/api/sessions/${session.id}`, { exercises: [exercise] })).status).toBe(200)
  const setIds: string[] = []
  for (const [index, [reps, loadKg]] of sets.entries()) {
    const id = randomUUID()
    setIds.push(id)
    const res = await send(who, 'PUT', `/api/sessions/${session.id}/sets/${id}`, {
      exerciseKey: key,
      setNumber: index + 1,
      reps,
      loadKg,
      rpe: 8,
      editedAt: now(),
    })
    expect(res.status, await res.clone().text()).toBe(200)
  }
  return { id: session.id, key, setIds }
}

/** The same, finished. */
async function finished(
  who: SignedIn,
  sets: [reps: number, loadKg: number][],
): Promise<{ session: Session; key: string; setIds: string[] }> {
  const { id, key, setIds } = await started(who, sets)
  const res = await send(who, 'POST', `/api/sessions/${id}/finish`, { rpe: 8 })
  expect(res.status).toBe(200)
  return { session: SessionSchema.parse(await res.json()), key, setIds }
}

/** Moves the session (its start, its sets and its finish) this far into the past, as the clock would. */
async function finishedAgo(sessionId: string, interval: string): Promise<void> {
  const ago = sql`${interval}::interval`
  await t.db
    .update(workoutSessions)
    .set({ startedAt: sql`started_at - ${ago}`, completedAt: sql`now() - ${ago}` })
    .where(eq(workoutSessions.id, sessionId))
  await t.db
    .update(setLogs)
    .set({ loggedAt: sql`logged_at - ${ago}`, editedAt: sql`edited_at - ${ago}` })
    .where(eq(setLogs.sessionId, sessionId))
}

const getSession = async (who: SignedIn, id: string) => {
  const res = await send(who, 'GET', `/api/sessions/${id}`)
  expect(res.status).toBe(200)
  return SessionSchema.parse(await res.json())
}
const report = async (who: SignedIn, id: string) =>
  SessionReportSchema.parse(await (await send(who, 'GET', `/api/sessions/${id}/report`)).json())
const valuesOf = (session: Session) => session.sets.map((s) => [s.setNumber, s.reps, s.loadKg, s.rpe])

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Cora' })
  otherCoach = await signIn(t, { role: 'coach' })
  lifter = await signIn(t, { role: 'client', displayName: 'Lifter Lin' })
  otherClient = await signIn(t, { role: 'client' })
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
  squatId =
    ((await (await send(coach, 'GET', '/api/movements?q=back%20squat')).json()) as { items: { id: string }[] }).items[0]
      ?.id ?? ''
})
afterAll(() => t.close())

describe('corrections', () => {
  test('within 48 hours of the finish the lifter changes, removes and adds sets; the coach reads what each was', async () => {
    const { session, key, setIds } = await finished(lifter, [
      [5, 1000],
      [5, 100],
      [5, 100],
    ])
    const [first, second, third] = setIds as [string, string, string]
    expect(session.correctedAt).toBeNull()
    // Just inside the limit, by the server's clock.
    await finishedAgo(session.id, '47 hours 59 minutes')

    const fixed = await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${first}`, {
      exerciseKey: key,
      setNumber: 1,
      reps: 5,
      loadKg: 100,
      rpe: 8,
      editedAt: now(),
    })
    expect(fixed.status, await fixed.clone().text()).toBe(200)
    expect(SetLogSchema.parse(await fixed.json())).toMatchObject({
      loadKg: 100,
      correction: {
        was: { reps: 5, loadKg: 1000, rpe: 8, durationSeconds: null, distanceMeters: null, completed: true },
      },
    })
    // Corrected again: what it was at the finish stays.
    expect(
      (
        await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${second}`, {
          exerciseKey: key,
          setNumber: 2,
          reps: 3,
          loadKg: 100,
          editedAt: now(),
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${second}`, {
          exerciseKey: key,
          setNumber: 2,
          reps: 4,
          loadKg: 100,
          rpe: 9,
          editedAt: now(),
        })
      ).status,
    ).toBe(200)
    // Removed, and a forgotten fourth set added.
    expect(
      (await send(lifter, 'DELETE', `/api/sessions/${session.id}/sets/${third}?editedAt=${encodeURIComponent(now())}`))
        .status,
    ).toBe(204)
    const added = randomUUID()
    expect(
      (
        await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${added}`, {
          exerciseKey: key,
          setNumber: 4,
          reps: 8,
          loadKg: 80,
          editedAt: now(),
        })
      ).status,
    ).toBe(200)

    // The coach reads the corrected session and what each set was when it was finished.
    const read = await getSession(coach, session.id)
    expect(read.correctedAt).not.toBeNull()
    expect(valuesOf(read)).toEqual([
      [1, 5, 100, 8],
      [2, 4, 100, 9],
      [4, 8, 80, null],
    ])
    const byId = new Map(read.sets.map((s) => [s.id, s]))
    expect(byId.get(first)?.correction?.was).toMatchObject({ reps: 5, loadKg: 1000 })
    expect(byId.get(second)?.correction?.was).toMatchObject({ reps: 5, loadKg: 100, rpe: 8 })
    expect(byId.get(added)?.correction).toMatchObject({ was: null })
    expect(Date.parse(byId.get(added)?.correction?.at ?? '')).toBeGreaterThan(Date.parse(session.completedAt ?? ''))
    expect(read.removedSets).toHaveLength(1)
    expect(read.removedSets[0]).toMatchObject({
      id: third,
      setNumber: 3,
      correction: { was: { reps: 5, loadKg: 100 } },
    })

    // The coach's review marks the corrected sets (a corrected set is not 'late'); set 3 is skipped now.
    const coachReport = await report(coach, session.id)
    const reviewed = coachReport.review.exercises[0]?.sets ?? []
    expect(reviewed.map((s) => [s.setNumber, s.logged?.correction?.was?.loadKg ?? null, s.deviations])).toEqual([
      [1, 1000, []],
      [2, 100, ['reps_short']],
      [3, null, ['skipped']],
      [4, null, ['added']],
    ])
    expect(coachReport.volumeKg).toBe(5 * 100 + 4 * 100 + 8 * 80)
    // The coach's list of the client's sessions says it was corrected.
    const list = z
      .array(SessionSummarySchema)
      .parse(await (await send(coach, 'GET', `/api/sessions?clientId=${lifter.id}`)).json())
    expect(list.find((s) => s.id === session.id)?.correctedAt).toBe(read.correctedAt)

    // Every replaced version is kept in history.
    expect(await t.db.select().from(setLogHistory).where(eq(setLogHistory.sessionId, session.id))).toHaveLength(3)

    // Put back as it was at the finish, a set is no longer corrected.
    expect(
      (
        await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${second}`, {
          exerciseKey: key,
          setNumber: 2,
          reps: 5,
          loadKg: 100,
          rpe: 8,
          editedAt: now(),
        })
      ).status,
    ).toBe(200)
    // A set added afterwards and removed again leaves no trace in the review.
    expect((await send(lifter, 'DELETE', `/api/sessions/${session.id}/sets/${added}`)).status).toBe(204)
    const after = await getSession(lifter, session.id)
    expect(after.sets.find((s) => s.id === second)?.correction).toBeNull()
    expect(after.sets.map((s) => s.id)).toEqual([first, second])
    expect(after.removedSets.map((s) => s.id)).toEqual([third])
  })

  test('after 48 hours the server refuses any change, with a clear message, and changes nothing', async () => {
    const { session, key, setIds } = await finished(lifter, [[5, 1000]])
    const [first] = setIds as [string]
    await finishedAgo(session.id, '48 hours 1 minute')
    const before = await getSession(lifter, session.id)

    const edit = await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${first}`, {
      exerciseKey: key,
      setNumber: 1,
      reps: 5,
      loadKg: 100,
      editedAt: now(),
    })
    expect(edit.status).toBe(409)
    expect(await edit.json()).toMatchObject({ code: 'CONFLICT', message: sessionApiText.correctionClosed })
    expect(sessionApiText.correctionClosed).toBe('A session can be corrected for 48 hours after it was finished')
    const add = await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
      exerciseKey: key,
      setNumber: 2,
      reps: 5,
      loadKg: 100,
      editedAt: now(),
    })
    expect(add.status).toBe(409)
    const remove = await send(lifter, 'DELETE', `/api/sessions/${session.id}/sets/${first}`)
    expect(remove.status).toBe(409)
    expect(await remove.json()).toMatchObject({ message: sessionApiText.correctionClosed })
    // A replay of what is stored changes nothing, and is answered as stored.
    const replay = await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${first}`, {
      exerciseKey: key,
      setNumber: 1,
      reps: 5,
      loadKg: 1000,
      rpe: 8,
      editedAt: now(),
    })
    expect(replay.status).toBe(200)

    expect(await getSession(lifter, session.id)).toEqual(before)
    expect(
      (await t.db.select().from(setLogs).where(eq(setLogs.sessionId, session.id))).map((s) => [
        s.loadKg,
        s.deletedAt,
        s.correctedAt,
      ]),
    ).toEqual([[1000, null, null]])
  })

  test('only the lifter corrects: their coach, another client and another coach are refused and change nothing', async () => {
    const { session, key, setIds } = await finished(lifter, [[5, 1000]])
    const [first] = setIds as [string]
    const before = await getSession(lifter, session.id)
    for (const who of [coach, otherClient, otherCoach]) {
      const edit = await send(who, 'PUT', `/api/sessions/${session.id}/sets/${first}`, {
        exerciseKey: key,
        setNumber: 1,
        reps: 5,
        loadKg: 100,
        editedAt: now(),
      })
      expect(edit.status).toBe(403)
      expect(
        (
          await send(who, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
            exerciseKey: key,
            setNumber: 2,
            reps: 5,
            loadKg: 100,
            editedAt: now(),
          })
        ).status,
      ).toBe(403)
      expect((await send(who, 'DELETE', `/api/sessions/${session.id}/sets/${first}`)).status).toBe(403)
    }
    expect(
      (
        await send(undefined, 'PUT', `/api/sessions/${session.id}/sets/${first}`, {
          exerciseKey: key,
          setNumber: 1,
          reps: 5,
          loadKg: 100,
          editedAt: now(),
        })
      ).status,
    ).toBe(401)
    expect(await getSession(lifter, session.id)).toEqual(before)
  })

  test('bad corrections answer 4xx with a clear message and change nothing; a discarded session takes none', async () => {
    const { session, key, setIds } = await finished(lifter, [[5, 100]])
    const [first] = setIds as [string]
    const before = await getSession(lifter, session.id)
    const bad = await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${first}`, {
      exerciseKey: key,
      setNumber: 1,
      reps: 1001,
      loadKg: -1,
      rpe: 11,
      editedAt: now(),
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      fields: { reps: [sessionApiText.reps], loadKg: [sessionApiText.load], rpe: [sessionApiText.rpe] },
    })
    const unknown = await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${first}`, {
      exerciseKey: randomUUID(),
      setNumber: 1,
      reps: 5,
      editedAt: now(),
    })
    expect(unknown.status).toBe(400)
    expect(await unknown.json()).toMatchObject({ fields: { exerciseKey: [sessionApiText.unknownExercise] } })
    // A set of another session cannot be moved here.
    const other = await finished(lifter, [[5, 100]])
    const moved = await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${other.setIds[0]}`, {
      exerciseKey: key,
      setNumber: 1,
      reps: 3,
      loadKg: 100,
      editedAt: now(),
    })
    expect(moved.status).toBe(409)
    expect(
      (
        await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/not-a-uuid`, {
          exerciseKey: key,
          setNumber: 1,
          reps: 5,
          editedAt: now(),
        })
      ).status,
    ).toBe(400)
    expect(await getSession(lifter, session.id)).toEqual(before)

    const discarded = await started(lifter, [[5, 100]])
    expect((await send(lifter, 'POST', `/api/sessions/${discarded.id}/discard`)).status).toBe(204)
    for (const setId of [discarded.setIds[0], randomUUID()]) {
      const late = await send(lifter, 'PUT', `/api/sessions/${discarded.id}/sets/${setId}`, {
        exerciseKey: discarded.key,
        setNumber: 1,
        reps: 3,
        editedAt: now(),
      })
      expect(late.status).toBe(409)
      expect(await late.json()).toMatchObject({ message: sessionApiText.discarded })
    }
    expect((await send(lifter, 'DELETE', `/api/sessions/${discarded.id}/sets/${discarded.setIds[0]}`)).status).toBe(409)
  })

  test('records and progress follow a correction: the typo’s record goes, and a later session’s record comes back', async () => {
    const athlete = await signIn(t, { role: 'client' })
    await t.db.insert(coachClients).values({ coachId: otherCoach.id, clientId: athlete.id })
    await finished(athlete, [[5, 100]])
    const typo = await finished(athlete, [[5, 1000]])
    const later = await finished(athlete, [[5, 110]])
    const bestFor5 = async (who: SignedIn) => {
      const progress = ProgressSchema.parse(
        await (await send(who, 'GET', `/api/progress?clientId=${athlete.id}`)).json(),
      )
      return progress.records.find((r) => r.movementId === squatId)?.byReps.find((r) => r.reps === 5)?.loadKg
    }
    expect((await report(athlete, typo.session.id)).records).toContainEqual(
      expect.objectContaining({ kind: 'load', reps: 5, valueKg: 1000, previousKg: 100 }),
    )
    expect((await report(athlete, later.session.id)).records).toEqual([])
    expect(await bestFor5(athlete)).toBe(1000)

    const res = await send(athlete, 'PUT', `/api/sessions/${typo.session.id}/sets/${typo.setIds[0]}`, {
      exerciseKey: typo.key,
      setNumber: 1,
      reps: 5,
      loadKg: 105,
      rpe: 8,
      editedAt: now(),
    })
    expect(res.status).toBe(200)

    expect((await report(athlete, typo.session.id)).records).toEqual([
      { movementId: squatId, movementName: 'Back squat', kind: 'e1rm', reps: null, valueKg: 122.5, previousKg: 116.7 },
      { movementId: squatId, movementName: 'Back squat', kind: 'load', reps: 5, valueKg: 105, previousKg: 100 },
    ])
    expect((await report(otherCoach, later.session.id)).records).toContainEqual(
      expect.objectContaining({ kind: 'load', reps: 5, valueKg: 110, previousKg: 105 }),
    )
    expect(await bestFor5(athlete)).toBe(110)
    expect(await bestFor5(otherCoach)).toBe(110)
    const stats = (await (
      await send(athlete, 'GET', `/api/sessions/movement-stats?movementIds=${squatId}`)
    ).json()) as { bestE1rmKg: number }[]
    expect(stats[0]?.bestE1rmKg).toBe(128.3)
  })

  test('a correction reaches the open apps of the lifter’s coach at once; other coaches hear nothing', async () => {
    const { session, key, setIds } = await finished(lifter, [[5, 1000]])
    const open = async (who: SignedIn) => {
      const res = await send(who, 'GET', '/api/chat/stream')
      if (!res.body) throw new Error('no stream body')
      const live = readEvents(res.body)
      await live.next((e) => e.event === 'ready')
      return live
    }
    const coachLive = await open(coach)
    const otherLive = await open(otherCoach)
    expect(
      (
        await send(lifter, 'PUT', `/api/sessions/${session.id}/sets/${setIds[0]}`, {
          exerciseKey: key,
          setNumber: 1,
          reps: 5,
          loadKg: 100,
          editedAt: now(),
        })
      ).status,
    ).toBe(200)
    const told = CorrectionNoticeSchema.parse(JSON.parse((await coachLive.next((e) => e.event === 'correction')).data))
    expect(told).toEqual({ sessionId: session.id, clientId: lifter.id })
    await expect(otherLive.next((e) => e.event === 'correction', 500)).rejects.toThrow()
    await coachLive.close()
    await otherLive.close()
  })
})
