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

/** One set as the lifter logged it, for the rule to read. */
export type DoneSet = {
  setNumber: number
  completed: boolean
  reps: number | null
  loadKg: number | null
  rpe: number | null
  durationSeconds: number | null
}

export type RuleInput = {
  rule: ProgressionRule
  /** The targets this session asked for. */
  targets: readonly PrescribedSet[]
  /** The sets the lifter logged for the exercise in this session. */
  done: readonly DoneSet[]
  /** The misses in a row before this session. */
  failures: number
  /** The lifter's unit and plate step: loads they read round to it. */
  unit: Unit
  plateStep: number
  /** The lifter's current e1RM of the movement (or the rule's linked one), after this session. */
  e1rmKg?: number | null
}

/** The next targets, the reason the lifter reads for them, and the misses in a row after this session. */
export type RuleOutcome = { sets: PrescribedSet[]; reason: string; failures: number }

/** Seconds a timed set grows by when the rule adds, since a timed hold has no load to add to. */
const TIME_STEP_SECONDS = 5

const top = (set: PrescribedSet) => set.reps?.max ?? null
const repsText = (n: number) => `${n} rep${n === 1 ? '' : 's'}`

/** Whether one logged set met its target: the top of the reps, the time, at least the load, at or under the RPE. */
function met(target: PrescribedSet, set: DoneSet | undefined, repsGoal: number | null): boolean {
  if (!set || !set.completed) return false
  if (repsGoal !== null && (set.reps ?? 0) < repsGoal) return false
  if (target.durationSeconds && (set.durationSeconds ?? 0) < target.durationSeconds) return false
  if (target.load?.kind === 'kg' && set.loadKg !== null && set.loadKg + 1e-6 < target.load.value) return false
  if (typeof target.rpe === 'number' && set.rpe !== null && set.rpe > target.rpe) return false
  return true
}

const doneOf = (done: readonly DoneSet[], n: number) =>
  done.find((s) => s.setNumber === n && s.completed) ?? done.find((s) => s.setNumber === n)

/** A load in kg moved by `change` in the lifter's unit, or scaled by `factor`, rounded to their plate step. */
function moveLoad(kg: number, input: RuleInput, { add = 0, factor = 1 }: { add?: number; factor?: number }): number {
  const inUnit = fromKgExact(kg, input.unit) * factor + add
  return Math.min(1000, Math.max(0, toKg(roundToStep(inUnit, input.plateStep), input.unit)))
}

/** The rule's amount in the lifter's unit (a 2.5 kg rule adds 5.5 lb, which rounds to their step). */
const amountIn = (rule: { amount: number; unit: Unit }, unit: Unit) =>
  rule.unit === unit ? rule.amount : fromKgExact(toKg(rule.amount, rule.unit), unit)

const hasLoad = (targets: readonly PrescribedSet[]) => targets.some((t) => t.load?.kind === 'kg')
const timed = (targets: readonly PrescribedSet[]) => targets.every((t) => t.durationSeconds && !t.reps)

function addedSets(targets: readonly PrescribedSet[], input: RuleInput, add: number): PrescribedSet[] {
  return targets.map((t) => {
    if (t.load?.kind === 'kg')
      return { ...t, load: { kind: 'kg' as const, value: moveLoad(t.load.value, input, { add }) } }
    return t
  })
}

function scaledSets(targets: readonly PrescribedSet[], input: RuleInput, factor: number): PrescribedSet[] {
  return targets.map((t) => {
    if (t.load?.kind === 'kg')
      return { ...t, load: { kind: 'kg' as const, value: moveLoad(t.load.value, input, { factor }) } }
    if (!hasLoad(input.targets) && t.durationSeconds)
      return { ...t, durationSeconds: Math.max(1, Math.round(t.durationSeconds * factor)) }
    return t
  })
}

