import { and, inArray, isNull, lte, sql } from 'drizzle-orm'
import { paths } from '#shared/paths.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { messages } from '#server/db/schema/index.ts'
import type { Logger } from '#server/lib/logger.ts'
import { repeatEvery } from '#server/lib/rounds.ts'
import type { Mailer } from '#server/features/mail/mailer.ts'
import { messageDigestEmail } from '#server/features/mail/templates.ts'

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

/**
 * One email per person with messages unread for 30 minutes, listing who wrote. The messages are
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
  const byRecipient = new Map<string, Claimed[]>()
  for (const row of claimed)
    if (row.wants_digest) byRecipient.set(row.recipient_id, [...(byRecipient.get(row.recipient_id) ?? []), row])

  let sent = 0
  for (const rows of byRecipient.values()) {
    const first = rows[0]
    if (!first) continue
    const senders = new Map<string, number>()
    for (const row of rows) senders.set(row.sender_name, (senders.get(row.sender_name) ?? 0) + 1)
    // A coach written to by several clients lands on the dashboard, whose unread card lists them all.
    const clients = new Set(rows.map((r) => r.client_id))
    const url =
      first.recipient_role !== 'coach'
        ? `${origin}${paths.client.chat.getHref()}`
        : clients.size === 1
          ? `${origin}${paths.coach.chat.getHref(first.client_id)}`
          : `${origin}${paths.coach.dashboard.getHref()}`
    try {
      await mailer.send(
        messageDigestEmail(
          first.recipient_email,
          url,
          [...senders].map(([name, count]) => ({ name, count })),
        ),
      )
      sent += 1
    } catch (err) {
      logger.error(
        { err, to: first.recipient_email },
        'chat: the unread-messages email could not be sent; trying again later',
      )
      await db
        .update(messages)
        .set({ digestedAt: null })
        .where(
          and(
            inArray(
              messages.id,
              rows.map((r) => r.id),
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
