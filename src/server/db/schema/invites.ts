import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { createdAt, updatedAt } from './columns.ts'
import { trainingPlans } from './plans.ts'

/**
 * A coach's invite of one email into one of their plans (docs/product.md#invites). The raw token lives
 * only in the link: the table keeps its SHA-256 for lookup, and a copy sealed with the server's
 * secret so the coach can copy the same link again and a resend mails the same link.
 */
export const clientInvites = pgTable(
  'client_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text('email').notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('client_invites_token_hash').on(t.tokenHash),
    // One open invite per coach and email: inviting again replaces it.
    uniqueIndex('client_invites_one_open')
      .on(t.coachId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    index('client_invites_coach_idx').on(t.coachId, t.createdAt),
  ],
)
