import { and, desc, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { ExerciseInput } from '#shared/schemas/plans.ts'
import {
  workoutApiText,
  type CopyWorkoutInput,
  type CreateWorkoutInput,
  type ListWorkoutsInput,
  type SaveWorkoutInput,
  type Workout,
  type WorkoutSummary,
} from '#shared/schemas/workouts.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db } from '#server/db/client.ts'
import { prescriptions, profiles, workouts } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { insertExercises, loadExercises, movementErrors } from '#server/prescriptions/prescriptions.ts'
import { sharedWithClient } from './workout-access.ts'

const summaryColumns = {
  id: workouts.id,
  ownerId: workouts.ownerId,
  ownerName: sql<string>`coalesce(${profiles.displayName}, '')`,
  title: workouts.title,
  notes: workouts.notes,
  isTemplate: workouts.isTemplate,
  archivedAt: workouts.archivedAt,
  exerciseCount: sql<number>`(select count(*)::int from ${prescriptions} where ${prescriptions.workoutId} = ${workouts.id})`,
  version: workouts.version,
  updatedAt: workouts.updatedAt,
}

type SummaryRow = Omit<WorkoutSummary, 'archived' | 'updatedAt' | 'shared'> & {
  archivedAt: Date | null
  updatedAt: Date
}

const toSummary = ({ archivedAt, updatedAt, ...row }: SummaryRow, actor: Actor): WorkoutSummary => ({
  ...row,
  archived: archivedAt !== null,
  updatedAt: updatedAt.toISOString(),
  shared: row.ownerId !== actor.id,
})

async function selectSummaries(db: Db, where: SQL | undefined): Promise<SummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(workouts)
    .leftJoin(profiles, eq(profiles.id, workouts.ownerId))
    .where(where)
    .orderBy(desc(workouts.updatedAt), desc(workouts.id))
}

/** Readable by its owner, and by a client whose active coach shares it (a template, not archived). */
async function findReadable(db: Db, actor: Actor, id: string): Promise<SummaryRow> {
  const [row] = await db
    .select({ ...summaryColumns, isShared: sql<boolean>`${sharedWithClient(actor.id)}` })
    .from(workouts)
    .leftJoin(profiles, eq(profiles.id, workouts.ownerId))
    .where(eq(workouts.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Workout not found' })
  const { isShared, ...summary } = row
  if (summary.ownerId !== actor.id && !isShared)
    throw new AppError('FORBIDDEN', { message: 'This workout is not yours' })
  return summary
}

/** Changed only by its owner: a client reads and copies their coach's template, never edits it. */
async function findOwned(db: Db, actor: Actor, id: string): Promise<SummaryRow> {
  const [row] = await selectSummaries(db, eq(workouts.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Workout not found' })
  if (row.ownerId !== actor.id) throw new AppError('FORBIDDEN', { message: 'Only the workout’s owner may change it' })
  return row
}

async function requireUsableMovements(
  db: Db,
  ownerId: string,
  exercises: readonly ExerciseInput[],
  kept: readonly string[] = [],
): Promise<void> {
  const fields = await movementErrors(db, ownerId, exercises, 'exercises', kept)
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })
}

/**
 * The caller's own workouts (not archived), and for a client the templates their active coach
 * shares (after their own); or, with `archived`, only their own archived ones.
 */
export async function listWorkouts(
  db: Db,
  actor: Actor,
  { archived }: ListWorkoutsInput = {},
): Promise<WorkoutSummary[]> {
  const rows = await selectSummaries(
    db,
    archived === 'true'
      ? and(eq(workouts.ownerId, actor.id), isNotNull(workouts.archivedAt))
      : or(and(eq(workouts.ownerId, actor.id), isNull(workouts.archivedAt)), sharedWithClient(actor.id)),
  )
  return rows.map((row) => toSummary(row, actor)).sort((a, b) => Number(a.shared) - Number(b.shared))
}

/** A whole workout: its summary and its exercises with movement names and tracking. */
export async function getWorkout(db: Db, actor: Actor, id: string): Promise<Workout> {
  const row = await findReadable(db, actor, id)
  const exercises = await loadExercises(db, 'workout', [id])
  return { ...toSummary(row, actor), exercises: exercises.get(id) ?? [] }
}

export async function createWorkout(db: Db, actor: Actor, input: CreateWorkoutInput): Promise<Workout> {
  await requireUsableMovements(db, actor.id, input.exercises)
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workouts)
      .values({
        ownerId: actor.id,
        title: input.title,
        notes: input.notes || null,
        isTemplate: input.isTemplate ?? false,
      })
      .returning({ id: workouts.id })
    if (!row) throw new Error('insert returned nothing')
    await insertExercises(tx, { workoutId: row.id }, input.exercises)
    return row.id
  })
  return getWorkout(db, actor, id)
}

