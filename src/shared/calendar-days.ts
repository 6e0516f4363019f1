/**
 * Day arithmetic on calendar dates (YYYY-MM-DD), in UTC so that no daylight saving change moves
 * a day. The server and the app count a lifter's days with these alike.
 */

const DAY_MS = 86_400_000

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`)
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

export const addDays = (date: string, days: number): string => dateOf(dayMs(date) + days * DAY_MS)

/** The Monday of the week holding `date`. */
export const mondayOf = (date: string): string => addDays(date, -((new Date(dayMs(date)).getUTCDay() + 6) % 7))

/** Days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round((dayMs(to) - dayMs(from)) / DAY_MS)
