import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Fixed-window counters of the auth limits, shared by every server on one database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})
