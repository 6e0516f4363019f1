import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { MESSAGE_MAX } from '#shared/schemas/chat.ts'
import { users } from './auth.ts'

/**
 * A chat message between a coach and one client (decision 011). The id is made by the
 * sender's app (a resend is the same message); `seq` orders all messages and lets a stream catch
 * up on what it missed. `digested_at` marks a message included in an unread-messages email.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull().unique(),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    index('messages_conversation_idx').on(t.coachId, t.clientId, t.seq),
    // Unread messages to a person: the badge counts and the email digest.
    index('messages_unread_idx')
      .on(t.senderId, t.coachId, t.clientId)
      .where(sql`${t.readAt} is null`),
    check('messages_body_length', sql`char_length(${t.body}) between 1 and ${sql.raw(String(MESSAGE_MAX))}`),
    check('messages_sender_is_party', sql`${t.senderId} in (${t.coachId}, ${t.clientId})`),
  ],
)
