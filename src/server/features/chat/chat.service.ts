import { and, asc, desc, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'
import {
  chatApiText,
  MESSAGE_PAGE,
  MESSAGE_PAGE_MAX,
  type Conversation,
  type Message,
  type MessagesPage,
  type Receipt,
  type SendMessageInput,
} from '#shared/schemas/chat.ts'
import { paths } from '#shared/paths.ts'
import { notificationText } from '#shared/schemas/notifications.ts'
import type { Profile } from '#shared/schemas/profiles.ts'
import { coachingLinkStatus } from '#server/access/coaching.ts'
import { queryRows, sqlArray, type Db, type Tx } from '#server/db/client.ts'
import { LIVE_CHANNEL, notify } from '#server/db/notifications.ts'
import { coachClients, messages, profiles } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import {
  CHAT_BURST_MS,
  enqueueNotification,
  notificationBody,
  withdrawNotification,
} from '#server/features/notifications/notifications.service.ts'

/** What goes through NOTIFY: ids and positions only (a body may exceed NOTIFY's 8,000 bytes). */
export type ChatEvent =
  | { type: 'message'; id: string; seq: number; coachId: string; clientId: string; senderId: string }
  | ({ type: 'receipt' } & Receipt)

export type Pair = { coachId: string; clientId: string }
export type ConversationRef = Pair & { active: boolean; otherId: string; otherName: string }

type MessageRow = typeof messages.$inferSelect

const toMessage = (row: MessageRow): Message => ({
  id: row.id,
  seq: row.seq,
  coachId: row.coachId,
  clientId: row.clientId,
  senderId: row.senderId,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  readAt: row.readAt?.toISOString() ?? null,
})

const inPair = ({ coachId, clientId }: Pair) => and(eq(messages.coachId, coachId), eq(messages.clientId, clientId))

async function publish(db: Db | Tx, event: ChatEvent): Promise<void> {
  await notify(db, LIVE_CHANNEL, JSON.stringify(event))
}

/**
 * The conversation between me and `otherId`: only a coach and a client they coach or coached.
 * The newest link decides: active -> both write; archived -> read-only. Anyone else: 403.
 */
export async function findConversation(db: Db, me: Profile, otherId: string): Promise<ConversationRef> {
  const pair = me.role === 'coach' ? { coachId: me.id, clientId: otherId } : { coachId: otherId, clientId: me.id }
  const link = otherId === me.id ? null : await coachingLinkStatus(db, pair.coachId, pair.clientId)
  const [other] = link
    ? await db.select({ displayName: profiles.displayName }).from(profiles).where(eq(profiles.id, otherId))
    : []
  if (!link || !other) throw new AppError('FORBIDDEN', { message: chatApiText.notLinked })
  return { ...pair, active: link === 'active', otherId, otherName: other.displayName }
}

/** How many messages to me are unread, in all my conversations (as the conversations list counts them). */
export async function unreadMessageCount(db: Db, me: { id: string; role: 'coach' | 'client' }): Promise<number> {
  const mine = me.role === 'coach' ? eq(messages.coachId, me.id) : eq(messages.clientId, me.id)
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(mine, ne(messages.senderId, me.id), isNull(messages.readAt)))
  return row?.count ?? 0
}

