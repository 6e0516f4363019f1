/* Whose progress a request reads, and the day arithmetic of the lifter's local time, for the progress services. */
import { sql, type SQL } from 'drizzle-orm'
import { progressApiText } from '#shared/schemas/progress.ts'
import type { Actor } from '#server/access/actor.ts'
import { assertCanReadClient } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/app-error.ts'

/**
 * Whose progress this is: a client reads their own (naming themselves or no one); a coach names
 * one of their active clients. The rule and the refusal are the session list's.
 */
export async function lifterOf(db: Db, actor: Actor, clientId: string | undefined): Promise<string> {
  if (!clientId) {
    if (actor.role === 'coach')
      throw new AppError('VALIDATION_FAILED', {
        message: progressApiText.clientRequired,
        fields: { clientId: [progressApiText.clientRequired] },
      })
    return actor.id
  }
  await assertCanReadClient(db, actor, clientId, progressApiText.notYourClient)
  return clientId
}

export { addDays, mondayOf } from '#shared/calendar-days.ts'
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`)
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** The lifter's today: as their device said, or the server's clock moved into their time zone. */
export const todayOf = (today: string | undefined, utcOffsetMinutes: number) =>
  today ?? dateOf(Date.now() + utcOffsetMinutes * 60_000)

/** A session's day in the lifter's local time (started_at is stored in UTC). */
export const localDay = (column: SQL, utcOffsetMinutes: number) =>
  sql`((${column} at time zone 'UTC') + make_interval(mins => ${utcOffsetMinutes}::int))::date`
/** The moment local midnight of `date` was, for comparing with started_at (and its index). */
export const localMidnight = (date: string, utcOffsetMinutes: number) =>
  new Date(dayMs(date) - utcOffsetMinutes * 60_000).toISOString()

export const num = (value: string | number | null): number => (value === null ? 0 : Number(value))
export const round1 = (value: number) => Math.round(value * 10) / 10
export const dayText = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : dateOf(value.getTime())
