import { inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { movements } from '#server/db/schema/index.ts'
import { csvRecord } from './csv.ts'
import { SET_TYPE_MARK } from '#shared/set-types.ts'
import { type ExportSubject, iso, sessionBatches, setsOf } from './export-reads.ts'

/* The CSV of the lifter's sets (docs/export-format.md#the-csv), a batch of sessions at a time. */

/** The CSV's columns: Strong's export first, in its order, then ours (docs/export-format.md#the-csv). */
export const CSV_COLUMNS = [
  'Date',
  'Workout Name',
  'Duration',
  'Exercise Name',
  'Set Order',
  'Weight',
  'Reps',
  'Distance',
  'Seconds',
  'Notes',
  'Workout Notes',
  'RPE',
  'Weight Unit',
  'Distance Unit',
  'Completed',
  'Corrected At',
  'Logged At',
  'Session Status',
  'Plan Name',
  'Week',
  'Day',
  'Target Reps Min',
  'Target Reps Max',
  'Target Weight',
  'Target RPE',
  'Session ID',
  'Set ID',
  'Movement ID',
  'Set Type',
] as const

/** Strong's date: 'YYYY-MM-DD HH:MM:SS', here in UTC. */
const strongDate = (value: Date | string) => new Date(value).toISOString().slice(0, 19).replace('T', ' ')

/** Strong's duration: '1h 5m', '45m' (empty for a session not finished). */
function strongDuration(started: Date | string, completed: Date | string | null): string {
  if (!completed) return ''
  const minutes = Math.max(0, Math.round((new Date(completed).getTime() - new Date(started).getTime()) / 60_000))
  const hours = Math.floor(minutes / 60)
  return hours ? `${hours}h ${minutes % 60}m` : `${minutes}m`
}

/**
 * The CSV of the lifter's sets: one record per set that stands (deleted sets and discarded
 * sessions are left out; the JSON keeps them), in session order and, within a session, in the
 * order of its exercises.
 */
export async function* exportCsv(db: Db, subject: ExportSubject): AsyncGenerator<string> {
  yield csvRecord(CSV_COLUMNS)
  const names = new Map<string, string>()
  for await (const page of sessionBatches(db, subject.userId)) {
    const kept = page.filter((s) => s.status !== 'abandoned')
    if (!kept.length) continue
    const sets = await setsOf(
      db,
      kept.map((s) => s.id),
    )
    const unknown = [...new Set([...sets.values()].flat().map((s) => s.movementId))].filter((id) => !names.has(id))
    if (unknown.length) {
      for (const row of await db
        .select({ id: movements.id, name: movements.name })
        .from(movements)
        .where(inArray(movements.id, unknown)))
        names.set(row.id, row.name)
    }
    for (const session of kept) {
      const order = new Map([...session.exercises, ...session.removedExercises].map((e, index) => [e.key, index]))
      const standing = (sets.get(session.id) ?? [])
        .filter((s) => !s.deletedAt)
        .sort(
          (a, b) => (order.get(a.exerciseKey) ?? 999) - (order.get(b.exerciseKey) ?? 999) || a.setNumber - b.setNumber,
        )
      const date = strongDate(session.startedAt)
      const duration = strongDuration(session.startedAt, session.completedAt)
      const lines: string[] = []
      for (const set of standing) {
        lines.push(
          csvRecord([
            date,
            session.title,
            duration,
            names.get(set.movementId) ?? '',
            // Strong's Set Order: the set's number, or W, D or F for a warm-up, a drop set, a set to failure.
            SET_TYPE_MARK[set.setType] ?? set.setNumber,
            set.loadKg,
            set.reps,
            set.distanceMeters,
            set.durationSeconds,
            set.note,
            session.notes,
            set.rpe,
            'kg',
            'm',
            set.completed,
            iso(set.correctedAt),
            iso(set.loggedAt),
            session.status,
            session.planName,
            session.week,
            session.day,
            set.targetRepsMin,
            set.targetRepsMax,
            set.targetLoadKg,
            set.targetRpe,
            session.id,
            set.id,
            set.movementId,
            set.setType,
          ]),
        )
      }
      if (lines.length) yield lines.join('')
    }
  }
}
