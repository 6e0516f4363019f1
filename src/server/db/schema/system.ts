import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/** Secrets the server generates for itself when the operator sets none (e.g. the auth secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/**
 * The last minute each round that is to run once a minute across all servers ran (the reminders'
 * sweep): the server that moves it on runs that minute's round, the others skip it. While a round
 * runs (`busy_until`, a lease a server killed mid-round cannot hold for ever) no other starts.
 */
export const scheduledRounds = pgTable('scheduled_rounds', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
  busyUntil: timestamp('busy_until', { withTimezone: true }),
})
