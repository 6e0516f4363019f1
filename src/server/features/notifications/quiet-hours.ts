import { localTime } from '#server/lib/local-time.ts'

/** Minutes after midnight, 0-1439. */
type Minute = number

/** The minute of the day it is at `now` in this IANA time zone (UTC for none or one this runtime lacks). */
export const minuteOfDay = (now: Date, timeZone: string | null): Minute => localTime(now, timeZone).minute

/**
 * When quiet hours that hold at `now` end (the first minute after them), or null when they do not
 * hold: none set, or `now` outside them. Quiet hours run from `start` up to `end`, across midnight
 * when `start` is later than `end` (22:00-07:00); equal ones are none.
 */
export function quietUntil(
  now: Date,
  quiet: { start: Minute | null; end: Minute | null; timeZone: string | null },
): Date | null {
  const { start, end } = quiet
  if (start === null || end === null || start === end) return null
  const minute = minuteOfDay(now, quiet.timeZone)
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end
  if (!inside) return null
  const minutesLeft = (end - minute + 1440) % 1440
  // From the start of this minute: the first minute after quiet hours, to the minute.
  const thisMinute = Math.floor(now.getTime() / 60_000) * 60_000
  return new Date(thisMinute + minutesLeft * 60_000)
}
