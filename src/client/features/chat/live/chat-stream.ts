import type * as z from 'zod/mini'
import { apiPaths } from '#shared/api-paths.ts'
import { MessageSchema, ReceiptSchema, type Message, type Receipt } from '#shared/schemas/chat.ts'
import {
  CommentNoticeSchema,
  CorrectionNoticeSchema,
  type CommentNotice,
  type CorrectionNotice,
} from '#shared/schemas/sessions.ts'
import { retryDelay } from './backoff.ts'

export type StreamStatus = 'connecting' | 'live' | 'reconnecting'

/** The server sends `ping` every 15 s: hearing nothing for this long means a half-open connection. */
const SILENCE_MS = 45_000

type Handlers = {
  onMessage: (message: Message) => void
  onReceipt: (receipt: Receipt) => void
  /** Someone commented on one of my sessions (or replied to my comment). */
  onComment: (comment: CommentNotice) => void
  /** A finished session (mine, or my client's) was corrected. */
  onCorrection: (correction: CorrectionNotice) => void
  /** Subscribed (first time or again): time to catch up on what a gap may have hidden. */
  onReady: () => void
  onStatus: (status: StreamStatus) => void
  /** The stream failed; the caller may check whether the session is still valid. */
  onError: () => void
  /** Where a reconnect starts when this stream has delivered no message yet (the newest seq the app knows). */
  sinceHint: () => number | null
}

function parse<S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> | null {
  try {
    const result = schema.safeParse(JSON.parse(String(data)))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

/**
 * One Server-Sent Events connection to /api/chat/stream for all my conversations. The browser's
 * own retry is replaced by ours (exponential backoff, reset once subscribed), and each reconnect
 * asks for what came after the highest seq this stream has delivered (`since`).
 */
export function openChatStream(handlers: Handlers) {
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let attempt = 0
  let lastSeq: number | null = null
  let everReady = false
  let closed = false
  let watchdog: ReturnType<typeof setTimeout> | undefined

  /** Every event proves the connection alive; silence past SILENCE_MS drops it and reconnects. */
  const alive = (es: EventSource) => {
    clearTimeout(watchdog)
    watchdog = setTimeout(() => {
      if (closed || source !== es) return
      es.close()
      source = null
      handlers.onStatus('reconnecting')
      connect()
    }, SILENCE_MS)
  }

  const connect = () => {
    if (closed) return
    clearTimeout(timer)
    clearTimeout(watchdog)
    source?.close()
    handlers.onStatus(everReady ? 'reconnecting' : 'connecting')
    // The first connection starts from now (the screens load what came before); a reconnect
    // asks for what it missed.
    const since = everReady ? (lastSeq ?? handlers.sinceHint()) : null
    const es = new EventSource(apiPaths.chat.stream(since))
    source = es
    es.addEventListener('ready', () => {
      if (closed || source !== es) return
      alive(es)
      attempt = 0
      handlers.onStatus('live')
      handlers.onReady()
      everReady = true
    })
    es.addEventListener('ping', () => {
      if (!closed && source === es) alive(es)
    })
    es.addEventListener('message', (event) => {
      if (closed || source !== es) return
      alive(es)
      const message = parse(MessageSchema, event.data)
      if (!message) return
      lastSeq = Math.max(lastSeq ?? 0, message.seq)
      handlers.onMessage(message)
    })
    es.addEventListener('receipt', (event) => {
      if (closed || source !== es) return
      alive(es)
      const receipt = parse(ReceiptSchema, event.data)
      if (receipt) handlers.onReceipt(receipt)
    })
    es.addEventListener('comment', (event) => {
      if (closed || source !== es) return
      alive(es)
      const comment = parse(CommentNoticeSchema, event.data)
      if (comment) handlers.onComment(comment)
    })
    es.addEventListener('correction', (event) => {
      if (closed || source !== es) return
      alive(es)
      const correction = parse(CorrectionNoticeSchema, event.data)
      if (correction) handlers.onCorrection(correction)
    })
    es.addEventListener('error', () => {
      if (closed || source !== es) return
      clearTimeout(watchdog)
      es.close()
      source = null
      handlers.onStatus('reconnecting')
      handlers.onError()
      timer = setTimeout(connect, retryDelay(attempt))
      attempt += 1
    })
  }

  connect()
  return {
    /** The network is back (or the app came to the front): reconnect now instead of waiting. */
    reconnectNow() {
      if (closed) return
      attempt = 0
      connect()
    },
    isOpen: () => source?.readyState === EventSource.OPEN,
    close() {
      closed = true
      clearTimeout(timer)
      clearTimeout(watchdog)
      source?.close()
      source = null
    },
  }
}
