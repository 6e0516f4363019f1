import { and, eq, sql } from 'drizzle-orm'
import { CORRECTION_WINDOW_HOURS, sessionApiText, type LogSetInput, type SetLog } from '#shared/schemas/sessions.ts'
import { activeCoachIdOf } from '#server/access/coaching.ts'
import { queryRows, type Db, type Tx } from '#server/db/client.ts'
import { LIVE_CHANNEL, notify } from '#server/db/notifications.ts'
import { setLogHistory, setLogs, workoutSessions } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { createBatcher, type Batcher } from '#server/lib/batcher.ts'
import { storeReviewCounts, toSetLog, type SetLogRow } from './review.service.ts'
import { findOwn } from './session-access.ts'

type SetRow = typeof setLogs.$inferSelect

type SetValues = Pick<
  SetRow,
  'reps' | 'loadKg' | 'rpe' | 'durationSeconds' | 'distanceMeters' | 'completed' | 'note' | 'setNumber' | 'exerciseKey'
> &
  Partial<Pick<SetRow, 'setType'>>
const valuesOf = (row: SetValues): SetValues => ({
  exerciseKey: row.exerciseKey,
  setNumber: row.setNumber,
  reps: row.reps,
  loadKg: row.loadKg,
  rpe: row.rpe,
  durationSeconds: row.durationSeconds,
  distanceMeters: row.distanceMeters,
  completed: row.completed,
  // Kept before set types were: a working set.
  setType: row.setType ?? 'working',
  note: row.note,
})
const sameValues = (a: SetValues, b: SetValues) => JSON.stringify(valuesOf(a)) === JSON.stringify(valuesOf(b))

/**
 * What the raw insert returns: the columns under drizzle's names and numerics as float8 (a driver
 * may answer numeric as text), so that `toSetLog` maps these rows as it maps drizzle's.
 */
const RETURNED_SET_LOG = sql`id, exercise_key as "exerciseKey", movement_id as "movementId", set_number as "setNumber", reps, load_kg::float8 as "loadKg",
  rpe::float8 as rpe, duration_s as "durationSeconds", distance_m as "distanceMeters", target_reps_min as "targetRepsMin", target_reps_max as "targetRepsMax",
  target_load_kg::float8 as "targetLoadKg", target_rpe::float8 as "targetRpe", completed, set_type as "setType", note, edited_at as "editedAt", logged_at as "loggedAt"`

type NewSet = { clientId: string; sessionId: string; setId: string; input: LogSetInput }

/**
 * The hot path of the gym: new sets in one statement that also checks each session (the
 * client's own, in progress) and takes the exercise's movement and targets from it. A set it
 * does not insert (a replay, an edit, an error to explain) is missing from the answer and takes
 * the careful path.
 */
async function insertNewSets(db: Db, sets: NewSet[]): Promise<Map<string, SetLog>> {
  const values = sets.map(
    ({ clientId, sessionId, setId, input }) =>
      sql`(${setId}::uuid, ${sessionId}::uuid, ${clientId}::text, ${input.exerciseKey}::text, ${input.setNumber}::int, ${input.reps ?? null}::int,
        ${input.loadKg ?? null}::numeric, ${input.rpe ?? null}::numeric, ${input.durationSeconds ?? null}::int, ${input.distanceMeters ?? null}::int,
        ${input.completed ?? true}::boolean, ${input.setType ?? 'working'}::text, ${input.note || null}::text, ${input.editedAt}::timestamptz)`,
  )
  const target = sql`e->'targets'->(v.set_number - 1)`
  const rows = await queryRows<SetLogRow>(
    db,
    sql`
      insert into set_logs (id, session_id, exercise_key, movement_id, prescription_id, set_number, reps, load_kg, rpe, duration_s, distance_m,
        target_reps_min, target_reps_max, target_load_kg, target_rpe, completed, set_type, note, edited_at)
      select v.id, s.id, e->>'key', (e->>'movementId')::uuid, (e->>'prescriptionId')::uuid, v.set_number, v.reps, v.load_kg, v.rpe, v.duration_s, v.distance_m,
        (${target}->'reps'->>'min')::int, (${target}->'reps'->>'max')::int,
        case when ${target}->'load'->>'kind' = 'kg' then (${target}->'load'->>'value')::numeric end,
        (${target}->>'rpe')::numeric, v.completed, v.set_type, v.note, v.edited_at
      from (values ${sql.join(values, sql`, `)}) as v(id, session_id, client_id, exercise_key, set_number, reps, load_kg, rpe, duration_s, distance_m, completed, set_type, note, edited_at)
      join workout_sessions s on s.id = v.session_id and s.client_id = v.client_id and s.status = 'in_progress'
      cross join lateral (select x as e from jsonb_array_elements(s.exercises) x where x->>'key' = v.exercise_key limit 1) ex
      on conflict (id) do nothing
      returning ${RETURNED_SET_LOG}`,
  )
  return new Map(rows.map((row) => [row.id, toSetLog(row)]))
}

