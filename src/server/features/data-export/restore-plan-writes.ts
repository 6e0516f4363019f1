/* Writing the plans and standalone workouts the account does not hold, with their days and exercises. */
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { ProgressionRule } from '#shared/schemas/progression.ts'
import type { Tx } from '#server/db/client.ts'
import { planWorkouts, prescriptions, trainingPlans, workouts } from '#server/db/schema/index.ts'
import type { ExportExercise } from './export-document.ts'
import { at, chunks, movementOf, restoredId, type ExportPlan, type ExportWorkout, type Maps } from './restore-ids.ts'

function ruleOf(maps: Maps, rule: ProgressionRule | null | undefined): ProgressionRule | null {
  if (!rule) return null
  if (rule.kind === 'percent_e1rm' && rule.linkedMovementId)
    return { ...rule, linkedMovementId: movementOf(maps, rule.linkedMovementId) }
  return rule
}

function exerciseRow(
  userId: string,
  maps: Maps,
  exercise: ExportExercise,
  parent: { planWorkoutId: string } | { workoutId: string },
): typeof prescriptions.$inferInsert {
  const id = restoredId(userId, 'prescription', exercise.id)
  maps.prescription.set(exercise.id, id)
  return {
    id,
    ...parent,
    movementId: movementOf(maps, exercise.movementId),
    position: exercise.position,
    superset: exercise.superset ?? null,
    restSeconds: exercise.restSeconds ?? null,
    tempo: exercise.tempo ?? null,
    notes: exercise.notes ?? null,
    sets: exercise.sets,
    progression: ruleOf(maps, exercise.progression),
    progressionNote: exercise.progressionNote ?? null,
    handEdited: exercise.handEdited,
    timer: exercise.timer ?? null,
    warmUp: exercise.warmUp ?? null,
  }
}

async function insertPrescriptions(tx: Tx, rows: (typeof prescriptions.$inferInsert)[]): Promise<void> {
  for (const batch of chunks(rows)) await tx.insert(prescriptions).values(batch).onConflictDoNothing()
}

/** Writes the plans the account does not hold, with their days and exercises. */
export async function insertPlans(tx: Tx, userId: string, plans: ExportPlan[], maps: Maps): Promise<number> {
  if (!plans.length) return 0
  // A lifter has one active plan of their own: a restored one that would be a second is archived.
  const [activeOwn] = await tx
    .select({ id: trainingPlans.id })
    .from(trainingPlans)
    .where(
      and(
        eq(trainingPlans.ownerId, userId),
        eq(trainingPlans.status, 'active'),
        isNull(trainingPlans.clientId),
        sql`${trainingPlans.trainingDays} is not null`,
        eq(trainingPlans.assigned, false),
      ),
    )
    .limit(1)
  let activeOwnTaken = Boolean(activeOwn)
  const days: (typeof planWorkouts.$inferInsert)[] = []
  const exercises: (typeof prescriptions.$inferInsert)[] = []
  let count = 0
  for (const plan of plans) {
    const id = maps.plan.get(plan.id) as string
    // Whose client a plan was assigned to does not travel: on the account it is its owner's copy.
    const wouldBeActiveOwn = plan.status === 'active' && !plan.assigned && Boolean(plan.trainingDays)
    const status = wouldBeActiveOwn && activeOwnTaken ? 'archived' : plan.status
    if (wouldBeActiveOwn && status === 'active') activeOwnTaken = true
    const inserted = await tx
      .insert(trainingPlans)
      .values({
        id,
        ownerId: userId,
        clientId: null,
        name: plan.name,
        goal: plan.goal ?? null,
        description: plan.description ?? null,
        weeks: plan.weeks,
        daysPerWeek: plan.daysPerWeek,
        deloadWeeks: plan.deloadWeeks,
        isTemplate: plan.isTemplate,
        startDate: plan.startDate ?? null,
        trainingDays: plan.trainingDays ?? null,
        assigned: plan.assigned,
        status,
        sourcePlanId: plan.sourcePlanId ? (maps.plan.get(plan.sourcePlanId) ?? null) : null,
        progression: ruleOf(maps, plan.progression),
        progressionMode: plan.progressionMode,
        deload: plan.deload ?? null,
        ...(plan.createdAt ? { createdAt: new Date(plan.createdAt) } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: trainingPlans.id })
    count += inserted.length
    // Only a plan written now gets its days (one written at the same moment by another restore has its own).
    if (!inserted.length) {
      maps.plan.delete(plan.id)
      continue
    }
    for (const day of plan.workouts) {
      const dayId = restoredId(userId, 'plan-workout', day.id)
      maps.planWorkout.set(day.id, dayId)
      days.push({ id: dayId, planId: id, week: day.week, day: day.day, title: day.title, notes: day.notes ?? null })
      for (const exercise of day.exercises)
        exercises.push(exerciseRow(userId, maps, exercise, { planWorkoutId: dayId }))
    }
  }
  const stored = new Set<string>()
  for (const batch of chunks(days))
    for (const row of await tx
      .insert(planWorkouts)
      .values(batch)
      .onConflictDoNothing()
      .returning({ id: planWorkouts.id }))
      stored.add(row.id)
  const written = new Set(days.map((d) => d.id))
  for (const [source, target] of maps.planWorkout)
    if (written.has(target) && !stored.has(target)) maps.planWorkout.delete(source)
  await insertPrescriptions(
    tx,
    exercises.filter((e) => e.planWorkoutId && stored.has(e.planWorkoutId)),
  )
  return count
}

/** Writes the standalone workouts the account does not hold, with their exercises. */
export async function insertWorkouts(tx: Tx, userId: string, list: ExportWorkout[], maps: Maps): Promise<number> {
  const stored = new Set<string>()
  for (const batch of chunks(list)) {
    const rows = await tx
      .insert(workouts)
      .values(
        batch.map((w) => ({
          id: maps.workout.get(w.id) as string,
          ownerId: userId,
          title: w.title,
          notes: w.notes ?? null,
          isTemplate: w.isTemplate,
          archivedAt: at(w.archivedAt),
          sourceWorkoutId: w.sourceWorkoutId ? (maps.workout.get(w.sourceWorkoutId) ?? null) : null,
          ...(w.createdAt ? { createdAt: new Date(w.createdAt) } : {}),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: workouts.id })
    for (const row of rows) stored.add(row.id)
  }
  const exercises: (typeof prescriptions.$inferInsert)[] = []
  for (const workout of list) {
    const workoutId = maps.workout.get(workout.id) as string
    if (!stored.has(workoutId)) continue
    for (const exercise of workout.exercises) exercises.push(exerciseRow(userId, maps, exercise, { workoutId }))
  }
  await insertPrescriptions(tx, exercises)
  return stored.size
}
