import { sql } from 'drizzle-orm'
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
  type PgColumn,
} from 'drizzle-orm/pg-core'
import { SESSION_STATUSES, type SessionExercise } from '#shared/schemas/sessions.ts'
import { SET_TYPES, type SetType } from '#shared/set-types.ts'
import { users } from './auth.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'
import { movements } from './movements.ts'
import { planWorkouts, trainingPlans } from './plans.ts'
import { workouts } from './workouts.ts'

/** The condition of a session that holds a timed block's result. */
const timedResultOf = (exercises: PgColumn) => sql`jsonb_path_exists(${exercises}, '$[*].result.rounds')`

/**
 * One workout as performed (docs/product.md#domain-model): from a planned day, a standalone
 * workout, or nothing. It copies the names and the exercise list at start, so history reads
 * right after the plan is edited; the list then changes with the session (added, swapped).
 */
export const workoutSessions = pgTable(
  'workout_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planWorkoutId: uuid('plan_workout_id').references(() => planWorkouts.id, { onDelete: 'set null' }),
    planId: uuid('plan_id').references(() => trainingPlans.id, { onDelete: 'set null' }),
    workoutId: uuid('workout_id').references(() => workouts.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    planName: text('plan_name'),
    week: integer('week'),
    day: integer('day'),
    exercises: jsonb('exercises').$type<SessionExercise[]>().notNull(),
    /** Prescribed exercises the lifter removed during the session: their sets count as skipped. */
    removedExercises: jsonb('removed_exercises')
      .$type<SessionExercise[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    rpe: numeric('rpe', { mode: 'number' }),
    notes: text('notes'),
    /** When the lifter last corrected a set of the finished session (docs/product.md#corrections). */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    /**
     * The sets a completed session prescribed, and those done as prescribed: its set review's
     * counts, stored at the finish and at each correction, so adherence over weeks of a roster
     * reads two numbers per session instead of every set (docs/set-adherence.md). Null before the
     * finish, and for sessions finished before they were stored until adherence first reads them.
     */
    setsPrescribed: integer('sets_prescribed'),
    setsAsPrescribed: integer('sets_as_prescribed'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    oneOf('workout_sessions_status_check', t.status, SESSION_STATUSES),
    index('workout_sessions_client_idx').on(t.clientId, t.startedAt),
    index('workout_sessions_plan_workout_idx').on(t.planWorkoutId),
    // A plan's sessions by week and day: adherence looks up the session that answered each
    // planned workout, for every client on the coach's roster, on each roster load.
    index('workout_sessions_plan_day_idx').on(t.planId, t.week, t.day),
    // A lifter's completed sessions, the last finished first: the roster's 'last session' and the
    // dashboard's 'completed since' read the newest few, never the whole history.
    index('workout_sessions_completed_idx')
      .on(t.clientId, t.completedAt.desc())
      .where(sql`${t.status} = 'completed'`),
    // The few finished sessions with a timed block's result, for the progress page's Conditioning:
    // read without going through a lifter's whole history.
    index('workout_sessions_timed_idx')
      .on(t.clientId, t.completedAt.desc())
      .where(sql`${t.status} = 'completed' and ${timedResultOf(t.exercises)}`),
  ],
)

/** A session holds a timed block's result (the condition of `workout_sessions_timed_idx`). */
export const timedResultCondition = () => timedResultOf(workoutSessions.exercises)

/** A set's values as a correction keeps them: what the set was when its session was finished. */
export type FinishedSetValues = {
  exerciseKey: string
  setNumber: number
  reps: number | null
  loadKg: number | null
  rpe: number | null
  durationSeconds: number | null
  distanceMeters: number | null
  completed: boolean
  /** Absent in what was kept before sets had types: a working set. */
  setType?: SetType
  note: string | null
}

/**
 * One logged set: its id is the client's UUID (the idempotency key of offline sync). The
 * performed values sit beside the targets they answered, for set-level adherence.
 */
export const setLogs = pgTable(
  'set_logs',
  {
    id: uuid('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => workoutSessions.id, { onDelete: 'cascade' }),
    /**
     * The lifter whose set this is: their session's client, written by the database itself (a
     * trigger on insert, migration 0025), never by the app. With it, a lifter's best of one
     * movement is an index probe however long their history (docs/scaling.md#flat-as-history-grows).
     */
    clientId: text('client_id'),
    exerciseKey: text('exercise_key').notNull(),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movements.id),
    prescriptionId: uuid('prescription_id'),
    setNumber: integer('set_number').notNull(),
    reps: integer('reps'),
    loadKg: numeric('load_kg', { mode: 'number' }),
    rpe: numeric('rpe', { mode: 'number' }),
    durationSeconds: integer('duration_s'),
    distanceMeters: integer('distance_m'),
    targetRepsMin: integer('target_reps_min'),
    targetRepsMax: integer('target_reps_max'),
    targetLoadKg: numeric('target_load_kg', { mode: 'number' }),
    targetRpe: numeric('target_rpe', { mode: 'number' }),
    completed: boolean('completed').notNull().default(true),
    /** Working, warm-up, drop set or to failure: a warm-up never counts as work (docs/set-types.md). */
    setType: text('set_type', { enum: SET_TYPES }).notNull().default('working'),
    note: text('note'),
    /** When the lifter made this version of the set (their device's clock): the latest edit wins. */
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When the lifter last corrected this set after finishing its session (the server's clock);
     * null while the set is as it was at the finish.
     */
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    /** The set as it was when its session was finished, kept at its first correction; null for a set added afterwards. */
    asFinished: jsonb('as_finished').$type<FinishedSetValues>(),
    loggedAt: timestamp('logged_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('set_logs_session_idx').on(t.sessionId, t.setNumber),
    index('set_logs_movement_idx').on(t.movementId),
    // The sets that count (done, not deleted, not a warm-up) with every value the progress figures read: those
    // figures walk a lifter's sessions and read each one's sets from this index alone, never
    // touching the table, so a long history stays quick to aggregate.
    index('set_logs_done_idx')
      .on(t.sessionId, t.movementId, t.reps, t.loadKg, t.rpe)
      .where(sql`${t.completed} and ${t.deletedAt} is null and ${t.setType} <> 'warmup'`),
    // A lifter's sets of a movement that have an e1RM (1-12 reps, a load), best first: the best
    // e1RM (before a day) is the first of them whose session counts, not an aggregate of all.
    index('set_logs_client_e1rm_idx')
      .on(
        t.clientId,
        t.movementId,
        sql`(case when ${t.reps} = 1 then ${t.loadKg} else ${t.loadKg} * (1 + ${t.reps} / 30.0) end) desc`,
      )
      .where(
        sql`${t.completed} and ${t.deletedAt} is null and ${t.setType} <> 'warmup' and ${t.reps} between 1 and 12 and ${t.loadKg} > 0`,
      ),
    // A lifter's loaded sets of a movement by rep count (13 standing for 13 or more), heaviest
    // first: the heaviest load for a rep count (before a day) is one probe.
    index('set_logs_client_reps_idx')
      .on(t.clientId, t.movementId, sql`least(${t.reps}, 13)`, t.loadKg.desc())
      .where(
        sql`${t.completed} and ${t.deletedAt} is null and ${t.setType} <> 'warmup' and ${t.loadKg} is not null and ${t.reps} is not null`,
      ),
    // A lifter's done sets of one movement, with what their lifetime totals count: recomputing
    // those totals after a set stops counting reads this index and the sessions, nothing else.
    index('set_logs_client_movement_idx')
      .on(t.clientId, t.movementId, t.sessionId, t.reps, t.loadKg)
      .where(sql`${t.completed} and ${t.deletedAt} is null and ${t.setType} <> 'warmup'`),
    oneOf('set_logs_set_type_check', t.setType, SET_TYPES),
  ],
)

/**
 * A lifter's lifetime totals of each movement, per rep count: how many sets counted (done, in a
 * completed session), when it was last trained, and the heaviest load with the first time it was
 * lifted. Derived from set_logs and workout_sessions and kept up to date by the database itself
 * (triggers of migration 0026; the app only reads it), so the progress page's lifetime figures
 * read a few rows per movement instead of a lifter's whole history (docs/scaling.md#flat-as-history-grows).
 */
export const lifetimeTotals = pgTable(
  'lifetime_totals',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    movementId: uuid('movement_id')
      .notNull()
      .references(() => movements.id, { onDelete: 'cascade' }),
    /** The rep count, 1-12; 0 stands for every other (none, or 13 and more), which has no heaviest load. */
    reps: smallint('reps').notNull(),
    sets: integer('sets').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    bestLoadKg: numeric('best_load_kg', { mode: 'number' }),
    bestAt: timestamp('best_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.movementId, t.reps] })],
)

/** Versions of a set that lost to a later edit (two devices): kept, never silently dropped. */
export const setLogHistory = pgTable(
  'set_log_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    setLogId: uuid('set_log_id').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => workoutSessions.id, { onDelete: 'cascade' }),
    values: jsonb('values').notNull(),
    editedAt: timestamp('edited_at', { withTimezone: true }).notNull(),
    replacedAt: createdAt(),
  },
  (t) => [index('set_log_history_set_idx').on(t.setLogId)],
)

/** A coach's comment on a session, or on one logged set of it. */
export const sessionComments = pgTable(
  'session_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => workoutSessions.id, { onDelete: 'cascade' }),
    setLogId: uuid('set_log_id'),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When the other party (the lifter, or the coach for a reply) first saw it. */
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('session_comments_session_idx').on(t.sessionId, t.createdAt),
    index('session_comments_unread_idx')
      .on(t.sessionId)
      .where(sql`${t.readAt} is null`),
  ],
)

/** The lifter's body weight, one reading per day (the latest of a day replaces the earlier). */
export const bodyWeights = pgTable(
  'body_weights',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measuredOn: date('measured_on', { mode: 'string' }).notNull(),
    weightKg: numeric('weight_kg', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('body_weights_client_day').on(t.clientId, t.measuredOn)],
)