const setBatchers = new WeakMap<Db, Batcher<NewSet, SetLog | null>>()

/**
 * New sets that arrive while the previous statement runs go in together in the next one (one
 * statement and one commit for many lifters; decision 010). A lone set goes at once.
 */
function insertNewSet(db: Db, set: NewSet): Promise<SetLog | null> {
  let batcher = setBatchers.get(db)
  if (!batcher) {
    batcher = createBatcher(async (sets) => {
      // Two copies of one set in one batch (two tabs replaying it): only the first is written; the
      // other takes the careful path, which compares its values and its time with what is stored.
      const first = sets.filter((set, index) => sets.findIndex((other) => other.setId === set.setId) === index)
      const inserted = await insertNewSets(db, first)
      return sets.map((set) => (first.includes(set) ? (inserted.get(set.setId) ?? null) : null))
    })
    setBatchers.set(db, batcher)
  }
  return batcher.add(set)
}

/**
 * Whether the session takes a change of its sets now, decided under a lock that holds off a
 * finish (but not the new sets of the hot path): while it is in progress, a set is logged; for 48
 * hours after it was finished, by the server's clock, the change is a correction
 * (docs/product.md#corrections); after that, or once discarded, it is refused.
 */
async function lockForWriting(tx: Tx, sessionId: string): Promise<'log' | 'correct'> {
  const [row] = await tx
    .select({
      status: workoutSessions.status,
      correctable: sql<boolean>`coalesce(${workoutSessions.completedAt} + make_interval(hours => ${CORRECTION_WINDOW_HOURS}::int) > now(), false)`,
    })
    .from(workoutSessions)
    .where(eq(workoutSessions.id, sessionId))
    .for('no key update')
  if (!row) throw new AppError('NOT_FOUND', { message: 'Session not found' })
  if (row.status === 'in_progress') return 'log'
  if (row.status === 'abandoned') throw new AppError('CONFLICT', { message: sessionApiText.discarded })
  if (!row.correctable) throw new AppError('CONFLICT', { message: sessionApiText.correctionClosed })
  return 'correct'
}

/**
 * The correction columns of a set changed after the finish, to `next` (null: removed). The set as
 * it was at the finish is kept at its first correction (a set deleted by then did not count, like
 * one added afterwards); a set put back as it was at the finish is no longer corrected.
 */
function correctionMarks(existing: SetRow, next: SetValues | null) {
  const asFinished = existing.correctedAt ? existing.asFinished : existing.deletedAt ? null : valuesOf(existing)
  const asItWas = next === null ? asFinished === null : asFinished !== null && sameValues(asFinished, next)
  return asItWas ? { correctedAt: null, asFinished: null } : { correctedAt: sql`now()`, asFinished }
}

/**
 * A correction landed: the session records when and counts its set review again, and the open
 * apps of its lifter and their coach hear of it on the live connection (delivered on commit,
 * through any server process).
 */
async function noteCorrection(tx: Tx, session: { id: string; clientId: string }): Promise<void> {
  await tx
    .update(workoutSessions)
    .set({ correctedAt: sql`now()` })
    .where(eq(workoutSessions.id, session.id))
  await storeReviewCounts(tx, session.id)
  const coachId = await activeCoachIdOf(tx, session.clientId)
  const event: CorrectionEvent = {
    type: 'correction',
    sessionId: session.id,
    clientId: session.clientId,
    recipientIds: coachId ? [session.clientId, coachId] : [session.clientId],
  }
  await notify(tx, LIVE_CHANNEL, JSON.stringify(event))
}

/** On the live connection: a session was corrected (the notification carries ids only). */
export type CorrectionEvent = { type: 'correction'; sessionId: string; clientId: string; recipientIds: string[] }

/**
 * Logs or edits one set, idempotent by its client-made id: the same set sent five times is one
 * row. Of two versions of a set (two devices), the later edit wins and the other is kept in history.
 * The same call corrects a set of a session finished less than 48 hours ago.
 */