/** My conversations, newest activity first, with what is unread and the last message. */
export async function listConversations(db: Db, me: Profile): Promise<{ items: Conversation[]; unread: number }> {
  const otherColumn = me.role === 'coach' ? coachClients.clientId : coachClients.coachId
  const links = await db
    .select({
      coachId: coachClients.coachId,
      clientId: coachClients.clientId,
      active: sql<boolean>`bool_or(${coachClients.status} = 'active')`,
      since: sql<Date>`max(${coachClients.since})`,
      otherId: otherColumn,
      otherName: profiles.displayName,
    })
    .from(coachClients)
    .innerJoin(profiles, eq(profiles.id, otherColumn))
    .where(me.role === 'coach' ? eq(coachClients.coachId, me.id) : eq(coachClients.clientId, me.id))
    .groupBy(coachClients.coachId, coachClients.clientId, otherColumn, profiles.displayName)
  if (links.length === 0) return { items: [], unread: 0 }

  const mine = me.role === 'coach' ? eq(messages.coachId, me.id) : eq(messages.clientId, me.id)
  const [unreadRows, lastRows] = await Promise.all([
    db
      .select({ coachId: messages.coachId, clientId: messages.clientId, count: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(mine, ne(messages.senderId, me.id), isNull(messages.readAt)))
      .groupBy(messages.coachId, messages.clientId),
    lastMessages(db, links),
  ])
  const key = (p: Pair) => `${p.coachId}\u0000${p.clientId}`
  const unread = new Map(unreadRows.map((r) => [key(r), r.count]))
  const last = new Map(lastRows.map((r) => [key(r), toMessage(r)]))
  // Newest activity first: the last message, or when the link began.
  const items = links
    .map((link) => {
      const lastMessage = last.get(key(link)) ?? null
      const activity = lastMessage ? Date.parse(lastMessage.createdAt) : new Date(link.since).getTime()
      return {
        activity,
        conversation: toConversation(
          { ...link, active: Boolean(link.active) },
          unread.get(key(link)) ?? 0,
          lastMessage,
        ),
      }
    })
    .sort((a, b) => b.activity - a.activity)
    .map((entry) => entry.conversation)
  return { items, unread: items.reduce((sum, c) => sum + c.unread, 0) }
}

type LastRow = {
  id: string
  seq: string | number
  coach_id: string
  client_id: string
  sender_id: string
  body: string
  created_at: string | Date
  delivered_at: string | Date | null
  read_at: string | Date | null
}

const dateOf = (value: string | Date | null) => (value === null ? null : new Date(value))

/**
 * The last message of each conversation: one probe of messages_conversation_idx per link, newest
 * first, however many messages the conversations hold.
 */
async function lastMessages(db: Db, pairs: readonly Pair[]): Promise<MessageRow[]> {
  const rows = await queryRows<LastRow>(
    db,
    sql`
      select m.id, m.seq, m.coach_id, m.client_id, m.sender_id, m.body, m.created_at, m.delivered_at, m.read_at
      from unnest(${sqlArray(
        pairs.map((p) => p.coachId),
        'text',
      )}, ${sqlArray(
        pairs.map((p) => p.clientId),
        'text',
      )}) as pair(coach_id, client_id)
      cross join lateral (
        select * from messages x where x.coach_id = pair.coach_id and x.client_id = pair.client_id order by x.seq desc limit 1
      ) m`,
  )
  return rows.map((r) => ({
    id: r.id,
    seq: Number(r.seq),
    coachId: r.coach_id,
    clientId: r.client_id,
    senderId: r.sender_id,
    body: r.body,
    createdAt: new Date(r.created_at),
    deliveredAt: dateOf(r.delivered_at),
    readAt: dateOf(r.read_at),
    digestedAt: null,
  }))
}

function toConversation(ref: ConversationRef, unread: number, lastMessage: Message | null): Conversation {
  return {
    otherId: ref.otherId,
    otherName: ref.otherName,
    coachId: ref.coachId,
    clientId: ref.clientId,
    active: ref.active,
    unread,
    lastMessage,
  }
}

/**
 * One page of a conversation in ascending order: the newest, the one before `before`, or all
 * after `after`. Messages to me it returns are delivered from now on.
 */
export async function listMessages(
  db: Db,
  me: Profile,
  otherId: string,
  query: { before?: number; after?: number; limit?: number },
): Promise<MessagesPage> {
  const ref = await findConversation(db, me, otherId)
  let items: Message[]
  let hasMore = false
  if (query.after !== undefined) {
    // Catching up: the oldest first, as many as a page holds; `hasMore` says newer ones remain.
    const limit = query.limit ?? MESSAGE_PAGE_MAX
    const rows = await db
      .select()
      .from(messages)
      .where(and(inPair(ref), gt(messages.seq, query.after)))
      .orderBy(asc(messages.seq))
      .limit(limit + 1)
    hasMore = rows.length > limit
    items = rows.slice(0, limit).map(toMessage)
  } else {
    const limit = query.limit ?? MESSAGE_PAGE
    const rows = await db
      .select()
      .from(messages)
      .where(and(inPair(ref), query.before === undefined ? undefined : lt(messages.seq, query.before)))
      .orderBy(desc(messages.seq))
      .limit(limit + 1)
    hasMore = rows.length > limit
    items = rows.slice(0, limit).reverse().map(toMessage)
  }
  const delivered = await markDelivered(db, me.id, ref, items)
  if (delivered)
    items = items.map((m) => (m.senderId !== me.id && !m.deliveredAt ? { ...m, deliveredAt: delivered } : m))
  const [unread] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(inPair(ref), ne(messages.senderId, me.id), isNull(messages.readAt)))
  // The newest page ends with the conversation's latest message; other pages look it up.
  const newestPage = query.before === undefined && query.after === undefined
  const [last] = newestPage
    ? []
    : await db.select().from(messages).where(inPair(ref)).orderBy(desc(messages.seq)).limit(1)
  const latest = newestPage ? (items.at(-1) ?? null) : last ? toMessage(last) : null
  return { conversation: toConversation(ref, unread?.count ?? 0, latest), items, hasMore }
}

/** Messages to `userId` among these reached their app: delivered (the sender hears it). Answers the time, or null. */
export async function markDelivered(
  db: Db,
  userId: string,
  pair: Pair,
  seen: Pick<Message, 'seq' | 'senderId' | 'deliveredAt'>[],
): Promise<string | null> {
  const upTo = Math.max(-1, ...seen.filter((m) => m.senderId !== userId && !m.deliveredAt).map((m) => m.seq))
  if (upTo < 0) return null
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(messages)
      .set({ deliveredAt: sql`now()` })
      .where(and(inPair(pair), ne(messages.senderId, userId), isNull(messages.deliveredAt), lte(messages.seq, upTo)))
      .returning({ at: messages.deliveredAt })
    const at = updated[0]?.at
    if (!at) return null
    await publish(tx, { type: 'receipt', ...pick(pair), by: userId, kind: 'delivered', upTo, at: at.toISOString() })
    return at.toISOString()
  })
}

