import { and, eq } from 'drizzle-orm'
import { isoDateOfPlanDay } from '#shared/plan-schedule.ts'
import {
  MISSED_DAYS_BACK,
  MOVE_DAYS_AHEAD,
  planApiText,
  type MovePlanDayInput,
  type Plan,
} from '#shared/schemas/plans.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db } from '#server/db/client.ts'
import { planDayDates, planWorkouts, workoutSessions } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { findReadable } from './plan-access.ts'
import { getPlan } from './plans.service.ts'

/*
 * Moved workouts (docs/product.md#moving-a-workout): a planned workout trained on another date
 * than its plan's, without changing the plan. The lifter moves one they missed; their coach may
 * too. Every schedule of the app (the screens, adherence, the calendar feed) reads the moved date.
 */

const DAY_MS = 86_400_000
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * Gives a planned workout of a plan in use another date: from today to four weeks ahead in the
 * lifter's zone (UTC's yesterday to four weeks and a day ahead), not before the plan starts. A
 * workout due more than a week ago stays missed. Its plan's own date, past or not, puts it back. A day with no workout, or one a completed session already answered, cannot move.
 */
export async function movePlanDay(
  db: Db,
  actor: Actor,
  id: string,
  week: number,
  day: number,
  { date }: MovePlanDayInput,
  now = Date.now(),
): Promise<Plan> {
  const plan = await findReadable(db, actor, id)
  if (plan.status !== 'active' || !plan.startDate)
    throw new AppError('CONFLICT', { message: planApiText.moveNotStarted })
  const ownDate = date === isoDateOfPlanDay({ startDate: plan.startDate, trainingDays: plan.trainingDays }, week, day)
  // The lifter's today is UTC's yesterday, today or tomorrow, wherever they are.
  const today = Math.floor(now / DAY_MS) * DAY_MS
  if (!ownDate && (date < isoDay(today - DAY_MS) || date > isoDay(today + (MOVE_DAYS_AHEAD + 1) * DAY_MS))) {
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: { date: [planApiText.moveDate] } })
  }
  if (date < plan.startDate)
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid input',
      fields: { date: [planApiText.moveBeforeStart] },
    })
  const cell = and(eq(planWorkouts.planId, id), eq(planWorkouts.week, week), eq(planWorkouts.day, day))
  const [workout] = await db.select({ id: planWorkouts.id }).from(planWorkouts).where(cell)
  if (!workout) throw new AppError('NOT_FOUND', { message: planApiText.moveNoWorkout })
  const [done] = await db
    .select({ id: workoutSessions.id })
    .from(workoutSessions)
    .where(
      and(
        eq(workoutSessions.planId, id),
        eq(workoutSessions.week, week),
        eq(workoutSessions.day, day),
        eq(workoutSessions.status, 'completed'),
      ),
    )
    .limit(1)
  if (done) throw new AppError('CONFLICT', { message: planApiText.moveDone })
  // A miss older than a week stays a miss: only a workout due from a week back on moves.
  const [moved] = await db
    .select({ date: planDayDates.date })
    .from(planDayDates)
    .where(and(eq(planDayDates.planId, id), eq(planDayDates.week, week), eq(planDayDates.day, day)))
  const due = moved?.date ?? isoDateOfPlanDay({ startDate: plan.startDate, trainingDays: plan.trainingDays }, week, day)
  if (!ownDate && due < isoDay(today - (MISSED_DAYS_BACK + 1) * DAY_MS))
    throw new AppError('CONFLICT', { message: planApiText.moveTooLate })

  const key = and(eq(planDayDates.planId, id), eq(planDayDates.week, week), eq(planDayDates.day, day))
  if (ownDate) {
    await db.delete(planDayDates).where(key)
  } else {
    await db
      .insert(planDayDates)
      .values({ planId: id, week, day, date, movedBy: actor.id })
      .onConflictDoUpdate({
        target: [planDayDates.planId, planDayDates.week, planDayDates.day],
        set: { date, movedBy: actor.id, movedAt: new Date(now) },
      })
  }
  return getPlan(db, actor, id)
}
