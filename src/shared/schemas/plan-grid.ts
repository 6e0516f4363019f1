import * as z from 'zod/mini'
import { KG_PER_LB, toKg, type Unit } from '../units.ts'
import { lazySchema } from './lazy-schema.ts'
import {
  boundedInt,
  MAX_DAYS_PER_WEEK,
  MAX_LOAD_KG,
  MAX_REPS,
  MAX_WEEKS,
  planApiText,
  SaveIdSchema,
  VersionSchema,
  type PrescribedSet,
} from './plans.ts'
import { UNITS } from './profiles.ts'

/*
 * The builder's edits of a plan's weeks x days grid that work on more than one cell: a week copied
 * onto others with progressions, a day copied or moved. (One cell saved whole is SavePlanDayBody
 * in plans.ts.)
 */

export const PROGRESSIONS = ['add_kg', 'add_percent', 'add_reps', 'add_rpe'] as const
/** `add_kg`'s amount is in `unit` (kg when absent): a lifter in lb adds 5 lb a week and sees round lb numbers. */
export type Progression = { kind: (typeof PROGRESSIONS)[number]; amount: number; unit?: Unit }

/** The progressions a copy-week request asks for, in either of its forms. */
export const progressionsOf = ({
  progression,
  progressions,
}: {
  progression?: Progression | null
  progressions?: Progression[]
}): Progression[] => progressions ?? (progression ? [progression] : [])

const round = (value: number, step: number) => Math.round(value / step) * step

/**
 * A set moved `steps` weeks forward with a progression (+kg, +% of 1RM, +reps, +RPE), kept inside
 * the limits a set may have. Pure: the server applies it, the builder previews it.
 */
export function progressSet(
  set: PrescribedSet,
  progression: Progression | null | undefined,
  steps: number,
): PrescribedSet {
  if (!progression || steps <= 0) return set
  const delta = progression.amount * steps
  switch (progression.kind) {
    case 'add_kg': {
      if (set.load?.kind !== 'kg') return set
      // In kg: to 0.25 kg (the smallest common plates); in lb: to 0.5 lb, then stored in kg.
      const next =
        progression.unit === 'lb'
          ? toKg(round(set.load.value / KG_PER_LB + delta, 0.5), 'lb')
          : round(set.load.value + delta, 0.25)
      return { ...set, load: { kind: 'kg', value: Math.min(MAX_LOAD_KG, Math.max(0, next)) } }
    }
    case 'add_percent':
      return set.load?.kind === 'percent_1rm'
        ? {
            ...set,
            load: { kind: 'percent_1rm', value: Math.min(150, Math.max(1, round(set.load.value + delta, 0.5))) },
          }
        : set
    case 'add_reps':
      return set.reps
        ? {
            ...set,
            reps: {
              min: Math.min(MAX_REPS, Math.max(1, set.reps.min + Math.round(delta))),
              max: Math.min(MAX_REPS, Math.max(1, set.reps.max + Math.round(delta))),
            },
          }
        : set
    case 'add_rpe':
      return typeof set.rpe === 'number' ? { ...set, rpe: Math.min(10, Math.max(1, round(set.rpe + delta, 0.5))) } : set
  }
}

const ProgressionSchema = lazySchema(() =>
  z.object({
    kind: z.enum(PROGRESSIONS, 'Choose a progression'),
    amount: z
      .number('The progression needs an amount')
      .check(z.gte(-100, 'The amount is too large'), z.lte(100, 'The amount is too large')),
    unit: z.optional(z.enum(UNITS)),
  }),
)

/**
 * A week copied onto other weeks, with progressions applied together (+2.5 kg and +1 rep and
 * +0.5 RPE a week): `progressions`, a list with each kind at most once. `progression`, one of them
 * alone, is the older form of the same thing; a request sends one form or the other.
 */
export const CopyWeekBody = lazySchema(() =>
  z
    .object({
      version: VersionSchema,
      saveId: SaveIdSchema,
      fromWeek: boundedInt(1, MAX_WEEKS, planApiText.week),
      toWeeks: z
        .array(boundedInt(1, MAX_WEEKS, planApiText.week))
        .check(z.minLength(1, 'Choose at least one week'), z.maxLength(MAX_WEEKS)),
      progression: z.optional(z.nullable(ProgressionSchema)),
      progressions: z.optional(
        z.array(ProgressionSchema).check(
          z.maxLength(PROGRESSIONS.length, planApiText.progressionTwice),
          z.refine((list) => new Set(list.map((p) => p.kind)).size === list.length, planApiText.progressionTwice),
        ),
      ),
    })
    .check(
      z.refine((body) => !(body.progression && body.progressions), {
        message: planApiText.progressionBothForms,
        path: ['progressions'],
      }),
    ),
)
export type CopyWeekInput = z.infer<typeof CopyWeekBody>

export const CopyDayBody = lazySchema(() =>
  z.object({
    version: VersionSchema,
    saveId: SaveIdSchema,
    from: z.object({
      week: boundedInt(1, MAX_WEEKS, planApiText.week),
      day: boundedInt(1, MAX_DAYS_PER_WEEK, planApiText.day),
    }),
    to: z.object({
      week: boundedInt(1, MAX_WEEKS, planApiText.week),
      day: boundedInt(1, MAX_DAYS_PER_WEEK, planApiText.day),
    }),
  }),
)
export type CopyDayInput = z.infer<typeof CopyDayBody>

/**
 * Moves a cell's workout to another cell; a workout already there swaps places with it.
 * @alias CopyDayBody, under the route's own name
 */
export const MoveDayBody = CopyDayBody
export type MoveDayInput = CopyDayInput
