import type { SSEStreamingApi } from 'hono/streaming'
import type { Message } from '#shared/schemas/chat.ts'
import type { Db } from '#server/db/client.ts'
import type { ChatHub, StreamEvent } from './chat.hub.ts'
import { markDelivered, messagesSince, type Pair } from './chat.service.ts'

/** A comment line this often keeps proxies from closing an idle stream; the caller's session is re-checked then too. */
const HEARTBEAT_MS = 15_000

export type StreamOptions = {
  db: Db
  chat: ChatHub
  /** Whose stream it is. */
  userId: string
  /** The one conversation the stream is narrowed to (`with`), or null for all of the user's. */
  only: Pair | null
  /** The seq the app asked to resume after, if it asked. */
  since: number | undefined
  /** The latest seq when the request began, read before the stream opened. */
  startSeq: number
  /** Aborts when the browser goes. */
  disconnected: AbortSignal
  /** Whether the caller is still signed in (here or on another server), asked at every heartbeat. */
  isSignedIn: () => Promise<boolean>
}

/**
 * Delivers one open stream: `ready`, then what was missed, then every message, receipt,
 * comment and correction as the hub hears it, in order, with a heartbeat; after a gap in the hub's LISTEN
 * connection it catches up from the database. It ends when the browser goes, the server stops or
 * the caller signs out.
 */
export async function deliverStream(
  stream: SSEStreamingApi,
  { db, chat, userId, only, since, startSeq, disconnected, isSignedIn }: StreamOptions,
): Promise<void> {
  let open = true
  let wake = () => {}
  const end = () => {
    open = false
    wake()
  }
  // First thing: a browser gone before these are registered would leave the loop running for nothing.
  stream.onAbort(end)
  disconnected.addEventListener('abort', end)
  if (stream.aborted || disconnected.aborted) return
  const concerns = (p: Pair) => !only || (p.coachId === only.coachId && p.clientId === only.clientId)
  let lastSeq = startSeq
  // Writes go out one at a time, in the order they were asked for.
  let writing = Promise.resolve()
  const write = (event: StreamEvent) => {
    writing = writing
      .then(async () => {
        if (!open) return
        if (event.type === 'message') {
          lastSeq = Math.max(lastSeq, event.message.seq)
          await stream.writeSSE({
            event: 'message',
            id: String(event.message.seq),
            data: JSON.stringify(event.message),
          })
        } else if (event.type === 'comment') {
          await stream.writeSSE({ event: 'comment', data: JSON.stringify(event.comment) })
        } else if (event.type === 'correction') {
          await stream.writeSSE({ event: 'correction', data: JSON.stringify(event.correction) })
        } else {
          await stream.writeSSE({ event: 'receipt', data: JSON.stringify(event.receipt) })
        }
      })
      .catch(end)
    return writing
  }
  const catchUp = async (from: number, overlap = true) => {
    const missed = await messagesSince(db, userId, from, only, { overlap })
    for (const message of missed) void write({ type: 'message', message })
    await writing
    const byPair = new Map<string, Message[]>()
    for (const m of missed)
      byPair.set(`${m.coachId} ${m.clientId}`, [...(byPair.get(`${m.coachId} ${m.clientId}`) ?? []), m])
    for (const list of byPair.values()) if (list[0]) await markDelivered(db, userId, list[0], list)
  }

  const unsubscribe = chat.subscribe({
    userId,
    send: (event) => {
      if (!open || stream.aborted) return false
      // Comments and corrections go to the app's own stream, not to one narrowed to a conversation.
      if (
        event.type === 'comment' || event.type === 'correction'
          ? only !== null
          : !concerns(event.type === 'message' ? event.message : event.receipt)
      )
        return false
      void write(event)
      return true
    },
    onGap: () => void catchUp(lastSeq).catch(end),
    close: end,
  })
  try {
    await stream.writeSSE({ event: 'ready', data: '{}' })
    // What came after `since`, or after the moment this request began: a message committed while
    // the stream was being set up (before it subscribed) is not lost. The app dedupes by id.
    // (A first connection has shown nothing yet: only what is newer than its start, no overlap.)
    await catchUp(since ?? startSeq, since !== undefined)
    while (open) {
      await Promise.race([stream.sleep(HEARTBEAT_MS), new Promise<void>((resolve) => (wake = resolve))])
      if (!open || stream.aborted) break
      // Signed out (here or on another server) since the stream opened: it ends.
      if (!(await isSignedIn())) break
      // A named event (not a comment): the browser's EventSource shows it to the app, whose watchdog reconnects when they stop.
      await stream.writeSSE({ event: 'ping', data: '{}' })
    }
  } finally {
    open = false
    unsubscribe()
    disconnected.removeEventListener('abort', end)
  }
}
