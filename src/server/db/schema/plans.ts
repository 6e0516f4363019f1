import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { PLAN_STATUSES, type PrescribedSet } from '#shared/schemas/plans.ts'
import type { BlockTimer, WarmUpRamp } from '#shared/schemas/timed-work.ts'
import {
  PROGRESSION_MODES,
  type Deload,
  type ProgressionNote,
  type ProgressionRule,
} from '#shared/schemas/progression.ts'
import { users } from './auth.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'
import { movements } from './movements.ts'
import { workouts } from './workouts.ts'

/** A multi-week plan: a coach's (or a self-coached client's) own, a template, or a client's assigned copy. */
export const trainingPlans = pgTable(
  'training_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Set on a client's assigned copy. */
    clientId: text('client_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    goal: text('goal'),
    description: text('description'),
    weeks: integer('weeks').notNull(),
    daysPerWeek: integer('days_per_week').notNull(),
    deloadWeeks: integer('deload_weeks')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    isTemplate: boolean('is_template').notNull().default(false),
    startDate: date('start_date', { mode: 'string' }),
    /**
     * The weekdays (ISO: 1 Monday to 7 Sunday) the plan's days fall on once it has a start date,
     * one per day of the week; null when its days follow one another from the start date. A
     * coach's plan passes its own to the copies assigned from it; a lifter's start sets them.
     */
    trainingDays: integer('training_days').array(),
    /**
     * A client's assigned copy: stays true when its client is deleted (the client column is then
     * null), so such a copy is never taken for a plan its owner started.
     */
    assigned: boolean('assigned').notNull().default(false),
    status: text('status', { enum: ['draft', 'active', 'completed', 'archived'] })
      .notNull()
      .default('draft'),
    /** Bumped by every change: a save naming an older version answers 409. */
    version: integer('version').notNull().default(1),
    /** The app's id of the save that made this version: a retried save whose answer was lost is recognised, not a conflict. */
    lastSaveId: uuid('last_save_id'),
    sourcePlanId: uuid('source_plan_id'),
    /** The progression rule of every exercise that has none of its own (docs/progression.md). */
    progression: jsonb('progression').$type<ProgressionRule>(),
    /** Whether a rule's changes reach the plan when a session completes, or wait for the coach's approval. */
    progressionMode: text('progression_mode', { enum: PROGRESSION_MODES }).notNull().default('apply'),
    /** What the deload weeks take off: a share of the load, and sets. Null: deload weeks are only marked. */
    deload: jsonb('deload').$type<Deload>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('training_plans_weeks_check', sql`${t.weeks} between 1 and 16`),
    check('training_plans_days_check', sql`${t.daysPerWeek} between 1 and 7`),
    oneOf('training_plans_status_check', t.status, PLAN_STATUSES),
    oneOf('training_plans_progression_mode_check', t.progressionMode, PROGRESSION_MODES),
    index('training_plans_owner_idx').on(t.ownerId, t.status),
    index('training_plans_client_idx').on(t.clientId, t.status),
    // A user's own plans that are no client's copy, newest first: a coach's templates and drafts
    // are read without passing the hundreds of copies years of clients leave behind.
    index('training_plans_own_idx')
      .on(t.ownerId, t.updatedAt.desc())
      .where(sql`${t.clientId} is null and not ${t.assigned}`),
    // A client has at most one active plan.
    uniqueIndex('training_plans_one_active_per_client')
      .on(t.clientId)
      .where(sql`${t.status} = 'active' and ${t.clientId} is not null`),
    // A self-coached lifter has at most one active plan of their own (beside their coach's): one
    // they started (a start sets its training days). A coach's assigned copies, also those whose
    // client was deleted (the client set to null), are none of these, whatever their weekdays.
    uniqueIndex('training_plans_one_active_own')
      .on(t.ownerId)
      .where(
        sql`${t.status} = 'active' and ${t.clientId} is null and ${t.trainingDays} is not null and not ${t.assigned}`,
      ),
    check(
      'training_plans_training_days_check',
      sql`${t.trainingDays} is null or (cardinality(${t.trainingDays}) = ${t.daysPerWeek} and ${t.trainingDays} <@ '{1,2,3,4,5,6,7}'::integer[])`,
    ),
  ],
)

