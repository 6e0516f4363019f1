import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { moment } from './dates.ts'
import { EQUIPMENT, TRACKING } from './movements.ts'
import { PrescribedSetSchema, type Exercise } from './plans.ts'
import { SET_TYPES } from '../set-types.ts'
import { BlockTimerSchema, TimedResultSchema, WarmUpRampSchema } from './timed-work.ts'

/** Workout sessions and logged sets (docs/product.md#domain-model). */
export const SESSION_STATUSES = ['in_progress', 'completed', 'abandoned'] as const
const MAX_LOGGED_REPS = 1000
const MAX_LOGGED_LOAD_KG = 1500
const MAX_SETS_PER_SESSION_EXERCISE = 50
const COMMENT_MAX = 2000
/** Why a lifter swapped a movement, as the coach reads it: 'Not in Home gym (barbell)'. */
export const SWAP_REASON_MAX = 200
/** How long after it was finished a session can still be corrected (docs/product.md#corrections). */
export const CORRECTION_WINDOW_HOURS = 48

export const sessionApiText = {
  reps: `Reps must be a whole number from 0 to ${MAX_LOGGED_REPS}`,
  load: `Load must be from 0 to ${MAX_LOGGED_LOAD_KG} kg`,
  rpe: 'RPE must be from 1 to 10 in steps of 0.5',
  duration: 'Time must be from 0 seconds to 24 hours',
  distance: 'Distance must be from 0 m to 1000 km',
  setNumber: `Set number must be from 1 to ${MAX_SETS_PER_SESSION_EXERCISE}`,
  note: `A note is at most ${COMMENT_MAX} characters`,
  finished: 'This session is finished: it takes no more sets.',
  notYours: 'This session is not yours',
  unknownExercise: 'This exercise is not part of the session',
  oneSource: 'Start from a planned workout or a standalone workout, not both',
  commentRequired: 'Write a comment first',
  correctionClosed: `A session can be corrected for ${CORRECTION_WINDOW_HOURS} hours after it was finished`,
  discarded: 'This session was discarded',
} as const

const int = (min: number, max: number, message: string) =>
  z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message))
const rpe = lazySchema(() =>
  z.number(sessionApiText.rpe).check(
    z.gte(1, sessionApiText.rpe),
    z.lte(10, sessionApiText.rpe),
    z.refine((value) => Number.isInteger(value * 2), sessionApiText.rpe),
  ),
)
const note = lazySchema(() =>
  z.optional(z.nullable(z.string(sessionApiText.note).check(z.trim(), z.maxLength(COMMENT_MAX, sessionApiText.note)))),
)

/** One exercise of a session: a copy of its prescription at start (or added during the session). */
const SessionExerciseSchema = lazySchema(() =>
  z.object({
    key: z.uuid(),
    movementId: z.uuid('Choose a movement'),
    movementName: z.string().check(z.maxLength(200)),
    tracking: z.enum(TRACKING),
    prescriptionId: z.nullable(z.uuid()),
    superset: z.nullable(z.string().check(z.maxLength(1))),
    restSeconds: z.nullable(int(0, 3600, 'Rest must be from 0 to 3600 seconds')),
    notes: z.nullable(z.string().check(z.maxLength(COMMENT_MAX))),
    targets: z.array(PrescribedSetSchema).check(z.maxLength(MAX_SETS_PER_SESSION_EXERCISE)),
    /** The movement the plan asked for, when the lifter swapped it for this one, and why. */
    swappedFrom: z.optional(
      z.nullable(
        z.object({
          movementId: z.uuid(),
          movementName: z.string().check(z.maxLength(200)),
          reason: z.optional(z.nullable(z.string().check(z.maxLength(SWAP_REASON_MAX)))),
        }),
      ),
    ),
    tempo: z.optional(z.nullable(z.string().check(z.maxLength(4)))),
    timer: z.optional(z.nullable(BlockTimerSchema)),
    warmUp: z.optional(z.nullable(WarmUpRampSchema)),
    /** What the timed block this exercise starts came to (rounds and time). */
    result: z.optional(z.nullable(TimedResultSchema)),
    /**
     * How to do the movement: the library's instructions and demo link. The server answers with
     * the library's, whatever the copy holds, so the device has them in the gym.
     */
    // No length limit: they are the library's (the server stores none of what a device sends here).
    instructions: z.optional(z.nullable(z.string())),
    videoUrl: z.optional(z.nullable(z.string())),
    /**
     * The movement's equipment (a barbell gets the plate calculator): the server answers with the
     * library's, whatever the copy holds; the device fills it in for an exercise it adds.
     */
    equipment: z.optional(z.array(z.enum(EQUIPMENT)).check(z.maxLength(EQUIPMENT.length))),
    /** Why the targets are what they are, when a progression rule set them. */
    reason: z.optional(z.nullable(z.string().check(z.maxLength(300)))),
    /** The movement whose e1RM the %1RM targets are a share of, when not this one's (a linked movement). */
    oneRepMaxMovementId: z.optional(z.nullable(z.uuid())),
  }),
)
export type SessionExercise = z.infer<typeof SessionExerciseSchema>