export async function logSet(
  db: Db,
  clientId: string,
  sessionId: string,
  setId: string,
  input: LogSetInput,
): Promise<SetLog> {
  const fresh = await insertNewSet(db, { clientId, sessionId, setId, input })
  if (fresh) return fresh
  const session = await findOwn(db, { id: clientId, role: 'client' }, sessionId)
  const exercise = session.exercises.find((e) => e.key === input.exerciseKey)
  if (!exercise)
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid input',
      fields: { exerciseKey: [sessionApiText.unknownExercise] },
    })
  const target = exercise.targets[input.setNumber - 1]
  const incoming = {
    exerciseKey: exercise.key,
    setNumber: input.setNumber,
    reps: input.reps ?? null,
    loadKg: input.loadKg ?? null,
    rpe: input.rpe ?? null,
    durationSeconds: input.durationSeconds ?? null,
    distanceMeters: input.distanceMeters ?? null,
    completed: input.completed ?? true,
    setType: input.setType ?? 'working',
    note: input.note || null,
  }
  const editedAt = new Date(input.editedAt)

  // Not inserted above: a replay, an edit, a change to a finished session, or a new set that lost a race.
  const [seen] = await db.select().from(setLogs).where(eq(setLogs.id, setId))
  if (seen && seen.sessionId !== sessionId)
    throw new AppError('CONFLICT', { message: 'This set id belongs to another session' })
  // A replay of what is stored, or of a set since deleted (a late copy must not bring it back): answered as stored, even once the session is closed.
  if (seen && sameValues(seen, incoming)) return toSetLog(seen)

  return db.transaction(async (tx) => {
    // The session must take the change when it lands (a finish may have come between).
    const mode = await lockForWriting(tx, sessionId)
    const lockSet = () => tx.select().from(setLogs).where(eq(setLogs.id, setId)).for('update')
    let [existing] = await lockSet()
    if (!existing) {
      const [inserted] = await tx
        .insert(setLogs)
        .values({
          id: setId,
          sessionId,
          movementId: exercise.movementId,
          prescriptionId: exercise.prescriptionId,
          ...incoming,
          targetRepsMin: target?.reps?.min ?? null,
          targetRepsMax: target?.reps?.max ?? null,
          targetLoadKg: target?.load?.kind === 'kg' ? target.load.value : null,
          targetRpe: target?.rpe ?? null,
          editedAt,
          // A set added after the finish: corrected, with nothing it was before.
          ...(mode === 'correct' ? { correctedAt: sql`now()` } : {}),
        })
        .onConflictDoNothing({ target: setLogs.id })
        .returning()
      if (inserted) {
        if (mode === 'correct') await noteCorrection(tx, session)
        return toSetLog(inserted)
      }
      // A copy of this set sent at the same moment got in first: this one is an edit of it.
      ;[existing] = await lockSet()
      if (!existing) throw new Error('set neither inserted nor found')
    }
    if (existing.sessionId !== sessionId)
      throw new AppError('CONFLICT', { message: 'This set id belongs to another session' })
    const deleted = existing.deletedAt !== null
    if (sameValues(existing, incoming)) return toSetLog(existing)
    if (editedAt < existing.editedAt) {
      // An older edit arriving late (the other device synced first): kept, not applied.
      await tx.insert(setLogHistory).values({ setLogId: setId, sessionId, values: incoming, editedAt })
      return toSetLog(existing)
    }
    await tx
      .insert(setLogHistory)
      .values({ setLogId: setId, sessionId, values: { ...valuesOf(existing), deleted }, editedAt: existing.editedAt })
    const [row] = await tx
      .update(setLogs)
      .set({
        ...incoming,
        movementId: exercise.movementId,
        editedAt,
        deletedAt: null,
        ...(mode === 'correct' ? correctionMarks(existing, incoming) : {}),
      })
      .where(eq(setLogs.id, setId))
      .returning()
    if (!row) throw new Error('update returned nothing')
    if (mode === 'correct') await noteCorrection(tx, session)
    return toSetLog(row)
  })
}

/**
 * Deletes a set, kept as deleted so a late replay of it does not bring it back unnoticed. Like an edit, a deletion carries the device's time: an edit made later on
 * another device wins over it, and the lost deletion is kept in history. Within 48 hours of the
 * finish, removing a set is a correction; deleting what is not there changes nothing, at any time.
 */
export async function deleteSet(
  db: Db,
  clientId: string,
  sessionId: string,
  setId: string,
  editedAt?: string,
): Promise<void> {
  const session = await findOwn(db, { id: clientId, role: 'client' }, sessionId)
  const at = editedAt ? new Date(editedAt) : null
  const thisSet = and(eq(setLogs.id, setId), eq(setLogs.sessionId, sessionId))
  const [seen] = await db.select({ deletedAt: setLogs.deletedAt }).from(setLogs).where(thisSet)
  if (!seen || seen.deletedAt) return
  await db.transaction(async (tx) => {
    const mode = await lockForWriting(tx, sessionId)
    const [existing] = await tx.select().from(setLogs).where(thisSet).for('update')
    if (!existing || existing.deletedAt) return
    if (at && existing.editedAt > at) {
      await tx.insert(setLogHistory).values({ setLogId: setId, sessionId, values: { deleted: true }, editedAt: at })
      return
    }
    await tx
      .update(setLogs)
      .set({
        deletedAt: sql`now()`,
        editedAt: at ?? sql`now()`,
        ...(mode === 'correct' ? correctionMarks(existing, null) : {}),
      })
      .where(thisSet)
    if (mode === 'correct') await noteCorrection(tx, session)
  })
}
