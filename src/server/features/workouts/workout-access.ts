import { sql, type SQL } from 'drizzle-orm'
import { activeCoachIds } from '#server/access/coaching.ts'
import { workouts } from '#server/db/schema/index.ts'

/**
 * The one rule for sharing a standalone workout (a condition on `workouts`): a coach's template,
 * not archived, is shown to the coach's active clients. The workouts service lists and reads
 * by it; the movements service lets those clients read the movements it prescribes.
 */
export function sharedWithClient(clientId: string): SQL {
  return sql`(${workouts.isTemplate} and ${workouts.archivedAt} is null and ${workouts.ownerId} in ${activeCoachIds(clientId)})`
}
