import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { Answer, Question } from '#shared/schemas/check-ins.ts'
import { users } from './auth.ts'
import { createdAt, updatedAt } from './columns.ts'

/** A coach's check-in form: its name and questions, in order (docs/check-ins.md). Deleted forms are archived. */
export const checkInTemplates = pgTable(
  'check_in_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    questions: jsonb('questions').$type<Question[]>().notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('check_in_templates_coach_idx').on(t.coachId)],
)

/** A form sent to a client: weekly on a weekday, or every N days, from its first day until ended. */
export const checkInSchedules = pgTable(
  'check_in_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('template_id')
      .notNull()
      .references(() => checkInTemplates.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coachId: text('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cadence: text('cadence', { enum: ['weekly', 'every'] }).notNull(),
    weekday: smallint('weekday'),
    everyDays: smallint('every_days'),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'check_in_schedules_cadence',
      sql`(${t.cadence} = 'weekly' and ${t.weekday} between 1 and 7) or (${t.cadence} = 'every' and ${t.everyDays} between 2 and 28)`,
    ),
    index('check_in_schedules_client_idx').on(t.clientId),
    index('check_in_schedules_coach_idx').on(t.coachId),
  ],
)

/**
 * A client's answers to one due day of a schedule. The form's name and questions are copied in,
 * so a form changed later still reads each answer against the question it answered.
 */
export const checkIns = pgTable(
  'check_ins',
  {
    id: uuid('id').primaryKey(),
    scheduleId: uuid('schedule_id').references(() => checkInSchedules.id, { onDelete: 'set null' }),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    questions: jsonb('questions').$type<Question[]>().notNull(),
    answers: jsonb('answers').$type<Record<string, Answer>>().notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    late: boolean('late').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('check_ins_schedule_due').on(t.scheduleId, t.dueOn),
    index('check_ins_client_idx').on(t.clientId, t.dueOn.desc(), t.id.desc()),
  ],
)

/** A comment on a check-in, by the coach or the client. */
export const checkInComments = pgTable(
  'check_in_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    checkInId: uuid('check_in_id')
      .notNull()
      .references(() => checkIns.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('check_in_comments_check_in_idx').on(t.checkInId, t.createdAt)],
)
