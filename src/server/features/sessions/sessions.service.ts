import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm'
import type { Exercise } from '#shared/schemas/programs.ts'
import {
  e1rm,
  sessionMessages,
  type Comment,
  type CommentInput,
  type FinishSessionInput,
  type LogSetInput,
  type MovementStats,
  type PersonalRecord,
  type Session,
  type SessionExercise,
  type SessionReport,
  type SessionSummary,
  type SetLog,
  type StartSessionInput,
  type UpdateSessionInput,
} from '#shared/schemas/sessions.ts'
import { queryRows, type Db, type Tx } from '../../db/client.ts'
import { coachClients, profiles, sessionComments, setLogHistory, setLogs, workoutSessions } from '../../db/schema/index.ts'
import { AppError } from '../../lib/app-error.ts'
import { createBatcher, type Batcher } from '../../lib/batcher.ts'
import type { Actor } from '../movements/movements.service.ts'
import { movementErrors } from '../programs/prescriptions.service.ts'
import { getPlanWorkout } from '../programs/programs.service.ts'
import { activeCoachIdOf } from '../profiles/profiles.service.ts'
import { getWorkout } from '../workouts/workouts.service.ts'
import { announceComment, markCommentsRead } from './comments.service.ts'
import { reviewSessions, toSetLog } from './review.service.ts'

type SessionRow = typeof workoutSessions.$inferSelect
type SetRow = typeof setLogs.$inferSelect

const toSummary = (row: SessionRow): SessionSummary => ({
  id: row.id,
  clientId: row.clientId,
  planWorkoutId: row.planWorkoutId,
  planId: row.planId,
  workoutId: row.workoutId,
  title: row.title,
  planName: row.planName,
  week: row.week,
  day: row.day,
  status: row.status,
  startedAt: row.startedAt.toISOString(),
  completedAt: row.completedAt?.toISOString() ?? null,
  rpe: row.rpe,
  notes: row.notes,
})

/** A session's copy of a prescribed exercise, as a session starts with it. */
export const fromPrescription = (exercise: Exercise): SessionExercise => ({
  key: randomUUID(),
  movementId: exercise.movementId,
  movementName: exercise.movementName,
  tracking: exercise.tracking,
  prescriptionId: exercise.id,
  superset: exercise.superset,
  restSeconds: exercise.restSeconds,
  notes: exercise.notes,
  targets: exercise.sets,
})

/** The client's own sessions; their active coach reads them too (never writes). */
async function isCoachOf(db: Db | Tx, coachId: string, clientId: string): Promise<boolean> {
  const [link] = await db
    .select({ id: coachClients.id })
    .from(coachClients)
    .where(and(eq(coachClients.coachId, coachId), eq(coachClients.clientId, clientId), eq(coachClients.status, 'active')))
  return Boolean(link)
}

