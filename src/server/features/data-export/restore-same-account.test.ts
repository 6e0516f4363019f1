import { randomUUID } from 'node:crypto'
import { and, eq, notInArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { apiPaths } from '#shared/api-paths.ts'
import { RestoreResultSchema, type RestoreResult } from '#shared/schemas/data-export.ts'
import {
  bodyWeights,
  movements,
  profiles,
  sessionComments,
  setLogs,
  trainingPlans,
  workoutSessions,
  workouts,
} from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

/**
 * A restore into the account the export came from (docs/export-format.md#restoring): rows whose
 * id in the file is already the account's are recognised as there, so the lifter's own export
 * adds nothing, however often it is restored. Ids that belong to another account are neither
 * read nor touched: such a file restores as if they were new.
 */

type Json = Record<string, unknown>
type ExportDoc = Json & {
  sessions: (Json & { id: string; sets: (Json & { id: string })[]; comments: Json[] })[]
  profile: Json
}

let t: TestContext
let ana: SignedIn

const ZERO: RestoreResult = { movements: 0, plans: 0, workouts: 0, sessions: 0, sets: 0, comments: 0, bodyWeights: 0 }

async function call<T = Json>(who: SignedIn, method: string, path: string, body?: unknown): Promise<T> {
  const res = await t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

const restore = async (who: SignedIn, doc: unknown): Promise<RestoreResult> =>
  RestoreResultSchema.parse(await call(who, 'POST', apiPaths.dataExport.restore, doc))
const exportOf = (who: SignedIn) => call<ExportDoc>(who, 'GET', apiPaths.dataExport.json())

/** Five finished sessions of twenty sets each, a comment, a plan, a workout and a body weight of the lifter's own. */
async function buildHistory(who: SignedIn) {
  const squat = (await call<{ items: { id: string; name: string }[] }>(who, 'GET', '/api/movements?q=back%20squat'))
    .items[0]
  if (!squat) throw new Error('fixture: no back squat')
  const plan = await call<{ id: string }>(who, 'POST', '/api/plans', { name: 'Mine', weeks: 4, daysPerWeek: 3 })
  await call(who, 'PUT', `/api/plans/${plan.id}/days/1/1`, {
    version: 1,
    workout: { title: 'Day one', exercises: [{ movementId: squat.id, sets: [{ reps: { min: 5, max: 5 } }] }] },
  })
  await call(who, 'POST', '/api/workouts', {
    title: 'Hotel workout',
    exercises: [{ movementId: squat.id, sets: [{ reps: { min: 10, max: 10 } }] }],
  })
  await call(who, 'PUT', `/api/body-weights/2026-11-20`, { weightKg: 80 })
  for (let s = 0; s < 5; s++) {
    const session = await call<{ id: string }>(who, 'POST', '/api/sessions', {})
    const key = randomUUID()
    const exercise = {
      key,
      movementId: squat.id,
      movementName: squat.name,
      tracking: 'weight_reps',
      prescriptionId: null,
      superset: null,
      restSeconds: 90,
      notes: null,
      targets: [],
    }
    await call(who, 'PATCH', `/api/sessions/${session.id}`, { exercises: [exercise] })
    for (let i = 1; i <= 20; i++) {
      await call(who, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
        exerciseKey: key,
        setNumber: i,
        reps: 5,
        loadKg: 100 + s,
        editedAt: new Date().toISOString(),
      })
    }
    await call(who, 'POST', `/api/sessions/${session.id}/finish`, { rpe: 8 })
    if (s === 0) await call(who, 'POST', `/api/sessions/${session.id}/comments`, { body: 'Felt fast' })
  }
}

async function countsOf(userId: string) {
  const count = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0
  const n = sql<number>`count(*)::int`
  return {
    sessions: await count(t.db.select({ n }).from(workoutSessions).where(eq(workoutSessions.clientId, userId))),
    sets: await count(
      t.db
        .select({ n })
        .from(setLogs)
        .innerJoin(workoutSessions, eq(workoutSessions.id, setLogs.sessionId))
        .where(eq(workoutSessions.clientId, userId)),
    ),
    comments: await count(t.db.select({ n }).from(sessionComments).where(eq(sessionComments.authorId, userId))),
    plans: await count(t.db.select({ n }).from(trainingPlans).where(eq(trainingPlans.ownerId, userId))),
    workouts: await count(t.db.select({ n }).from(workouts).where(eq(workouts.ownerId, userId))),
    movements: await count(t.db.select({ n }).from(movements).where(eq(movements.ownerId, userId))),
    bodyWeights: await count(t.db.select({ n }).from(bodyWeights).where(eq(bodyWeights.clientId, userId))),
  }
}

/** What an export says, without the moment it was made and the profile's save time (a restore saves the same settings again). */
const stable = (doc: ExportDoc) => ({
  ...doc,
  exportedAt: undefined,
  profile: { ...doc.profile, updatedAt: undefined },
})

beforeAll(async () => {
  t = await createTestApp()
  ana = await signIn(t, { role: 'client', displayName: 'Ana Lifter' })
  await buildHistory(ana)
}, 120_000)
afterAll(() => t.close())

describe('a restore into the account the export came from', () => {
  test('adds nothing: not the 5 sessions and 100 sets again, however often', async () => {
    const before = await exportOf(ana)
    expect(await countsOf(ana.id)).toEqual({
      sessions: 5,
      sets: 100,
      comments: 1,
      plans: 1,
      workouts: 1,
      movements: 0,
      bodyWeights: 1,
    })
    expect(await restore(ana, before)).toEqual(ZERO)
    expect(await restore(ana, before)).toEqual(ZERO)
    expect(await countsOf(ana.id)).toEqual({
      sessions: 5,
      sets: 100,
      comments: 1,
      plans: 1,
      workouts: 1,
      movements: 0,
      bodyWeights: 1,
    })
    expect(stable(await exportOf(ana))).toEqual(stable(before))
  })

  test('adds only what the account does not hold: a session it no longer has comes back, once', async () => {
    const before = await exportOf(ana)
    const [first] = before.sessions
    if (!first) throw new Error('no session')
    // The same file with one more session in it (as a file from before a session was discarded would be).
    const extra = {
      ...first,
      id: randomUUID(),
      sets: first.sets.map((s) => ({ ...s, id: randomUUID() })),
      comments: [],
    }
    const grown = { ...before, sessions: [...before.sessions, extra] }
    expect(await restore(ana, grown)).toEqual({ ...ZERO, sessions: 1, sets: 20 })
    expect(await restore(ana, grown)).toEqual(ZERO)
    expect(await countsOf(ana.id)).toMatchObject({ sessions: 6, sets: 120 })
    // The extra session goes again, for the tests after this one.
    await t.db.delete(workoutSessions).where(
      and(
        eq(workoutSessions.clientId, ana.id),
        notInArray(
          workoutSessions.id,
          before.sessions.map((s) => s.id),
        ),
      ),
    )
    expect(await countsOf(ana.id)).toMatchObject({ sessions: 5, sets: 100 })
  })
})

describe('a restore of one account’s export into another', () => {
  test('still restores whole, once, beside the original, which stays as it was', async () => {
    const original = await exportOf(ana)
    const ben = await signIn(t, { role: 'client' })
    expect(await restore(ben, original)).toEqual({
      movements: 0,
      plans: 1,
      workouts: 1,
      sessions: 5,
      sets: 100,
      comments: 1,
      bodyWeights: 1,
    })
    expect(await restore(ben, original)).toEqual(ZERO)
    expect(await countsOf(ben.id)).toEqual({
      sessions: 5,
      sets: 100,
      comments: 1,
      plans: 1,
      workouts: 1,
      movements: 0,
      bodyWeights: 1,
    })
    const restored = await exportOf(ben)
    expect(restored.sessions.map((s) => s.id).filter((id) => original.sessions.some((o) => o.id === id))).toEqual([])
    expect(stable(await exportOf(ana))).toEqual(stable(original))
  })

  test('ids of another account in a file tell nothing about that account: they restore as fresh ids would', async () => {
    const theirs = await exportOf(ana)
    const carl = await signIn(t, { role: 'client' })
    const dora = await signIn(t, { role: 'client' })
    // Carl's file names Ana's rows by their ids; Dora's names the same rows by ids no one has.
    const fresh = structuredClone(theirs)
    for (const session of fresh.sessions) {
      session.id = randomUUID()
      for (const set of session.sets) set.id = randomUUID()
    }
    const asCarl = await restore(carl, theirs)
    expect(asCarl).toEqual(await restore(dora, fresh))
    expect(asCarl).toMatchObject({ sessions: 5, sets: 100 })
    // Nothing of Ana's was written, moved or attached to Carl.
    expect(stable(await exportOf(ana))).toEqual(stable(theirs))
    const [anaProfile] = await t.db
      .select({ displayName: profiles.displayName })
      .from(profiles)
      .where(eq(profiles.id, ana.id))
    expect(anaProfile?.displayName).toBe('Ana Lifter')
    expect(
      (await exportOf(carl)).sessions.map((s) => s.id).filter((id) => theirs.sessions.some((o) => o.id === id)),
    ).toEqual([])
  })
})
