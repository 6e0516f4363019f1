import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm'
import type { Session, SetLog } from '#shared/schemas/sessions.ts'
import type { SessionReview } from '#shared/schemas/session-reports.ts'
import { oneRepMaxMovementOf, reviewSession } from '#shared/set-review.ts'
import { queryRows, sqlArray, type Db, type Tx } from '#server/db/client.ts'
import { setLogs, workoutSessions } from '#server/db/schema/index.ts'

type SetRow = typeof setLogs.$inferSelect

/** A set_logs row as drizzle reads it, or as a raw statement returns it under the same names (its times as text). */
export type SetLogRow = Pick<
  SetRow,
  | 'id'
  | 'exerciseKey'
  | 'movementId'
  | 'setNumber'
  | 'reps'
  | 'loadKg'
  | 'rpe'
  | 'durationSeconds'
  | 'distanceMeters'
  | 'targetRepsMin'
  | 'targetRepsMax'
  | 'targetLoadKg'
  | 'targetRpe'
  | 'completed'
  | 'setType'
  | 'note'
> & { editedAt: Date | string; loggedAt: Date | string } & Partial<Pick<SetRow, 'correctedAt' | 'asFinished'>>

/** What a correction shows: when, and what the set was at the finish (docs/product.md#corrections). */
function correctionOf(row: SetLogRow): SetLog['correction'] {
  if (!row.correctedAt) return null
  const was = row.asFinished
  return {
    at: new Date(row.correctedAt).toISOString(),
    was: was
      ? {
          reps: was.reps,
          loadKg: was.loadKg,
          rpe: was.rpe,
          durationSeconds: was.durationSeconds,
          distanceMeters: was.distanceMeters,
          completed: was.completed,
        }
      : null,
  }
}

export const toSetLog = (row: SetLogRow): SetLog => ({
  id: row.id,
  exerciseKey: row.exerciseKey,
  movementId: row.movementId,
  setNumber: row.setNumber,
  reps: row.reps,
  loadKg: row.loadKg,
  rpe: row.rpe,
  durationSeconds: row.durationSeconds,
  distanceMeters: row.distanceMeters,
  targetRepsMin: row.targetRepsMin,
  targetRepsMax: row.targetRepsMax,
  targetLoadKg: row.targetLoadKg,
  targetRpe: row.targetRpe,
  completed: row.completed,
  setType: row.setType,
  note: row.note,
  editedAt: new Date(row.editedAt).toISOString(),
  loggedAt: new Date(row.loggedAt).toISOString(),
  correction: correctionOf(row),
})

/**
 * The SQL twin of `countsAsWork` (src/shared/set-types.ts): a set_logs row `alias` that counts as
 * work, done, not deleted and not a warm-up. Records, e1RMs, volume and the lifetime totals read
 * only these; the partial indexes on set_logs carry the same condition, so a query written with it
 * can use them.
 */
export function countingSet(alias: string): SQL {
  const t = sql.raw(alias)
  return sql`${t}.completed and ${t}.deleted_at is null and ${t}.set_type <> 'warmup'`
}

/** Epley's e1RM of a set_logs row in SQL, null outside 1-12 reps (the same rule as `e1rm`). */
export function e1rmSql(alias: string): SQL {
  const t = sql.raw(alias)
  return sql`case when ${t}.reps between 1 and 12 and ${t}.load_kg > 0 then case when ${t}.reps = 1 then ${t}.load_kg else ${t}.load_kg * (1 + ${t}.reps / 30.0) end end`
}

/** Epley's e1RM of a set that has one (1-12 reps, a load): the order of set_logs_client_e1rm_idx. */
const epleySql = (alias: string): SQL => {
  const t = sql.raw(alias)
  return sql`case when ${t}.reps = 1 then ${t}.load_kg else ${t}.load_kg * (1 + ${t}.reps / 30.0) end`
}

/**
 * The best e1RM of one lifter's movement among the sets whose session `counts` (a condition on the
 * session `p`): the lifter's sets of the movement that have an e1RM, best first from
 * set_logs_client_e1rm_idx, until one whose session counts. An index walk that stops at its first
 * answer, never an aggregate of the lifter's history (docs/scaling.md#flat-as-history-grows).
 */
export function bestE1rmSql(clientId: SQL, movementId: SQL, counts: SQL = sql`true`): SQL {
  return sql`(
    select ${epleySql('b')} from set_logs b
    where b.client_id = ${clientId} and b.movement_id = ${movementId}
      and ${countingSet('b')} and b.reps between 1 and 12 and b.load_kg > 0
      and exists (select 1 from workout_sessions p where p.id = b.session_id and p.status = 'completed' and ${counts})
    order by ${epleySql('b')} desc
    limit 1
  )`
}

/**
 * A lifter's current e1RM of each movement: the best of their done sets in completed sessions (what
 * a %1RM target is a share of, and what progress shows), one index probe per movement.
 */
export async function bestE1rms(
  db: Db | Tx,
  clientId: string,
  movementIds: readonly string[],
): Promise<Map<string, number>> {
  if (!movementIds.length) return new Map()
  const rows = await queryRows<{ movement_id: string; best: string | number | null }>(
    db,
    sql`select m.id as movement_id, ${bestE1rmSql(sql`${clientId}`, sql`m.id`)} as best from unnest(${sqlArray(movementIds, 'uuid')}) as m(id)`,
  )
  return new Map(rows.flatMap((r) => (r.best === null ? [] : [[r.movement_id, Number(r.best)] as const])))
}