async function findSession(db: Db | Tx, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(workoutSessions).where(eq(workoutSessions.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Session not found' })
  return row
}

async function findReadable(db: Db, actor: Actor, id: string): Promise<SessionRow> {
  const row = await findSession(db, id)
  if (row.clientId !== actor.id && !(await isCoachOf(db, actor.id, row.clientId))) throw new AppError('FORBIDDEN', { message: sessionMessages.notYours })
  return row
}

/** Written only by its client, and only while it is in progress. */
async function findWritable(db: Db | Tx, actor: Actor, id: string): Promise<SessionRow> {
  const row = await findSession(db, id)
  if (row.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: sessionMessages.notYours })
  if (row.status !== 'in_progress') throw new AppError('CONFLICT', { message: sessionMessages.finished })
  return row
}

/**
 * Starts a session from a planned workout, a standalone workout, or nothing; a session of the same
 * workout still in progress is resumed instead, and a start naming an existing id returns it.
 */
export async function startSession(db: Db, actor: Actor, input: StartSessionInput): Promise<Session> {
  if (input.planWorkoutId && input.workoutId) throw new AppError('VALIDATION_FAILED', { message: sessionMessages.oneSource })
  if (input.id) {
    const [existing] = await db.select().from(workoutSessions).where(eq(workoutSessions.id, input.id))
    if (existing) {
      if (existing.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: sessionMessages.notYours })
      return getSession(db, actor, existing.id)
    }
  }
  const source = input.planWorkoutId
    ? eq(workoutSessions.planWorkoutId, input.planWorkoutId)
    : input.workoutId
      ? eq(workoutSessions.workoutId, input.workoutId)
      : null
  if (source) {
    const [open] = await db
      .select({ id: workoutSessions.id })
      .from(workoutSessions)
      .where(and(eq(workoutSessions.clientId, actor.id), eq(workoutSessions.status, 'in_progress'), source))
      .orderBy(desc(workoutSessions.startedAt))
      .limit(1)
    if (open) return getSession(db, actor, open.id)
  }

  let values: typeof workoutSessions.$inferInsert
  if (input.planWorkoutId) {
    // Readable by the plan's owner and its assigned client; only the one who trains it logs it.
    const planned = await getPlanWorkout(db, actor, input.planWorkoutId)
    if (planned.plan.clientId ? planned.plan.clientId !== actor.id : planned.plan.ownerId !== actor.id) {
      throw new AppError('FORBIDDEN', { message: 'Only the client this plan is for can train it' })
    }
    values = {
      clientId: actor.id,
      planWorkoutId: planned.id,
      planId: planned.plan.id,
      title: planned.title,
      planName: planned.plan.name,
      week: planned.week,
      day: planned.day,
      exercises: planned.exercises.map(fromPrescription),
    }
  } else if (input.workoutId) {
    const workout = await getWorkout(db, actor, input.workoutId)
    values = { clientId: actor.id, workoutId: workout.id, title: workout.title, exercises: workout.exercises.map(fromPrescription) }
  } else {
    values = { clientId: actor.id, title: 'Unplanned session', exercises: [] }
  }
  const [row] = await db
    .insert(workoutSessions)
    .values({ ...values, ...(input.id ? { id: input.id } : {}) })
    .onConflictDoNothing({ target: workoutSessions.id })
    .returning({ id: workoutSessions.id })
  // A start retried while the first was on its way: the first made it; answer with that one.
  if (!row && input.id) return startSession(db, actor, { id: input.id })
  if (!row) throw new Error('insert returned nothing')
  return getSession(db, actor, row.id)
}

async function commentsOf(db: Db, sessionId: string): Promise<Comment[]> {
  const rows = await db
    .select({
      id: sessionComments.id,
      setLogId: sessionComments.setLogId,
      authorId: sessionComments.authorId,
      authorName: profiles.displayName,
      body: sessionComments.body,
      createdAt: sessionComments.createdAt,
    })
    .from(sessionComments)
    .leftJoin(profiles, eq(profiles.id, sessionComments.authorId))
    .where(eq(sessionComments.sessionId, sessionId))
    .orderBy(asc(sessionComments.createdAt))
  return rows.map((r) => ({ ...r, authorName: r.authorName ?? 'Coach', createdAt: r.createdAt.toISOString() }))
}

export async function getSession(db: Db, actor: Actor, id: string): Promise<Session> {
  const row = await findReadable(db, actor, id)
  const sets = await db
    .select()
    .from(setLogs)
    .where(and(eq(setLogs.sessionId, id), isNull(setLogs.deletedAt)))
    .orderBy(asc(setLogs.setNumber), asc(setLogs.loggedAt))
  return { ...toSummary(row), exercises: row.exercises, removedExercises: row.removedExercises, sets: sets.map(toSetLog), comments: await commentsOf(db, id) }
}

/** A client's sessions, newest first: the client's own, or (for their coach) `clientId`'s. */
export async function listSessions(
  db: Db,
  actor: Actor,
  { clientId, planId, limit }: { clientId?: string; planId?: string; limit: number },
): Promise<SessionSummary[]> {
  const whose = clientId ?? actor.id
  if (whose !== actor.id && !(await isCoachOf(db, actor.id, whose))) throw new AppError('FORBIDDEN', { message: sessionMessages.notYours })
  const rows = await db
    .select()
    .from(workoutSessions)
    .where(and(eq(workoutSessions.clientId, whose), ne(workoutSessions.status, 'abandoned'), planId ? eq(workoutSessions.planId, planId) : undefined))
    .orderBy(desc(workoutSessions.startedAt))
    .limit(limit)
  return rows.map(toSummary)
}

type SetValues = Pick<SetRow, 'reps' | 'loadKg' | 'rpe' | 'durationSeconds' | 'distanceMeters' | 'completed' | 'note' | 'setNumber' | 'exerciseKey'>
const valuesOf = (row: SetValues): SetValues => ({
  exerciseKey: row.exerciseKey,
  setNumber: row.setNumber,
  reps: row.reps,
  loadKg: row.loadKg,
  rpe: row.rpe,
  durationSeconds: row.durationSeconds,
  distanceMeters: row.distanceMeters,
  completed: row.completed,
  note: row.note,
})
const sameValues = (a: SetValues, b: SetValues) => JSON.stringify(valuesOf(a)) === JSON.stringify(valuesOf(b))