/** What the lifter fell short on, in a few words: 'set 2 stopped at 3 of 5 reps'. */
function shortfall(
  targets: readonly PrescribedSet[],
  done: readonly DoneSet[],
  goal: (t: PrescribedSet) => number | null,
): string {
  for (const [index, target] of targets.entries()) {
    const set = doneOf(done, index + 1)
    const reps = goal(target)
    if (!set || !set.completed) return `set ${index + 1} was not done`
    if (reps !== null && (set.reps ?? 0) < reps)
      return `set ${index + 1} stopped at ${set.reps ?? 0} of ${repsText(reps)}`
    if (target.durationSeconds && (set.durationSeconds ?? 0) < target.durationSeconds)
      return `set ${index + 1} lasted ${set.durationSeconds ?? 0} of ${target.durationSeconds} s`
    if (target.load?.kind === 'kg' && set.loadKg !== null && set.loadKg + 1e-6 < target.load.value)
      return `set ${index + 1} was lighter than its target`
    if (typeof target.rpe === 'number' && set.rpe !== null && set.rpe > target.rpe)
      return `set ${index + 1} went to RPE ${set.rpe} (target ${target.rpe})`
  }
  return 'a set fell short'
}

function linear(rule: Extract<ProgressionRule, { kind: 'linear' }>, input: RuleInput): RuleOutcome {
  const { targets, done, unit } = input
  const success = targets.every((t, i) => met(t, doneOf(done, i + 1), top(t)))
  if (success) {
    const goal = targets.map(top).find((r) => r !== null)
    const reached = goal ? `all sets reached ${repsText(goal)} last time` : 'all sets were done last time'
    if (hasLoad(targets))
      return {
        sets: addedSets(targets, input, amountIn(rule, unit)),
        reason: `+${amountIn(rule, unit)} ${unit}: ${reached}`,
        failures: 0,
      }
    if (timed(targets)) {
      return {
        sets: targets.map((t) => ({
          ...t,
          durationSeconds: Math.min(86_400, (t.durationSeconds ?? 0) + TIME_STEP_SECONDS),
        })),
        reason: `+${TIME_STEP_SECONDS} s: every set lasted its time last time`,
        failures: 0,
      }
    }
    // Bodyweight: no load to add to, so one more rep.
    return {
      sets: targets.map((t) =>
        t.reps ? { ...t, reps: { min: Math.min(100, t.reps.min + 1), max: Math.min(100, t.reps.max + 1) } } : t,
      ),
      reason: `+1 rep: ${reached}`,
      failures: 0,
    }
  }
  const failures = input.failures + 1
  const why = shortfall(targets, done, top)
  if (failures >= rule.failures && rule.reducePercent > 0) {
    return {
      sets: scaledSets(targets, input, 1 - rule.reducePercent / 100),
      reason: `−${rule.reducePercent}%: ${failures} session${failures === 1 ? '' : 's'} in a row short of the targets (${why})`,
      failures: 0,
    }
  }
  return {
    sets: [...targets],
    reason: `Same targets: ${why} last time (${failures} of ${rule.failures} before a reduction)`,
    failures,
  }
}

function double(rule: Extract<ProgressionRule, { kind: 'double' }>, input: RuleInput): RuleOutcome | null {
  const { targets, done, unit } = input
  if (!targets.some((t) => t.reps)) return null
  const success = targets.every((t, i) => met(t, doneOf(done, i + 1), top(t)))
  if (success) {
    const bottom = Math.min(...targets.map((t) => t.reps?.min ?? Infinity))
    const topReps = Math.max(...targets.map((t) => t.reps?.max ?? 0))
    if (!hasLoad(targets))
      return {
        sets: [...targets],
        reason: `Top of the range: all sets reached ${repsText(topReps)}; hold there or add load by hand`,
        failures: 0,
      }
    return {
      sets: addedSets(targets, input, amountIn(rule, unit)),
      reason: `+${amountIn(rule, unit)} ${unit}: all sets reached ${repsText(topReps)} last time; back to ${repsText(bottom)}`,
      failures: 0,
    }
  }
  const reps = targets.map((_, i) => {
    const set = doneOf(done, i + 1)
    return set?.completed ? String(set.reps ?? 0) : '–'
  })
  const topReps = Math.max(...targets.map((t) => t.reps?.max ?? 0))
  return {
    sets: [...targets],
    reason: `Same load: climb toward ${repsText(topReps)} (last time ${reps.join(', ')})`,
    failures: input.failures + 1,
  }
}

