import type { Message, Receipt } from '#shared/schemas/chat.ts'
import type { CommentNotice, CorrectionNotice } from '#shared/schemas/sessions.ts'
import type { Db } from '#server/db/client.ts'
import { LIVE_CHANNEL, type Notifications } from '#server/db/notifications.ts'
import type { Logger } from '#server/lib/logger.ts'
import { commentNotice, type CommentEvent } from '#server/features/sessions/comments.service.ts'
import type { CorrectionEvent } from '#server/features/sessions/set-logs.service.ts'
import { markDelivered, messageById, type ChatEvent } from './chat.service.ts'

/** What a stream carries: chat messages and receipts, comments on sessions for their reader, and corrections of finished sessions. */
export type StreamEvent =
  | { type: 'message'; message: Message }
  | { type: 'receipt'; receipt: Receipt }
  | { type: 'comment'; comment: CommentNotice }
  | { type: 'correction'; correction: CorrectionNotice }

type Subscriber = {
  userId: string
  /** Answers whether the event goes out on this stream (an ended or filtered stream says no). */
  send: (event: StreamEvent) => boolean
  /** The listening connection was lost and is back: catch up from the database. */
  onGap: () => void
  /** The server is stopping: end the stream (the app reconnects elsewhere). */
  close: () => void
}

/** Streams one account may hold open in one server process (tabs and devices); more are refused. */
export const MAX_STREAMS_PER_USER = 8

export type ChatHub = {
  /** A place for one more stream of this user, freed by the function it gives; null when they hold the most. */
  reserve: (userId: string) => (() => void) | null
  subscribe: (subscriber: Subscriber) => () => void
  /** Streams open in this process (for tests and the bench). */
  size: () => number
  close: () => Promise<void>
}

/**
 * Live delivery in one server process: the open streams by user, fed by PostgreSQL NOTIFY on
 * LIVE_CHANNEL (chat messages, receipts, comments on sessions and corrections of them), so a message sent through any process reaches streams held by every other.
 * A notification carries ids only; the process that holds a party's stream reads the message
 * once and marks it delivered when it reaches the recipient.
 */
export async function createChatHub(db: Db, notifications: Notifications, logger: Logger): Promise<ChatHub> {
  const byUser = new Map<string, Set<Subscriber>>()
  const reserved = new Map<string, number>()
  let closed = false

  const deliver = async (event: ChatEvent | CommentEvent | CorrectionEvent) => {
    if (event.type === 'correction') {
      const correction = { sessionId: event.sessionId, clientId: event.clientId }
      for (const userId of event.recipientIds)
        for (const s of byUser.get(userId) ?? []) s.send({ type: 'correction', correction })
      return
    }
    if (event.type === 'comment') {
      const recipients = byUser.get(event.recipientId)
      if (!recipients?.size) return
      const comment = await commentNotice(db, event.id)
      if (comment) for (const s of recipients) s.send({ type: 'comment', comment })
      return
    }
    if (event.type === 'receipt') {
      const { type: _type, ...receipt } = event
      for (const userId of [event.coachId, event.clientId])
        for (const s of byUser.get(userId) ?? []) s.send({ type: 'receipt', receipt })
      return
    }
    const recipientId = event.senderId === event.coachId ? event.clientId : event.coachId
    const recipients = byUser.get(recipientId)
    const senders = byUser.get(event.senderId)
    if (!recipients?.size && !senders?.size) return
    const message = await messageById(db, event.id)
    if (!message) return
    for (const s of senders ?? []) s.send({ type: 'message', message })
    let reached = false
    for (const s of recipients ?? []) reached = s.send({ type: 'message', message }) || reached
    // Delivered means a stream of the recipient's actually carries it.
    if (reached) await markDelivered(db, recipientId, message, [message])
  }

  const stop = await notifications.listen(LIVE_CHANNEL, {
    onMessage: (payload) => {
      let event: ChatEvent | CommentEvent | CorrectionEvent
      try {
        event = JSON.parse(payload) as ChatEvent | CommentEvent | CorrectionEvent
      } catch {
        return
      }
      deliver(event).catch((err: unknown) => logger.error({ err }, 'chat: could not deliver a notification'))
    },
    onGap: () => {
      for (const set of byUser.values()) for (const s of set) s.onGap()
    },
  })

  return {
    reserve: (userId) => {
      const held = reserved.get(userId) ?? 0
      if (held >= MAX_STREAMS_PER_USER) return null
      reserved.set(userId, held + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (reserved.get(userId) ?? 1) - 1
        if (left > 0) reserved.set(userId, left)
        else reserved.delete(userId)
      }
    },
    subscribe: (subscriber) => {
      // Shutting down: a stream that opens now ends at once (its app reconnects to another server).
      if (closed) {
        subscriber.close()
        return () => {}
      }
      let set = byUser.get(subscriber.userId)
      if (!set) byUser.set(subscriber.userId, (set = new Set()))
      set.add(subscriber)
      return () => {
        set.delete(subscriber)
        if (set.size === 0 && byUser.get(subscriber.userId) === set) byUser.delete(subscriber.userId)
      }
    },
    size: () => [...byUser.values()].reduce((sum, set) => sum + set.size, 0),
    close: async () => {
      closed = true
      stop()
      for (const set of byUser.values()) for (const s of set) s.close()
      byUser.clear()
    },
  }
}
