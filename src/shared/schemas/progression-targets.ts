/**
 * What a progression rule makes of a session: the lifter's next targets and the reason they read,
 * as pure arithmetic on the targets and the sets logged.
 */
import { fromKgExact, roundToStep, toKg, type Unit } from '../units.ts'
import type { PrescribedSet } from './plans.ts'
import { loadFromE1rm, type ProgressionRule } from './progression.ts'

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
