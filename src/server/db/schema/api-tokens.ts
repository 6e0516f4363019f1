import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { API_TOKEN_SCOPES } from '#shared/schemas/api-tokens.ts'
import { users } from './auth.ts'
import { createdAt, oneOf } from './columns.ts'

/**
 * Personal API tokens (docs/api.md). The secret is shown once, at creation; the table keeps only
 * its SHA-256 for lookup and its first characters for the owner's list. Revoking deletes the row.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: API_TOKEN_SCOPES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    start: text('start').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash').on(t.tokenHash),
    index('api_tokens_user_idx').on(t.userId, t.createdAt),
    oneOf('api_tokens_scope_check', t.scope, API_TOKEN_SCOPES),
  ],
)
