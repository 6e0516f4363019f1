import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { createdAt } from './columns.ts'

/**
 * A user's calendar feed (docs/calendar-feed.md): the SHA-256 of the secret in its address, never
 * the secret itself. One per user; a new address replaces the row, turning the feed off deletes it.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('calendar_feeds_token_hash').on(t.tokenHash)],
)
