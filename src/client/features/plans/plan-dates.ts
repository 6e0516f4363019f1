import { dateOfPlanDay } from '#shared/plan-schedule.ts'
import { builderText } from './builder-text.ts'

// The date math is shared with the server's calendar feed.
export { dateOfPlanDay, planDayOf } from '#shared/plan-schedule.ts'

function formatPlanDate(date: Date): string {
  return date.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** A plan's training days as people read them ('Trains Mon, Wed, Fri', in weekday order); null when its days follow one another. */
export function trainsText(trainingDays: readonly number[] | null | undefined): string | null {
  if (!trainingDays?.length) return null
  const weekdays = [...trainingDays]
    .sort((a, b) => a - b)
    .map((weekday) => builderText.weekdaysShort[weekday - 1] ?? String(weekday))
  return builderText.trains(weekdays.join(', '))
}

/** A date (YYYY-MM-DD) as a plan's days read ('Wed 25 Nov'). */
export const dateText = (date: string): string => formatPlanDate(new Date(`${date}T00:00:00Z`))

/** A plan day's own date as people read it ('Wed 25 Nov'), moves aside; null while the plan has no start date. */
export function planDateText(
  plan: { startDate: string | null; trainingDays?: readonly number[] | null },
  week: number,
  day: number,
): string | null {
  return plan.startDate
    ? formatPlanDate(dateOfPlanDay({ startDate: plan.startDate, trainingDays: plan.trainingDays }, week, day))
    : null
}
