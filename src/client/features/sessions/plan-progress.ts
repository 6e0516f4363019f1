import { paths } from '#shared/paths.ts'
import type { Plan } from '#shared/schemas/plans.ts'
import type { SessionSummary } from '#shared/schemas/sessions.ts'

export type DayState = 'done' | 'missed' | 'today' | 'upcoming' | 'rest'

export const DAY_STATE_TEXT: Record<DayState, string> = { done: 'Done', missed: 'Missed', today: 'Today', upcoming: 'Upcoming', rest: 'Rest' }

const order = (week: number, day: number) => week * 10 + day

/**
 * Today's workout in a plan (none on a rest day) and the next one after today, where today is
 * where the plan is now (null before it starts): what home offers to preview and start.
 */
export function todaysAndNext(plan: Plan, today: { week: number; day: number } | null) {
  if (!today) return { todays: undefined, next: undefined }
  const todays = plan.workouts.find((w) => w.week === today.week && w.day === today.day)
  const next = plan.workouts.filter((w) => order(w.week, w.day) > order(today.week, today.day)).sort((a, b) => order(a.week, a.day) - order(b.week, b.day))[0]
  return { todays, next }
}

/**
 * A planned day's state, from the sessions completed against the plan (matched by week and day,
 * so a day edited after it was trained still counts) and where today falls in the plan.
 */
export function dayState(plan: Plan, sessions: SessionSummary[], week: number, day: number, today: { week: number; day: number } | null): DayState {
  if (!plan.workouts.some((w) => w.week === week && w.day === day)) return 'rest'
  if (sessions.some((s) => s.status === 'completed' && s.week === week && s.day === day)) return 'done'
  if (!today || order(week, day) > order(today.week, today.day)) return 'upcoming'
  return order(week, day) === order(today.week, today.day) ? 'today' : 'missed'
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
