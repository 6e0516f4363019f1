import { and, asc, desc, eq, isNotNull, isNull, ne, or, sql } from 'drizzle-orm'
import type { Exercise } from '#shared/schemas/plans.ts'
import {
  sessionApiText,
  sessionExerciseOf,
  type FinishSessionInput,
  type Session,
  type SessionExercise,
  type SessionSummary,
  type StartSessionInput,
  type UpdateSessionInput,
} from '#shared/schemas/sessions.ts'
import type { Actor } from '#server/access/actor.ts'
import { assertCanReadClient } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import { setLogs, workoutSessions } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { movementErrors } from '#server/prescriptions/prescriptions.ts'
import { getPlanWorkout } from '#server/features/plans/plans.service.ts'
import { progressAfterSession } from '#server/features/plans/progression.service.ts'
import { libraryOf } from '#server/features/movements/movements.service.ts'
import { getWorkout } from '#server/features/workouts/workouts.service.ts'
import { commentsOf } from './comments.service.ts'
import { bestE1rms, storeReviewCounts, toSetLog } from './review.service.ts'
import { findReadable, findSession, findWritable, type SessionRow } from './session-access.ts'

/**
 * A session's life: started from a planned workout, a standalone workout or nothing, changed while
 * in progress, finished or discarded. Logging sets is set-logs.service.ts; comments are
 * comments.service.ts; the summary is report.service.ts.
 */

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
  correctedAt: row.correctedAt?.toISOString() ?? null,
})

/** A session's exercises as stored: how to do each movement is the library's, added as it is read. */
const asStored = (exercises: readonly SessionExercise[]): SessionExercise[] =>
  exercises.map(({ instructions: _instructions, videoUrl: _videoUrl, ...exercise }) => exercise)

/**
 * Starts a session from a planned workout, a standalone workout, or nothing; a session of the same
 * workout still in progress is resumed instead, and a start naming an existing id returns it.
 */
export async function startSession(db: Db, actor: Actor, input: StartSessionInput): Promise<Session> {
  if (input.planWorkoutId && input.workoutId)
    throw new AppError('VALIDATION_FAILED', { message: sessionApiText.oneSource })
  // A start made on the device with no signal brings its exercises: their keys are what its sets name.
  const device = input.exercises && asStored(input.exercises)
  if (input.id) {
    const [existing] = await db.select().from(workoutSessions).where(eq(workoutSessions.id, input.id))
    if (existing) {
      if (existing.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: sessionApiText.notYours })
      // An earlier try of this start landed without them (its answer was lost): nothing is logged on it yet.
      if (device && existing.status === 'in_progress') {
        // Movements the lifter may use, or those the session holds already, as for a patch.
        const fields = await movementErrors(
          db,
          actor.id,
          device,
          'exercises',
          existing.exercises.map((e) => e.movementId),
        )
        if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })
        await db
          .update(workoutSessions)
          .set({ exercises: device })
          .where(
            and(
              eq(workoutSessions.id, existing.id),
              sql`not exists (select 1 from ${setLogs} where ${setLogs.sessionId} = ${existing.id})`,
            ),
          )
      }
      return getSession(db, actor, existing.id)
    }
  }
  const source = input.planWorkoutId
    ? eq(workoutSessions.planWorkoutId, input.planWorkoutId)
    : input.workoutId
      ? eq(workoutSessions.workoutId, input.workoutId)
      : null
  if (source && !device) {
    const [open] = await db
      .select({ id: workoutSessions.id })
      .from(workoutSessions)
      .where(and(eq(workoutSessions.clientId, actor.id), eq(workoutSessions.status, 'in_progress'), source))
      .orderBy(desc(workoutSessions.startedAt))
      .limit(1)
    if (open) return getSession(db, actor, open.id)
  }

  let values: typeof workoutSessions.$inferInsert
  let prescribed: readonly Exercise[] = []
  if (input.planWorkoutId) {
    // Readable by the plan's owner and its assigned client; only the one who trains it logs it.
    const planned = await getPlanWorkout(db, actor, input.planWorkoutId)
    if (planned.plan.clientId ? planned.plan.clientId !== actor.id : planned.plan.ownerId !== actor.id) {
      throw new AppError('FORBIDDEN', { message: 'Only the client this plan is for can train it' })
    }
    prescribed = planned.exercises
    values = {
      clientId: actor.id,
      planWorkoutId: planned.id,
      planId: planned.plan.id,
      title: planned.title,
      planName: planned.plan.name,
      week: planned.week,
      day: planned.day,
      exercises: planned.exercises.map(sessionExerciseOf),
    }
  } else if (input.workoutId) {
    const workout = await getWorkout(db, actor, input.workoutId)
    prescribed = workout.exercises
    values = {
      clientId: actor.id,
      workoutId: workout.id,
      title: workout.title,
      exercises: workout.exercises.map(sessionExerciseOf),
    }
  } else {
    values = { clientId: actor.id, title: input.title ?? 'Unplanned session', exercises: [] }
  }
  if (device) {
    // As a patch would be: movements the lifter may use, or the ones the workout prescribes.
    const fields = await movementErrors(
      db,
      actor.id,
      device,
      'exercises',
      prescribed.map((e) => e.movementId),
    )
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })
    values = { ...values, exercises: device }
  }
  const [row] = await db
    .insert(workoutSessions)
    .values({ ...values, ...(input.id ? { id: input.id } : {}) })
    .onConflictDoNothing({ target: workoutSessions.id })
    .returning({ id: workoutSessions.id })
  // A start retried while the first was on its way: the first made it; answer with that one.
  if (!row && input.id) return startSession(db, actor, { id: input.id, exercises: device })
  if (!row) throw new Error('insert returned nothing')
  return getSession(db, actor, row.id)
}

