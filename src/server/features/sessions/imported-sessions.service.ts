import type { SessionExercise } from '#shared/schemas/sessions.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { setLogs, workoutSessions } from '#server/db/schema/index.ts'
import type { SetType } from '#shared/set-types.ts'

/**
 * Finished sessions brought in from another app's history (docs/import.md): written as they were
 * done, with no plan, no targets and no progression step, like a session logged and finished
 * then. Sets are stamped with the session's start, so none reads as logged late.
 */

type ImportedSet = {
  exerciseKey: string
  movementId: string
  setNumber: number
  reps: number | null
  loadKg: number | null
  rpe: number | null
  durationSeconds: number | null
  distanceMeters: number | null
  setType: SetType
  note: string | null
}

export type ImportedSession = {
  id: string
  title: string
  startedAt: Date
  completedAt: Date
  notes: string | null
  exercises: SessionExercise[]
  sets: ImportedSet[]
}

// Rows per statement: well under PostgreSQL's 65,535 parameters, few enough round trips for 50,000 sets.
const SESSIONS_PER_STATEMENT = 500
const SETS_PER_STATEMENT = 2000

/**
 * Inserts the sessions and their sets in batches, inside the caller's transaction; `onProgress`
 * hears how many sets are written after each batch.
 */
export async function insertFinishedSessions(
  db: Db | Tx,
  clientId: string,
  sessions: ImportedSession[],
  onProgress: (setsWritten: number) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < sessions.length; start += SESSIONS_PER_STATEMENT) {
    await db.insert(workoutSessions).values(
      sessions.slice(start, start + SESSIONS_PER_STATEMENT).map((session) => ({
        id: session.id,
        clientId,
        title: session.title,
        exercises: session.exercises,
        status: 'completed' as const,
        startedAt: session.startedAt,
        completedAt: session.completedAt,
        notes: session.notes,
      })),
    )
  }
  const rows = sessions.flatMap((session) =>
    session.sets.map((set) => ({
      ...set,
      id: crypto.randomUUID(),
      sessionId: session.id,
      completed: true,
      editedAt: session.startedAt,
      loggedAt: session.startedAt,
    })),
  )
  for (let start = 0; start < rows.length; start += SETS_PER_STATEMENT) {
    await db.insert(setLogs).values(rows.slice(start, start + SETS_PER_STATEMENT))
    await onProgress(Math.min(start + SETS_PER_STATEMENT, rows.length))
  }
}
