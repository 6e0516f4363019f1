import { pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/** Secrets the server generates for itself when the operator sets none (e.g. the auth secret). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})