export async function getSession(db: Db, actor: Actor, id: string): Promise<Session> {
  const row = await findReadable(db, actor, id)
  // The sets that count, and those a correction removed (they counted at the finish).
  const rows = await db
    .select()
    .from(setLogs)
    .where(
      and(
        eq(setLogs.sessionId, id),
        or(isNull(setLogs.deletedAt), and(isNotNull(setLogs.correctedAt), isNotNull(setLogs.asFinished))),
      ),
    )
    .orderBy(asc(setLogs.setNumber), asc(setLogs.loggedAt))
  const library = await libraryOf(
    db,
    row.exercises.map((e) => e.movementId),
  )
  const exercises = row.exercises.map((e) => {
    const movement = library.get(e.movementId)
    return {
      ...e,
      equipment: movement?.equipment ?? e.equipment ?? [],
      instructions: movement ? movement.instructions || null : (e.instructions ?? null),
      videoUrl: movement ? movement.videoUrl : (e.videoUrl ?? null),
    }
  })
  return {
    ...toSummary(row),
    exercises,
    removedExercises: row.removedExercises,
    sets: rows.filter((set) => set.deletedAt === null).map(toSetLog),
    removedSets: rows.filter((set) => set.deletedAt !== null).map(toSetLog),
    comments: await commentsOf(db, id),
  }
}

/** A client's sessions, newest first: the client's own, or (for their coach) `clientId`'s. */
export async function listSessions(
  db: Db,
  actor: Actor,
  { clientId, planId, limit }: { clientId?: string; planId?: string; limit: number },
): Promise<SessionSummary[]> {
  const whose = clientId ?? actor.id
  await assertCanReadClient(db, actor, whose, sessionApiText.notYours)
  const rows = await db
    .select()
    .from(workoutSessions)
    .where(
      and(
        eq(workoutSessions.clientId, whose),
        ne(workoutSessions.status, 'abandoned'),
        planId ? eq(workoutSessions.planId, planId) : undefined,
      ),
    )
    .orderBy(desc(workoutSessions.startedAt))
    .limit(limit)
  return rows.map(toSummary)
}

/**
 * The prescribed exercises missing from a new exercise list, added to those removed before (one
 * put back leaves the list): what the lifter was asked to do stays in the review as skipped.
 */
function removedPrescribed(session: SessionRow, next: readonly SessionExercise[]): SessionExercise[] {
  const kept = new Set(next.map((e) => e.key))
  const prescribed = (e: SessionExercise) =>
    e.targets.length > 0 && (e.prescriptionId !== null || Boolean(e.swappedFrom))
  const now = session.exercises.filter((e) => prescribed(e) && !kept.has(e.key))
  const before = session.removedExercises.filter((e) => !kept.has(e.key) && !now.some((n) => n.key === e.key))
  return [...before, ...now]
}

/** Adds, swaps, removes or reorders exercises, and keeps notes, while the session is in progress. */
export async function updateSession(db: Db, actor: Actor, id: string, input: UpdateSessionInput): Promise<Session> {
  const session = await findWritable(db, actor, id)
  if (input.exercises) {
    const fields = await movementErrors(
      db,
      actor.id,
      input.exercises.filter((e) => !session.exercises.some((s) => s.movementId === e.movementId)),
      'exercises',
    )
    if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })
  }
  const changes = {
    ...(input.exercises
      ? { exercises: asStored(input.exercises), removedExercises: removedPrescribed(session, input.exercises) }
      : {}),
    ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
  }
  // A patch that names no field changes nothing (as for the profile): the session as it is.
  if (Object.keys(changes).length) await db.update(workoutSessions).set(changes).where(eq(workoutSessions.id, id))
  return getSession(db, actor, id)
}

/** Finishes a session (again is harmless): its sets can then only be corrected, for 48 hours (set-logs.service.ts). */
export async function finishSession(db: Db, actor: Actor, id: string, input: FinishSessionInput): Promise<Session> {
  const row = await findSession(db, id)
  if (row.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: sessionApiText.notYours })
  if (row.status === 'abandoned') throw new AppError('CONFLICT', { message: sessionApiText.discarded })
  if (row.status === 'in_progress') {
    await db.transaction(async (tx) => {
      const [completed] = await tx
        .update(workoutSessions)
        .set({
          status: 'completed',
          completedAt: sql`now()`,
          rpe: input.rpe ?? null,
          ...(input.notes !== undefined ? { notes: input.notes || null } : {}),
        })
        .where(and(eq(workoutSessions.id, id), eq(workoutSessions.status, 'in_progress')))
        .returning()
      // Only the finish that completed it: the plan's rules turn its sets into the next targets.
      if (!completed) return
      const sets = await tx
        .select()
        .from(setLogs)
        .where(and(eq(setLogs.sessionId, id), isNull(setLogs.deletedAt)))
      await progressAfterSession(tx, { ...completed, sets }, bestE1rms)
      await storeReviewCounts(tx, id)
    })
  }
  return getSession(db, actor, id)
}

export async function discardSession(db: Db, actor: Actor, id: string): Promise<void> {
  await findWritable(db, actor, id)
  await db
    .update(workoutSessions)
    .set({ status: 'abandoned', completedAt: sql`now()` })
    .where(eq(workoutSessions.id, id))
}