/** One cell of the weeks x days grid: the `planWorkoutId` of the routes. */
export const planWorkouts = pgTable(
  'plan_workouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    day: integer('day').notNull(),
    title: text('title').notNull(),
    notes: text('notes'),
  },
  (t) => [uniqueIndex('plan_workouts_cell').on(t.planId, t.week, t.day)],
)

/**
 * A planned workout the lifter trains on another date than the plan gives it (a missed day moved
 * to today, say): the plan itself is unchanged. Keyed by the plan's week and day, as sessions are,
 * so a coach's edit of the day keeps its date.
 */
export const planDayDates = pgTable(
  'plan_day_dates',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    week: integer('week').notNull(),
    day: integer('day').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** Who moved it: the lifter, or their coach. */
    movedBy: text('moved_by').references(() => users.id, { onDelete: 'set null' }),
    movedAt: timestamp('moved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.week, t.day] })],
)

/**
 * An exercise of a planned workout (or of a standalone workout) with its prescribed sets. The
 * sets are a JSON array on the row: they are always read and written with their exercise, and a
 * 16-week plan stays ~900 rows.
 */
export const prescriptions = pgTable(
  'prescriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planWorkoutId: uuid('plan_workout_id').references(() => planWorkouts.id, { onDelete: 'cascade' }),
    workoutId: uuid('workout_id').references(() => workouts.id, { onDelete: 'cascade' }),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movements.id),
    position: integer('position').notNull(),
    superset: text('superset'),
    restSeconds: integer('rest_seconds'),
    tempo: text('tempo'),
    notes: text('notes'),
    sets: jsonb('sets').$type<PrescribedSet[]>().notNull(),
    /** The exercise's own progression rule; null follows the plan's. */
    progression: jsonb('progression').$type<ProgressionRule>(),
    /** Why the targets are what they are, when a rule set them, and the misses in a row so far. */
    progressionNote: jsonb('progression_note').$type<ProgressionNote>(),
    /** The coach changed these targets by hand on a plan in use: no rule overwrites them. */
    handEdited: boolean('hand_edited').notNull().default(false),
    /** Makes it (with the rest of its superset) a timed block: an EMOM, intervals or a circuit. */
    timer: jsonb('timer').$type<BlockTimer>(),
    /** Its warm-up ramp: steps of the day's working load. */
    warmUp: jsonb('warm_up').$type<WarmUpRamp>(),
  },
  (t) => [
    // Exactly one parent: a cell of a plan, or a standalone workout.
    check('prescriptions_one_parent', sql`(${t.planWorkoutId} is null) <> (${t.workoutId} is null)`),
    index('prescriptions_workout_idx').on(t.planWorkoutId, t.position),
    index('prescriptions_standalone_workout_idx').on(t.workoutId, t.position),
    index('prescriptions_movement_idx').on(t.movementId),
  ],
)

export const PROPOSAL_STATUSES = ['pending', 'approved', 'dismissed', 'superseded', 'stale'] as const

/**
 * A rule's change to a client's next targets, waiting for the coach (a plan in 'approve' mode):
 * the exercise is the `occurrence`-th of its movement in the planned workout, since the builder
 * writes a day's exercises anew on every save.
 */
export const progressionProposals = pgTable(
  'progression_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => trainingPlans.id, { onDelete: 'cascade' }),
    planWorkoutId: uuid('plan_workout_id')
      .notNull()
      .references(() => planWorkouts.id, { onDelete: 'cascade' }),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movements.id),
    occurrence: integer('occurrence').notNull().default(0),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session whose sets gave it. */
    sessionId: uuid('session_id'),
    fromSets: jsonb('from_sets').$type<PrescribedSet[]>().notNull(),
    toSets: jsonb('to_sets').$type<PrescribedSet[]>().notNull(),
    reason: text('reason').notNull(),
    failures: integer('failures').notNull().default(0),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    oneOf('progression_proposals_status_check', t.status, PROPOSAL_STATUSES),
    index('progression_proposals_plan_idx').on(t.planId, t.status),
    index('progression_proposals_client_idx').on(t.clientId, t.status),
  ],
)
