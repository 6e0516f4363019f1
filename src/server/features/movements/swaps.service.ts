/* Swap suggestions: movements to do in another's place, at the lifter's gym (docs/gyms.md#swaps). */
import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { missingAt, type SwapSuggestions } from '#shared/schemas/gyms.ts'
import type { Movement } from '#shared/schemas/movements.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db } from '#server/db/client.ts'
import { movements } from '#server/db/schema/index.ts'
import { gymForSwaps } from '#server/features/gyms/gyms.service.ts'
import { columns, findVisible, toMovement } from './movements.service.ts'

/** Suggestions shown at most, and candidates read to choose them from (one pattern's worth). */
const SUGGESTED = 8
const CANDIDATES = 300

const shared = (a: readonly string[], b: readonly string[]) => a.filter((item) => b.includes(item)).length

/**
 * How well `candidate` stands in for `movement`, higher is better: the share of primary muscles
 * they have in common first, then secondary muscles, the same way of tracking sets, the same
 * sidedness, and the same thing to load.
 */
function swapScore(movement: Movement, candidate: Movement): number {
  const union = new Set([...movement.primaryMuscles, ...candidate.primaryMuscles]).size || 1
  return (
    (4 * shared(movement.primaryMuscles, candidate.primaryMuscles)) / union +
    0.5 * Math.min(2, shared(movement.secondaryMuscles, candidate.secondaryMuscles)) +
    (movement.tracking === candidate.tracking ? 1 : 0) +
    (movement.unilateral === candidate.unilateral ? 0.5 : 0) +
    (shared(movement.equipment, candidate.equipment) > 0 ? 0.5 : 0)
  )
}

/**
 * Movements of the same pattern that work a primary muscle of this one and that the gym has the
 * equipment for, best first: from the built-in library and the lifter's own movements (those they
 * can log). The gym is the one named, or the one the lifter trains at now; with none, any
 * equipment will do.
 */
export async function swapSuggestions(
  db: Db,
  actor: Actor,
  id: string,
  gymId: string | undefined,
): Promise<SwapSuggestions> {
  const [movement, gym] = await Promise.all([findVisible(db, actor, id), gymForSwaps(db, actor, gymId)])
  const muscles = sql`array[${sql.join(
    movement.primaryMuscles.map((m) => sql`${m}`),
    sql`, `,
  )}]::text[]`
  const rows = movement.primaryMuscles.length
    ? await db
        .select(columns)
        .from(movements)
        .where(
          and(
            or(isNull(movements.ownerId), eq(movements.ownerId, actor.id)),
            isNull(movements.archivedAt),
            ne(movements.id, movement.id),
            eq(movements.pattern, movement.pattern),
            sql`${movements.primaryMuscles} && ${muscles}`,
          ),
        )
        // The lifter's own first, then the library by name: the same candidates every time.
        .orderBy(sql`${movements.ownerId} is null`, asc(movements.name))
        .limit(CANDIDATES)
    : []
  const equipment = gym?.equipment ?? null
  const items = rows
    .map(toMovement)
    .filter((candidate) => missingAt(equipment, candidate.equipment).length === 0)
    .map((candidate) => ({ candidate, score: swapScore(movement, candidate) }))
    .sort((a, b) => b.score - a.score || a.candidate.name.localeCompare(b.candidate.name))
    .slice(0, SUGGESTED)
    .map(({ candidate }) => candidate)
  return {
    gym: gym && { id: gym.id, name: gym.name },
    missing: missingAt(equipment, movement.equipment),
    items,
  }
}
