/**
 * The date (YYYY-MM-DD) and the minute of the day (0-1439) it is at `now` in an IANA time zone: a
 * person's own day, which begins and ends at their midnight. UTC for no zone, or one this runtime
 * lacks.
 */
export function localTime(now: Date, timeZone: string | null): { date: string; minute: number } {
  let parts: Intl.DateTimeFormatPart[]
  try {
    parts = new Intl.DateTimeFormat('en-GB', {
      timeZone: timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(now)
  } catch {
    return { date: now.toISOString().slice(0, 10), minute: now.getUTCHours() * 60 + now.getUTCMinutes() }
  }
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '00'
  return {
    date: `${value('year')}-${value('month')}-${value('day')}`,
    minute: Number(value('hour')) * 60 + Number(value('minute')),
  }
}

/** The day before a date (YYYY-MM-DD). */
export const dayBefore = (date: string): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)

const SHORT_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})

/** A date (YYYY-MM-DD) as a notification says it: "Mon 30 Nov". */
export const shortDate = (date: string): string => SHORT_DATE.format(new Date(`${date}T00:00:00Z`))