type SetRowSql = {
  id: string
  exercise_key: string
  movement_id: string
  set_number: number
  reps: number | null
  load_kg: string | number | null
  rpe: string | number | null
  duration_s: number | null
  distance_m: number | null
  target_reps_min: number | null
  target_reps_max: number | null
  target_load_kg: string | number | null
  target_rpe: string | number | null
  completed: boolean
  note: string | null
  edited_at: string | Date
}
const numberOrNull = (value: string | number | null) => (value === null ? null : Number(value))

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
        ${input.completed ?? true}::boolean, ${input.note || null}::text, ${input.editedAt}::timestamptz)`,
  )
  const target = sql`e->'targets'->(v.set_number - 1)`
  const rows = await queryRows<SetRowSql>(
    db,
    sql`
      insert into set_logs (id, session_id, exercise_key, movement_id, prescription_id, set_number, reps, load_kg, rpe, duration_s, distance_m,
        target_reps_min, target_reps_max, target_load_kg, target_rpe, completed, note, edited_at)
      select v.id, s.id, e->>'key', (e->>'movementId')::uuid, (e->>'prescriptionId')::uuid, v.set_number, v.reps, v.load_kg, v.rpe, v.duration_s, v.distance_m,
        (${target}->'reps'->>'min')::int, (${target}->'reps'->>'max')::int,
        case when ${target}->'load'->>'kind' = 'kg' then (${target}->'load'->>'value')::numeric end,
        (${target}->>'rpe')::numeric, v.completed, v.note, v.edited_at
      from (values ${sql.join(values, sql`, `)}) as v(id, session_id, client_id, exercise_key, set_number, reps, load_kg, rpe, duration_s, distance_m, completed, note, edited_at)
      join workout_sessions s on s.id = v.session_id and s.client_id = v.client_id and s.status = 'in_progress'
      cross join lateral (select x as e from jsonb_array_elements(s.exercises) x where x->>'key' = v.exercise_key limit 1) ex
      on conflict (id) do nothing
      returning id, exercise_key, movement_id, set_number, reps, load_kg, rpe, duration_s, distance_m, target_reps_min, target_reps_max,
        target_load_kg, target_rpe, completed, note, edited_at`,
  )
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        exerciseKey: row.exercise_key,
        movementId: row.movement_id,
        setNumber: row.set_number,
        reps: row.reps,
        loadKg: numberOrNull(row.load_kg),
        rpe: numberOrNull(row.rpe),
        durationSeconds: row.duration_s,
        distanceMeters: row.distance_m,
        targetRepsMin: row.target_reps_min,
        targetRepsMax: row.target_reps_max,
        targetLoadKg: numberOrNull(row.target_load_kg),
        targetRpe: numberOrNull(row.target_rpe),
        completed: row.completed,
        note: row.note,
        editedAt: new Date(row.edited_at).toISOString(),
      },
    ]),
  )
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
 * Logs or edits one set, idempotent by its client-made id: the same set sent five times is one
 * row. Of two versions of a set (two devices), the later edit wins and the other is kept in history.
 */
export async function logSet(db: Db, clientId: string, sessionId: string, setId: string, input: LogSetInput): Promise<SetLog> {
  const fresh = await insertNewSet(db, { clientId, sessionId, setId, input })
  if (fresh) return fresh
  const session = await findWritable(db, { id: clientId, role: 'client' }, sessionId)
  const exercise = session.exercises.find((e) => e.key === input.exerciseKey)
  if (!exercise) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: { exerciseKey: [sessionMessages.unknownExercise] } })
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
    note: input.note || null,
  }
  const editedAt = new Date(input.editedAt)

  // Not inserted above: a replay, an edit, or a new set that lost a race. A replay or an edit finds the row.
  const [inserted] = await db
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
    })
    .onConflictDoNothing({ target: setLogs.id })
    .returning()
  if (inserted) return toSetLog(inserted)

  const [seen] = await db.select().from(setLogs).where(eq(setLogs.id, setId))
  if (seen && seen.sessionId !== sessionId) throw new AppError('CONFLICT', { message: 'This set id belongs to another session' })
  // A replay of what is stored, or of a set since deleted (a late copy must not bring it back).
  if (seen && sameValues(seen, incoming)) return toSetLog(seen)

  // An edit: of two versions of one set, the later wins; the other is kept in history.
  return db.transaction(async (tx) => {
    // The session must still be in progress when the edit lands (a finish may have come between).
    const [open] = await tx
      .select({ id: workoutSessions.id })
      .from(workoutSessions)
      .where(and(eq(workoutSessions.id, sessionId), eq(workoutSessions.status, 'in_progress')))
      .for('share')
    if (!open) throw new AppError('CONFLICT', { message: sessionMessages.finished })
    const [existing] = await tx.select().from(setLogs).where(eq(setLogs.id, setId)).for('update')
    if (!existing) throw new AppError('CONFLICT', { message: 'This set was removed meanwhile; log it again' })
    const deleted = existing.deletedAt !== null
    if (sameValues(existing, incoming)) return toSetLog(existing)
    if (editedAt < existing.editedAt) {
      // An older edit arriving late (the other device synced first): kept, not applied.
      await tx.insert(setLogHistory).values({ setLogId: setId, sessionId, values: incoming, editedAt })
      return toSetLog(existing)
    }
    await tx.insert(setLogHistory).values({ setLogId: setId, sessionId, values: { ...valuesOf(existing), deleted }, editedAt: existing.editedAt })
    const [row] = await tx
      .update(setLogs)
      .set({ ...incoming, movementId: exercise.movementId, editedAt, deletedAt: null })
      .where(eq(setLogs.id, setId))
      .returning()
    if (!row) throw new Error('update returned nothing')
    return toSetLog(row)
  })
}

/** Removes a set (kept as deleted, so a late replay of it does not bring it back unnoticed). Idempotent. */
/**
 * Deletes a set. Like an edit, a deletion carries the device's time: an edit made later on
 * another device wins over it, and the lost deletion is kept in history.
 */
export async function deleteSet(db: Db, clientId: string, sessionId: string, setId: string, editedAt?: string): Promise<void> {
  await findWritable(db, { id: clientId, role: 'client' }, sessionId)
  const at = editedAt ? new Date(editedAt) : null
  const deleted = await db
    .update(setLogs)
    .set({ deletedAt: sql`now()`, editedAt: at ?? sql`now()` })
    .where(and(eq(setLogs.id, setId), eq(setLogs.sessionId, sessionId), isNull(setLogs.deletedAt), at ? lte(setLogs.editedAt, at) : undefined))
    .returning({ id: setLogs.id })
  if (deleted.length || !at) return
  const [later] = await db
    .select({ id: setLogs.id })
    .from(setLogs)
    .where(and(eq(setLogs.id, setId), eq(setLogs.sessionId, sessionId), isNull(setLogs.deletedAt)))
  if (later) await db.insert(setLogHistory).values({ setLogId: setId, sessionId, values: { deleted: true }, editedAt: at })
}

/** Adds, swaps, removes or reorders exercises, and keeps notes, while the session is in progress. */
/**
 * The prescribed exercises missing from a new exercise list, added to those removed before (one
 * put back leaves the list): what the lifter was asked to do stays in the review as skipped.
 */
function removedPrescribed(session: SessionRow, next: readonly SessionExercise[]): SessionExercise[] {
  const kept = new Set(next.map((e) => e.key))
  const prescribed = (e: SessionExercise) => e.targets.length > 0 && (e.prescriptionId !== null || Boolean(e.swappedFrom))
  const now = session.exercises.filter((e) => prescribed(e) && !kept.has(e.key))
  const before = session.removedExercises.filter((e) => !kept.has(e.key) && !now.some((n) => n.key === e.key))
  return [...before, ...now]
}

export async function updateSession(db: Db, actor: Actor, id: string, input: UpdateSessionInput): Promise<Session> {
  const session = await findWritable(db, actor, id)
  if (input.exercises) {
    const fields = await movementErrors(db, actor.id, input.exercises.filter((e) => !session.exercises.some((s) => s.movementId === e.movementId)), 'exercises')
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })
  }
  const changes = {
    ...(input.exercises ? { exercises: input.exercises, removedExercises: removedPrescribed(session, input.exercises) } : {}),
    ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
  }
  // A patch that names no field changes nothing (as for the profile): the session as it is.
  if (Object.keys(changes).length) await db.update(workoutSessions).set(changes).where(eq(workoutSessions.id, id))
  return getSession(db, actor, id)
}

/** Finishes a session (again is harmless): no more sets after this. */
export async function finishSession(db: Db, actor: Actor, id: string, input: FinishSessionInput): Promise<Session> {
  const row = await findSession(db, id)
  if (row.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: sessionMessages.notYours })
  if (row.status === 'abandoned') throw new AppError('CONFLICT', { message: 'This session was discarded' })
  if (row.status === 'in_progress') {
    await db
      .update(workoutSessions)
      .set({ status: 'completed', completedAt: sql`now()`, rpe: input.rpe ?? null, ...(input.notes !== undefined ? { notes: input.notes || null } : {}) })
      .where(and(eq(workoutSessions.id, id), eq(workoutSessions.status, 'in_progress')))
  }
  return getSession(db, actor, id)
}

export async function discardSession(db: Db, actor: Actor, id: string): Promise<void> {
  await findWritable(db, actor, id)
  await db.update(workoutSessions).set({ status: 'abandoned', completedAt: sql`now()` }).where(eq(workoutSessions.id, id))
}

/** A comment on a session or one of its sets: by the client's active coach, or the client's reply. */
export async function addComment(db: Db, actor: Actor, sessionId: string, input: CommentInput): Promise<Comment> {
  const session = await findSession(db, sessionId)
  if (session.clientId !== actor.id && !(await isCoachOf(db, actor.id, session.clientId))) {
    throw new AppError('FORBIDDEN', { message: 'Only the client and their coach comment on a session' })
  }
  if (input.setLogId) {
    const [set] = await db.select({ id: setLogs.id }).from(setLogs).where(and(eq(setLogs.id, input.setLogId), eq(setLogs.sessionId, sessionId)))
    if (!set) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: { setLogId: ['This set is not part of the session'] } })
  }
  const [row] = await db.insert(sessionComments).values({ sessionId, setLogId: input.setLogId ?? null, authorId: actor.id, body: input.body }).returning({ id: sessionComments.id })
  const comment = (await commentsOf(db, sessionId)).find((c) => c.id === row?.id)
  if (!comment) throw new Error('comment not found after insert')
  const recipientId = session.clientId === actor.id ? await activeCoachIdOf(db, session.clientId) : session.clientId
  if (recipientId) await announceComment(db, { id: comment.id, recipientId })
  return comment
}

/** Opening a session (its summary) reads the comments the other party left on it. */
export async function readComments(db: Db, actor: Actor, id: string): Promise<void> {
  await findReadable(db, actor, id)
  await markCommentsRead(db, actor, id)
}

/**
 * The summary of a session: duration, sets done vs prescribed, volume, the best set and e1RM of
 * each movement, and the personal records it set against the client's earlier completed sessions
 * (heaviest e1RM per movement; heaviest load per movement for each rep count 1-10).
 */
export async function sessionReport(db: Db, actor: Actor, id: string): Promise<SessionReport> {
  const session = await getSession(db, actor, id)
  const done = session.sets.filter((s) => s.completed)
  const setsPrescribed = [...session.exercises, ...session.removedExercises].reduce((n, e) => n + e.targets.length, 0)
  const volumeKg = done.reduce((sum, s) => sum + (s.loadKg ?? 0) * (s.reps ?? 0), 0)
  const names = new Map(session.exercises.map((e) => [e.movementId, e.movementName]))

  const movements = [...new Set(done.map((s) => s.movementId))].map((movementId) => {
    const sets = done.filter((s) => s.movementId === movementId)
    const weighted = sets.filter((s) => s.loadKg !== null && s.reps !== null && s.reps > 0) as (SetLog & { loadKg: number; reps: number })[]
    const best = weighted.reduce<(typeof weighted)[number] | null>((top, s) => (!top || (e1rm(s.loadKg, s.reps) ?? s.loadKg) > (e1rm(top.loadKg, top.reps) ?? top.loadKg) ? s : top), null)
    const bestE1rm = Math.max(0, ...weighted.map((s) => e1rm(s.loadKg, s.reps) ?? 0))
    return {
      movementId,
      movementName: names.get(movementId) ?? 'Movement',
      sets: sets.length,
      bestSet: best ? { reps: best.reps, loadKg: best.loadKg } : null,
      bestE1rmKg: bestE1rm > 0 ? Math.round(bestE1rm * 10) / 10 : null,
    }
  })

  const records: PersonalRecord[] = []
  const movementIds = movements.map((m) => m.movementId)
  if (movementIds.length) {
    const before = await db
      .select({ movementId: setLogs.movementId, reps: setLogs.reps, loadKg: setLogs.loadKg })
      .from(setLogs)
      .innerJoin(workoutSessions, eq(workoutSessions.id, setLogs.sessionId))
      .where(
        and(
          eq(workoutSessions.clientId, session.clientId),
          eq(workoutSessions.status, 'completed'),
          ne(workoutSessions.id, id),
          lt(workoutSessions.startedAt, new Date(session.startedAt)),
          inArray(setLogs.movementId, movementIds),
          eq(setLogs.completed, true),
          isNull(setLogs.deletedAt),
        ),
      )
    for (const m of movements) {
      const previous = before.filter((s) => s.movementId === m.movementId && s.loadKg !== null && s.reps !== null)
      const prevE1rm = Math.max(0, ...previous.map((s) => e1rm(s.loadKg, s.reps) ?? 0))
      if (m.bestE1rmKg && m.bestE1rmKg > prevE1rm + 1e-9) {
        records.push({ movementId: m.movementId, movementName: m.movementName, kind: 'e1rm', reps: null, valueKg: m.bestE1rmKg, previousKg: prevE1rm > 0 ? Math.round(prevE1rm * 10) / 10 : null })
      }
      const mine = done.filter((s) => s.movementId === m.movementId && s.loadKg !== null && s.reps !== null && s.reps >= 1 && s.reps <= 10)
      for (const reps of [...new Set(mine.map((s) => s.reps as number))].sort((a, b) => a - b)) {
        const heaviest = Math.max(...mine.filter((s) => s.reps === reps).map((s) => s.loadKg as number))
        const prev = Math.max(0, ...previous.filter((s) => s.reps === reps).map((s) => s.loadKg as number))
        if (heaviest > 0 && heaviest > prev) records.push({ movementId: m.movementId, movementName: m.movementName, kind: 'load', reps, valueKg: heaviest, previousKg: prev > 0 ? prev : null })
      }
    }
  }

  const end = session.completedAt ?? null
  const review = (await reviewSessions(db, [session])).get(session.id)
  if (!review) throw new Error('no review of the session')
  return {
    session,
    durationSeconds: end ? Math.round((Date.parse(end) - Date.parse(session.startedAt)) / 1000) : null,
    setsCompleted: done.length,
    setsPrescribed,
    volumeKg: Math.round(volumeKg * 10) / 10,
    movements,
    records,
    review,
  }
}

/** For each movement: the sets of the lifter's last completed session with it, and their best e1RM ever. */
export async function movementStats(db: Db, actor: Actor, movementIds: string[]): Promise<MovementStats[]> {
  if (!movementIds.length) return []
  const rows = await db
    .select({
      sessionId: setLogs.sessionId,
      movementId: setLogs.movementId,
      reps: setLogs.reps,
      loadKg: setLogs.loadKg,
      durationSeconds: setLogs.durationSeconds,
      distanceMeters: setLogs.distanceMeters,
      setNumber: setLogs.setNumber,
      startedAt: workoutSessions.startedAt,
    })
    .from(setLogs)
    .innerJoin(workoutSessions, eq(workoutSessions.id, setLogs.sessionId))
    .where(
      and(
        eq(workoutSessions.clientId, actor.id),
        eq(workoutSessions.status, 'completed'),
        inArray(setLogs.movementId, movementIds),
        eq(setLogs.completed, true),
        isNull(setLogs.deletedAt),
      ),
    )
    .orderBy(desc(workoutSessions.startedAt), asc(setLogs.setNumber))
  return movementIds.map((movementId) => {
    const mine = rows.filter((r) => r.movementId === movementId)
    const lastSession = mine[0]?.sessionId
    const last = mine.filter((r) => r.sessionId === lastSession)
    const best = Math.max(0, ...mine.map((r) => e1rm(r.loadKg, r.reps) ?? 0))
    return {
      movementId,
      last: lastSession && last[0]
        ? { sessionId: lastSession, date: last[0].startedAt.toISOString(), sets: last.map(({ reps, loadKg, durationSeconds, distanceMeters }) => ({ reps, loadKg, durationSeconds, distanceMeters })) }
        : null,
      bestE1rmKg: best > 0 ? Math.round(best * 10) / 10 : null,
    }
  })
}
