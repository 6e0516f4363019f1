import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { HABIT_KINDS } from '#shared/schemas/habits.ts'
import { users } from './auth.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'

/**
 * A daily habit a lifter follows (docs/habits.md): a yes/no, or an amount with a target
 * (8000 steps, 150 g of protein). Set by their coach or by the lifter; archived rather than
 * deleted, so its days stay.
 */
export const habits = pgTable(
  'habits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who set it; null once that account is gone. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: HABIT_KINDS }).notNull(),
    unit: text('unit').notNull().default(''),
    target: numeric('target', { mode: 'number' }),
    position: smallint('position').notNull().default(0),
    /** The lifter's first day of it: days before count for nothing. */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('habits_kind', t.kind, HABIT_KINDS),
    check('habits_amount_target', sql`${t.kind} = 'check' or ${t.target} > 0`),
    index('habits_client_idx').on(t.clientId, t.position),
  ],
)

/** One day of a habit: what the lifter logged, and whether it met the habit as it was that day. */
export const habitEntries = pgTable(
  'habit_entries',
  {
    habitId: uuid('habit_id')
      .notNull()
      .references(() => habits.id, { onDelete: 'cascade' }),
    entryOn: date('entry_on', { mode: 'string' }).notNull(),
    value: numeric('value', { mode: 'number' }).notNull(),
    met: boolean('met').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.habitId, t.entryOn] })],
)