/** The movements of these sessions that a %1RM target names, by session. */
function percentMovements(
  sessions: readonly Pick<Session, 'id' | 'exercises'>[],
): { sessionId: string; movementId: string }[] {
  return sessions.flatMap((s) =>
    [
      ...new Set(
        s.exercises.filter((e) => e.targets.some((t) => t.load?.kind === 'percent_1rm')).map(oneRepMaxMovementOf),
      ),
    ].map((movementId) => ({
      sessionId: s.id,
      movementId,
    })),
  )
}

/**
 * For each session, the lifter's best e1RM of each movement its %1RM targets name, from the
 * sessions they completed before it: what a percentage meant on the day.
 */
async function oneRepMaxesBefore(
  db: Db | Tx,
  sessions: readonly Pick<Session, 'id' | 'exercises'>[],
): Promise<Map<string, Map<string, number>>> {
  const pairs = percentMovements(sessions)
  const bySession = new Map<string, Map<string, number>>()
  if (!pairs.length) return bySession
  const rows = await queryRows<{ session_id: string; movement_id: string; best: number | string | null }>(
    db,
    sql`
      select pair.session_id, pair.movement_id, ${bestE1rmSql(sql`s.client_id`, sql`pair.movement_id`, sql`p.started_at < s.started_at`)} as best
      from (values ${sql.join(
        pairs.map((p) => sql`(${p.sessionId}::uuid, ${p.movementId}::uuid)`),
        sql`, `,
      )}) as pair(session_id, movement_id)
      join workout_sessions s on s.id = pair.session_id`,
  )
  for (const row of rows) {
    if (row.best === null) continue
    const mine = bySession.get(row.session_id) ?? new Map<string, number>()
    mine.set(row.movement_id, Number(row.best))
    bySession.set(row.session_id, mine)
  }
  return bySession
}

/** Sessions read set by set against their prescriptions. */
export async function reviewSessions(
  db: Db | Tx,
  sessions: readonly (Pick<Session, 'id' | 'exercises' | 'sets' | 'completedAt'> & {
    removedExercises?: Session['removedExercises']
  })[],
): Promise<Map<string, SessionReview>> {
  const references = await oneRepMaxesBefore(db, sessions)
  return new Map(
    sessions.map((s) => [s.id, reviewSession(s, { completedAt: s.completedAt, oneRepMaxKg: references.get(s.id) })]),
  )
}

export type ReviewCounts = { prescribed: number; asPrescribed: number }

/**
 * Sets prescribed and sets done as prescribed, by session id: what set-level adherence sums over
 * days. Computed from the sets; what adherence reads is the copy stored with each completed
 * session (`storeReviewCounts`).
 */
async function reviewCounts(db: Db | Tx, sessionIds: readonly string[]): Promise<Map<string, ReviewCounts>> {
  if (!sessionIds.length) return new Map()
  const ids = [...sessionIds]
  const sessions = await db
    .select({
      id: workoutSessions.id,
      exercises: workoutSessions.exercises,
      removedExercises: workoutSessions.removedExercises,
      completedAt: workoutSessions.completedAt,
    })
    .from(workoutSessions)
    .where(inArray(workoutSessions.id, ids))
  const sets = await db
    .select()
    .from(setLogs)
    .where(and(inArray(setLogs.sessionId, ids), isNull(setLogs.deletedAt)))
    .orderBy(asc(setLogs.setNumber), asc(setLogs.loggedAt))
  const setsOf = new Map<string, SetRow[]>()
  for (const set of sets) {
    const list = setsOf.get(set.sessionId)
    if (list) list.push(set)
    else setsOf.set(set.sessionId, [set])
  }
  const reviews = await reviewSessions(
    db,
    sessions.map((s) => ({
      id: s.id,
      exercises: s.exercises,
      removedExercises: s.removedExercises,
      completedAt: s.completedAt?.toISOString() ?? null,
      sets: (setsOf.get(s.id) ?? []).map(toSetLog),
    })),
  )
  return new Map([...reviews].map(([id, r]) => [id, { prescribed: r.prescribed, asPrescribed: r.asPrescribed }]))
}

/**
 * Stores a completed session's review counts when it is finished or corrected, read within `tx`
 * so that they count what the transaction commits.
 */
export async function storeReviewCounts(tx: Tx, sessionId: string): Promise<void> {
  const counts = (await reviewCounts(tx, [sessionId])).get(sessionId)
  if (!counts) return
  await tx
    .update(workoutSessions)
    .set({ setsPrescribed: counts.prescribed, setsAsPrescribed: counts.asPrescribed })
    .where(eq(workoutSessions.id, sessionId))
}

/**
 * The review counts of completed sessions finished before they were stored: computed and kept,
 * unless a finish or correction stored fresher ones meanwhile.
 */
export async function fillReviewCounts(db: Db, sessionIds: readonly string[]): Promise<Map<string, ReviewCounts>> {
  const counts = await reviewCounts(db, sessionIds)
  if (!counts.size) return counts
  const values = [...counts].map(([id, c]) => sql`(${id}::uuid, ${c.prescribed}::int, ${c.asPrescribed}::int)`)
  await db.execute(sql`
    update workout_sessions s set sets_prescribed = v.prescribed, sets_as_prescribed = v.as_prescribed
    from (values ${sql.join(values, sql`, `)}) as v(id, prescribed, as_prescribed)
    where s.id = v.id and s.sets_prescribed is null and s.status = 'completed'`)
  return counts
}
