/* The results of a lifter's timed blocks, for the progress page (docs/timed-work.md). */
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { progressApiText } from '#shared/schemas/progress.ts'
import { TIMED_RESULTS_SHOWN, type TimedResults } from '#shared/schemas/timed-work.ts'
import { blockAt, roundsOf, timerText } from '#shared/timed-work.ts'
import type { Actor } from '#server/access/actor.ts'
import { assertCanReadClient } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import { timedResultCondition, workoutSessions } from '#server/db/schema/index.ts'

/**
 * A lifter's timed blocks with a result, from their finished sessions, newest first: what each
 * asked and what it came to. Only sessions whose exercises hold a result are read, and at most as
 * many as the page shows.
 */
export async function timedResults(
  db: Db,
  actor: Actor,
  { clientId }: { clientId?: string | undefined },
): Promise<TimedResults> {
  const whose = clientId ?? actor.id
  await assertCanReadClient(db, actor, whose, progressApiText.notYourClient)
  const rows = await db
    .select({
      id: workoutSessions.id,
      title: workoutSessions.title,
      completedAt: workoutSessions.completedAt,
      exercises: workoutSessions.exercises,
    })
    .from(workoutSessions)
    .where(
      and(
        eq(workoutSessions.clientId, whose),
        eq(workoutSessions.status, 'completed'),
        isNotNull(workoutSessions.completedAt),
        // As the partial index on sessions with a timed result writes it, so that index serves it.
        timedResultCondition(),
      ),
    )
    .orderBy(desc(workoutSessions.completedAt))
    .limit(TIMED_RESULTS_SHOWN)
  const items: TimedResults['items'] = []
  for (const row of rows) {
    if (!Array.isArray(row.exercises)) continue
    row.exercises.forEach((exercise, index) => {
      const block = blockAt(row.exercises, index)
      if (!block || !exercise.result || !row.completedAt) return
      items.push({
        sessionId: row.id,
        title: row.title,
        completedAt: row.completedAt.toISOString(),
        asked: timerText(block.timer, roundsOf(block.exercises)),
        movements: block.exercises.map((e) => e.movementName),
        result: exercise.result,
      })
    })
  }
  return { items: items.slice(0, TIMED_RESULTS_SHOWN) }
}
