/*
 * The values of an export's cells as Coachline stores them: free text, numbers as the apps write
 * them, a workout's length, and its date and time, read in the lifter's time zone.
 */

/** Longer free text is cut to this. */
const TEXT_MAX = 2000

/** Whether a time zone name is one this server knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

/** Free text as stored: trimmed, empty as null, at most 2,000 characters (longer notes are cut). */
export function text(value: string): string | null {
  const trimmed = value.trim()
  return trimmed ? trimmed.slice(0, TEXT_MAX) : null
}

/** A number as the apps write it ('62.5', '62,5' where the decimal mark is a comma); null when empty, NaN when not a number. */
export function decimal(value: string): number | null {
  if (value === '') return null
  return /^\d+([.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : NaN
}

/** A whole number ('8', or '8.0' as some exports write it); NaN for anything else. */
export function whole(value: string): number | null {
  const number = decimal(value)
  return number === null || Number.isInteger(number) ? number : NaN
}

/** Strong's workout length: '1h 5m', '45m', '30s', '1h'; empty is none (0). Null when unreadable. */
export function durationSeconds(value: string): number | null {
  if (!value) return 0
  // Spaces are dropped first: spaces on both sides of each part would let the pattern backtrack.
  const match = /^(?:(\d+)h)?(?:(\d+)m(?:in)?)?(?:(\d+)s)?$/i.exec(value.replace(/\s/g, ''))
  if (!match || (!match[1] && !match[2] && !match[3])) {
    // Some exports write the minutes alone, or h:mm:ss.
    if (/^\d+$/.test(value)) return Number(value) * 60
    const clock = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(value)
    return clock ? Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0) : null
  }
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
  return seconds <= 7 * 86_400 ? seconds : null
}

/**
 * A time of day on a calendar day as the files write it: in the lifter's local time, or, when the
 * file names an offset from UTC (`Z`, `+09:00`), at that offset, which then wins over the zone
 * chosen for the upload.
 */
export type WallTime = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  offsetMinutes?: number
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * The date formats of the two apps: '2023-05-14 08:03:11' (Strong), '2024-03-01 7:05:12 PM'
 * (Strong on a 12-hour phone), '14 May 2023, 08:03' (Hevy), 'May 14, 2023, 8:03 AM', ISO 8601.
 */
export function wallTimeOf(value: string): WallTime | null {
  const clean = value.replace(/[\u202f\u00a0]/g, ' ').trim()
  let year: number, month: number, day: number, rest: string
  // The time after the date is taken whole and trimmed below: a run of spaces before a greedy
  // rest would let these patterns backtrack.
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](.*))?$/.exec(clean)
  const dayFirst = /^(\d{1,2}) ([a-z]+)\.? (\d{4}),?(.*)$/i.exec(clean)
  const monthFirst = /^([a-z]+)\.? (\d{1,2}),? (\d{4}),?(.*)$/i.exec(clean)
  if (iso) [year, month, day, rest] = [Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4] ?? '']
  else if (dayFirst)
    [year, month, day, rest] = [
      Number(dayFirst[3]),
      monthNumber(dayFirst[2] ?? ''),
      Number(dayFirst[1]),
      dayFirst[4] ?? '',
    ]
  else if (monthFirst)
    [year, month, day, rest] = [
      Number(monthFirst[3]),
      monthNumber(monthFirst[1] ?? ''),
      Number(monthFirst[2]),
      monthFirst[4] ?? '',
    ]
  else return null
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?: *([ap])\.?m\.?)?(Z|([+-])(\d{2}):?([0-5]\d))?$/i.exec(
    rest.trim(),
  )
  if (rest.trim() && !time) return null
  let hour = Number(time?.[1] ?? 0)
  const minute = Number(time?.[2] ?? 0)
  const second = Number(time?.[3] ?? 0)
  const meridiem = time?.[4]?.toLowerCase()
  if (meridiem) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0)
  }
  const check = new Date(Date.UTC(year, month - 1, day))
  const valid =
    year >= 1970 &&
    year <= 2200 &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  if (!valid) return null
  if (!time?.[5]) return { year, month, day, hour, minute, second }
  const offsetMinutes =
    time[5].toUpperCase() === 'Z' ? 0 : (time[6] === '-' ? -1 : 1) * (Number(time[7]) * 60 + Number(time[8]))
  // Offsets in use run from -12:00 to +14:00.
  return Math.abs(offsetMinutes) <= 14 * 60 ? { year, month, day, hour, minute, second, offsetMinutes } : null
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1 || NaN
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
export const wallText = (w: WallTime, withOffset = true) =>
  `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${w.offsetMinutes === undefined || !withOffset ? '' : offsetText(w.offsetMinutes)}`
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`

/** Local times of one zone to UTC instants, daylight saving included (the offset of that day). */
export class ZonedClock {
  private readonly format: Intl.DateTimeFormat

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
  }

  private offsetAt(utc: number): number {
    const parts = Object.fromEntries(this.format.formatToParts(new Date(utc)).map((p) => [p.type, Number(p.value)]))
    const local = Date.UTC(
      parts.year ?? 0,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      (parts.hour ?? 0) % 24,
      parts.minute ?? 0,
      parts.second ?? 0,
    )
    return local - Math.floor(utc / 1000) * 1000
  }

  toUtc(wall: WallTime): Date {
    const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
    if (wall.offsetMinutes !== undefined) return new Date(local - wall.offsetMinutes * 60_000)
    const first = local - this.offsetAt(local)
    return new Date(local - this.offsetAt(first))
  }
}
