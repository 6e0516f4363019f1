/** The calendar date of a plan's week and day, counted from its start date (YYYY-MM-DD). */
export function dateOfPlanDay(startDate: string, week: number, day: number): Date {
  const [y = 1970, m = 1, d = 1] = startDate.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + (week - 1) * 7 + (day - 1)))
}

export function formatPlanDate(date: Date): string {
  return date.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' })
}

/** Which week and day of a plan a calendar date (YYYY-MM-DD) is; null before the start. */
export function planDayOf(startDate: string, date: string): { week: number; day: number } | null {
  const days = Math.round((dateOfPlanDay(date, 1, 1).getTime() - dateOfPlanDay(startDate, 1, 1).getTime()) / 86_400_000)
  return days < 0 ? null : { week: Math.floor(days / 7) + 1, day: (days % 7) + 1 }
}
