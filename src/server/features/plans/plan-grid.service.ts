import { and, eq } from 'drizzle-orm'
import { type ExerciseInput, type Plan, type PrescribedSet, type SavePlanDayInput } from '#shared/schemas/plans.ts'
import {
  progressSet,
  progressionsOf,
  type CopyDayInput,
  type CopyWeekInput,
  type MoveDayInput,
} from '#shared/schemas/plan-grid.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { planDayDates, planWorkouts, prescriptions } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { bumpVersion, findOwned, type SummaryRow } from './plan-access.ts'
import { getPlan } from './plans.service.ts'
import { insertExercises, loadExercises, movementErrors, type RuleMarks } from '#server/prescriptions/prescriptions.ts'

/*
 * The builder's grid: weeks x days of planned workouts, changed a cell or a week at a time. Every
 * change names the plan version it was made on (`bumpVersion`) and answers the whole plan.
 */

type Cell = { week: number; day: number }

/** Replaces one cell of the grid (its workout and exercises) in one transaction. */
export async function savePlanDay(
  db: Db,
  actor: Actor,
  id: string,
  week: number,
  day: number,
  input: SavePlanDayInput,
): Promise<Plan> {
  const plan = await findOwned(db, actor, id)
  // The plan's owner must be able to see every movement: the built-ins and their own.
  const fields = {
    ...outsideErrors(plan, [{ week, day }]),
    ...(await movementErrors(db, plan.ownerId, input.workout?.exercises ?? [], 'workout.exercises')),
  }
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })

  await db.transaction(async (tx) => {
    if ((await bumpVersion(tx, id, input)).replayed) return
    const inUse = plan.clientId !== null || plan.status === 'active'
    const exercises = inUse ? await withRuleMarks(tx, id, week, day, input.workout?.exercises ?? []) : undefined
    await writeCell(
      tx,
      id,
      week,
      day,
      input.workout && { ...input.workout, exercises: exercises ?? input.workout.exercises },
    )
  })
  return getPlan(db, actor, id)
}

const sameNumber = (a: number | null | undefined, b: number | null | undefined) => (a ?? null) === (b ?? null)

/** Whether two lists of prescribed sets ask for the same thing (an absent field and a null are one). */
export function sameSets(a: readonly PrescribedSet[], b: readonly PrescribedSet[]): boolean {
  return (
    a.length === b.length &&
    a.every((x, i) => {
      const y = b[i] as PrescribedSet
      const load = (s: PrescribedSet) => (s.load ? `${s.load.kind}:${'value' in s.load ? s.load.value : ''}` : null)
      return (
        sameNumber(x.reps?.min, y.reps?.min) &&
        sameNumber(x.reps?.max, y.reps?.max) &&
        load(x) === load(y) &&
        sameNumber(x.rpe, y.rpe) &&
        sameNumber(x.rir, y.rir) &&
        sameNumber(x.durationSeconds, y.durationSeconds) &&
        sameNumber(x.distanceMeters, y.distanceMeters)
      )
    })
  )
}

/**
 * A day of a plan in use, saved from the builder: an exercise whose targets the coach left as they
 * were keeps what a rule wrote on it; one whose targets changed was edited by hand, and no rule
 * overwrites it from then on. An exercise is matched by its movement and how many of that movement
 * come before it in the day.
 */
async function withRuleMarks(
  tx: Tx,
  planId: string,
  week: number,
  day: number,
  exercises: readonly ExerciseInput[],
): Promise<(ExerciseInput & RuleMarks)[]> {
  const [cell] = await tx
    .select({ id: planWorkouts.id })
    .from(planWorkouts)
    .where(and(eq(planWorkouts.planId, planId), eq(planWorkouts.week, week), eq(planWorkouts.day, day)))
  const before = cell ? ((await loadExercises(tx, 'planWorkout', [cell.id])).get(cell.id) ?? []) : []
  return exercises.map((exercise, index) => {
    const occurrence = exercises.slice(0, index).filter((e) => e.movementId === exercise.movementId).length
    const old = before.filter((e) => e.movementId === exercise.movementId)[occurrence]
    if (!old) return exercise
    return sameSets(old.sets, exercise.sets)
      ? { ...exercise, progressionNote: old.progressionNote, handEdited: old.handEdited }
      : { ...exercise, progressionNote: null, handEdited: true }
  })
}

/** The field errors of cells outside the plan's weeks and days. */
function outsideErrors(plan: SummaryRow, cells: Cell[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {}
  if (cells.some((c) => c.week > plan.weeks)) fields.week = [`This plan has ${plan.weeks} weeks`]
  if (cells.some((c) => c.day > plan.daysPerWeek)) fields.day = [`This plan has ${plan.daysPerWeek} days a week`]
  return fields
}

function requireInside(plan: SummaryRow, cells: Cell[]): void {
  const fields = outsideErrors(plan, cells)
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })
}

/**
 * Writes copies of workouts into cells (replacing what was there), all in the caller's transaction.
 * A copy keeps its exercises' rules, not what a rule wrote on the original nor its hand-edit marks.
 */
async function writeCells(
  tx: Tx,
  planId: string,
  cells: { week: number; day: number; workout: Plan['workouts'][number] | null }[],
): Promise<void> {
  for (const { week, day, workout } of cells) {
    await writeCell(
      tx,
      planId,
      week,
      day,
      workout && {
        ...workout,
        exercises: workout.exercises.map((e) => ({ ...e, progressionNote: null, handEdited: false })),
      },
    )
  }
}

