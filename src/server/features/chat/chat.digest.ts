import { and, inArray, isNull, lte, sql } from 'drizzle-orm'
import { paths } from '#shared/paths.ts'
import { queryRows, sqlArray, type Db } from '#server/db/client.ts'
import { messages } from '#server/db/schema/index.ts'
import type { Logger } from '#server/lib/logger.ts'
import { repeatEvery } from '#server/lib/rounds.ts'
import type { Mailer } from '#server/features/mail/mailer.ts'
import { messageDigestEmail } from '#server/features/mail/templates.ts'
import {
  claimUnreached,
  releaseUnreached,
  type UnreachedNotification,
} from '#server/features/notifications/notifications.service.ts'

/** A message unread this long is mailed to its recipient (once), unless they switched it off. */
export const DIGEST_AFTER_MS = 30 * 60 * 1000
/** How often a server looks for such messages. */
const DIGEST_EVERY_MS = 5 * 60 * 1000

type Claimed = {
  id: string
  recipient_id: string
  recipient_email: string
  wants_digest: boolean
  recipient_role: 'coach' | 'client'
  sender_name: string
  coach_id: string
  client_id: string
}

/** One person's email: their unread messages, and the notifications that reached none of their devices. */
type Recipient = {
  email: string
  role: 'coach' | 'client'
  messages: Claimed[]
  notices: UnreachedNotification[]
}

/** The people of these notifications who want the email, with their address and role. */
async function digestRecipients(db: Db, notices: readonly UnreachedNotification[]) {
  if (!notices.length) return []
  return queryRows<{ id: string; email: string; role: 'coach' | 'client' }>(
    db,
    sql`select u.id, u.email, coalesce(p.role, 'client') as role from users u join profiles p on p.id = u.id
      where p.message_digest and u.id = any(${sqlArray([...new Set(notices.map((n) => n.userId))], 'text')})`,
  )
}

/**
 * Where the email's button goes: the chat of the one person who wrote (a coach written to by
 * several clients: the dashboard, whose unread card lists them all), or with no messages the one
 * notification's screen, or the first screen.
 */
function digestPath({ role, messages, notices }: Recipient): string {
  const home = role === 'coach' ? paths.coach.dashboard.getHref() : paths.client.home.getHref()
  const [first] = messages
  if (!first) return notices.length === 1 && notices[0] ? notices[0].url : home
  if (role !== 'coach') return paths.client.chat.getHref()
  return new Set(messages.map((m) => m.client_id)).size === 1 ? paths.coach.chat.getHref(first.client_id) : home
}

/**
 * One email per person with messages unread for 30 minutes, listing who wrote, and what reached
 * none of their devices in that time (docs/notifications.md). The messages are
 * claimed in one statement (SKIP LOCKED, so several servers never mail the same message twice)
 * and released again when the mail could not be sent, to be tried on the next round.
 */
export async function sendMessageDigests({
  db,
  mailer,
  logger,
  origin,
  now = new Date(),
}: {
  db: Db
  mailer: Mailer
  logger: Logger
  origin: string
  now?: Date
}): Promise<number> {
  const cutoff = new Date(now.getTime() - DIGEST_AFTER_MS)
  const claimed = await queryRows<Claimed>(
    db,
    sql`
      with due as (
        select id from messages
        where read_at is null and digested_at is null and created_at <= ${cutoff.toISOString()}::timestamptz
        order by seq
        limit 1000
        for update skip locked
      ), marked as (
        update messages m set digested_at = now() from due where m.id = due.id
        returning m.id, m.coach_id, m.client_id, m.sender_id,
          case when m.sender_id = m.coach_id then m.client_id else m.coach_id end as recipient_id
      )
      select marked.id, marked.recipient_id, marked.coach_id, marked.client_id, u.email as recipient_email,
        coalesce(rp.message_digest, false) as wants_digest, coalesce(rp.role, 'client') as recipient_role,
        coalesce(nullif(sp.display_name, ''), 'Someone') as sender_name
      from marked
      join users u on u.id = marked.recipient_id
      left join profiles rp on rp.id = marked.recipient_id
      left join profiles sp on sp.id = marked.sender_id`,
  )
  const notices = await claimUnreached(db, cutoff)
  const byRecipient = new Map<string, Recipient>()
  for (const row of claimed) {
    if (!row.wants_digest) continue
    const recipient = byRecipient.get(row.recipient_id) ?? {
      email: row.recipient_email,
      role: row.recipient_role,
      messages: [],
      notices: [],
    }
    recipient.messages.push(row)
    byRecipient.set(row.recipient_id, recipient)
  }
  for (const person of await digestRecipients(db, notices)) {
    const recipient = byRecipient.get(person.id) ?? { ...person, messages: [], notices: [] }
    recipient.notices.push(...notices.filter((n) => n.userId === person.id))
    byRecipient.set(person.id, recipient)
  }

  let sent = 0
  for (const recipient of byRecipient.values()) {
    const senders = new Map<string, number>()
    for (const row of recipient.messages) senders.set(row.sender_name, (senders.get(row.sender_name) ?? 0) + 1)
    try {
      await mailer.send(
        messageDigestEmail(recipient.email, `${origin}${digestPath(recipient)}`, {
          senders: [...senders].map(([name, count]) => ({ name, count })),
          notices: recipient.notices.map((n) => ({ text: `${n.title}: ${n.body}`, url: `${origin}${n.url}` })),
        }),
      )
      sent += 1
    } catch (err) {
      logger.error(
        { err, to: recipient.email },
        'chat: the unread-messages email could not be sent; trying again later',
      )
      await releaseUnreached(
        db,
        recipient.notices.map((n) => n.id),
      )
      if (recipient.messages.length)
        await db
          .update(messages)
          .set({ digestedAt: null })
          .where(
            and(
              inArray(
                messages.id,
                recipient.messages.map((r) => r.id),
              ),
              isNull(messages.readAt),
              lte(messages.createdAt, cutoff),
            ),
          )
    }
  }
  return sent
}

/** Runs the digest every few minutes in this process; `stop` waits for a round under way (its messages are marked as mailed). */
export function scheduleMessageDigests(
  options: Omit<Parameters<typeof sendMessageDigests>[0], 'now'>,
): () => Promise<void> {
  return repeatEvery(
    DIGEST_EVERY_MS,
    () => sendMessageDigests(options),
    (err) => options.logger.error({ err }, 'chat: the unread-messages round failed'),
  )
}
