import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { fromKgExact, roundToStep, toKg, type Unit } from '../units.ts'
import type { PrescribedSet } from './plans.ts'
import { UNITS } from './profiles.ts'

/**
 * Progression rules as data (docs/progression.md): a coach attaches one to an exercise or makes it
 * a plan's default; when the lifter completes a session, the rule turns what they did into their
 * next targets, with a reason they read. Rules are a closed set of kinds with numbers, checked by
 * these schemas: nothing a user writes is ever evaluated.
 */

export const PROGRESSION_KINDS = ['linear', 'double', 'percent_e1rm', 'rpe'] as const
export type ProgressionKind = (typeof PROGRESSION_KINDS)[number]

/** Whether a rule's changes reach the plan at once, or wait as proposals for the coach to approve. */
export const PROGRESSION_MODES = ['apply', 'approve'] as const
export type ProgressionMode = (typeof PROGRESSION_MODES)[number]

export const progressionApiText = {
  kind: 'Choose a progression rule',
  amount: 'The amount to add must be more than 0 and at most 50',
  per: 'Add it per session or per week',
  failures: 'Failures before a reduction must be a whole number from 1 to 10',
  reducePercent: 'The reduction must be from 0 to 50%',
  rpePercent: 'A change per RPE point must be from 0 to 20%',
  deloadLoad: 'A deload takes 0 to 60% off the load',
  deloadSets: 'A deload removes 0 to 10 sets',
  linked: 'Choose a movement to take the e1RM from',
  mode: 'Apply changes at once, or wait for approval',
  proposalNotFound: 'This proposal no longer exists',
  proposalNotYours: 'Only the coach of this client’s plan can decide on its proposals',
  previewNotYours: 'You can preview a rule only for yourself or your active clients',
  proposalIds: 'Choose 1 to 200 proposals',
} as const

const num = (min: number, max: number, message: string) =>
  z.number(message).check(z.gte(min, message), z.lte(max, message))
const int = (min: number, max: number, message: string) =>
  z.number(message).check(z.int(message), z.gte(min, message), z.lte(max, message))
const amount = lazySchema(() =>
  z.number(progressionApiText.amount).check(z.gt(0, progressionApiText.amount), z.lte(50, progressionApiText.amount)),
)

/** Add `amount` when every set reached the top of its range at or under its RPE; hold otherwise; after `failures` misses in a row, take `reducePercent` off. */
const LinearRuleSchema = lazySchema(() =>
  z.object({
    kind: z.literal('linear'),
    amount,
    unit: z.enum(UNITS),
    per: z.enum(['session', 'week'], progressionApiText.per),
    failures: int(1, 10, progressionApiText.failures),
    reducePercent: num(0, 50, progressionApiText.reducePercent),
  }),
)

/** Climb reps within each set's range; when every set reaches the top, add `amount` and start again at the bottom. */
const DoubleRuleSchema = lazySchema(() => z.object({ kind: z.literal('double'), amount, unit: z.enum(UNITS) }))

/** %1RM targets are loads from the lifter's current e1RM of this movement, or of `linkedMovementId`. */
const PercentRuleSchema = lazySchema(() =>
  z.object({
    kind: z.literal('percent_e1rm'),
    linkedMovementId: z.optional(z.nullable(z.uuid(progressionApiText.linked))),
  }),
)

/** The next load moves by the last RPE against the target: `overPercent` off per point over, `underPercent` on per point under. */
const RpeRuleSchema = lazySchema(() =>
  z.object({
    kind: z.literal('rpe'),
    overPercent: num(0, 20, progressionApiText.rpePercent),
    underPercent: num(0, 20, progressionApiText.rpePercent),
  }),
)

export const ProgressionRuleSchema = lazySchema(() =>
  z.discriminatedUnion(
    'kind',
    [LinearRuleSchema, DoubleRuleSchema, PercentRuleSchema, RpeRuleSchema],
    progressionApiText.kind,
  ),
)
export type ProgressionRule = z.infer<typeof ProgressionRuleSchema>

/** What a plan's deload weeks take off every exercise: a share of the load, and sets from the end. */
export const DeloadSchema = lazySchema(() =>
  z.object({
    loadPercent: num(0, 60, progressionApiText.deloadLoad),
    setsRemoved: int(0, 10, progressionApiText.deloadSets),
  }),
)
export type Deload = z.infer<typeof DeloadSchema>

/** Why an exercise's targets are what they are, as the rule last set them, and the misses in a row so far. */
export const ProgressionNoteSchema = lazySchema(() =>
  z.object({ reason: z.string().check(z.maxLength(300)), failures: int(0, 100, 'Failures are a count') }),
)
export type ProgressionNote = z.infer<typeof ProgressionNoteSchema>

/** The rules a builder offers, with their starting numbers. */
export const DEFAULT_RULES: Record<ProgressionKind, (unit: Unit) => ProgressionRule> = {
  linear: (unit) => ({
    kind: 'linear',
    amount: unit === 'kg' ? 2.5 : 5,
    unit,
    per: 'session',
    failures: 3,
    reducePercent: 10,
  }),
  double: (unit) => ({ kind: 'double', amount: unit === 'kg' ? 2.5 : 5, unit }),
  percent_e1rm: () => ({ kind: 'percent_e1rm', linkedMovementId: null }),
  rpe: () => ({ kind: 'rpe', overPercent: 5, underPercent: 2.5 }),
}

/** A rule in a few words: '+2.5 kg per session (linear)'. */
export function describeRule(rule: ProgressionRule, linkedName?: string): string {
  switch (rule.kind) {
    case 'linear':
      return `Linear: +${rule.amount} ${rule.unit} per ${rule.per}; after ${rule.failures} miss${rule.failures === 1 ? '' : 'es'} in a row −${rule.reducePercent}%`
    case 'double':
      return `Double progression: reps up to the top of the range, then +${rule.amount} ${rule.unit}`
    case 'percent_e1rm':
      return `%1RM from the current e1RM${linkedName ? ` of ${linkedName}` : ''}`
    case 'rpe':
      return `By RPE: −${rule.overPercent}% per point over the target, +${rule.underPercent}% per point under`
  }
}

/** The sets of a deload week: `loadPercent` off every load, the last `setsRemoved` sets gone (one set stays). */
export function deloadSets(sets: readonly PrescribedSet[], deload: Deload | null | undefined): PrescribedSet[] {
  if (!deload) return [...sets]
  const kept = sets.slice(0, Math.max(1, sets.length - deload.setsRemoved))
  const factor = 1 - deload.loadPercent / 100
  return kept.map((set) => {
    if (set.load?.kind === 'kg')
      return { ...set, load: { kind: 'kg', value: Math.round(set.load.value * factor * 100) / 100 } }
    if (set.load?.kind === 'percent_1rm')
      return { ...set, load: { kind: 'percent_1rm', value: Math.max(1, Math.round(set.load.value * factor * 2) / 2) } }
    return set
  })
}

/** A %1RM target as a load the lifter can put on: the percentage of their e1RM, rounded to their plate step. */
export function loadFromE1rm(percent: number, e1rmKg: number, unit: Unit, plateStep: number): number {
  return toKg(roundToStep((fromKgExact(e1rmKg, unit) * percent) / 100, plateStep), unit)
}
