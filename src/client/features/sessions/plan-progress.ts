import { paths } from '#shared/paths.ts'
import { isoDateOfPlanDay } from '#shared/plan-schedule.ts'
import { MISSED_DAYS_BACK, type Plan, type PlanWorkout } from '#shared/schemas/plans.ts'
import type { SessionSummary } from '#shared/schemas/sessions.ts'

export type DayState = 'done' | 'missed' | 'today' | 'upcoming' | 'rest'

export const DAY_STATE_TEXT: Record<DayState, string> = {
  done: 'Done',
  missed: 'Missed',
  today: 'Today',
  upcoming: 'Upcoming',
  rest: 'Rest',
}

/**
 * The date (YYYY-MM-DD) a planned day is trained on: the plan's own, or the one it was moved to;
 * null while the plan has no start date.
 */
export function trainedOn(
  plan: Pick<Plan, 'startDate' | 'trainingDays' | 'moves'>,
  week: number,
  day: number,
): string | null {
  return plan.startDate
    ? isoDateOfPlanDay({ startDate: plan.startDate, trainingDays: plan.trainingDays, moves: plan.moves }, week, day)
    : null
}

/** Whether a planned day was moved to another date than its plan's. */
export const isMoved = (plan: Pick<Plan, 'moves'>, week: number, day: number) =>
  plan.moves.some((m) => m.week === week && m.day === day)

const isDone = (sessions: SessionSummary[], w: { week: number; day: number }) =>
  sessions.some((s) => s.status === 'completed' && s.week === w.week && s.day === w.day)

/** The plan's workouts with the date each is trained on, in date order (then plan order). */
function dated(plan: Plan): { workout: PlanWorkout; date: string }[] {
  return plan.workouts
    .flatMap((workout) => {
      const date = trainedOn(plan, workout.week, workout.day)
      return date ? [{ workout, date }] : []
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.workout.week - b.workout.week || a.workout.day - b.workout.day)
}

/**
 * What /home offers on a date (YYYY-MM-DD): the workout trained that day (the first not yet done,
 * when a moved one shares the day), any other on it (`alsoToday`), and the next one after it.
 */
export function todaysAndNext(plan: Plan, sessions: SessionSummary[], today: string) {
  const all = dated(plan)
  const onToday = all.filter((d) => d.date === today).map((d) => d.workout)
  const todays = onToday.find((w) => !isDone(sessions, w)) ?? onToday[0]
  return { todays, alsoToday: onToday.filter((w) => w !== todays), next: all.find((d) => d.date > today)?.workout }
}

/** The workouts of the last week whose date passed with no session completing them, oldest first: /home offers to move them. */
export function missedWorkouts(
  plan: Plan,
  sessions: SessionSummary[],
  today: string,
): { workout: PlanWorkout; date: string }[] {
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - MISSED_DAYS_BACK * 86_400_000).toISOString().slice(0, 10)
  return dated(plan).filter((d) => d.date < today && d.date >= from && !isDone(sessions, d.workout))
}

/**
 * A planned day's state, from the sessions completed against the plan (matched by week and day,
 * so a day edited after it was trained still counts) and the date it is trained on against today.
 */
export function dayState(plan: Plan, sessions: SessionSummary[], week: number, day: number, today: string): DayState {
  if (!plan.workouts.some((w) => w.week === week && w.day === day)) return 'rest'
  if (isDone(sessions, { week, day })) return 'done'
  const date = trainedOn(plan, week, day)
  if (!date || date > today) return 'upcoming'
  return date === today ? 'today' : 'missed'
}

/** The completed session of a planned day, if any (its summary opens from the calendar). */
function sessionOfDay(sessions: SessionSummary[], week: number, day: number): SessionSummary | undefined {
  return sessions.find((s) => s.status === 'completed' && s.week === week && s.day === day)
}

/** Where a planned day leads: its summary once trained, its preview while it has a workout, nowhere on a rest day. */
export function dayHref(plan: Plan, sessions: SessionSummary[], week: number, day: number): string | null {
  const session = sessionOfDay(sessions, week, day)
  if (session) return paths.open.summary.getHref(session.id)
  const workout = plan.workouts.find((w) => w.week === week && w.day === day)
  return workout ? paths.client.workoutPreview.getHref(workout.id) : null
}
