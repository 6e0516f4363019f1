import { addDays, daysBetween } from './calendar-days.ts'

/**
 * When a client's check-ins fall due (docs/check-ins.md): weekly on a weekday, or every N days,
 * from the schedule's first day. The server and the app count them alike.
 *
 * Each due day opens a check-in that stays open, late after its day, until the next one falls
 * due; then it is missed, and the new one is open.
 */
type CheckInCadence = { cadence: 'weekly'; weekday: number } | { cadence: 'every'; everyDays: number }
export type CheckInTiming = CheckInCadence & { startsOn: string }

/** ISO weekday of a date: 1 Monday to 7 Sunday. */
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1

/** The first due day on or after `date`. */
function firstDueFrom(timing: CheckInTiming, date: string): string {
  const from = date < timing.startsOn ? timing.startsOn : date
  if (timing.cadence === 'weekly') return addDays(from, (timing.weekday - weekdayOf(from) + 7) % 7)
  const since = daysBetween(timing.startsOn, from)
  return addDays(from, (timing.everyDays - (since % timing.everyDays)) % timing.everyDays)
}

/** The next due day after `date`. */
export const nextDue = (timing: CheckInTiming, date: string): string => firstDueFrom(timing, addDays(date, 1))

/** The latest due day on or before `date`, or null before the first. */
export function latestDue(timing: CheckInTiming, date: string): string | null {
  if (date < timing.startsOn) return null
  const step = timing.cadence === 'weekly' ? 7 : timing.everyDays
  const candidate = firstDueFrom(timing, addDays(date, -(step - 1)))
  return candidate <= date ? candidate : null
}

/** Whether `date` is one of the schedule's due days. */
export const isDueDay = (timing: CheckInTiming, date: string): boolean => latestDue(timing, date) === date

/**
 * The check-in open on `today`: the latest due day, and whether it is late (its day has passed).
 * Null before the first due day.
 */
export function openCheckIn(timing: CheckInTiming, today: string): { dueOn: string; late: boolean } | null {
  const dueOn = latestDue(timing, today)
  return dueOn ? { dueOn, late: dueOn < today } : null
}

/** The due days from `from` to `to` (both included), oldest first; at most `limit`. */
export function dueDaysBetween(timing: CheckInTiming, from: string, to: string, limit = 400): string[] {
  const days: string[] = []
  for (let day = firstDueFrom(timing, from); day <= to && days.length < limit; day = nextDue(timing, day))
    days.push(day)
  return days
}