/**
 * A session's copy of a prescribed exercise, as a session starts with it, under a new key: made
 * by the server at start, or by the device for a start with no signal.
 */
export const sessionExerciseOf = (exercise: Exercise): SessionExercise => ({
  key: crypto.randomUUID(),
  movementId: exercise.movementId,
  movementName: exercise.movementName,
  tracking: exercise.tracking,
  prescriptionId: exercise.id,
  superset: exercise.superset,
  restSeconds: exercise.restSeconds,
  notes: exercise.notes,
  tempo: exercise.tempo,
  timer: exercise.timer,
  warmUp: exercise.warmUp,
  targets: exercise.sets,
  reason: exercise.progressionNote?.reason ?? null,
  oneRepMaxMovementId:
    exercise.progression?.kind === 'percent_e1rm' ? (exercise.progression.linkedMovementId ?? null) : null,
})

/** A session's exercise list: each exercise with a key of its own (the sets name it). */
const SessionExercisesSchema = lazySchema(() =>
  z.array(SessionExerciseSchema).check(
    z.maxLength(40, 'A session has at most 40 exercises'),
    z.refine(
      (exercises) => new Set(exercises.map((e) => e.key)).size === exercises.length,
      'Each exercise needs a key of its own',
    ),
  ),
)

/** Start (or resume) a session; `id` lets a client name it up front so a retried start is the same session. */
export const StartSessionBody = lazySchema(() =>
  z.object({
    id: z.optional(z.uuid('Not a session id')),
    planWorkoutId: z.optional(z.uuid('Not a planned workout')),
    workoutId: z.optional(z.uuid('Not a workout')),
    /**
     * A session started on the device with no signal: its exercises as the device made them (their
     * keys are what its sets name) and its title. Such a start is created as it is, never resumed
     * into another open session of the same workout; should an earlier try of the same start have
     * landed without them (its answer lost), that session takes them while nothing is logged on it.
     */
    exercises: z.optional(SessionExercisesSchema),
    title: z.optional(
      z
        .string('Title must be text')
        .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(200, 'Title must be at most 200 characters')),
    ),
  }),
)
export type StartSessionInput = z.infer<typeof StartSessionBody>

/** A set as logged: PUT /api/sessions/:id/sets/:setId, idempotent by the client's UUID. */
export const LogSetBody = lazySchema(() =>
  z.object({
    exerciseKey: z.uuid(sessionApiText.unknownExercise),
    setNumber: int(1, MAX_SETS_PER_SESSION_EXERCISE, sessionApiText.setNumber),
    reps: z.optional(z.nullable(int(0, MAX_LOGGED_REPS, sessionApiText.reps))),
    loadKg: z.optional(
      z.nullable(
        z
          .number(sessionApiText.load)
          .check(z.gte(0, sessionApiText.load), z.lte(MAX_LOGGED_LOAD_KG, sessionApiText.load)),
      ),
    ),
    rpe: z.optional(z.nullable(rpe)),
    durationSeconds: z.optional(z.nullable(int(0, 86_400, sessionApiText.duration))),
    distanceMeters: z.optional(z.nullable(int(0, 1_000_000, sessionApiText.distance))),
    completed: z._default(z.boolean(), true),
    /** Working (the default), warm-up, drop set or to failure (docs/set-types.md). */
    setType: z._default(z.enum(SET_TYPES, 'Set type must be working, warmup, drop or failure'), 'working'),
    note,
    /** When the lifter made this edit, on their device: of two versions of one set, the later wins. */
    editedAt: moment('editedAt must be an ISO date-time'),
  }),
)
export type LogSetInput = z.input<typeof LogSetBody>

/** DELETE a set: when the lifter deleted it, on their device (a later edit from another device wins). */
export const DeleteSetQuery = lazySchema(() =>
  z.object({ editedAt: z.optional(moment('editedAt must be an ISO date-time')) }),
)

/** Changing the session itself: its exercise list (add, swap, remove, reorder) and notes. */
export const UpdateSessionBody = lazySchema(() =>
  z.object({
    exercises: z.optional(SessionExercisesSchema),
    notes: note,
  }),
)
export type UpdateSessionInput = z.infer<typeof UpdateSessionBody>

export const FinishSessionBody = lazySchema(() => z.object({ rpe: z.optional(z.nullable(rpe)), notes: note }))
export type FinishSessionInput = z.infer<typeof FinishSessionBody>

