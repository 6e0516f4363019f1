import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import * as z from 'zod/mini'
import {
  chatApiText,
  ConversationsSchema,
  MarkReadBody,
  MESSAGE_PAGE_MAX,
  MessageSchema,
  MessagesPageSchema,
  SendMessageBody,
} from '#shared/schemas/chat.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { AppError } from '#server/lib/app-error.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile, stillSignedIn } from '#server/middleware/sign-in.ts'
import {
  findConversation,
  latestSeq,
  listConversations,
  listMessages,
  markRead,
  sendMessage,
  type Pair,
} from './chat.service.ts'
import { deliverStream } from './chat.stream.ts'

const route = apiRoutes.chat

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
    z
      .pipe(
        z.string().check(z.regex(/^\d{1,3}$/, limitMessage)),
        z.transform((value) => Number(value)),
      )
      .check(z.gte(1, limitMessage), z.lte(MESSAGE_PAGE_MAX, limitMessage)),
  ),
})

/** `with`: only the conversation with this person; `since`: first replay what came after this seq. */
const StreamQuery = z.object({
  with: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  since: z.optional(seqParam),
})

export const chatRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(
    route.conversations,
    doc({ summary: 'Your conversations, newest first, with unread counts', response: ConversationsSchema }),
    async (c) => c.json(await listConversations(c.var.db, c.var.profile)),
  )
  .get(
    route.messages,
    doc({ summary: 'A page of messages with the other person (before or after a seq)', response: MessagesPageSchema }),
    validate('param', OtherParam),
    validate('query', ListMessagesQuery),
    async (c) =>
      c.json(await listMessages(c.var.db, c.var.profile, c.req.valid('param').otherId, c.req.valid('query'))),
  )
  .post(
    route.messages,
    doc({
      summary: 'Send a message; its id is yours (UUID), so a resend is stored once (201 new, 200 already stored)',
      response: MessageSchema,
      status: 201,
    }),
    validate('param', OtherParam),
    validate('json', SendMessageBody),
    async (c) => {
      const { message, created } = await sendMessage(
        c.var.db,
        c.var.profile,
        c.req.valid('param').otherId,
        c.req.valid('json'),
      )
      return c.json(message, created ? 201 : 200)
    },
  )
  .post(
    route.read,
    doc({ summary: 'Mark messages read up to a seq', status: 204 }),
    validate('param', OtherParam),
    validate('json', MarkReadBody),
    async (c) => {
      await markRead(c.var.db, c.var.profile, c.req.valid('param').otherId, c.req.valid('json').upTo)
      return c.body(null, 204)
    },
  )
  /**
   * Server-Sent Events: every message and receipt of my conversations (or of one, `with`) as it
   * happens, in any server process; with `since`, first what was missed after that seq.
   */
  .get(
    route.stream,
    doc({ summary: 'Server-sent events: messages, receipts and comments as they happen', stream: true }),
    validate('query', StreamQuery),
    async (c) => {
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
      const options = {
        db,
        chat,
        userId: me.id,
        only,
        since,
        startSeq,
        disconnected: c.req.raw.signal,
        isSignedIn: stillSignedIn(c.var, c.req.raw.headers),
      }
      c.header('X-Accel-Buffering', 'no')

      return streamSSE(c, async (stream) => {
        try {
          await deliverStream(stream, options)
        } finally {
          release()
        }
      })
    },
  )
