import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { calendarDate } from './dates.ts'
import { MUSCLES, PATTERNS, TRACKING } from './movements.ts'
import { MUSCLE_GROUPS } from '../muscle-groups.ts'

/**
 * The progress page: what a lifter trained, how much, their records and their body weight. Read
 * by the lifter and by their active coach; the meaning of every figure is in docs/progress.md.
 */

/** How many weeks the weekly volume and the session RPE cover (the current week included). */
export const PROGRESS_WEEKS = 12
/** The most trained movements listed on the page. */
export const PROGRESS_TOP_MOVEMENTS = 12
/** The movements whose records are kept (the most trained first). */
export const RECORD_MOVEMENTS = 30
/** Rep counts with a heaviest-load record (and the range of Epley's e1RM). */
export const RECORD_MIN_REPS = 1
export const RECORD_MAX_REPS = 12
export const SESSION_RPE_CAP = 120
export const E1RM_POINTS_CAP = 260
export const MOVEMENT_SEARCH_CAP = 20
const MOVEMENT_SEARCH_MAX = 100
/** Body weight: the days read back, and the most readings in one answer. */
export const BODY_WEIGHT_DAYS = 365
export const BODY_WEIGHT_CAP = 400
export const BODY_WEIGHT_MIN_KG = 20
export const BODY_WEIGHT_MAX_KG = 400
/** A time zone's offset from UTC is within ±14 hours. */
const MAX_UTC_OFFSET_MINUTES = 14 * 60

export const progressApiText = {
  clientRequired: 'Choose a client: clientId is required for a coach',
  notYourClient: 'Only this lifter and their coach can see their progress',
  unknownMovement: 'Movement not found',
  date: 'The date must be a real day (YYYY-MM-DD) from 1900 until tomorrow',
  weight: `Body weight must be a number from ${BODY_WEIGHT_MIN_KG} to ${BODY_WEIGHT_MAX_KG} kg with at most 2 decimals`,
  noReading: 'No body weight on this date',
  onlyLifter: 'Only the lifter records their own body weight',
  today: 'today must be a date (YYYY-MM-DD) from 2000 to 2200',
  since: 'since must be a date (YYYY-MM-DD) from 1900 to 9999',
  offset: `utcOffsetMinutes must be a whole number from -${MAX_UTC_OFFSET_MINUTES} to ${MAX_UTC_OFFSET_MINUTES}`,
  query: `The search is at most ${MOVEMENT_SEARCH_MAX} characters`,
} as const

const clientId = lazySchema(() => z.optional(z.string().check(z.minLength(1), z.maxLength(64))))
const utcOffsetMinutes = lazySchema(() =>
  z._default(
    z.coerce
      .number(progressApiText.offset)
      .check(
        z.int(progressApiText.offset),
        z.gte(-MAX_UTC_OFFSET_MINUTES, progressApiText.offset),
        z.lte(MAX_UTC_OFFSET_MINUTES, progressApiText.offset),
      ),
    0,
  ),
)
/** The lifter's today: a day of this era, so that a year of weeks around it stays a valid date. */
const today = lazySchema(() =>
  z.optional(
    z
      .string(progressApiText.today)
      .check(
        z.refine((value) => isRealDay(value) && value >= '2000-01-01' && value <= '2200-12-31', progressApiText.today),
      ),
  ),
)

/** GET /api/progress. `clientId` may be left out by a client (themselves); a coach names one. */
export const ProgressQuery = lazySchema(() => z.object({ clientId, today, utcOffsetMinutes }))
export type ProgressQueryInput = z.infer<typeof ProgressQuery>

/**
 * GET /api/progress/e1rm: one movement's e1RM over time. `since` is the first day of the lifter's
 * (local) calendar to read, the chart's range; without it the latest sessions of all time.
 */
export const E1rmQuery = lazySchema(() =>
  z.object({
    clientId,
    movementId: z.uuid('Not a movement id'),
    since: z.optional(calendarDate(progressApiText.since)),
    utcOffsetMinutes,
  }),
)
export type E1rmQueryInput = z.infer<typeof E1rmQuery>

/** GET /api/progress/movements: search the movements this lifter has trained. */
export const ProgressMovementsQuery = lazySchema(() =>
  z.object({
    clientId,
    q: z._default(z.string(progressApiText.query).check(z.maxLength(MOVEMENT_SEARCH_MAX, progressApiText.query)), ''),
    utcOffsetMinutes,
  }),
)
export type ProgressMovementsQueryInput = z.infer<typeof ProgressMovementsQuery>

/** GET /api/body-weights. */
export const BodyWeightsQuery = lazySchema(() => z.object({ clientId, today }))
/** GET /api/progress/timed: the lifter's own, or (for their coach) `clientId`'s. */
export const TimedResultsQuery = lazySchema(() => z.object({ clientId }))
export type BodyWeightsQueryInput = z.infer<typeof BodyWeightsQuery>

/** The UTC day after today: the latest date a reading may carry (a lifter far east of UTC is a day ahead). */
function latestReadingDate(now = Date.now()): string {
  return new Date(now + 86_400_000).toISOString().slice(0, 10)
}

