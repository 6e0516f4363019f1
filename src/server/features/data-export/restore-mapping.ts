/*
 * Mapping the file's rows onto what the account holds already: its plans, workouts and sessions,
 * and the movements the rows a restore writes name (made when the account has none to stand for them).
 */
import { and, eq, inArray, isNull, or } from 'drizzle-orm'
import type { ProgressionRule } from '#shared/schemas/progression.ts'
import type { Tx } from '#server/db/client.ts'
import {
  movements,
  planWorkouts,
  prescriptions,
  trainingPlans,
  workoutSessions,
  workouts,
} from '#server/db/schema/index.ts'
import { searchTextOf } from '#server/features/movements/movements.service.ts'
import type { ExportExercise, ExportMovement } from './export-document.ts'
import {
  at,
  bothIds,
  chunks,
  foundAmong,
  targetOf,
  type ExportPlan,
  type ExportSession,
  type ExportWorkout,
  type Maps,
  type NewSession,
} from './restore-ids.ts'

/**
 * Maps the file's plans to the account's (its own, or assigned to it), and the days and exercises
 * of those it holds, which keep what they have now; answers the plans it does not hold.
 */
export async function mapPlans(tx: Tx, userId: string, plans: ExportPlan[], maps: Maps): Promise<ExportPlan[]> {
  if (!plans.length) return []
  const found = await foundAmong(
    bothIds(
      userId,
      'plan',
      plans.map((p) => p.id),
    ),
    (ids) =>
      tx
        .select({ id: trainingPlans.id })
        .from(trainingPlans)
        .where(
          and(
            inArray(trainingPlans.id, ids),
            or(eq(trainingPlans.ownerId, userId), eq(trainingPlans.clientId, userId)),
          ),
        ),
  )
  const fresh: ExportPlan[] = []
  const held: ExportPlan[] = []
  for (const plan of plans) {
    const target = targetOf(found, userId, 'plan', plan.id)
    maps.plan.set(plan.id, target.id)
    ;(target.held ? held : fresh).push(plan)
  }
  if (held.length) {
    const days = await foundAmong(
      held.map((p) => maps.plan.get(p.id) as string),
      (ids) => tx.select({ id: planWorkouts.id }).from(planWorkouts).where(inArray(planWorkouts.planId, ids)),
    )
    const exercises = await foundAmong(days, (ids) =>
      tx.select({ id: prescriptions.id }).from(prescriptions).where(inArray(prescriptions.planWorkoutId, ids)),
    )
    for (const day of held.flatMap((p) => p.workouts)) {
      const target = targetOf(days, userId, 'plan-workout', day.id)
      if (target.held) maps.planWorkout.set(day.id, target.id)
      mapHeldExercises(userId, day.exercises, exercises, maps)
    }
  }
  return fresh
}

/** Maps the file's standalone workouts to the account's own; answers those it does not hold. */
export async function mapWorkouts(tx: Tx, userId: string, list: ExportWorkout[], maps: Maps): Promise<ExportWorkout[]> {
  if (!list.length) return []
  const found = await foundAmong(
    bothIds(
      userId,
      'workout',
      list.map((w) => w.id),
    ),
    (ids) =>
      tx
        .select({ id: workouts.id })
        .from(workouts)
        .where(and(inArray(workouts.id, ids), eq(workouts.ownerId, userId))),
  )
  const fresh: ExportWorkout[] = []
  const held: ExportWorkout[] = []
  for (const workout of list) {
    const target = targetOf(found, userId, 'workout', workout.id)
    maps.workout.set(workout.id, target.id)
    ;(target.held ? held : fresh).push(workout)
  }
  if (held.length) {
    const exercises = await foundAmong(
      held.map((w) => maps.workout.get(w.id) as string),
      (ids) => tx.select({ id: prescriptions.id }).from(prescriptions).where(inArray(prescriptions.workoutId, ids)),
    )
    for (const workout of held) mapHeldExercises(userId, workout.exercises, exercises, maps)
  }
  return fresh
}

/** The exercises of a plan day or workout the account holds, for sessions that name them. */
function mapHeldExercises(userId: string, list: ExportExercise[], found: Set<string>, maps: Maps): void {
  for (const exercise of list) {
    const target = targetOf(found, userId, 'prescription', exercise.id)
    if (target.held) maps.prescription.set(exercise.id, target.id)
  }
}

