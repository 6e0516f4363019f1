import { addDays, daysBetween, mondayOf } from './calendar-days.ts'

/**
 * A habit's figures (docs/habits.md), counted alike by the server and by the app, which counts
 * them again at once when the lifter ticks a day with no signal.
 *
 * A day counts from the habit's start. Today counts once it is met, never against the lifter
 * while it is still going: at 9 in the morning, an unticked today is not a missed day.
 */

export type HabitKind = 'amount' | 'check'

/** Whether a day's value meets the habit: a tick, or at least the target. */
export const meets = (kind: HabitKind, target: number | null, value: number): boolean =>
  kind === 'check' ? value >= 1 : value >= (target ?? 0) && value > 0

export type HabitFigures = {
  /** Met days in a row, up to today when today is met, else up to yesterday. */
  streak: number
  todayMet: boolean
  /** This week (Monday to today): days met, and days that count. */
  week: { met: number; days: number }
  /** The last 28 days (today included): days met, and days that count. */
  month: { met: number; days: number }
}

export type HabitHistory = {
  startsOn: string
  today: string
  /** The met days the caller knows of: at least those from `windowStart` to today. */
  metDays: ReadonlySet<string>
  /** The first day `metDays` is complete from; earlier days are summed up in `streakBefore`. */
  windowStart: string
  /** Met days in a row that end the day before `windowStart` (0 when it was not met). */
  streakBefore: number
}

/** The days of [from, today] that count: from the start, and today only once met. */
function counted(from: string, { startsOn, today, metDays }: HabitHistory): { met: number; days: number } {
  const first = from < startsOn ? startsOn : from
  if (first > today) return { met: 0, days: 0 }
  let met = 0
  for (let day = first; day < today; day = addDays(day, 1)) if (metDays.has(day)) met += 1
  const todayMet = metDays.has(today)
  return { met: met + (todayMet ? 1 : 0), days: daysBetween(first, today) + (todayMet ? 1 : 0) }
}

export function habitFigures(history: HabitHistory): HabitFigures {
  const { today, metDays, windowStart, streakBefore, startsOn } = history
  const todayMet = metDays.has(today)
  let streak = 0
  let day = todayMet ? today : addDays(today, -1)
  while (day >= startsOn && day >= windowStart && metDays.has(day)) {
    streak += 1
    day = addDays(day, -1)
  }
  // The run reached the window's first day: it goes on with the days before it.
  if (day < windowStart && day >= startsOn) streak += streakBefore
  return {
    streak,
    todayMet,
    week: counted(mondayOf(today), history),
    month: counted(addDays(today, -27), history),
  }
}
