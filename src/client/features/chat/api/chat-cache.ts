import type { QueryClient } from '@tanstack/react-query'
import type { Conversation, Conversations, Message, Receipt } from '#shared/schemas/chat.ts'
import { chatQueries, type MessagePages } from './chat-queries.ts'

/**
 * How live events, sends and reads change the cached conversations and pages. Every function
 * returns the same object when nothing changed, so a repeated event re-renders nothing.
 */

/** The other person of a message or receipt, from my side. */
export const otherIdOf = (me: string, m: { coachId: string; clientId: string }) =>
  m.coachId === me ? m.clientId : m.coachId

/** Two copies of one message: the later state wins (a receipt may arrive before the message it covers). */
function merged(known: Message, incoming: Message): Message {
  const deliveredAt = incoming.deliveredAt ?? known.deliveredAt
  const readAt = incoming.readAt ?? known.readAt
  if (deliveredAt === known.deliveredAt && readAt === known.readAt && incoming.body === known.body) return known
  return { ...known, ...incoming, deliveredAt, readAt }
}

/** Adds or refreshes messages in a conversation's pages, each in the page its seq falls in. */
export function upsertMessages(data: MessagePages, incoming: Message[]): MessagePages {
  let pages = data.pages
  const write = (index: number, items: Message[]) => {
    if (pages === data.pages) pages = [...data.pages]
    const page = pages[index]
    if (page) pages[index] = { ...page, items }
  }
  for (const message of incoming) {
    const at = pages.findIndex((p) => p.items.some((m) => m.id === message.id))
    if (at >= 0) {
      const items = pages[at]?.items ?? []
      const i = items.findIndex((m) => m.id === message.id)
      const known = items[i]
      if (known && merged(known, message) !== known) write(at, items.with(i, merged(known, message)))
      continue
    }
    // The newest page whose oldest message is not newer; older than everything loaded: only if
    // the whole history is loaded (otherwise scrolling up fetches it in its place).
    let target = pages.findIndex((p) => !p.items[0] || p.items[0].seq <= message.seq)
    if (target < 0 && pages.at(-1)?.hasMore === false) target = pages.length - 1
    if (target < 0) continue
    const items = [...(pages[target]?.items ?? []), message].sort((a, b) => a.seq - b.seq)
    write(target, items)
  }
  return pages === data.pages ? data : { ...data, pages }
}

export function hasMessage(data: MessagePages | undefined, id: string): boolean {
  return Boolean(data?.pages.some((p) => p.items.some((m) => m.id === id)))
}

/** Puts messages into their conversation's cached pages (if that conversation is cached). */
export function cacheMessages(queryClient: QueryClient, otherId: string, messages: Message[]) {
  if (!messages.length) return
  queryClient.setQueryData<MessagePages>(chatQueries.messages(otherId).queryKey, (data) =>
    data ? upsertMessages(data, messages) : data,
  )
}

function withConversation(
  data: Conversations,
  otherId: string,
  change: (c: Conversation) => Conversation,
  toTop = false,
): Conversations {
  const index = data.items.findIndex((c) => c.otherId === otherId)
  const current = data.items[index]
  if (!current) return data
  const next = change(current)
  if (next === current) return data
  const items = toTop ? [next, ...data.items.filter((_, i) => i !== index)] : data.items.with(index, next)
  return { items, unread: items.reduce((sum, c) => sum + c.unread, 0) }
}

/**
 * A message the list did not know: it becomes the conversation's latest, and a message to me
 * that nobody has read counts as unread. Returns false when the conversation is not cached yet
 * (the caller refetches the list).
 */
export function noteMessage(queryClient: QueryClient, me: string, message: Message, countUnread: boolean): boolean {
  const otherId = otherIdOf(me, message)
  const data = queryClient.getQueryData(chatQueries.conversations().queryKey)
  if (!data?.items.some((c) => c.otherId === otherId)) return false
  queryClient.setQueryData(chatQueries.conversations().queryKey, (old) =>
    old
      ? withConversation(
          old,
          otherId,
          (c) => {
            const latest = !c.lastMessage || c.lastMessage.seq <= message.seq
            return { ...c, lastMessage: latest ? message : c.lastMessage, unread: c.unread + (countUnread ? 1 : 0) }
          },
          !data.items[0] || data.items[0].otherId !== otherId,
        )
      : old,
  )
  return true
}

/** Messages sent to `receipt.by` up to `upTo` are now delivered or read. */
export function applyReceipt(queryClient: QueryClient, me: string, receipt: Receipt) {
  const otherId = otherIdOf(me, receipt)
  const stamp = (m: Message): Message => {
    if (m.senderId === receipt.by || m.seq > receipt.upTo) return m
    const deliveredAt = m.deliveredAt ?? receipt.at
    const readAt = receipt.kind === 'read' ? (m.readAt ?? receipt.at) : m.readAt
    return deliveredAt === m.deliveredAt && readAt === m.readAt ? m : { ...m, deliveredAt, readAt }
  }
  queryClient.setQueryData<MessagePages>(chatQueries.messages(otherId).queryKey, (data) => {
    if (!data) return data
    let changed = false
    const pages = data.pages.map((page) => {
      const items = page.items.map(stamp)
      if (items.every((m, i) => m === page.items[i])) return page
      changed = true
      return { ...page, items }
    })
    return changed ? { ...data, pages } : data
  })
}

/** I read a conversation up to `upTo` (here or on another device): its badge clears at once. */
export function markReadInCache(queryClient: QueryClient, me: string, otherId: string, upTo: number) {
  const at = new Date().toISOString()
  queryClient.setQueryData<MessagePages>(chatQueries.messages(otherId).queryKey, (data) => {
    if (!data) return data
    let changed = false
    const pages = data.pages.map((page) => {
      if (!page.items.some((m) => m.senderId !== me && m.seq <= upTo && !m.readAt)) return page
      changed = true
      return {
        ...page,
        items: page.items.map((m) =>
          m.senderId !== me && m.seq <= upTo && !m.readAt ? { ...m, readAt: at, deliveredAt: m.deliveredAt ?? at } : m,
        ),
      }
    })
    return changed ? { ...data, pages } : data
  })
  queryClient.setQueryData(chatQueries.conversations().queryKey, (data) =>
    data
      ? withConversation(data, otherId, (c) =>
          c.unread === 0 || (c.lastMessage && c.lastMessage.seq > upTo && c.lastMessage.senderId !== me)
            ? c
            : { ...c, unread: 0 },
        )
      : data,
  )
}
