import { eq } from 'drizzle-orm'
import { addDays } from '#shared/calendar-days.ts'
import type { Db } from '#server/db/client.ts'
import { profiles } from '#server/db/schema/index.ts'
/**
 * The date (YYYY-MM-DD) and the minute of the day (0-1439) it is at `now` in an IANA time zone: a
 * person's own day, which begins and ends at their midnight. UTC for no zone, or one this runtime
 * lacks.
 */
export function localTime(now: Date, timeZone: string | null): { date: string; minute: number } {
  const format = formatIn(timeZone ?? 'UTC')
  if (!format) return { date: now.toISOString().slice(0, 10), minute: now.getUTCHours() * 60 + now.getUTCMinutes() }
  const parts = format.formatToParts(now)
  const value = (type: string) => parts.find((part) => part.type === type)?.value ?? '00'
  return {
    date: `${value('year')}-${value('month')}-${value('day')}`,
    minute: Number(value('hour')) * 60 + Number(value('minute')),
  }
}

/** One formatter per time zone (a few hundred exist), null for one this runtime lacks: made once, used every minute. */
const formats = new Map<string, Intl.DateTimeFormat | null>()
function formatIn(timeZone: string): Intl.DateTimeFormat | null {
  if (formats.has(timeZone)) return formats.get(timeZone) ?? null
  let format: Intl.DateTimeFormat | null
  try {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
  } catch {
    format = null
  }
  // Names come from profiles, checked as zones on the way in; the map stays bounded all the same.
  if (formats.size < 1000) formats.set(timeZone, format)
  return format
}

/** The day before a date (YYYY-MM-DD). */
export const dayBefore = (date: string): string => addDays(date, -1)

const SHORT_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})

/** A date (YYYY-MM-DD) as a notification says it: "Mon 30 Nov". */
export const shortDate = (date: string): string => SHORT_DATE.format(new Date(`${date}T00:00:00Z`))

/** A person's today, in the time zone their app last reported (UTC before it has). */
export async function todayOfPerson(db: Db, userId: string, now = new Date()): Promise<string> {
  const [profile] = await db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, userId))
  return localTime(now, profile?.timeZone ?? null).date
}
