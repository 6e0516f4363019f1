import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '#server/db/client.ts'
import { setLogs, workoutSessions } from '#server/db/schema/index.ts'

/*
 * What the JSON export and the CSV both read: the lifter's sessions in batches by keyset and their
 * sets, with the few helpers that write their values.
 */

/** Whose data an export holds, and the coach who asked for it when it is not the lifter themselves. */
export type ExportSubject = { userId: string; coachId: string | null }

/**
 * Sessions per batch: with their sets about 1,250 rows and 0.7 MB of JSON, held only while they
 * are written. Bigger batches, and any one string over V8's 128 KB large-object threshold, went
 * straight to the old generation, where they piled up to the next full collection: the server's
 * memory grew by 180 MB during a long export.
 */
const SESSION_BATCH = 50
export const MESSAGE_BATCH = 2000
export const ID_BATCH = 1000

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString()
export const json = (value: unknown) => JSON.stringify(value)

// The review counts are derived from the sets, which the export carries.
export type SessionRow = Omit<typeof workoutSessions.$inferSelect, 'setsPrescribed' | 'setsAsPrescribed'> & {
  cursor: string
}

/** The lifter's sessions, oldest first, a batch at a time. */
export async function* sessionBatches(db: Db, clientId: string): AsyncGenerator<SessionRow[]> {
  // The cursor is the start time as PostgreSQL's text (microseconds): a JavaScript Date keeps
  // milliseconds, and a cursor rounded down would read some sessions twice.
  let after: { at: string; id: string } | null = null
  for (;;) {
    const page: SessionRow[] = await db
      .select({ ...sessionColumns, cursor: sql<string>`${workoutSessions.startedAt}::text` })
      .from(workoutSessions)
      .where(
        and(
          eq(workoutSessions.clientId, clientId),
          after
            ? sql`(${workoutSessions.startedAt}, ${workoutSessions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(workoutSessions.startedAt), asc(workoutSessions.id))
      .limit(SESSION_BATCH)
    if (!page.length) return
    yield page
    const last = page[page.length - 1]
    if (!last || page.length < SESSION_BATCH) return
    after = { at: last.cursor, id: last.id }
  }
}

const sessionColumns = {
  id: workoutSessions.id,
  clientId: workoutSessions.clientId,
  planWorkoutId: workoutSessions.planWorkoutId,
  planId: workoutSessions.planId,
  workoutId: workoutSessions.workoutId,
  title: workoutSessions.title,
  planName: workoutSessions.planName,
  week: workoutSessions.week,
  day: workoutSessions.day,
  exercises: workoutSessions.exercises,
  removedExercises: workoutSessions.removedExercises,
  status: workoutSessions.status,
  startedAt: workoutSessions.startedAt,
  completedAt: workoutSessions.completedAt,
  rpe: workoutSessions.rpe,
  notes: workoutSessions.notes,
  correctedAt: workoutSessions.correctedAt,
  createdAt: workoutSessions.createdAt,
  updatedAt: workoutSessions.updatedAt,
}

export type SetRow = typeof setLogs.$inferSelect

export async function setsOf(db: Db, sessionIds: string[]): Promise<Map<string, SetRow[]>> {
  const rows = await db
    .select()
    .from(setLogs)
    .where(inArray(setLogs.sessionId, sessionIds))
    .orderBy(asc(setLogs.sessionId), asc(setLogs.setNumber), asc(setLogs.loggedAt), asc(setLogs.id))
  return groupBy(rows, (row) => row.sessionId)
}

export function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const list = groups.get(key(row))
    if (list) list.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

/** Every movement id a session names: its exercises, a swap's original, a linked e1RM movement. */
export function movementIdsOfSession(
  session: Pick<SessionRow, 'exercises' | 'removedExercises'>,
  into: Set<string>,
): void {
  for (const exercise of [...session.exercises, ...session.removedExercises]) {
    into.add(exercise.movementId)
    if (exercise.swappedFrom?.movementId) into.add(exercise.swappedFrom.movementId)
    if (exercise.oneRepMaxMovementId) into.add(exercise.oneRepMaxMovementId)
  }
}

/** A timestamp as JavaScript's toISOString writes it (milliseconds, UTC), written by the database. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The sets of these sessions as each session's JSON array, written by the database: at a million
 * sets, building an object per set in the server made most of the export's memory churn (the heap
 * grew far above what it held). Keys and values are those of docs/export-format.md#sessions (a session's sets), in order;
 * numeric columns go out as float8, which PostgreSQL writes as the shortest exact number, as
 * JSON.stringify would.
 */
export async function setsJsonOf(
  db: Db,
  sessionIds: string[],
): Promise<Map<string, { json: string; movementIds: string[] }>> {
  const rows = await queryRows<{ session_id: string; sets: string; movement_ids: string[] }>(
    db,
    sql`select l.session_id,
          '[' || string_agg(
            (select row_to_json(s) from (select l.id, l.exercise_key as "exerciseKey", l.movement_id as "movementId", l.prescription_id as "prescriptionId",
               l.set_number as "setNumber", l.reps, l.load_kg::float8 as "loadKg", l.rpe::float8 as rpe, l.duration_s as "durationSeconds",
               l.distance_m as "distanceMeters", l.target_reps_min as "targetRepsMin", l.target_reps_max as "targetRepsMax",
               l.target_load_kg::float8 as "targetLoadKg", l.target_rpe::float8 as "targetRpe", l.completed, l.set_type as "setType", l.note,
               ${isoText(sql`l.edited_at`)} as "editedAt", ${isoText(sql`l.logged_at`)} as "loggedAt", ${isoText(sql`l.deleted_at`)} as "deletedAt",
               ${isoText(sql`l.corrected_at`)} as "correctedAt", l.as_finished as "asFinished") s)::text,
            ',' order by l.set_number, l.logged_at, l.id) || ']' as sets,
          array_agg(distinct l.movement_id) as movement_ids
        from ${setLogs} l where l.session_id in ${sql`(${sql.join(
          sessionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`}
        group by l.session_id`,
  )
  return new Map(rows.map((row) => [row.session_id, { json: row.sets, movementIds: parseIdArray(row.movement_ids) }]))
}

/** A uuid[] as the driver gives it: an array, or PostgreSQL's text form '{a,b}'. */
const parseIdArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)