/**
 * Puts a workout in one cell of the grid (null empties it). A day that already has a workout keeps
 * its id, so previews, links and sessions logged against it still point at it.
 */
async function writeCell(
  tx: Tx,
  planId: string,
  week: number,
  day: number,
  workout: { title: string; notes?: string | null; exercises: readonly (ExerciseInput & RuleMarks)[] } | null,
): Promise<void> {
  const cell = and(eq(planWorkouts.planId, planId), eq(planWorkouts.week, week), eq(planWorkouts.day, day))
  if (!workout) {
    await tx.delete(planWorkouts).where(cell)
    // An empty day has no date of its own to keep.
    await tx
      .delete(planDayDates)
      .where(and(eq(planDayDates.planId, planId), eq(planDayDates.week, week), eq(planDayDates.day, day)))
    return
  }
  const values = { title: workout.title, notes: workout.notes || null }
  const [kept] = await tx.update(planWorkouts).set(values).where(cell).returning({ id: planWorkouts.id })
  if (kept) await tx.delete(prescriptions).where(eq(prescriptions.planWorkoutId, kept.id))
  const row =
    kept ??
    (
      await tx
        .insert(planWorkouts)
        .values({ planId, week, day, ...values })
        .returning({ id: planWorkouts.id })
    )[0]
  if (row) await insertExercises(tx, { planWorkoutId: row.id }, workout.exercises)
}

/** Copies one cell onto another. */
export async function copyDay(
  db: Db,
  actor: Actor,
  id: string,
  { version, saveId, from, to }: CopyDayInput,
): Promise<Plan> {
  const plan = await findOwned(db, actor, id)
  requireInside(plan, [from, to])
  const source = (await getPlan(db, actor, id)).workouts.find((w) => w.week === from.week && w.day === from.day) ?? null
  await db.transaction(async (tx) => {
    if ((await bumpVersion(tx, id, { version, saveId })).replayed) return
    await writeCells(tx, id, [{ ...to, workout: source }])
  })
  return getPlan(db, actor, id)
}

/**
 * Copies a week onto later (or other) weeks; with progressions each target week gets each of them
 * once per week of distance from the source (+2.5 kg: week 2 +2.5, week 3 +5), all together
 * (+2.5 kg and +1 rep and +0.5 RPE).
 */
export async function copyWeek(
  db: Db,
  actor: Actor,
  id: string,
  { version, saveId, fromWeek, toWeeks, ...input }: CopyWeekInput,
): Promise<Plan> {
  const plan = await findOwned(db, actor, id)
  const progressions = progressionsOf(input)
  const progress = (set: PrescribedSet, steps: number) =>
    progressions.reduce((next, progression) => progressSet(next, progression, steps), set)
  const targets = [...new Set(toWeeks)].filter((week) => week !== fromWeek)
  requireInside(plan, [{ week: fromWeek, day: 1 }, ...targets.map((week) => ({ week, day: 1 }))])
  const source = (await getPlan(db, actor, id)).workouts.filter((w) => w.week === fromWeek)
  const cells = targets.flatMap((week) =>
    Array.from({ length: plan.daysPerWeek }, (_, index) => {
      const day = index + 1
      const workout = source.find((w) => w.day === day)
      const steps = week - fromWeek
      return {
        week,
        day,
        workout: workout
          ? {
              ...workout,
              exercises: workout.exercises.map((e) => ({ ...e, sets: e.sets.map((set) => progress(set, steps)) })),
            }
          : null,
      }
    }),
  )
  await db.transaction(async (tx) => {
    if ((await bumpVersion(tx, id, { version, saveId })).replayed) return
    await writeCells(tx, id, cells)
  })
  return getPlan(db, actor, id)
}

/**
 * Moves a cell's workout to another cell; a workout already in the target swaps places with it,
 * each with the date a lifter moved it to, if any. The workouts keep their ids (the `planWorkoutId` sessions will point at), so the rows move
 * rather than being copied: through a parking cell (0, 0), because the unique (plan, week, day)
 * index is checked row by row.
 */
export async function moveDay(
  db: Db,
  actor: Actor,
  id: string,
  { version, saveId, from, to }: MoveDayInput,
): Promise<Plan> {
  const plan = await findOwned(db, actor, id)
  requireInside(plan, [from, to])
  const at = (cell: Cell) =>
    and(eq(planWorkouts.planId, id), eq(planWorkouts.week, cell.week), eq(planWorkouts.day, cell.day))
  await db.transaction(async (tx) => {
    if ((await bumpVersion(tx, id, { version, saveId })).replayed) return
    if (from.week === to.week && from.day === to.day) return
    const parking = { week: 0, day: 0 }
    await tx.update(planWorkouts).set(parking).where(at(from))
    await tx.update(planWorkouts).set(from).where(at(to))
    await tx.update(planWorkouts).set(to).where(at(parking))
    // A date the lifter gave a workout goes with it.
    const dated = (cell: Cell) =>
      and(eq(planDayDates.planId, id), eq(planDayDates.week, cell.week), eq(planDayDates.day, cell.day))
    await tx.update(planDayDates).set(parking).where(dated(from))
    await tx.update(planDayDates).set(from).where(dated(to))
    await tx.update(planDayDates).set(to).where(dated(parking))
  })
  return getPlan(db, actor, id)
}
