/* Writing the sessions the account does not hold, with their sets, set versions and comments. */
import { and, eq, inArray } from 'drizzle-orm'
import type { RestoreResult } from '#shared/schemas/data-export.ts'
import type { SessionExercise } from '#shared/schemas/sessions.ts'
import type { Tx } from '#server/db/client.ts'
import { sessionComments, setLogHistory, setLogs, workoutSessions } from '#server/db/schema/index.ts'
import type { ExportSessionExercise } from './export-document.ts'
import {
  at,
  chunks,
  foundAmong,
  movementOf,
  restoredId,
  uniqueById,
  type Maps,
  type NewSession,
} from './restore-ids.ts'

function sessionExerciseOf(maps: Maps, exercise: ExportSessionExercise): SessionExercise {
  return {
    key: exercise.key,
    movementId: movementOf(maps, exercise.movementId),
    movementName: exercise.movementName,
    tracking: exercise.tracking,
    prescriptionId: exercise.prescriptionId ? (maps.prescription.get(exercise.prescriptionId) ?? null) : null,
    superset: exercise.superset ?? null,
    restSeconds: exercise.restSeconds ?? null,
    notes: exercise.notes ?? null,
    targets: exercise.targets,
    // The optional keys stay as the file has them: absent, null or a value.
    ...(exercise.swappedFrom !== undefined && {
      swappedFrom: exercise.swappedFrom && {
        movementId: movementOf(maps, exercise.swappedFrom.movementId),
        movementName: exercise.swappedFrom.movementName,
        ...(exercise.swappedFrom.reason !== undefined && { reason: exercise.swappedFrom.reason }),
      },
    }),
    ...(exercise.tempo !== undefined && { tempo: exercise.tempo }),
    ...(exercise.timer !== undefined && { timer: exercise.timer }),
    ...(exercise.warmUp !== undefined && { warmUp: exercise.warmUp }),
    ...(exercise.result !== undefined && { result: exercise.result }),
    ...(exercise.equipment !== undefined && { equipment: exercise.equipment }),
    ...(exercise.reason !== undefined && { reason: exercise.reason }),
    ...(exercise.oneRepMaxMovementId !== undefined && {
      oneRepMaxMovementId: exercise.oneRepMaxMovementId && movementOf(maps, exercise.oneRepMaxMovementId),
    }),
  }
}

/**
 * Of these ids in the file, those the account holds as its own rows of `table` (sets, set
 * versions, comments, each found through the account's sessions): a file from this account
 * names them, and they stay as they are.
 */
async function heldThroughSessions(
  tx: Tx,
  userId: string,
  table: typeof setLogs | typeof setLogHistory | typeof sessionComments,
  ids: string[],
): Promise<Set<string>> {
  return foundAmong(ids, (batch) =>
    tx
      .select({ id: table.id })
      .from(table)
      .innerJoin(workoutSessions, eq(workoutSessions.id, table.sessionId))
      .where(and(inArray(table.id, batch), eq(workoutSessions.clientId, userId))),
  )
}

