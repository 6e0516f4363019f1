/**
 * A finished session as the lifter and their coach read it: each set beside its prescription,
 * the records it set (and the e1RM they rest on), and per movement the last sets and best e1RM.
 */
import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { TimedResultSchema } from './timed-work.ts'
import { PrescribedSetSchema } from './plans.ts'
import { SessionSchema, SetLogSchema } from './sessions.ts'

/** What can differ between a prescribed set and the set logged for it (docs/set-adherence.md). */
const DEVIATIONS = [
  'skipped',
  'warmup',
  'reps_short',
  'load_off',
  'rpe_high',
  'time_short',
  'distance_short',
  'swapped',
  'added',
  'late',
] as const
export type Deviation = (typeof DEVIATIONS)[number]

const ReviewedSetSchema = lazySchema(() =>
  z.object({
    setNumber: z.number(),
    /** What the plan asked for; null for a set the lifter added. */
    target: z.nullable(PrescribedSetSchema),
    /** The target load in kg: a kg load as written, a %1RM load from the lifter's e1RM when known. */
    targetLoadKg: z.nullable(z.number()),
    /** The target RPE, from RIR (10 - RIR) when the coach wrote RIR. */
    targetRpe: z.nullable(z.number()),
    /** The logged set (completed, not deleted), or null when skipped. */
    logged: z.nullable(SetLogSchema),
    deviations: z.array(z.enum(DEVIATIONS)),
    /** Done as prescribed; null for an added set, which is not part of the prescription. */
    asPrescribed: z.nullable(z.boolean()),
  }),
)
export type ReviewedSet = z.infer<typeof ReviewedSetSchema>

const ReviewedExerciseSchema = lazySchema(() =>
  z.object({
    exerciseKey: z.string(),
    movementId: z.string(),
    movementName: z.string(),
    /** The movement the plan asked for, when the lifter swapped it, and why. */
    swappedFrom: z.nullable(
      z.object({ movementId: z.string(), movementName: z.string(), reason: z.optional(z.nullable(z.string())) }),
    ),
    /** The lifter removed this prescribed exercise during the session. */
    removed: z.boolean(),
    sets: z.array(ReviewedSetSchema),
    /** The timed block this exercise starts: what it asked ('EMOM 10 minutes') and what it came to. */
    block: z._default(z.nullable(z.object({ asked: z.string(), result: z.nullable(TimedResultSchema) })), null),
  }),
)
export type ReviewedExercise = z.infer<typeof ReviewedExerciseSchema>

const SessionReviewSchema = lazySchema(() =>
  z.object({
    exercises: z.array(ReviewedExerciseSchema),
    /** Prescribed sets, and of them the ones done as prescribed. */
    prescribed: z.number(),
    asPrescribed: z.number(),
    /** asPrescribed / prescribed; null when nothing was prescribed. */
    adherence: z.nullable(z.number()),
  }),
)
export type SessionReview = z.infer<typeof SessionReviewSchema>

/**
 * Whether a load or an e1RM beats an earlier best as the lifter reads both, to 0.1 kg: a tie is no
 * record, nor is a gain too small to show ('116.7 kg (was 116.7 kg)').
 */
export const beatsBest = (valueKg: number, bestKg: number) => Math.round(valueKg * 10) > Math.round(bestKg * 10)

/** Epley's estimated one-rep max, for sets of 1 to 12 reps (docs/product.md#loads-units-and-e1rm). */
export function e1rm(loadKg: number | null, reps: number | null): number | null {
  if (!loadKg || !reps || reps < 1 || reps > 12) return null
  return reps === 1 ? loadKg : loadKg * (1 + reps / 30)
}

const RecordSchema = lazySchema(() =>
  z.object({
    movementId: z.string(),
    movementName: z.string(),
    kind: z.enum(['e1rm', 'load']),
    /** For a heaviest load: the rep count (1-10) it was lifted for. */
    reps: z.nullable(z.number()),
    valueKg: z.number(),
    previousKg: z.nullable(z.number()),
  }),
)
export type PersonalRecord = z.infer<typeof RecordSchema>

export const SessionReportSchema = lazySchema(() =>
  z.object({
    session: SessionSchema,
    durationSeconds: z.nullable(z.number()),
    setsCompleted: z.number(),
    setsPrescribed: z.number(),
    volumeKg: z.number(),
    movements: z.array(
      z.object({
        movementId: z.string(),
        movementName: z.string(),
        sets: z.number(),
        bestSet: z.nullable(z.object({ reps: z.number(), loadKg: z.number() })),
        bestE1rmKg: z.nullable(z.number()),
      }),
    ),
    records: z.array(RecordSchema),
    /** Every set beside its prescription, with what differed. */
    review: SessionReviewSchema,
  }),
)
export type SessionReport = z.infer<typeof SessionReportSchema>

/** Per movement, what the lifter did last time and their best e1RM: the preview's and the logger's hints. */
export const MovementStatsSchema = lazySchema(() =>
  z.object({
    movementId: z.string(),
    last: z.nullable(
      z.object({
        sessionId: z.string(),
        date: z.string(),
        sets: z.array(
          z.object({
            reps: z.nullable(z.number()),
            loadKg: z.nullable(z.number()),
            durationSeconds: z.nullable(z.number()),
            distanceMeters: z.nullable(z.number()),
          }),
        ),
      }),
    ),
    bestE1rmKg: z.nullable(z.number()),
  }),
)
export type MovementStats = z.infer<typeof MovementStatsSchema>
