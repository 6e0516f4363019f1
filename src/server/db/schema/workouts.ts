import { boolean, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth.ts'
import { createdAt, updatedAt } from './columns.ts'

/**
 * A standalone workout of the workout library (docs/product.md#domain-model): a client's own, or a
 * coach's, which as a template is shared with the coach's active clients. Its exercises are
 * prescriptions, as a planned workout's are.
 */
export const workouts = pgTable(
  'workouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes'),
    isTemplate: boolean('is_template').notNull().default(false),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** Bumped by every change: a save naming an older version answers 409. */
    version: integer('version').notNull().default(1),
    /** The app's id of the save that made this version (a retried save is recognised). */
    lastSaveId: uuid('last_save_id'),
    /** The workout this one was copied from (a coach's template, or the owner's own). */
    sourceWorkoutId: uuid('source_workout_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workouts_owner_idx').on(t.ownerId, t.isTemplate)],
)