export async function restoreSessions(
  tx: Tx,
  userId: string,
  fileUserId: string,
  sessions: NewSession[],
  maps: Maps,
  result: RestoreResult,
): Promise<void> {
  for (const batch of chunks(sessions, 200)) {
    const rows = batch.map(({ id, session: s }) => ({
      id,
      clientId: userId,
      planId: s.planId ? (maps.plan.get(s.planId) ?? null) : null,
      planWorkoutId: s.planWorkoutId ? (maps.planWorkout.get(s.planWorkoutId) ?? null) : null,
      workoutId: s.workoutId ? (maps.workout.get(s.workoutId) ?? null) : null,
      title: s.title,
      planName: s.planName ?? null,
      week: s.week ?? null,
      day: s.day ?? null,
      exercises: s.exercises.map((e) => sessionExerciseOf(maps, e)),
      removedExercises: s.removedExercises.map((e) => sessionExerciseOf(maps, e)),
      status: s.status,
      startedAt: new Date(s.startedAt),
      completedAt: at(s.completedAt),
      rpe: s.rpe ?? null,
      notes: s.notes ?? null,
      correctedAt: at(s.correctedAt),
      createdAt: new Date(s.startedAt),
    }))
    const inserted = new Set(
      (await tx.insert(workoutSessions).values(rows).onConflictDoNothing().returning({ id: workoutSessions.id })).map(
        (r) => r.id,
      ),
    )
    result.sessions += inserted.size
    // A session written at the same moment by another restore keeps what that one gave it.
    const fresh = batch.filter((s) => inserted.has(s.id))
    // A set, version or comment the account holds already under its id in the file stays as it is.
    const heldSets = await heldThroughSessions(
      tx,
      userId,
      setLogs,
      fresh.flatMap(({ session }) => session.sets.map((set) => set.id)),
    )
    const heldHistory = await heldThroughSessions(
      tx,
      userId,
      setLogHistory,
      fresh.flatMap(({ session }) => session.setHistory.map((h) => h.id)),
    )
    const heldComments = await heldThroughSessions(
      tx,
      userId,
      sessionComments,
      fresh.flatMap(({ session }) => session.comments.map((c) => c.id)),
    )
    const setId = (sourceId: string) => (heldSets.has(sourceId) ? sourceId : restoredId(userId, 'set', sourceId))
    const sets = fresh.flatMap(({ id: sessionId, session }) =>
      uniqueById(session.sets)
        .filter((set) => !heldSets.has(set.id))
        .map((set) => ({
          id: setId(set.id),
          sessionId,
          exerciseKey: set.exerciseKey,
          movementId: movementOf(maps, set.movementId),
          prescriptionId: set.prescriptionId ? (maps.prescription.get(set.prescriptionId) ?? null) : null,
          setNumber: set.setNumber,
          reps: set.reps ?? null,
          loadKg: set.loadKg ?? null,
          rpe: set.rpe ?? null,
          durationSeconds: set.durationSeconds ?? null,
          distanceMeters: set.distanceMeters ?? null,
          targetRepsMin: set.targetRepsMin ?? null,
          targetRepsMax: set.targetRepsMax ?? null,
          targetLoadKg: set.targetLoadKg ?? null,
          targetRpe: set.targetRpe ?? null,
          completed: set.completed,
          setType: set.setType,
          note: set.note ?? null,
          editedAt: new Date(set.editedAt),
          loggedAt: at(set.loggedAt) ?? new Date(set.editedAt),
          deletedAt: at(set.deletedAt),
          correctedAt: at(set.correctedAt),
          asFinished: set.asFinished ?? null,
        })),
    )
    for (const part of chunks(sets))
      result.sets += (await tx.insert(setLogs).values(part).onConflictDoNothing().returning({ id: setLogs.id })).length
    const history = fresh.flatMap(({ id: sessionId, session }) =>
      uniqueById(session.setHistory)
        .filter((h) => !heldHistory.has(h.id))
        .map((h) => ({
          id: restoredId(userId, 'set-history', h.id),
          setLogId: setId(h.setLogId),
          sessionId,
          values: h.values,
          editedAt: new Date(h.editedAt),
          ...(h.replacedAt ? { replacedAt: new Date(h.replacedAt) } : {}),
        })),
    )
    for (const part of chunks(history)) await tx.insert(setLogHistory).values(part).onConflictDoNothing()
    // The lifter's own comments come back as theirs; another person's cannot (they have no account here).
    const comments = fresh.flatMap(({ id: sessionId, session }) =>
      uniqueById(session.comments)
        .filter((c) => c.authorId === fileUserId && !heldComments.has(c.id))
        .map((c) => ({
          id: restoredId(userId, 'comment', c.id),
          sessionId,
          setLogId: c.setLogId ? setId(c.setLogId) : null,
          authorId: userId,
          body: c.body,
          createdAt: new Date(c.createdAt),
          readAt: at(c.readAt),
        })),
    )
    for (const part of chunks(comments))
      result.comments += (
        await tx.insert(sessionComments).values(part).onConflictDoNothing().returning({ id: sessionComments.id })
      ).length
  }
}
