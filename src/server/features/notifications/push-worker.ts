import { and, eq, inArray, sql } from 'drizzle-orm'
import { notificationText, type PushPayload } from '#shared/schemas/notifications.ts'
import type { Db } from '#server/db/client.ts'
import { pushSubscriptions } from '#server/db/schema/index.ts'
import type { Logger } from '#server/lib/logger.ts'
import { repeatEvery } from '#server/lib/rounds.ts'
import { CLAIM_MS, claimDue, markSent, postpone, type Claimed } from './push-outbox.ts'
import { sendPush, type SendResult } from './push-sender.ts'
import { quietUntil } from './quiet-hours.ts'
import type { PushConfig } from './push-config.ts'

/** How often a server looks for notifications to send. */
const SEND_EVERY_MS = 5_000
/** A notification no device would take after this many rounds is given up. */
const MAX_ATTEMPTS = 6
/** The end of a rest told later than this (no server ran at the time) is not told: the lifter is lifting again. */
const REST_LATE_MS = 2 * 60_000

/** The text a grouped notification shows: the latest one's, with how many messages or comments it stands for. */
function bodyOf(row: Pick<Claimed, 'kind' | 'body' | 'count'>): string {
  if (row.count <= 1) return row.body
  if (row.kind === 'chat') return notificationText.manyMessages(row.count, row.body)
  if (row.kind === 'comments') return notificationText.manyUpdates(row.count, row.body)
  return row.body
}

/**
 * One round: claims the due notifications (docs/notifications.md), holds back those inside their
 * person's quiet hours until the hours end, and sends the others to each of the person's devices
 * that hears of their kind. A device the push service says is gone is forgotten; a notification no
 * device took for now is tried again later, with a growing wait.
 */
export async function sendDueNotifications({
  db,
  push,
  logger,
  now = new Date(),
}: {
  db: Db
  push: PushConfig
  logger: Logger
  now?: Date
}): Promise<number> {
  const claimed = await claimDue(db, now)
  // The claims last CLAIM_MS from the round's start: rows not reached well within it are left to
  // the next round (another server may hold them by then).
  const started = Date.now()
  let sent = 0
  for (const row of claimed) {
    if (Date.now() - started > CLAIM_MS / 2) break
    if (row.kind === 'restTimer') {
      // The end of a rest is news only then: never held for quiet hours, dropped when late.
      if (now.getTime() - Date.parse(row.due_at) > REST_LATE_MS) {
        await markSent(db, row, { delivered: 0, emailDue: false }, now)
        continue
      }
    } else {
      const quietEnd = quietUntil(now, {
        start: row.quiet_hours_start,
        end: row.quiet_hours_end,
        timeZone: row.time_zone,
      })
      if (quietEnd) {
        await postpone(db, row, quietEnd, { retry: false })
        continue
      }
    }
    const devices = await db
      .select()
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.userId, row.user_id),
          sql`${row.kind} = any(${pushSubscriptions.kinds})`,
          row.device_id ? eq(pushSubscriptions.id, row.device_id) : undefined,
        ),
      )
    const payload: PushPayload = {
      title: row.title,
      body: bodyOf(row),
      url: row.url,
      tag: row.group_key,
      kind: row.kind,
      badge: row.role && push.unreadCount ? await push.unreadCount(db, { id: row.user_id, role: row.role }) : undefined,
    }
    const results = await Promise.all(
      devices.map(async (device) => ({
        device,
        result: await sendPush(device, payload, push, row.id.replaceAll('-', '')),
      })),
    )
    await recordResults(db, results, now)
    const delivered = results.filter(({ result }) => result.outcome === 'sent').length
    const failed = results.some(({ result }) => result.outcome === 'failed')
    // The end of a rest is not tried again: a retry would come after the lifter moved on.
    if (delivered > 0 || !failed || row.attempts >= MAX_ATTEMPTS || row.kind === 'restTimer') {
      const emailDue = delivered === 0 && (await unreachable(db, row, devices.length))
      if (!(await markSent(db, row, { delivered, emailDue }, now))) continue
      sent += delivered > 0 ? 1 : 0
      if (delivered === 0 && failed)
        logger.warn({ notification: row.id, userId: row.user_id }, 'notifications: no device took it; given up')
    } else {
      await postpone(db, row, new Date(now.getTime() + 2 ** row.attempts * 30_000), { retry: true })
    }
  }
  return sent
}

/**
 * A notification no device took is for the unread-messages email when the person could not be
 * reached: they have no device, or every device that hears of its kind failed. One whose kind
 * they switched off on every device is not, nor a chat message (the email tells of unread
 * messages itself), nor the end of a rest (news only at the time).
 */
async function unreachable(db: Db, row: Claimed, hearing: number): Promise<boolean> {
  if (row.kind === 'chat' || row.kind === 'restTimer') return false
  if (hearing > 0) return true
  const [any] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, row.user_id))
    .limit(1)
  return !any
}

/** Forgets the devices whose push service says they are gone, and notes on the others how the send went. */
async function recordResults(
  db: Db,
  results: { device: { id: string }; result: SendResult }[],
  now: Date,
): Promise<void> {
  const gone = results.filter(({ result }) => result.outcome === 'gone').map(({ device }) => device.id)
  if (gone.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone))
  const took = results.filter(({ result }) => result.outcome === 'sent').map(({ device }) => device.id)
  if (took.length)
    await db
      .update(pushSubscriptions)
      .set({ lastSentAt: now, lastError: null })
      .where(inArray(pushSubscriptions.id, took))
  for (const { device, result } of results)
    if (result.outcome === 'failed')
      await db.update(pushSubscriptions).set({ lastError: result.reason }).where(eq(pushSubscriptions.id, device.id))
}

/** Sends due notifications every few seconds in this process; the answer stops it, after a round under way. */
export function scheduleNotifications(options: { db: Db; push: PushConfig; logger: Logger; everyMs?: number }) {
  return repeatEvery(
    options.everyMs ?? SEND_EVERY_MS,
    () => sendDueNotifications(options),
    (err) => options.logger.error({ err }, 'notifications: a round of sends failed'),
  )
}
