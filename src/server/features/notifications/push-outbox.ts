import { sql } from 'drizzle-orm'
import type { NotificationKind } from '#shared/schemas/notifications.ts'
import { queryRows, type Db } from '#server/db/client.ts'

/** How long a claimed notification is a server's own: past it, another server may send it. */
export const CLAIM_MS = 60_000

export type Claimed = {
  id: string
  user_id: string
  kind: NotificationKind
  /** Only to this device, when set. */
  device_id: string | null
  group_key: string
  title: string
  body: string
  url: string
  count: number
  attempts: number
  due_at: string
  quiet_hours_start: number | null
  quiet_hours_end: number | null
  time_zone: string | null
  role: 'coach' | 'client' | null
  /** The end of this server's claim: its writes to the row hold only while the claim is still this one. */
  claimed_until: string
}

/**
 * Claims up to `limit` due notifications for this server (SKIP LOCKED: servers never wait on
 * each other or claim the same row) for CLAIM_MS, with what their person's quiet hours need.
 */
export async function claimDue(db: Db, now: Date, limit = 20): Promise<Claimed[]> {
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
        returning o.id, o.user_id, o.kind, o.device_id, o.group_key, o.title, o.body, o.url, o.count, o.attempts,
          to_char(o.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due_at,
          to_char(o.claimed_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as claimed_until
      )
      select claimed.*, p.quiet_hours_start, p.quiet_hours_end, p.time_zone, p.role
      from claimed left join profiles p on p.id = claimed.user_id`,
  )
}

/**
 * The notification went out (to `delivered` devices, 0 when none could take it; `emailDue` when
 * the unread-messages email is to tell of it instead), unless this
 * server's claim has ended (another server has it now) or a newer event merged into the row while
 * it was being sent: then the claim is let go, and the row, with its newer text, goes out again.
 * Answers whether it was marked sent.
 */
export async function markSent(
  db: Db,
  row: Claimed,
  { delivered, emailDue }: { delivered: number; emailDue: boolean },
  now: Date,
): Promise<boolean> {
  const marked = await queryRows<{ id: string }>(
    db,
    sql`update push_outbox set sent_at = ${now.toISOString()}::timestamptz, delivered = ${delivered},
        email_due = ${emailDue}, claimed_until = null
      where id = ${row.id} and claimed_until = ${row.claimed_until}::timestamptz and count = ${row.count}
      returning id`,
  )
  if (marked.length > 0) return true
  await release(db, row)
  return false
}

/** Not now: sent at `dueAt` by whichever server claims it then (while this server's claim holds). */
export async function postpone(db: Db, row: Claimed, dueAt: Date, { retry }: { retry: boolean }): Promise<void> {
  await db.execute(
    sql`update push_outbox set due_at = ${dueAt.toISOString()}::timestamptz, claimed_until = null,
      attempts = attempts - ${retry ? 0 : 1} where id = ${row.id} and claimed_until = ${row.claimed_until}::timestamptz`,
  )
}

/** Lets go of a claim this server still holds. */
async function release(db: Db, row: Claimed): Promise<void> {
  await db.execute(
    sql`update push_outbox set claimed_until = null where id = ${row.id} and claimed_until = ${row.claimed_until}::timestamptz`,
  )
}
