/**
 * When a plan's days fall: from its start date, either on consecutive days (day 2 the day after
 * day 1) or, when the plan has training weekdays (its coach's, or the ones a lifter started it
 * on), on those weekdays in the order they follow the start date (started on a Wednesday on
 * Monday, Wednesday and Friday: day 1 is that Wednesday, day 2 Friday, day 3 Monday). Weeks are
 * seven days from the start date. A day the lifter moved to another date (`moves`) falls on that
 * date instead. The app's screens and the server's calendar feed both read it.
 */
export type PlanSchedule = {
  startDate: string
  trainingDays?: readonly number[] | null
  moves?: readonly MovedDay[] | undefined
}

/** A planned workout given another date (YYYY-MM-DD) than its plan's. */
type MovedDay = { week: number; day: number; date: string }

const DAY_MS = 86_400_000

function utcDate(date: string): Date {
  const [y = 1970, m = 1, d = 1] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d))
}

/** Each plan day's distance in days from the start of its week. */
function dayOffsets({ startDate, trainingDays }: PlanSchedule): number[] {
  if (!trainingDays?.length) return [0, 1, 2, 3, 4, 5, 6]
  // ISO weekday of the start date: 1 Monday to 7 Sunday.
  const startWeekday = ((utcDate(startDate).getUTCDay() + 6) % 7) + 1
  return trainingDays.map((weekday) => (weekday - startWeekday + 7) % 7).sort((a, b) => a - b)
}

/** The calendar date of a plan's week and day (midnight UTC of that date): its moved date if it has one. */
export function dateOfPlanDay(schedule: PlanSchedule, week: number, day: number): Date {
  const moved = schedule.moves?.find((m) => m.week === week && m.day === day)
  if (moved) return utcDate(moved.date)
  const offset = dayOffsets(schedule)[day - 1] ?? day - 1
  return new Date(utcDate(schedule.startDate).getTime() + ((week - 1) * 7 + offset) * DAY_MS)
}

/** A plan day's date as YYYY-MM-DD (see dateOfPlanDay). */
export const isoDateOfPlanDay = (schedule: PlanSchedule, week: number, day: number): string =>
  dateOfPlanDay(schedule, week, day).toISOString().slice(0, 10)

/**
 * Where a calendar date (YYYY-MM-DD) falls in a plan (by its own dates: moves aside); null before the start. A date between two
 * training weekdays is no day of the plan: it sits half-way between them (day 1.5 after day 1),
 * so it orders right against the days around it and matches no workout.
 */
export function planDayOf(schedule: PlanSchedule, date: string): { week: number; day: number } | null {
  const days = Math.round((utcDate(date).getTime() - utcDate(schedule.startDate).getTime()) / DAY_MS)
  if (days < 0) return null
  const offsets = dayOffsets(schedule)
  const inWeek = days % 7
  const index = offsets.indexOf(inWeek)
  return {
    week: Math.floor(days / 7) + 1,
    day: index >= 0 ? index + 1 : offsets.filter((offset) => offset < inWeek).length + 0.5,
  }
}