function percent(input: RuleInput): RuleOutcome | null {
  const percents = input.targets.flatMap((t) => (t.load?.kind === 'percent_1rm' ? [t.load.value] : []))
  if (!percents.length || !input.e1rmKg) return null
  const e1rm = `${roundToStep(fromKgExact(input.e1rmKg, input.unit), 0.5)} ${input.unit}`
  const first = percents[0] as number
  const load = fromKgExact(loadFromE1rm(first, input.e1rmKg, input.unit, input.plateStep), input.unit)
  return {
    sets: [...input.targets],
    reason: `Your e1RM is ${e1rm}: ${first}% is ${Math.round(load * 100) / 100} ${input.unit}`,
    failures: 0,
  }
}

function byRpe(rule: Extract<ProgressionRule, { kind: 'rpe' }>, input: RuleInput): RuleOutcome | null {
  const { targets, done } = input
  const pairs = targets.flatMap((t, i) => {
    const set = doneOf(done, i + 1)
    return typeof t.rpe === 'number' && set?.completed && set.rpe !== null ? [{ target: t.rpe, got: set.rpe }] : []
  })
  if (!pairs.length || !hasLoad(targets)) return null
  const over = pairs.reduce((sum, p) => sum + (p.got - p.target), 0) / pairs.length
  const rounded = Math.round(over * 2) / 2
  const last = Math.max(...pairs.map((p) => p.got))
  const target = pairs[0]?.target as number
  if (rounded === 0)
    return { sets: [...targets], reason: `Same load: last time was on target (RPE ${target})`, failures: 0 }
  const change = rounded > 0 ? -rule.overPercent * rounded : rule.underPercent * -rounded
  const sets = scaledSets(targets, input, 1 + change / 100)
  const sign = change > 0 ? '+' : '−'
  return {
    sets,
    reason: `${sign}${Math.abs(Math.round(change * 10) / 10)}%: last time reached RPE ${last} against a target of ${target}`,
    failures: 0,
  }
}

/**
 * The targets a rule gives the lifter's next session of this exercise, from this session's targets
 * and sets: null when the rule has nothing to say (no RPE logged, no %1RM target, no sets done).
 */
export function nextTargets(input: RuleInput): RuleOutcome | null {
  if (!input.targets.length) return null
  if (!input.done.some((s) => s.completed)) return null
  switch (input.rule.kind) {
    case 'linear':
      return linear(input.rule, input)
    case 'double':
      return double(input.rule, input)
    case 'percent_e1rm':
      return percent(input)
    case 'rpe':
      return byRpe(input.rule, input)
  }
}

/**
 * A rule's outcome as it lands on a later day of the plan, keeping what the coach programmed there:
 * the day's number of sets (the rule's last set repeats, or its sets stop early), and under a %1RM
 * rule the day's own percentages, since that rule moves the load they give, not the targets.
 */
export function onPlannedDay(input: RuleInput, outcome: RuleOutcome, planned: readonly PrescribedSet[]): RuleOutcome {
  if (!planned.length) return outcome
  if (input.rule.kind === 'percent_e1rm')
    return percent({ ...input, targets: planned }) ?? { ...outcome, sets: [...planned] }
  const last = outcome.sets.at(-1)
  if (!last || outcome.sets.length === planned.length) return outcome
  return { ...outcome, sets: planned.map((_, i) => outcome.sets[i] ?? last) }
}

/** A set of a session where everything went as prescribed: what a preview assumes. */
export function asPrescribed(
  targets: readonly PrescribedSet[],
  e1rmKg: number | null,
  unit: Unit,
  plateStep: number,
): DoneSet[] {
  return targets.map((t, i) => ({
    setNumber: i + 1,
    completed: true,
    reps: t.reps?.max ?? null,
    loadKg:
      t.load?.kind === 'kg'
        ? t.load.value
        : t.load?.kind === 'percent_1rm' && e1rmKg
          ? loadFromE1rm(t.load.value, e1rmKg, unit, plateStep)
          : null,
    rpe: typeof t.rpe === 'number' ? t.rpe : null,
    durationSeconds: t.durationSeconds ?? null,
  }))
}
