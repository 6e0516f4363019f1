import { asc, eq, inArray } from 'drizzle-orm'
import type { Exercise } from '#shared/schemas/programs.ts'
import type { Db, Tx } from '../../db/client.ts'
import { movements, prescriptions } from '../../db/schema/index.ts'

/**
 * Prescriptions (exercises with their prescribed sets) hang off a planned workout; the pieces
 * every owner of prescriptions shares live here, so plans and standalone workouts read and
 * write them one way.
 */

/** The exercises of several planned workouts, in order, with each movement's name and tracking: one query. */
export async function loadExercises(db: Db | Tx, planWorkoutIds: string[]): Promise<Map<string, Exercise[]>> {
  const byParent = new Map<string, Exercise[]>()
  if (!planWorkoutIds.length) return byParent
  const rows = await db
    .select({
      parentId: prescriptions.planWorkoutId,
      id: prescriptions.id,
      movementId: prescriptions.movementId,
      movementName: movements.name,
      tracking: movements.tracking,
      position: prescriptions.position,
      superset: prescriptions.superset,
      restSeconds: prescriptions.restSeconds,
      tempo: prescriptions.tempo,
      notes: prescriptions.notes,
      sets: prescriptions.sets,
    })
    .from(prescriptions)
    .innerJoin(movements, eq(movements.id, prescriptions.movementId))
    .where(inArray(prescriptions.planWorkoutId, planWorkoutIds))
    .orderBy(asc(prescriptions.position))
  for (const { parentId, ...exercise } of rows) {
    const list = byParent.get(parentId)
    if (list) list.push(exercise)
    else byParent.set(parentId, [exercise])
  }
  return byParent
}
