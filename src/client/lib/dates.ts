/** Today's date on this device, as YYYY-MM-DD: the user's own day, not UTC's. */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/**
 * The same day of the month `months` months before `day` (YYYY-MM-DD), or the month's last day when
 * it is shorter: three months before May 31 is February 28 (29 in a leap year).
 */
export function monthsBefore(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const first = new Date(Date.UTC(year, month - 1 - months, 1))
  const lastDate = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate()
  first.setUTCDate(Math.min(date, lastDate))
  return first.toISOString().slice(0, 10)
}
