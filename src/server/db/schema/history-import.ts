import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core'
import { IMPORT_SOURCES } from '#shared/schemas/history-import.ts'
import { users } from './auth.ts'
import { createdAt, oneOf } from './columns.ts'
import { workoutSessions } from './sessions.ts'

/**
 * The sessions an import wrote, by a key stable across uploads of the same export (the source,
 * the workout's local start time and its title, hashed): a second import of a file skips them
 * (docs/import.md). Deleting the session deletes its row, so an import can bring it back.
 */
export const sessionImports = pgTable(
  'session_imports',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    importKey: text('import_key').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => workoutSessions.id, { onDelete: 'cascade' }),
    source: text('source', { enum: IMPORT_SOURCES }).notNull(),
    importedAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'session_imports_pkey', columns: [t.clientId, t.importKey] }),
    oneOf('session_imports_source_check', t.source, IMPORT_SOURCES),
    index('session_imports_session_idx').on(t.sessionId),
  ],
)
