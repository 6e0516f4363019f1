import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { withThousands } from '../text.ts'

/**
 * Coach chat (docs/product.md#domain-model, decision 011). A conversation is a coach and one client;
 * either side names it by the other person's user id (`/api/chat/:otherId/...`). Messages carry
 * a client-made UUID (a resend is the same message) and a server-given `seq`, increasing across
 * all conversations, for ordering, pages and catching up after a reconnect.
 */
export const MESSAGE_MAX = 4000
/** The composer shows its character counter from here on. */
export const MESSAGE_COUNTER_FROM = 3600
export const MESSAGE_PAGE = 30
export const MESSAGE_PAGE_MAX = 100

export const chatApiText = {
  bodyRequired: 'Write a message first',
  bodyTooLong: `A message is at most ${withThousands(MESSAGE_MAX)} characters`,
  notLinked: 'You can only message your coach or your own clients',
  readOnly: 'This conversation is archived: you can read it but not send messages',
  idTaken: 'This message id is already used',
  tooManyStreams: 'Too many open chat connections for this account. Close a tab or device and try again.',
  noCoach: "You don't have a coach yet",
} as const

const seq = lazySchema(() => z.number().check(z.int(), z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)))
export const MessageSchema = lazySchema(() =>
  z.object({
    id: z.uuid(),
    seq,
    coachId: z.string(),
    clientId: z.string(),
    senderId: z.string(),
    body: z.string(),
    createdAt: z.string(),
    /** When the other side's app first received it (sent -> delivered). */
    deliveredAt: z.nullable(z.string()),
    /** When the other side read it. */
    readAt: z.nullable(z.string()),
  }),
)
export type Message = z.infer<typeof MessageSchema>

const ConversationSchema = lazySchema(() =>
  z.object({
    /** The other person: the client for a coach, the coach for a client. */
    otherId: z.string(),
    otherName: z.string(),
    coachId: z.string(),
    clientId: z.string(),
    /** The coaching link is active: both may write. An archived link leaves the conversation read-only. */
    active: z.boolean(),
    /** Messages to me not yet read. */
    unread: z.number(),
    lastMessage: z.nullable(MessageSchema),
  }),
)
export type Conversation = z.infer<typeof ConversationSchema>

/** GET /api/chat/conversations: mine, newest activity first, with the total unread. */
export const ConversationsSchema = lazySchema(() =>
  z.object({ items: z.array(ConversationSchema), unread: z.number() }),
)
export type Conversations = z.infer<typeof ConversationsSchema>

/**
 * GET /api/chat/:otherId/messages: one page in ascending order. Without `after` (the newest page,
 * or the one before `before`), `hasMore` says older ones exist; with `after` (catching up), it
 * says newer ones remain beyond this page. The query parameters are checked on the server
 * (chat.routes.ts): this module stays light for the pages that load it.
 */
export const MessagesPageSchema = lazySchema(() =>
  z.object({ conversation: ConversationSchema, items: z.array(MessageSchema), hasMore: z.boolean() }),
)
export type MessagesPage = z.infer<typeof MessagesPageSchema>

const messageBody = lazySchema(() =>
  z.string(chatApiText.bodyRequired).check(
    z.maxLength(MESSAGE_MAX, chatApiText.bodyTooLong),
    z.refine((value) => value.trim().length > 0, chatApiText.bodyRequired),
  ),
)

/** POST /api/chat/:otherId/messages: idempotent by `id` (a message sent twice is stored once). */
export const SendMessageBody = lazySchema(() => z.object({ id: z.uuid('Not a message id'), body: messageBody }))
export type SendMessageInput = z.infer<typeof SendMessageBody>

/** POST /api/chat/:otherId/read: everything sent to me in this conversation up to `upTo` is read. */
export const MarkReadBody = lazySchema(() => z.object({ upTo: seq }))

/**
 * GET /api/chat/stream?since=&with=: Server-Sent Events for all my conversations, or one (`with`):
 * `message` (a Message; its SSE id is the seq), `receipt`, `ready` once subscribed, and `ping`
 * every 15 s (an app that hears nothing for longer should reconnect).
 */
export const ReceiptSchema = lazySchema(() =>
  z.object({
    coachId: z.string(),
    clientId: z.string(),
    /** Who received or read: messages to them up to `upTo` are now delivered or read. */
    by: z.string(),
    kind: z.enum(['delivered', 'read']),
    upTo: seq,
    at: z.string(),
  }),
)
export type Receipt = z.infer<typeof ReceiptSchema>

export type MessageState = 'sending' | 'sent' | 'delivered' | 'read'

export function messageState(message: Pick<Message, 'deliveredAt' | 'readAt'>): Exclude<MessageState, 'sending'> {
  if (message.readAt) return 'read'
  if (message.deliveredAt) return 'delivered'
  return 'sent'
}
