import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm'
import type { FieldErrors } from '#shared/errors.ts'
import type { Exercise, ExerciseInput } from '#shared/schemas/plans.ts'
import { progressionApiText, type ProgressionNote } from '#shared/schemas/progression.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { movements, prescriptions } from '#server/db/schema/index.ts'

/**
 * Prescriptions (exercises with their prescribed sets) hang off a plan's cell (`plan_workouts`)
 * or off a standalone workout (`workouts`). Plans, standalone workouts, sessions, the calendar
 * feed and the demo check, write and read them through these three functions, which is why they
 * sit below the features rather than inside one of them.
 */
export type ExerciseParent = { planWorkoutId: string } | { workoutId: string }

const parentColumn = { planWorkout: prescriptions.planWorkoutId, workout: prescriptions.workoutId } as const

/** The movement whose e1RM an exercise's %1RM rule reads, when it names one. */
const linkedOf = (exercise: { progression?: ExerciseInput['progression'] }) =>
  exercise.progression?.kind === 'percent_e1rm' ? (exercise.progression.linkedMovementId ?? null) : null

/**
 * Field errors (`<path>.N.movementId`, `<path>.N.progression.linkedMovementId`) for exercises whose
 * movement, or whose rule's linked movement, the owner may not prescribe. An owner prescribes the
 * built-ins and their own movements, and may keep the ones the workout already has (a client's copy
 * of their coach's template keeps the coach's movements).
 */
export async function movementErrors(
  db: Db | Tx,
  ownerId: string,
  exercises: readonly { movementId: string; progression?: ExerciseInput['progression'] }[],
  path: string,
  kept: readonly string[] = [],
): Promise<FieldErrors> {
  const movementIds = [...new Set(exercises.flatMap((e) => [e.movementId, linkedOf(e)].filter((id) => id !== null)))]
  if (!movementIds.length) return {}
  const usable = await db
    .select({ id: movements.id })
    .from(movements)
    .where(and(inArray(movements.id, movementIds), or(isNull(movements.ownerId), eq(movements.ownerId, ownerId))))
  const known = new Set([...usable.map((m) => m.id), ...kept])
  const fields: FieldErrors = {}
  exercises.forEach((exercise, index) => {
    if (!known.has(exercise.movementId)) fields[`${path}.${index}.movementId`] = ['Choose a movement from your library']
    const linked = linkedOf(exercise)
    if (linked && !known.has(linked))
      fields[`${path}.${index}.progression.linkedMovementId`] = [progressionApiText.linked]
  })
  return fields
}

/** What a rule wrote on an exercise, kept with it when its day is written again (plan-grid.service.ts decides). */
export type RuleMarks = { progressionNote?: ProgressionNote | null; handEdited?: boolean }

/** Writes a workout's exercises in the given order (the caller removed the old ones, in its transaction). */
export async function insertExercises(
  tx: Db | Tx,
  parent: ExerciseParent,
  exercises: readonly (ExerciseInput & RuleMarks)[],
): Promise<void> {
  if (!exercises.length) return
  await tx.insert(prescriptions).values(
    exercises.map((exercise, position) => ({
      ...parent,
      movementId: exercise.movementId,
      position,
      superset: exercise.superset || null,
      restSeconds: exercise.restSeconds ?? null,
      tempo: exercise.tempo || null,
      notes: exercise.notes || null,
      sets: exercise.sets,
      progression: exercise.progression ?? null,
      progressionNote: exercise.progressionNote ?? null,
      handEdited: exercise.handEdited ?? false,
      timer: exercise.timer ?? null,
      warmUp: exercise.warmUp ?? null,
    })),
  )
}

/** The exercises of several workouts by their parent's id, in order, with each movement's name and tracking: one query. */
export async function loadExercises(
  db: Db | Tx,
  parent: keyof typeof parentColumn,
  ids: readonly string[],
): Promise<Map<string, Exercise[]>> {
  const byParent = new Map<string, Exercise[]>()
  if (!ids.length) return byParent
  const column = parentColumn[parent]
  const rows = await db
    .select({
      parentId: column,
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
      progression: prescriptions.progression,
      progressionNote: prescriptions.progressionNote,
      handEdited: prescriptions.handEdited,
      timer: prescriptions.timer,
      warmUp: prescriptions.warmUp,
    })
    .from(prescriptions)
    .innerJoin(movements, eq(movements.id, prescriptions.movementId))
    .where(inArray(column, [...ids]))
    .orderBy(asc(prescriptions.position))
  for (const { parentId, ...exercise } of rows) {
    if (parentId === null) continue
    const list = byParent.get(parentId)
    if (list) list.push(exercise)
    else byParent.set(parentId, [exercise])
  }
  return byParent
}