export const CommentBody = lazySchema(() =>
  z.object({
    body: z
      .string(sessionApiText.commentRequired)
      .check(z.trim(), z.minLength(1, sessionApiText.commentRequired), z.maxLength(COMMENT_MAX, sessionApiText.note)),
    setLogId: z.optional(z.nullable(z.uuid())),
  }),
)
export type CommentInput = z.infer<typeof CommentBody>

/** A set's performed values: what a correction shows the set was. */
const SetValuesSchema = lazySchema(() =>
  z.object({
    reps: z.nullable(z.number()),
    loadKg: z.nullable(z.number()),
    rpe: z.nullable(z.number()),
    durationSeconds: z.nullable(z.number()),
    distanceMeters: z.nullable(z.number()),
    completed: z.boolean(),
  }),
)

/**
 * A set changed after its session was finished: when (the server's clock), and the set as it was
 * when the session was finished (null: it was added afterwards).
 */
const CorrectionSchema = lazySchema(() => z.object({ at: z.string(), was: z.nullable(SetValuesSchema) }))

export const SetLogSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    exerciseKey: z.string(),
    movementId: z.string(),
    setNumber: z.number(),
    reps: z.nullable(z.number()),
    loadKg: z.nullable(z.number()),
    rpe: z.nullable(z.number()),
    durationSeconds: z.nullable(z.number()),
    distanceMeters: z.nullable(z.number()),
    targetRepsMin: z.nullable(z.number()),
    targetRepsMax: z.nullable(z.number()),
    targetLoadKg: z.nullable(z.number()),
    targetRpe: z.nullable(z.number()),
    completed: z.boolean(),
    setType: z.enum(SET_TYPES),
    note: z.nullable(z.string()),
    editedAt: z.string(),
    /** When the server first stored the set (absent on a set still waiting on the device). */
    loggedAt: z.optional(z.string()),
    /** Set when the lifter corrected it after finishing the session. */
    correction: z.optional(z.nullable(CorrectionSchema)),
  }),
)
export type SetLog = z.infer<typeof SetLogSchema>

export const CommentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    setLogId: z.nullable(z.string()),
    authorId: z.string(),
    authorName: z.string(),
    body: z.string(),
    createdAt: z.string(),
  }),
)
export type Comment = z.infer<typeof CommentSchema>

/** A comment someone has not read yet: the lifter's coach's, or (for the coach) a lifter's reply. */
export const CommentNoticeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    sessionId: z.string(),
    sessionTitle: z.string(),
    setLogId: z.nullable(z.string()),
    authorName: z.string(),
    body: z.string(),
    createdAt: z.string(),
  }),
)
export type CommentNotice = z.infer<typeof CommentNoticeSchema>

/** GET /api/sessions/comments/unread: how many, and the newest few. */
export const UnreadCommentsSchema = lazySchema(() =>
  z.object({ count: z.number(), latest: z.array(CommentNoticeSchema) }),
)
export type UnreadComments = z.infer<typeof UnreadCommentsSchema>

export const SessionSummarySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    clientId: z.string(),
    planWorkoutId: z.nullable(z.string()),
    planId: z.nullable(z.string()),
    workoutId: z.nullable(z.string()),
    title: z.string(),
    planName: z.nullable(z.string()),
    week: z.nullable(z.number()),
    day: z.nullable(z.number()),
    status: z.enum(SESSION_STATUSES),
    startedAt: z.string(),
    completedAt: z.nullable(z.string()),
    rpe: z.nullable(z.number()),
    notes: z.nullable(z.string()),
    /** When the lifter last corrected the session after finishing it; null if never. */
    correctedAt: z._default(z.nullable(z.string()), null),
  }),
)
export type SessionSummary = z.infer<typeof SessionSummarySchema>

export const SessionSchema = lazySchema(() =>
  z.object({
    ...SessionSummarySchema.shape,
    exercises: z.array(SessionExerciseSchema),
    /** Prescribed exercises removed during the session: the review counts their sets as skipped. */
    removedExercises: z._default(z.array(SessionExerciseSchema), []),
    sets: z.array(SetLogSchema),
    /** Sets that counted when the session was finished and that a correction removed, with what they were. */
    removedSets: z._default(z.array(SetLogSchema), []),
    comments: z.array(CommentSchema),
  }),
)
export type Session = z.infer<typeof SessionSchema>

/** On the live connection: a session was corrected after it was finished (to its lifter and their coach). */
export const CorrectionNoticeSchema = lazySchema(() => z.object({ sessionId: z.string(), clientId: z.string() }))
export type CorrectionNotice = z.infer<typeof CorrectionNoticeSchema>

export const CoachCardSchema = lazySchema(() =>
  z.object({ coach: z.nullable(z.object({ id: z.string(), displayName: z.string(), since: z.string() })) }),
)
