import { Hono } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import * as z from 'zod/mini'
import { chatApiText, MarkReadBody, MESSAGE_PAGE_MAX, SendMessageBody, type Message } from '#shared/schemas/chat.ts'
import type { AppEnv } from '#server/context.ts'
import { AppError } from '#server/lib/app-error.ts'
import { validate } from '#server/lib/validate.ts'
import { lookupSession, requireProfile } from '#server/middleware/sign-in.ts'
import type { StreamEvent } from './chat.hub.ts'
import { findConversation, latestSeq, listConversations, listMessages, markDelivered, markRead, messagesSince, sendMessage, type Pair } from './chat.service.ts'

const OtherParam = z.object({ otherId: z.string().check(z.minLength(1), z.maxLength(64)) })
const seqParam = z.pipe(
  z.string().check(z.regex(/^\d{1,15}$/, 'Not a message position')),
  z.transform((value) => Number(value)),
)
const limitMessage = `limit must be from 1 to ${MESSAGE_PAGE_MAX}`

/** `before`: the page older than this seq (scrolling up); `after`: the messages newer than it (catching up). */
const ListMessagesQuery = z.object({
  before: z.optional(seqParam),
  after: z.optional(seqParam),
  limit: z.optional(
    z.pipe(z.string().check(z.regex(/^\d{1,3}$/, limitMessage)), z.transform((value) => Number(value))).check(z.gte(1, limitMessage), z.lte(MESSAGE_PAGE_MAX, limitMessage)),
  ),
})

/** `with`: only the conversation with this person; `since`: first replay what came after this seq. */
const StreamQuery = z.object({ with: z.optional(z.string().check(z.minLength(1), z.maxLength(100))), since: z.optional(seqParam) })

/** A comment line this often keeps proxies from closing an idle stream; the caller's session is re-checked then too. */
const HEARTBEAT_MS = 15_000

export const chatRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get('/conversations', async (c) => c.json(await listConversations(c.var.db, c.var.profile)))
  .get('/:otherId/messages', validate('param', OtherParam), validate('query', ListMessagesQuery), async (c) =>
    c.json(await listMessages(c.var.db, c.var.profile, c.req.valid('param').otherId, c.req.valid('query'))),
  )
  .post('/:otherId/messages', validate('param', OtherParam), validate('json', SendMessageBody), async (c) => {
    const { message, created } = await sendMessage(c.var.db, c.var.profile, c.req.valid('param').otherId, c.req.valid('json'))
    return c.json(message, created ? 201 : 200)
  })
  .post('/:otherId/read', validate('param', OtherParam), validate('json', MarkReadBody), async (c) => {
    await markRead(c.var.db, c.var.profile, c.req.valid('param').otherId, c.req.valid('json').upTo)
    return c.body(null, 204)
  })
  /**
   * Server-Sent Events: every message and receipt of my conversations (or of one, `with`) as it
   * happens, in any server process; with `since`, first what was missed after that seq.
   */
  .get('/stream', validate('query', StreamQuery), async (c) => {
    const me = c.var.profile
    const { db, chat } = c.var
    const { with: otherId, since } = c.req.valid('query')
    // Each stream holds a connection and a subscription: one account cannot open them without end.
    const release = chat.reserve(me.id)
    if (!release) throw new AppError('RATE_LIMITED', { message: chatApiText.tooManyStreams })
    let only: Pair | null
    let startSeq: number
    try {
      only = otherId ? await findConversation(db, me, otherId) : null
      // Where a catch-up after a lost LISTEN connection starts (read before the stream opens).
      startSeq = since ?? (await latestSeq(db))
    } catch (error) {
      release()
      throw error
    }
    const caller = { auth: c.var.auth, db, sessionCache: c.var.sessionCache }
    const requestHeaders = c.req.raw.headers
    const disconnected = c.req.raw.signal
    c.header('X-Accel-Buffering', 'no')

    return streamSSE(c, async (stream) => {
      try {
        await serve(stream)
      } finally {
        release()
      }
    })

    async function serve(stream: SSEStreamingApi) {
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
              await stream.writeSSE({ event: 'message', id: String(event.message.seq), data: JSON.stringify(event.message) })
            } else if (event.type === 'comment') {
              await stream.writeSSE({ event: 'comment', data: JSON.stringify(event.comment) })
            } else {
              await stream.writeSSE({ event: 'receipt', data: JSON.stringify(event.receipt) })
            }
          })
          .catch(end)
        return writing
      }
      const catchUp = async (from: number, overlap = true) => {
        const missed = await messagesSince(db, me.id, from, only, { overlap })
        for (const message of missed) void write({ type: 'message', message })
        await writing
        const byPair = new Map<string, Message[]>()
        for (const m of missed) byPair.set(`${m.coachId} ${m.clientId}`, [...(byPair.get(`${m.coachId} ${m.clientId}`) ?? []), m])
        for (const list of byPair.values()) if (list[0]) await markDelivered(db, me.id, list[0], list)
      }

      const unsubscribe = chat.subscribe({
        userId: me.id,
        send: (event) => {
          if (!open || stream.aborted) return false
          // Comments go to the app's own stream, not to one narrowed to a conversation.
          if (event.type === 'comment' ? only !== null : !concerns(event.type === 'message' ? event.message : event.receipt)) return false
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
          if (!(await lookupSession(caller, requestHeaders))) break
          // A named event (not a comment): the browser's EventSource shows it to the app, whose watchdog reconnects when they stop.
          await stream.writeSSE({ event: 'ping', data: '{}' })
        }
      } finally {
        open = false
        unsubscribe()
        disconnected.removeEventListener('abort', end)
      }
    }
  })
