import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { calendarDate } from './dates.ts'
import { TRACKING } from './movements.ts'
import {
  DeloadSchema,
  deloadSets,
  PROGRESSION_MODES,
  ProgressionNoteSchema,
  ProgressionRuleSchema,
} from './progression.ts'
import { BlockTimerSchema, WarmUpRampSchema } from './timed-work.ts'

/** Limits of a plan: what a coach can build and what the server accepts (docs/product.md#validation-rules). */
export const MAX_WEEKS = 16
export const MAX_DAYS_PER_WEEK = 7
export const MAX_SETS_PER_EXERCISE = 20
export const MAX_EXERCISES_PER_WORKOUT = 30
export const MAX_REPS = 100
export const MAX_LOAD_KG = 1000
export const PLAN_NAME_MAX = 120
const NOTES_MAX = 2000

export const PLAN_STATUSES = ['draft', 'active', 'completed', 'archived'] as const

/** How far ahead a planned workout may be moved (from today). */
export const MOVE_DAYS_AHEAD = 28
/** How far back a missed workout may still be moved: older misses stay missed. */
export const MISSED_DAYS_BACK = 7

export const planApiText = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${PLAN_NAME_MAX} characters`,
  weeks: `Weeks must be a whole number from 1 to ${MAX_WEEKS}`,
  daysPerWeek: `Days per week must be a whole number from 1 to ${MAX_DAYS_PER_WEEK}`,
  sets: `An exercise has 1 to ${MAX_SETS_PER_EXERCISE} sets`,
  reps: `Reps must be whole numbers from 1 to ${MAX_REPS}`,
  repRange: 'The lowest reps cannot be above the highest',
  rpe: 'RPE must be from 1 to 10 in steps of 0.5',
  rir: 'RIR must be a whole number from 0 to 10',
  loadKg: `Load must be from 0 to ${MAX_LOAD_KG} kg`,
  percent: 'A percentage of 1RM must be from 1 to 150',
  duration: 'Time must be from 1 second to 24 hours',
  distance: 'Distance must be from 1 m to 100 km',
  rest: 'Rest must be from 0 to 3600 seconds',
  week: `Week must be from 1 to ${MAX_WEEKS}`,
  day: `Day must be from 1 to ${MAX_DAYS_PER_WEEK}`,
  text: `Text must be at most ${NOTES_MAX} characters`,
  superset: 'A superset label is one letter, A to Z',
  tempo: 'Tempo is up to 4 digits or X, e.g. 30X1',
  conflict: 'This plan was changed elsewhere. Reload to see the latest version.',
  trainingDay: 'A training day is a weekday from 1 (Monday) to 7 (Sunday)',
  trainingDaysTwice: 'Pick each weekday once',
  trainingDaysCount: (days: number) =>
    `Pick ${days} training day${days === 1 ? '' : 's'}: one for each day of the plan’s week`,
  startEmpty: 'Add a workout to this plan before you start it',
  startNotOwn: 'Only a plan of your own can be started; your coach starts the plans they assign',
  progressionTwice: 'Each kind of progression can be chosen once',
  progressionBothForms: 'Send either progression or progressions, not both',
  planRuleLinked: 'A plan’s rule takes each exercise’s own e1RM: link a movement on the exercise instead',
  templateNameTaken: (name: string) => `You already have a template named “${name}”. Choose another name.`,
  moveDate: `Choose a date from today to ${MOVE_DAYS_AHEAD} days ahead`,
  moveNotStarted: 'This plan has no dates yet: it has not started',
  moveBeforeStart: 'Choose a date on or after the plan’s start',
  moveNoWorkout: 'There is no workout on this day of the plan',
  moveDone: 'This workout is done already',
  moveTooLate: `Only a workout due in the last ${MISSED_DAYS_BACK} days can be moved`,
} as const

/** A whole number in [min, max], refused with `message` otherwise. */
export const boundedInt = (min: number, max: number, message: string) =>
  z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message))
const text = (max: number, message: string) => z.string(message).check(z.trim(), z.maxLength(max, message))
const optionalText = (max: number) => z.optional(z.nullable(text(max, planApiText.text)))

/** Every change names the version it was made on: a stale one answers 409 (two tabs, two devices). */
// A PostgreSQL integer: larger versions cannot exist, so they are refused as input.
export const VersionSchema = boundedInt(1, 2_147_483_647, 'Version is required')
/** The app's id for one save, the same on every retry: a save that landed but whose answer was lost is not a conflict. */
export const SaveIdSchema = lazySchema(() => z.optional(z.uuid('Not a save id')))

/** One prescribed set: the targets a logged set will answer (docs/product.md#domain-model). */
export const PrescribedSetSchema = lazySchema(() =>
  z
    .object({
      reps: z.optional(
        z.nullable(
          z.object({ min: boundedInt(1, MAX_REPS, planApiText.reps), max: boundedInt(1, MAX_REPS, planApiText.reps) }),
        ),
      ),
      load: z.optional(
        z.nullable(
          z.discriminatedUnion('kind', [
            z.object({
              kind: z.literal('kg'),
              value: z
                .number(planApiText.loadKg)
                .check(z.gte(0, planApiText.loadKg), z.lte(MAX_LOAD_KG, planApiText.loadKg)),
            }),
            z.object({
              kind: z.literal('percent_1rm'),
              value: z
                .number(planApiText.percent)
                .check(z.gte(1, planApiText.percent), z.lte(150, planApiText.percent)),
            }),
            z.object({ kind: z.literal('bodyweight') }),
          ]),
        ),
      ),
      rpe: z.optional(
        z.nullable(
          z.number(planApiText.rpe).check(
            z.gte(1, planApiText.rpe),
            z.lte(10, planApiText.rpe),
            z.refine((value) => Number.isInteger(value * 2), planApiText.rpe),
          ),
        ),
      ),
      rir: z.optional(z.nullable(boundedInt(0, 10, planApiText.rir))),
      durationSeconds: z.optional(z.nullable(boundedInt(1, 86_400, planApiText.duration))),
      distanceMeters: z.optional(z.nullable(boundedInt(1, 100_000, planApiText.distance))),
    })
    .check(
      z.refine((set) => !set.reps || set.reps.min <= set.reps.max, { message: planApiText.repRange, path: ['reps'] }),
    ),
)
export type PrescribedSet = z.infer<typeof PrescribedSetSchema>

const ExerciseInputSchema = lazySchema(() =>
  z.object({
    movementId: z.uuid('Choose a movement'),
    superset: optionalText(1).check(z.refine((v) => !v || /^[A-Z]$/.test(v), planApiText.superset)),
    restSeconds: z.optional(z.nullable(boundedInt(0, 3600, planApiText.rest))),
    tempo: optionalText(4).check(z.refine((v) => !v || /^[0-9X]{1,4}$/i.test(v), planApiText.tempo)),
    notes: optionalText(NOTES_MAX),
    sets: z
      .array(PrescribedSetSchema)
      .check(z.minLength(1, planApiText.sets), z.maxLength(MAX_SETS_PER_EXERCISE, planApiText.sets)),
    /** The exercise's own progression rule; null or absent follows the plan's. */
    progression: z.optional(z.nullable(ProgressionRuleSchema)),
    /** Makes the exercise (with the rest of its superset) a timed block: an EMOM, intervals or a circuit. */
    timer: z.optional(z.nullable(BlockTimerSchema)),
    /** The warm-up sets the day's working load gives, step by step. */
    warmUp: z.optional(z.nullable(WarmUpRampSchema)),
  }),
)
export type ExerciseInput = z.infer<typeof ExerciseInputSchema>

const planName = lazySchema(() =>
  z
    .string(planApiText.nameRequired)
    .check(z.trim(), z.minLength(1, planApiText.nameRequired), z.maxLength(PLAN_NAME_MAX, planApiText.nameTooLong)),
)

export const CreatePlanBody = lazySchema(() =>
  z.object({
    name: planName,
    goal: optionalText(120),
    description: optionalText(NOTES_MAX),
    weeks: boundedInt(1, MAX_WEEKS, planApiText.weeks),
    daysPerWeek: boundedInt(1, MAX_DAYS_PER_WEEK, planApiText.daysPerWeek),
  }),
)
export type CreatePlanInput = z.infer<typeof CreatePlanBody>

/** Every change names the version it was made on: a stale one answers 409 (two tabs, two devices). */
export const UpdatePlanBody = lazySchema(() =>
  z.object({
    version: VersionSchema,
    saveId: SaveIdSchema,
    name: z.optional(planName),
    goal: optionalText(120),
    description: optionalText(NOTES_MAX),
    deloadWeeks: z.optional(z.array(boundedInt(1, MAX_WEEKS, planApiText.week)).check(z.maxLength(MAX_WEEKS))),
    isTemplate: z.optional(z.boolean()),
    /** The rule of every exercise without its own; null: none. */
    progression: z.optional(z.nullable(ProgressionRuleSchema)),
    progressionMode: z.optional(z.enum(PROGRESSION_MODES, 'Apply changes at once, or wait for approval')),
    /** What deload weeks take off; null: they are only marked. */
    deload: z.optional(z.nullable(DeloadSchema)),
  }),
)
export type UpdatePlanInput = z.infer<typeof UpdatePlanBody>

/** What a workout is made of, in a plan's cell or standalone: its title, notes and exercises. */
export const WorkoutContentSchema = lazySchema(() =>
  z.object({
    title: z
      .string(planApiText.nameRequired)
      .check(z.trim(), z.minLength(1, planApiText.nameRequired), z.maxLength(PLAN_NAME_MAX, planApiText.nameTooLong)),
    notes: optionalText(NOTES_MAX),
    exercises: z
      .array(ExerciseInputSchema)
      .check(z.maxLength(MAX_EXERCISES_PER_WORKOUT, `A workout has at most ${MAX_EXERCISES_PER_WORKOUT} exercises`)),
  }),
)
export type WorkoutContent = z.infer<typeof WorkoutContentSchema>

/** PUT /api/plans/:id/days/:week/:day/date: the date a planned workout is trained on; its plan's own date puts it back. */
export const MovePlanDayBody = lazySchema(() => z.object({ date: calendarDate(planApiText.moveDate) }))
export type MovePlanDayInput = z.infer<typeof MovePlanDayBody>

/** One cell of the weeks x days grid: its workout, replaced whole (null removes it). */
export const SavePlanDayBody = lazySchema(() =>
  z.object({
    version: VersionSchema,
    saveId: SaveIdSchema,
    workout: z.nullable(WorkoutContentSchema),
  }),
)
export type SavePlanDayInput = z.infer<typeof SavePlanDayBody>

export const ExerciseSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    movementId: z.string(),
    movementName: z.string(),
    /** The movement's tracking: which fields a logged set of this exercise asks for. */
    tracking: z.enum(TRACKING),
    position: z.number(),
    superset: z.nullable(z.string()),
    restSeconds: z.nullable(z.number()),
    tempo: z.nullable(z.string()),
    notes: z.nullable(z.string()),
    sets: z.array(PrescribedSetSchema),
    progression: z.nullable(ProgressionRuleSchema),
    /** Why the targets are what they are, when a rule set them (the lifter reads it). */
    progressionNote: z.nullable(ProgressionNoteSchema),
    /** The coach changed these targets by hand on a plan in use: no rule overwrites them. */
    handEdited: z.boolean(),
    // Absent from a device's copy saved before blocks and ramps existed.
    timer: z._default(z.nullable(BlockTimerSchema), null),
    warmUp: z._default(z.nullable(WarmUpRampSchema), null),
  }),
)

export type Exercise = z.infer<typeof ExerciseSchema>

const PlanWorkoutSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    week: z.number(),
    day: z.number(),
    title: z.string(),
    notes: z.nullable(z.string()),
    exercises: z.array(ExerciseSchema),
  }),
)
export type PlanWorkout = z.infer<typeof PlanWorkoutSchema>

export const PlanSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    ownerId: z.string(),
    clientId: z.nullable(z.string()),
    name: z.string(),
    goal: z.nullable(z.string()),
    description: z.nullable(z.string()),
    weeks: z.number(),
    daysPerWeek: z.number(),
    deloadWeeks: z.array(z.number()),
    isTemplate: z.boolean(),
    startDate: z.nullable(z.string()),
    trainingDays: z.nullable(z.array(z.number())),
    status: z.enum(PLAN_STATUSES),
    progression: z.nullable(ProgressionRuleSchema),
    progressionMode: z.enum(PROGRESSION_MODES),
    deload: z.nullable(DeloadSchema),
    version: z.number(),
    updatedAt: z.string(),
  }),
)
export type PlanSummary = z.infer<typeof PlanSummarySchema>

/** A planned workout given another date than its plan's (the lifter's, or their coach's doing). */
const MovedDaySchema = lazySchema(() =>
  z.object({
    week: z.number(),
    day: z.number(),
    date: z.string(),
    movedBy: z.nullable(z.string()),
    movedAt: z.string(),
  }),
)
export type MovedDay = z.infer<typeof MovedDaySchema>

// `moves` defaults to none: a device's copy of a plan saved before workouts could move still reads.
export const PlanSchema = lazySchema(() =>
  z.object({
    ...PlanSummarySchema.shape,
    workouts: z.array(PlanWorkoutSchema),
    moves: z._default(z.array(MovedDaySchema), []),
  }),
)
export type Plan = z.infer<typeof PlanSchema>

/** GET /api/plans/workouts/:planWorkoutId: one planned workout with what its read-only view needs of the plan. */
export const PlanWorkoutDetailSchema = lazySchema(() =>
  z.object({
    ...PlanWorkoutSchema.shape,
    plan: z.object({
      id: z.string(),
      name: z.string(),
      ownerId: z.string(),
      clientId: z.nullable(z.string()),
      startDate: z.nullable(z.string()),
      trainingDays: z.nullable(z.array(z.number())),
      weeks: z.number(),
      daysPerWeek: z.number(),
      deloadWeeks: z.array(z.number()),
      deload: z.nullable(DeloadSchema),
      status: z.enum(PLAN_STATUSES),
    }),
    /** In a deload week with a deload set: the sets are the deload's (a share off the load, sets removed). */
    deloaded: z.boolean(),
  }),
)
export type PlanWorkoutDetail = z.infer<typeof PlanWorkoutDetailSchema>

/**
 * A planned workout as the lifter trains it: in a deload week of a plan with a deload set, every
 * exercise takes it (less load, fewer sets). The server answers with it, and a device builds it
 * from its copy of the plan alone.
 */
export function asTrained(workout: PlanWorkout, plan: PlanWorkoutDetail['plan']): PlanWorkoutDetail {
  const deloaded = Boolean(plan.deload) && plan.deloadWeeks.includes(workout.week)
  return {
    ...workout,
    plan,
    deloaded,
    exercises: deloaded
      ? workout.exercises.map((e) => ({ ...e, sets: deloadSets(e.sets, plan.deload) }))
      : workout.exercises,
  }
}

/** GET /api/plans: the caller's plans that are not archived (and those assigned to them), or `?archived=true` their own archived ones. */
export const ListPlansQuery = lazySchema(() =>
  z.object({
    archived: z.optional(z.enum(['true', 'false'], 'archived must be true or false')),
    /** false: only the user's own plans that are no client's copy (templates, drafts, a lifter's own), however many copies they assigned. */
    assigned: z.optional(z.enum(['true', 'false'], 'assigned must be true or false')),
    /** false: only plans still in use (drafts, templates, active ones); true: only completed ones, the history a list shows on request. */
    completed: z.optional(z.enum(['true', 'false'], 'completed must be true or false')),
  }),
)
export type ListPlansInput = z.infer<typeof ListPlansQuery>

/**
 * A plan's training days: one weekday (ISO: 1 Monday to 7 Sunday) per day of its week, each once
 * (a 3-day plan on Monday, Wednesday and Friday). The server also checks there is one per day.
 */
const TrainingDaysSchema = lazySchema(() =>
  z.array(boundedInt(1, 7, planApiText.trainingDay)).check(
    z.minLength(1, planApiText.trainingDaysCount(1)),
    z.maxLength(MAX_DAYS_PER_WEEK, planApiText.trainingDaysCount(MAX_DAYS_PER_WEEK)),
    z.refine((days) => new Set(days).size === days.length, planApiText.trainingDaysTwice),
  ),
)

/**
 * Assigning a plan to one of the coach's active clients, from a start date (YYYY-MM-DD), on
 * training days: the plan's own when absent, null for days that follow one another.
 */
export const AssignPlanBody = lazySchema(() =>
  z.object({
    clientId: z.string('Choose a client').check(z.minLength(1, 'Choose a client'), z.maxLength(64)),
    startDate: calendarDate('Start date must be a date (YYYY-MM-DD)'),
    trainingDays: z.optional(z.nullable(TrainingDaysSchema)),
  }),
)
export type AssignPlanInput = z.infer<typeof AssignPlanBody>

/** A coach sets the weekdays their plan trains on (null: its days follow one another), on the version they saw. */
export const PlanTrainingDaysBody = lazySchema(() =>
  z.object({
    version: VersionSchema,
    saveId: SaveIdSchema,
    trainingDays: z.nullable(TrainingDaysSchema),
  }),
)
export type PlanTrainingDaysInput = z.infer<typeof PlanTrainingDaysBody>

/** A self-coached lifter starts their own plan: from a start date, on their training days. */
export const StartPlanBody = lazySchema(() =>
  z.object({
    startDate: calendarDate('Start date must be a date (YYYY-MM-DD)'),
    trainingDays: TrainingDaysSchema,
  }),
)
export type StartPlanInput = z.infer<typeof StartPlanBody>

/** A copy of a plan: a new draft from a template, or a duplicate (optionally itself a template). */
export const CopyPlanBody = lazySchema(() =>
  z.object({
    name: z.optional(planName),
    isTemplate: z.optional(z.boolean()),
  }),
)
export type CopyPlanInput = z.infer<typeof CopyPlanBody>