/** A day of the calendar written YYYY-MM-DD: 2023-02-29 is not one. */
function isRealDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const ms = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value
}

/** PUT and DELETE /api/body-weights/:date. Checked when the request comes in, so "tomorrow" moves with the clock. */
export const BodyWeightParam = lazySchema(() =>
  z.object({
    date: z
      .string(progressApiText.date)
      .check(
        z.refine(
          (value) => isRealDay(value) && value >= '1900-01-01' && value <= latestReadingDate(),
          progressApiText.date,
        ),
      ),
  }),
)

/** Whole hundredths of a kilogram: 80.25 is fine, 80.255 is not (with room for binary rounding). */
const hundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

export const BodyWeightBody = lazySchema(() =>
  z.object({
    // One check, so a bad weight answers one message however many ways it is wrong.
    weightKg: z
      .number(progressApiText.weight)
      .check(
        z.refine(
          (value) =>
            Number.isFinite(value) && value >= BODY_WEIGHT_MIN_KG && value <= BODY_WEIGHT_MAX_KG && hundredths(value),
          progressApiText.weight,
        ),
      ),
  }),
)

export const BodyWeightSchema = lazySchema(() => z.object({ date: z.string(), weightKg: z.number() }))
export type BodyWeight = z.infer<typeof BodyWeightSchema>
/** Oldest first. */
export const BodyWeightsSchema = lazySchema(() => z.array(BodyWeightSchema))

/** One movement the lifter trained: completed sets of completed sessions, and the last day of one. */
const ProgressMovementSchema = lazySchema(() =>
  z.object({
    movementId: z.string(),
    name: z.string(),
    pattern: z.enum(PATTERNS),
    tracking: z.enum(TRACKING),
    sets: z.number(),
    /** The lifter's local date (YYYY-MM-DD). */
    lastTrainedOn: z.string(),
  }),
)
export type ProgressMovement = z.infer<typeof ProgressMovementSchema>

const VolumeSchema = lazySchema(() => z.object({ tonnageKg: z.number(), hardSets: z.number() }))
export type Volume = z.infer<typeof VolumeSchema>

/** One Monday-start week in the lifter's local time; weeks with no training are present with zeros. */
const WeeklyVolumeSchema = lazySchema(() =>
  z.object({
    weekStart: z.string(),
    tonnageKg: z.number(),
    hardSets: z.number(),
    /** Only the muscles trained that week; a secondary muscle counts half. */
    byMuscle: z.partialRecord(z.enum(MUSCLES), VolumeSchema),
    /**
     * The same by muscle group (src/shared/muscle-groups.ts): a set counts once in a group, whole
     * when one of its primary muscles is in it, else half for a secondary one.
     */
    byMuscleGroup: z.partialRecord(z.enum(MUSCLE_GROUPS), VolumeSchema),
    byPattern: z.partialRecord(z.enum(PATTERNS), VolumeSchema),
  }),
)
export type WeeklyVolume = z.infer<typeof WeeklyVolumeSchema>

/** The heaviest load lifted for a rep count, and the first day it was. */
const RepRecordSchema = lazySchema(() => z.object({ reps: z.number(), loadKg: z.number(), date: z.string() }))

const MovementRecordsSchema = lazySchema(() =>
  z.object({
    movementId: z.string(),
    name: z.string(),
    /** One entry per rep count (1-12) the lifter has done with a load, fewest reps first. */
    byReps: z.array(RepRecordSchema),
    /** The best estimated one-rep max, the set it came from and the first day of it. */
    bestE1rm: z.nullable(z.object({ e1rmKg: z.number(), loadKg: z.number(), reps: z.number(), date: z.string() })),
  }),
)
export type MovementRecords = z.infer<typeof MovementRecordsSchema>

const SessionRpeSchema = lazySchema(() =>
  z.object({ sessionId: z.string(), date: z.string(), rpe: z.number(), title: z.string() }),
)

/** GET /api/progress. */
export const ProgressSchema = lazySchema(() =>
  z.object({
    clientId: z.string(),
    /** The lifter's today, as the figures were computed. */
    today: z.string(),
    movements: z.array(ProgressMovementSchema),
    /** Oldest week first; the last is the current week. */
    weeklyVolume: z.array(WeeklyVolumeSchema),
    records: z.array(MovementRecordsSchema),
    /** Oldest first. */
    sessionRpe: z.array(SessionRpeSchema),
    bodyWeights: BodyWeightsSchema,
  }),
)
export type Progress = z.infer<typeof ProgressSchema>

const E1rmPointSchema = lazySchema(() =>
  z.object({
    sessionId: z.string(),
    date: z.string(),
    e1rmKg: z.number(),
    bestSet: z.object({ loadKg: z.number(), reps: z.number() }),
  }),
)

/** GET /api/progress/e1rm: oldest first. */
export const E1rmSeriesSchema = lazySchema(() =>
  z.object({ movementId: z.string(), name: z.string(), points: z.array(E1rmPointSchema) }),
)
export type E1rmSeries = z.infer<typeof E1rmSeriesSchema>

/** GET /api/progress/movements: most trained first. */
export const ProgressMovementsSchema = lazySchema(() => z.array(ProgressMovementSchema))
