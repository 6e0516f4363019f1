import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/** The development outbox (docs/product.md#our-server-in-place-of-a-hosted-backend): mail kept in the database when no SMTP_URL is set. */
export const outboxMails = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    links: jsonb('links').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_messages_created_at_idx').on(t.createdAt)],
)