/**
 * Replaces a workout's content whole, but only from the version the caller saw: two tabs never
 * silently overwrite each other (the stale one answers 409 and reloads).
 */
export async function saveWorkout(
  db: Db,
  actor: Actor,
  id: string,
  { version, saveId, isTemplate, ...input }: SaveWorkoutInput,
): Promise<Workout> {
  await findOwned(db, actor, id)
  const current = await db
    .select({ movementId: prescriptions.movementId })
    .from(prescriptions)
    .where(eq(prescriptions.workoutId, id))
  await requireUsableMovements(
    db,
    actor.id,
    input.exercises,
    current.map((e) => e.movementId),
  )
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(workouts)
      .set({
        title: input.title,
        notes: input.notes || null,
        ...(isTemplate === undefined ? {} : { isTemplate }),
        version: sql`${workouts.version} + 1`,
        lastSaveId: saveId ?? null,
      })
      .where(and(eq(workouts.id, id), eq(workouts.version, version)))
      .returning({ id: workouts.id })
    if (!row) {
      // The same save again (its answer was lost): it landed already.
      const [landed] = saveId
        ? await tx
            .select({ id: workouts.id })
            .from(workouts)
            .where(and(eq(workouts.id, id), eq(workouts.lastSaveId, saveId)))
        : []
      if (landed) return
      throw new AppError('CONFLICT', { message: workoutApiText.conflict })
    }
    await tx.delete(prescriptions).where(eq(prescriptions.workoutId, id))
    await insertExercises(tx, { workoutId: id }, input.exercises)
  })
  return getWorkout(db, actor, id)
}

/** Archives or restores (bumping the version); a workout already in that state is answered as it is. */
export async function setWorkoutArchived(db: Db, actor: Actor, id: string, archived: boolean): Promise<WorkoutSummary> {
  await findOwned(db, actor, id)
  await db
    .update(workouts)
    .set({ archivedAt: archived ? sql`now()` : null, version: sql`${workouts.version} + 1` })
    .where(and(eq(workouts.id, id), archived ? isNull(workouts.archivedAt) : isNotNull(workouts.archivedAt)))
  return toSummary(await findOwned(db, actor, id), actor)
}

/** The caller's own deep copy of a workout they may read (e.g. a client's copy of their coach's template). */
export async function copyWorkout(db: Db, actor: Actor, id: string, input: CopyWorkoutInput): Promise<Workout> {
  const source = await findReadable(db, actor, id)
  const copyId = await db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(workouts)
      .values({
        ownerId: actor.id,
        title: input.title ?? source.title,
        notes: source.notes,
        isTemplate: input.isTemplate ?? false,
        sourceWorkoutId: source.id,
      })
      .returning({ id: workouts.id })
    if (!copy) throw new Error('insert returned nothing')
    await tx.execute(sql`
      insert into prescriptions (workout_id, movement_id, position, superset, rest_seconds, tempo, notes, sets, timer, warm_up)
      select ${copy.id}, movement_id, position, superset, rest_seconds, tempo, notes, sets, timer, warm_up from prescriptions where workout_id = ${source.id}`)
    return copy.id
  })
  return getWorkout(db, actor, copyId)
}

/** Deletes a workout and its exercises; sessions logged from it keep their own copy of it. */
export async function deleteWorkout(db: Db, actor: Actor, id: string): Promise<void> {
  await findOwned(db, actor, id)
  await db.delete(workouts).where(eq(workouts.id, id))
}
