import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { oneOf } from './columns.ts'

/** A coach and a client, linked when an invite is accepted (docs/product.md#roles-and-authorization). */
export const coachClients = pgTable(
  'coach_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'archived'] })
      .notNull()
      .default('active'),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('coach_clients_status_check', t.status, ['active', 'archived']),
    // A client has at most one active coach.
    uniqueIndex('coach_clients_one_active_coach')
      .on(t.clientId)
      .where(sql`${t.status} = 'active'`),
    index('coach_clients_coach_idx').on(t.coachId, t.status),
  ],
)
