import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { ExerciseSchema, SaveIdSchema, VersionSchema, WorkoutContentSchema } from './plans.ts'

/** Standalone workouts (the workout library): a client's own, and a coach's templates shared with their clients. */
export const workoutApiText = {
  conflict: 'This workout was changed elsewhere. Reload to see the latest version.',
  created: 'Workout created',
  saved: 'Workout saved',
  archived: 'Workout archived',
  restored: 'Workout restored',
  copied: 'Copied to your workouts',
  deleted: 'Workout deleted',
} as const

export const CreateWorkoutBody = lazySchema(() =>
  z.object({
    ...WorkoutContentSchema.shape,
    isTemplate: z.optional(z.boolean()),
  }),
)
export type CreateWorkoutInput = z.infer<typeof CreateWorkoutBody>

/** The whole workout, replaced at once, naming the version it was made on (a stale one answers 409). */
export const SaveWorkoutBody = lazySchema(() =>
  z.object({
    ...WorkoutContentSchema.shape,
    version: VersionSchema,
    saveId: SaveIdSchema,
    isTemplate: z.optional(z.boolean()),
  }),
)
export type SaveWorkoutInput = z.infer<typeof SaveWorkoutBody>

/** The caller's own copy of a workout they may read (e.g. a client's copy of their coach's template). */
export const CopyWorkoutBody = lazySchema(() =>
  z.object({
    title: z.optional(WorkoutContentSchema.shape.title),
    isTemplate: z.optional(z.boolean()),
  }),
)
export type CopyWorkoutInput = z.infer<typeof CopyWorkoutBody>

/** GET /api/workouts: the caller's own and shared workouts, or `?archived=true` their own archived ones. */
export const ListWorkoutsQuery = lazySchema(() =>
  z.object({
    archived: z.optional(z.enum(['true', 'false'], 'archived must be true or false')),
  }),
)
export type ListWorkoutsInput = z.infer<typeof ListWorkoutsQuery>

export const WorkoutSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    ownerId: z.string(),
    ownerName: z.string(),
    title: z.string(),
    notes: z.nullable(z.string()),
    isTemplate: z.boolean(),
    archived: z.boolean(),
    exerciseCount: z.number(),
    version: z.number(),
    updatedAt: z.string(),
    /** A coach's template shown to their client: readable and copyable, not editable. */
    shared: z.boolean(),
  }),
)
export type WorkoutSummary = z.infer<typeof WorkoutSummarySchema>

export const WorkoutSchema = lazySchema(() =>
  z.object({ ...WorkoutSummarySchema.shape, exercises: z.array(ExerciseSchema) }),
)
export type Workout = z.infer<typeof WorkoutSchema>