const pick = ({ coachId, clientId }: Pair): Pair => ({ coachId, clientId })

/** The outbox group of one conversation's chat notifications (either party's). */
const chatGroupKey = (ref: Pair) => `chat:${ref.coachId}:${ref.clientId}`

/**
 * Sends a message, idempotent by its client-made id: the same message sent again (a retry after
 * a lost answer, an offline queue replayed) is stored once and answered with the stored copy.
 */
export async function sendMessage(
  db: Db,
  me: Profile,
  otherId: string,
  input: SendMessageInput,
): Promise<{ message: Message; created: boolean }> {
  const ref = await findConversation(db, me, otherId)
  const replay = async () => {
    const [existing] = await db.select().from(messages).where(eq(messages.id, input.id))
    if (
      existing &&
      existing.senderId === me.id &&
      existing.coachId === ref.coachId &&
      existing.clientId === ref.clientId &&
      existing.body === input.body
    ) {
      return { message: toMessage(existing), created: false }
    }
    if (existing) throw new AppError('CONFLICT', { message: chatApiText.idTaken })
    return null
  }
  if (!ref.active) {
    // A message sent before the link was archived may still be retried from an offline queue.
    const earlier = await replay()
    if (earlier) return earlier
    throw new AppError('FORBIDDEN', { message: chatApiText.readOnly })
  }

  const inserted = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(messages)
      .values({ id: input.id, coachId: ref.coachId, clientId: ref.clientId, senderId: me.id, body: input.body })
      .onConflictDoNothing({ target: messages.id })
      .returning()
    if (row) {
      await publish(tx, {
        type: 'message',
        id: row.id,
        seq: row.seq,
        coachId: row.coachId,
        clientId: row.clientId,
        senderId: row.senderId,
      })
      // One notification for a burst of messages, sent once the burst has had time to end.
      const toCoach = me.id === ref.clientId
      await enqueueNotification(tx, {
        userId: toCoach ? ref.coachId : ref.clientId,
        kind: 'chat',
        groupKey: chatGroupKey(ref),
        title: me.displayName || notificationText.newMessage,
        body: notificationBody(row.body),
        url: toCoach ? paths.coach.chat.getHref(ref.clientId) : paths.client.chat.getHref(),
        dueAt: new Date(Date.now() + CHAT_BURST_MS),
      })
    }
    return row
  })
  if (inserted) return { message: toMessage(inserted), created: true }
  // Sent before (a retry), or the id is someone else's.
  const earlier = await replay()
  if (earlier) return earlier
  throw new AppError('CONFLICT', { message: chatApiText.idTaken })
}

/** Everything sent to me in this conversation up to `upTo` is read (and so delivered). */
export async function markRead(db: Db, me: Profile, otherId: string, upTo: number): Promise<void> {
  const ref = await findConversation(db, me, otherId)
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(messages)
      .set({ readAt: sql`now()`, deliveredAt: sql`coalesce(${messages.deliveredAt}, now())` })
      .where(and(inPair(ref), ne(messages.senderId, me.id), isNull(messages.readAt), lte(messages.seq, upTo)))
      .returning({ seq: messages.seq, at: messages.readAt })
    if (updated.length === 0) return
    // Read here: a notification of these messages still waiting would tell of nothing new.
    await withdrawNotification(tx, me.id, chatGroupKey(ref))
    const at = updated[0]?.at ?? new Date()
    await publish(tx, {
      type: 'receipt',
      ...pick(ref),
      by: me.id,
      kind: 'read',
      upTo: Math.max(...updated.map((u) => u.seq)),
      at: at.toISOString(),
    })
  })
}

/** Messages of my conversations (or one) after `since`, oldest first: what a stream missed. */
export async function messagesSince(
  db: Db,
  userId: string,
  since: number,
  only: Pair | null,
  { overlap = true, limit = 500 }: { overlap?: boolean; limit?: number } = {},
): Promise<Message[]> {
  const where = only ? inPair(only) : or(eq(messages.coachId, userId), eq(messages.clientId, userId))
  // A message may commit after a later seq did: a few seconds of overlap catch it (the app dedupes by id).
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        where,
        overlap
          ? or(gt(messages.seq, since), gt(messages.createdAt, sql`now() - interval '10 seconds'`))
          : gt(messages.seq, since),
      ),
    )
    .orderBy(asc(messages.seq))
    .limit(limit)
  return rows.map(toMessage)
}

export async function messageById(db: Db, id: string): Promise<Message | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id))
  return row ? toMessage(row) : null
}

/** The newest seq of all messages (a new stream's starting point for catching up later). */
export async function latestSeq(db: Db): Promise<number> {
  const [row] = await db.select({ seq: sql<number | null>`max(${messages.seq})` }).from(messages)
  return Number(row?.seq ?? 0)
}
