import { sql } from 'drizzle-orm'
import type { NotificationKind } from '#shared/schemas/notifications.ts'
import { queryRows, type Db, type Tx } from '#server/db/client.ts'
import { pushOutbox } from '#server/db/schema/index.ts'

/** How long a chat notification waits for the rest of a burst of messages, to be one notification. */
export const CHAT_BURST_MS = 30_000
/**
 * How long a settling notification waits after the latest of its events (a coach editing a plan
 * saves day by day), and the longest it waits after the first: a coach at work for an hour still
 * has the lifter told within half an hour.
 */
export const SETTLE_MS = 5 * 60_000
const SETTLE_MAX_MS = 30 * 60_000
/** The longest text a notification shows: a lock screen shows a few lines. */
const BODY_MAX = 180

/** Text cut to what a notification shows, on a word where there is one. */
export function notificationBody(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= BODY_MAX) return flat
  const cut = flat.slice(0, BODY_MAX - 1)
  const space = cut.lastIndexOf(' ')
  return `${space > BODY_MAX / 2 ? cut.slice(0, space) : cut}…`
}

export type Notification = {
  userId: string
  kind: NotificationKind
  /** Unsent notifications of one person with the same key are one: a later one replaces its text and adds to its count. */
  groupKey: string
  /** A notification that must exist once ever (a reminder of one date): a second is dropped. */
  onceKey?: string
  title: string
  body: string
  /** The screen a tap opens, a path of the app. */
  url: string
  /** When to send it: now unless said (a burst of chat messages waits for the rest of the burst). */
  dueAt?: Date
  /**
   * Sent once its events have settled: SETTLE_MS after the latest one that merged into it, at most
   * SETTLE_MAX_MS after the first (instead of `dueAt`).
   */
  settles?: boolean
  /** A later one of the group takes the earlier's time too (a rest restarted), instead of adding to it. */
  replaces?: boolean
  /** Only to this device of the person's (the phone timing a rest). */
  deviceId?: string
}

/** Puts a notification in the outbox for the next round of sends (docs/notifications.md). */
export async function enqueueNotification(db: Db | Tx, notification: Notification): Promise<void> {
  const values = {
    userId: notification.userId,
    kind: notification.kind,
    groupKey: notification.groupKey,
    onceKey: notification.onceKey ?? null,
    deviceId: notification.deviceId ?? null,
    title: notification.title,
    body: notification.body,
    url: notification.url,
    dueAt: notification.settles ? new Date(Date.now() + SETTLE_MS) : (notification.dueAt ?? new Date()),
  }
  if (notification.onceKey) {
    await db.insert(pushOutbox).values(values).onConflictDoNothing()
    return
  }
  await db
    .insert(pushOutbox)
    .values(values)
    .onConflictDoUpdate({
      target: [pushOutbox.userId, pushOutbox.groupKey],
      targetWhere: sql`${pushOutbox.sentAt} is null`,
      set: {
        title: sql`excluded.title`,
        body: sql`excluded.body`,
        url: sql`excluded.url`,
        count: sql`${pushOutbox.count} + 1`,
        ...(notification.replaces && { dueAt: sql`excluded.due_at` }),
        ...(notification.settles && {
          dueAt: sql`least(excluded.due_at, ${pushOutbox.createdAt} + ${sql.raw(`interval '${SETTLE_MAX_MS} milliseconds'`)})`,
        }),
      },
    })
}

/**
 * Drops a notification not yet sent, and keeps one that reached no device out of the
 * unread-messages email: what it would tell of is already seen.
 */
export async function withdrawNotification(db: Db | Tx, userId: string, groupKey: string): Promise<void> {
  await db.execute(
    sql`delete from push_outbox where user_id = ${userId} and group_key = ${groupKey} and sent_at is null`,
  )
  await db.execute(
    sql`update push_outbox set email_due = false where user_id = ${userId} and group_key = ${groupKey} and email_due`,
  )
}

/** A notification that reached none of its person's devices, for the unread-messages email. */
export type UnreachedNotification = {
  id: string
  userId: string
  title: string
  body: string
  url: string
}

/**
 * Claims the notifications that reached no device and have waited `cutoff` unseen, for the
 * unread-messages email (SKIP LOCKED: servers never claim one twice). Their email is no longer
 * due; `releaseUnreached` puts it back when the email could not be sent.
 */
export async function claimUnreached(db: Db, cutoff: Date, limit = 1000): Promise<UnreachedNotification[]> {
  const rows = await queryRows<{ id: string; user_id: string; title: string; body: string; url: string }>(
    db,
    sql`
      with due as (
        select id from push_outbox
        where email_due and sent_at <= ${cutoff.toISOString()}::timestamptz
        order by sent_at
        limit ${limit}
        for update skip locked
      )
      update push_outbox o set email_due = false from due where o.id = due.id
      returning o.id, o.user_id, o.title, o.body, o.url`,
  )
  return rows.map((r) => ({ id: r.id, userId: r.user_id, title: r.title, body: r.body, url: r.url }))
}

export async function releaseUnreached(db: Db, ids: readonly string[]): Promise<void> {
  if (!ids.length) return
  await db.execute(
    sql`update push_outbox set email_due = true where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  )
}
