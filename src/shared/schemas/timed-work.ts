import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

/**
 * What a coach writes beyond straight sets, on an exercise of a workout (docs/timed-work.md):
 * a timer that makes the exercise (with the rest of its superset) a timed block, and a warm-up
 * ramp that turns the day's working load into warm-up sets. A block's rounds are its sets: a
 * 10-minute EMOM is 10 sets, a 3-round circuit is 3 sets of each of its exercises.
 */
const CIRCUIT_GOALS = ['time', 'rounds'] as const

export const timedWorkApiText = {
  every: 'A round of an EMOM lasts from 10 seconds to 10 minutes',
  work: 'Work lasts from 5 seconds to 1 hour',
  rest: 'Rest lasts from 0 seconds to 1 hour',
  cap: 'A time cap is from 1 minute to 2 hours',
  capNeeded: 'A circuit for rounds needs a time cap',
  kind: 'A timer is an EMOM, intervals or a circuit',
  goal: 'A circuit is for time or for rounds',
  rampStep: 'Each warm-up step is 0 to 95% of the working load (0: the empty bar) for 1 to 20 reps',
  ramp: 'A warm-up ramp has 1 to 8 steps',
  result: 'Rounds are from 0 to 200 and time from 0 seconds to 24 hours',
} as const

const whole = (min: number, max: number, message: string) =>
  z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message))

export const BlockTimerSchema = lazySchema(() =>
  z
    .discriminatedUnion(
      'kind',
      [
        /** Every `everySeconds`, the block's sets of the round; what is left of the round is rest. */
        z.object({ kind: z.literal('emom'), everySeconds: whole(10, 600, timedWorkApiText.every) }),
        /** Work, then rest, for each round (the last round has no rest after it). */
        z.object({
          kind: z.literal('intervals'),
          workSeconds: whole(5, 3600, timedWorkApiText.work),
          restSeconds: whole(0, 3600, timedWorkApiText.rest),
        }),
        /** Rounds of the block's exercises: for time (the clock runs up), or for rounds in a time cap. */
        z.object({
          kind: z.literal('circuit'),
          goal: z.enum(CIRCUIT_GOALS, timedWorkApiText.goal),
          capSeconds: z.nullable(whole(60, 7200, timedWorkApiText.cap)),
        }),
      ],
      timedWorkApiText.kind,
    )
    .check(
      z.refine((timer) => timer.kind !== 'circuit' || timer.goal === 'time' || timer.capSeconds !== null, {
        message: timedWorkApiText.capNeeded,
        path: ['capSeconds'],
      }),
    ),
)
export type BlockTimer = z.infer<typeof BlockTimerSchema>

/** One step of a warm-up ramp: a share of the working load (0: the empty bar) for some reps. */
const RampStepSchema = lazySchema(() =>
  z.object({
    percent: whole(0, 95, timedWorkApiText.rampStep),
    reps: whole(1, 20, timedWorkApiText.rampStep),
  }),
)

export const WarmUpRampSchema = lazySchema(() =>
  z.array(RampStepSchema).check(z.minLength(1, timedWorkApiText.ramp), z.maxLength(8, timedWorkApiText.ramp)),
)
export type WarmUpRamp = z.infer<typeof WarmUpRampSchema>

/** The ramp most coaches write first: the bar for 10, then 40, 60 and 80% of the work. */
export const STANDARD_RAMP: WarmUpRamp = [
  { percent: 0, reps: 10 },
  { percent: 40, reps: 5 },
  { percent: 60, reps: 3 },
  { percent: 80, reps: 1 },
]

/** What a timed block came to, kept on its first exercise in the session: rounds done, and the time. */
export const TimedResultSchema = lazySchema(() =>
  z.object({
    rounds: whole(0, 200, timedWorkApiText.result),
    seconds: whole(0, 86_400, timedWorkApiText.result),
  }),
)
export type TimedResult = z.infer<typeof TimedResultSchema>

/** Timed results shown at most on the progress page, newest first. */
export const TIMED_RESULTS_SHOWN = 30

/** GET /api/progress/timed: a lifter's timed blocks of finished sessions, newest first. */
export const TimedResultsSchema = lazySchema(() =>
  z.object({
    items: z.array(
      z.object({
        sessionId: z.string(),
        title: z.string(),
        completedAt: z.string(),
        /** What the block asked ('EMOM 10 minutes'), and of which movements. */
        asked: z.string(),
        movements: z.array(z.string()),
        result: TimedResultSchema,
      }),
    ),
  }),
)
export type TimedResults = z.infer<typeof TimedResultsSchema>
