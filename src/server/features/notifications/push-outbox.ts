import { sql } from 'drizzle-orm'
import type { NotificationKind } from '#shared/schemas/notifications.ts'
import { queryRows, type Db } from '#server/db/client.ts'

/** How long a claimed notification is a server's own: past it, another server may send it. */
const CLAIM_MS = 60_000

export type Claimed = {
  id: string
  user_id: string
  kind: NotificationKind
  group_key: string
  title: string
  body: string
  url: string
  count: number
  attempts: number
  quiet_hours_start: number | null
  quiet_hours_end: number | null
  time_zone: string | null
}

/**
 * Claims up to `limit` due notifications for this server (SKIP LOCKED: servers never wait on
 * each other or claim the same row) for CLAIM_MS, with what their person's quiet hours need.
 */
export async function claimDue(db: Db, now: Date, limit = 100): Promise<Claimed[]> {
  return queryRows<Claimed>(
    db,
    sql`
      with due as (
        select id from push_outbox
        where sent_at is null and due_at <= ${now.toISOString()}::timestamptz
          and (claimed_until is null or claimed_until < ${now.toISOString()}::timestamptz)
        order by due_at
        limit ${limit}
        for update skip locked
      ), claimed as (
        update push_outbox o
        set claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz, attempts = o.attempts + 1
        from due where o.id = due.id
        returning o.id, o.user_id, o.kind, o.group_key, o.title, o.body, o.url, o.count, o.attempts
      )
      select claimed.*, p.quiet_hours_start, p.quiet_hours_end, p.time_zone
      from claimed left join profiles p on p.id = claimed.user_id`,
  )
}

/** The notification went out (to `delivered` devices, 0 when none could take it). */
export async function markSent(db: Db, id: string, delivered: number, now: Date): Promise<void> {
  await db.execute(
    sql`update push_outbox set sent_at = ${now.toISOString()}::timestamptz, delivered = ${delivered}, claimed_until = null where id = ${id}`,
  )
}

/** Not now: sent at `dueAt` by whichever server claims it then. */
export async function postpone(db: Db, id: string, dueAt: Date, { retry }: { retry: boolean }): Promise<void> {
  await db.execute(
    sql`update push_outbox set due_at = ${dueAt.toISOString()}::timestamptz, claimed_until = null,
      attempts = attempts - ${retry ? 0 : 1} where id = ${id}`,
  )
}