/** The file's sessions the account does not hold (as its own, or from an earlier restore), with their ids. */
export async function newSessions(tx: Tx, userId: string, sessions: ExportSession[]): Promise<NewSession[]> {
  const found = await foundAmong(
    bothIds(
      userId,
      'session',
      sessions.map((s) => s.id),
    ),
    (ids) =>
      tx
        .select({ id: workoutSessions.id })
        .from(workoutSessions)
        .where(and(inArray(workoutSessions.id, ids), eq(workoutSessions.clientId, userId))),
  )
  return sessions.flatMap((session) => {
    const target = targetOf(found, userId, 'session', session.id)
    return target.held ? [] : [{ id: target.id, session }]
  })
}

/** The movements the rows a restore writes name. */
export function movementsNamedBy(plans: ExportPlan[], list: ExportWorkout[], sessions: ExportSession[]): Set<string> {
  const named = new Set<string>()
  const rule = (value: ProgressionRule | null | undefined) => {
    if (value?.kind === 'percent_e1rm' && value.linkedMovementId) named.add(value.linkedMovementId)
  }
  const exercise = (value: ExportExercise) => {
    named.add(value.movementId)
    rule(value.progression)
  }
  for (const plan of plans) {
    rule(plan.progression)
    for (const day of plan.workouts) day.exercises.forEach(exercise)
  }
  for (const workout of list) workout.exercises.forEach(exercise)
  for (const session of sessions) {
    for (const value of [...session.exercises, ...session.removedExercises]) {
      named.add(value.movementId)
      if (value.swappedFrom) named.add(value.swappedFrom.movementId)
      if (value.oneRepMaxMovementId) named.add(value.oneRepMaxMovementId)
    }
    for (const set of session.sets) named.add(set.movementId)
  }
  return named
}

export async function restoreMovements(
  tx: Tx,
  userId: string,
  listed: ExportMovement[],
  named: Set<string>,
  maps: Maps,
  newWords: string[],
): Promise<number> {
  const slugs = listed.flatMap((m) => (m.builtin && m.slug ? [m.slug] : []))
  const builtins = slugs.length
    ? await tx
        .select({ id: movements.id, slug: movements.slug })
        .from(movements)
        .where(and(isNull(movements.ownerId), inArray(movements.slug, slugs)))
    : []
  const bySlug = new Map(builtins.map((b) => [b.slug, b.id]))
  const own = await tx
    .select({ id: movements.id, name: movements.name, tracking: movements.tracking, archivedAt: movements.archivedAt })
    .from(movements)
    .where(eq(movements.ownerId, userId))
  const ownIds = new Set(own.map((m) => m.id))
  const ownByName = new Map(
    own.filter((m) => !m.archivedAt).map((m) => [`${m.name.toLowerCase()}\u0000${m.tracking}`, m.id]),
  )
  const created: (typeof movements.$inferInsert)[] = []
  for (const movement of listed) {
    const builtin = movement.builtin && movement.slug ? bySlug.get(movement.slug) : undefined
    if (builtin) {
      maps.movement.set(movement.id, builtin)
      continue
    }
    const target = targetOf(ownIds, userId, 'movement', movement.id)
    if (target.held) {
      maps.movement.set(movement.id, target.id)
      continue
    }
    // The account's own movement of the same name and kind stands for it: a restore beside
    // movements the lifter made again by hand does not double them.
    const sameName = ownByName.get(`${movement.name.toLowerCase()}\u0000${movement.tracking}`)
    if (sameName) {
      maps.movement.set(movement.id, sameName)
      continue
    }
    // The lifter's own come back whole; someone else's (their coach's, a built-in this Coachline
    // lacks) only when a row the restore writes names it.
    if (movement.ownedBySubject === false && !named.has(movement.id)) continue
    const { id } = target
    maps.movement.set(movement.id, id)
    ownIds.add(id)
    ownByName.set(`${movement.name.toLowerCase()}\u0000${movement.tracking}`, id)
    newWords.push(movement.name, ...movement.aliases)
    created.push({
      id,
      ownerId: userId,
      name: movement.name,
      aliases: movement.aliases,
      pattern: movement.pattern,
      primaryMuscles: movement.primaryMuscles,
      secondaryMuscles: movement.secondaryMuscles,
      equipment: movement.equipment,
      tracking: movement.tracking,
      unilateral: movement.unilateral,
      instructions: movement.instructions,
      videoUrl: movement.videoUrl ?? null,
      archivedAt: at(movement.archivedAt),
      searchText: searchTextOf(movement.name, movement.aliases),
    })
  }
  let count = 0
  for (const batch of chunks(created))
    count += (await tx.insert(movements).values(batch).onConflictDoNothing().returning({ id: movements.id })).length
  return count
}
