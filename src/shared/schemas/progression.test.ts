import { describe, expect, test } from 'vitest'
import { fromKg, toKg } from '../units.ts'
import type { PrescribedSet } from './plans.ts'
import { deloadSets, loadFromE1rm, ProgressionRuleSchema, type ProgressionRule } from './progression.ts'
import { asPrescribed, nextTargets, onPlannedDay, type DoneSet, type RuleInput } from './progression-targets.ts'

const kg = (value: number) => ({ kind: 'kg' as const, value })
const sets = (n: number, set: PrescribedSet): PrescribedSet[] => Array.from({ length: n }, () => set)
const logged = (
  ...rows: [reps: number | null, loadKg: number | null, rpe?: number | null, seconds?: number | null][]
): DoneSet[] =>
  rows.map(([reps, loadKg, rpe = null, seconds = null], i) => ({
    setNumber: i + 1,
    completed: true,
    reps,
    loadKg,
    rpe,
    durationSeconds: seconds,
  }))

const linear: ProgressionRule = {
  kind: 'linear',
  amount: 2.5,
  unit: 'kg',
  per: 'session',
  failures: 3,
  reducePercent: 10,
}
const double: ProgressionRule = { kind: 'double', amount: 2.5, unit: 'kg' }
const rpe: ProgressionRule = { kind: 'rpe', overPercent: 5, underPercent: 2.5 }
const base = { failures: 0, unit: 'kg' as const, plateStep: 2.5 }
const run = (input: Partial<RuleInput> & Pick<RuleInput, 'rule' | 'targets' | 'done'>) =>
  nextTargets({ ...base, ...input })
const loads = (out: { sets: PrescribedSet[] } | null) =>
  out?.sets.map((s) => (s.load?.kind === 'kg' ? s.load.value : null))

describe('linear', () => {
  const fives = sets(3, { reps: { min: 5, max: 5 }, load: kg(100), rpe: 8 })
  test.each([
    {
      name: 'success adds the amount',
      done: logged([5, 100, 8], [5, 100, 7.5], [5, 100, 8]),
      failures: 0,
      loads: [102.5, 102.5, 102.5],
      after: 0,
      reason: '+2.5 kg: all sets reached 5 reps last time',
    },
    {
      name: 'more reps than asked is still success',
      done: logged([6, 100], [5, 100], [7, 100]),
      failures: 2,
      loads: [102.5, 102.5, 102.5],
      after: 0,
      reason: '+2.5 kg',
    },
    {
      name: 'a set short of its reps holds, and counts a miss',
      done: logged([5, 100, 8], [5, 100, 8], [3, 100, 9]),
      failures: 0,
      loads: [100, 100, 100],
      after: 1,
      reason: 'Same targets: set 3 stopped at 3 of 5 reps last time (1 of 3 before a reduction)',
    },
    {
      name: 'reps made over the target RPE are a miss',
      done: logged([5, 100, 9], [5, 100, 8], [5, 100, 8]),
      failures: 1,
      loads: [100, 100, 100],
      after: 2,
      reason: 'set 1 went to RPE 9 (target 8)',
    },
    {
      name: 'a set not done is a miss',
      done: logged([5, 100], [5, 100]),
      failures: 0,
      loads: [100, 100, 100],
      after: 1,
      reason: 'set 3 was not done',
    },
    {
      name: 'the third miss in a row takes 10% off, rounded to the plate step',
      done: logged([5, 100], [4, 100], [3, 100]),
      failures: 2,
      loads: [90, 90, 90],
      after: 0,
      reason: '−10%: 3 sessions in a row short of the targets (set 2 stopped at 4 of 5 reps)',
    },
    {
      name: 'a lighter set than the target is a miss',
      done: logged([5, 95], [5, 100], [5, 100]),
      failures: 0,
      loads: [100, 100, 100],
      after: 1,
      reason: 'set 1 was lighter than its target',
    },
  ])('$name', ({ done, failures, loads: expected, after, reason }) => {
    const out = run({ rule: linear, targets: fives, done, failures })
    expect(loads(out)).toEqual(expected)
    expect(out?.failures).toBe(after)
    expect(out?.reason).toContain(reason)
  })

  test('a range counts as reached at its top', () => {
    const range = sets(2, { reps: { min: 8, max: 10 }, load: kg(60) })
    expect(loads(run({ rule: linear, targets: range, done: logged([10, 60], [10, 60]) }))).toEqual([62.5, 62.5])
    expect(loads(run({ rule: linear, targets: range, done: logged([10, 60], [9, 60]) }))).toEqual([60, 60])
  })

  test('a bodyweight exercise gains a rep; a timed one gains 5 s; a timed miss reduces the time', () => {
    const dips = sets(2, { reps: { min: 8, max: 8 }, load: { kind: 'bodyweight' } })
    const out = run({ rule: linear, targets: dips, done: logged([8, null], [8, null]) })
    expect(out?.sets.map((s) => s.reps)).toEqual([
      { min: 9, max: 9 },
      { min: 9, max: 9 },
    ])
    expect(out?.reason).toBe('+1 rep: all sets reached 8 reps last time')
    const plank = sets(2, { durationSeconds: 60 })
    const held = run({ rule: linear, targets: plank, done: logged([null, null, null, 60], [null, null, null, 62]) })
    expect(held?.sets.map((s) => s.durationSeconds)).toEqual([65, 65])
    const short = run({
      rule: linear,
      targets: plank,
      done: logged([null, null, null, 60], [null, null, null, 40]),
      failures: 2,
    })
    expect(short?.sets.map((s) => s.durationSeconds)).toEqual([54, 54])
  })

  test('pounds: a lifter in lb with 5 lb steps adds 5 lb, and a 2.5 kg rule adds what rounds to their step', () => {
    const start = sets(1, { reps: { min: 5, max: 5 }, load: kg(toKg(225, 'lb')) })
    const lbRule: ProgressionRule = { ...linear, amount: 5, unit: 'lb' }
    const lb = run({ rule: lbRule, targets: start, done: logged([5, toKg(225, 'lb')]), unit: 'lb', plateStep: 5 })
    expect(fromKg(loads(lb)?.[0] as number, 'lb')).toBe(230)
    expect(lb?.reason).toBe('+5 lb: all sets reached 5 reps last time')
    // 2.5 kg is 5.5 lb: 225 + 5.5 rounds to 230 on 5 lb steps, to 230 on 2.5 lb steps.
    const kgRule = run({ rule: linear, targets: start, done: logged([5, toKg(225, 'lb')]), unit: 'lb', plateStep: 2.5 })
    expect(fromKg(loads(kgRule)?.[0] as number, 'lb')).toBe(230)
    // A kg lifter with 1.25 kg steps: 10% off 101.25 is 91.125, which reads 91.25.
    const small = run({
      rule: linear,
      targets: sets(1, { reps: { min: 5, max: 5 }, load: kg(101.25) }),
      done: logged([2, 101.25]),
      failures: 2,
      plateStep: 1.25,
    })
    expect(loads(small)).toEqual([91.25])
  })
})

describe('double progression', () => {
  const range = sets(3, { reps: { min: 8, max: 12 }, load: kg(60) })
  test.each([
    {
      name: 'all sets at the top adds the load and starts again at the bottom',
      done: logged([12, 60], [12, 60], [12, 60]),
      loads: [62.5, 62.5, 62.5],
      reason: '+2.5 kg: all sets reached 12 reps last time; back to 8 reps',
    },
    {
      name: 'inside the range: same load, climb',
      done: logged([12, 60], [11, 60], [10, 60]),
      loads: [60, 60, 60],
      reason: 'Same load: climb toward 12 reps (last time 12, 11, 10)',
    },
    {
      name: 'a set missing is no success',
      done: logged([12, 60], [12, 60]),
      loads: [60, 60, 60],
      reason: 'Same load: climb toward 12 reps (last time 12, 12, –)',
    },
  ])('$name', ({ done, loads: expected, reason }) => {
    const out = run({ rule: double, targets: range, done })
    expect(loads(out)).toEqual(expected)
    expect(out?.sets.every((s) => s.reps?.min === 8 && s.reps.max === 12)).toBe(true)
    expect(out?.reason).toBe(reason)
  })

  test('bodyweight at the top holds and says so; sets without reps leave the rule silent', () => {
    const pullups = sets(2, { reps: { min: 5, max: 8 }, load: { kind: 'bodyweight' } })
    expect(run({ rule: double, targets: pullups, done: logged([8, null], [8, null]) })?.reason).toBe(
      'Top of the range: all sets reached 8 reps; hold there or add load by hand',
    )
    expect(
      run({ rule: double, targets: sets(1, { durationSeconds: 30 }), done: logged([null, null, null, 30]) }),
    ).toBeNull()
  })
})

describe('percent of e1RM', () => {
  const rule: ProgressionRule = { kind: 'percent_e1rm', linkedMovementId: null }
  test('names the load the percentage now means, rounded to the plate step', () => {
    const targets = sets(3, { reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm', value: 70 } })
    const out = run({ rule, targets, done: logged([5, 85]), e1rmKg: 123 })
    expect(out?.reason).toBe('Your e1RM is 123 kg: 70% is 85 kg')
    expect(out?.sets).toEqual(targets)
    expect(run({ rule, targets, done: logged([5, 85]), e1rmKg: null })).toBeNull()
    expect(
      run({ rule, targets: sets(1, { reps: { min: 5, max: 5 }, load: kg(80) }), done: logged([5, 80]), e1rmKg: 100 }),
    ).toBeNull()
  })

  test('loadFromE1rm rounds in the lifter’s unit', () => {
    expect(loadFromE1rm(70, 123, 'kg', 2.5)).toBe(85)
    expect(loadFromE1rm(70, 123, 'kg', 1.25)).toBe(86.25)
    expect(fromKg(loadFromE1rm(75, toKg(300, 'lb'), 'lb', 5), 'lb')).toBe(225)
  })
})

describe('by RPE', () => {
  const targets = sets(2, { reps: { min: 5, max: 5 }, load: kg(100), rpe: 8 })
  test.each([
    {
      name: 'a point over takes 5% off',
      done: logged([5, 100, 9], [5, 100, 9]),
      loads: [95, 95],
      reason: '−5%: last time reached RPE 9 against a target of 8',
    },
    {
      name: 'two points under adds 5%',
      done: logged([5, 100, 6], [5, 100, 6]),
      loads: [105, 105],
      reason: '+5%: last time reached RPE 6 against a target of 8',
    },
    {
      name: 'on target holds',
      done: logged([5, 100, 8], [5, 100, 8]),
      loads: [100, 100],
      reason: 'Same load: last time was on target (RPE 8)',
    },
  ])('$name', ({ done, loads: expected, reason }) => {
    const out = run({ rule: rpe, targets, done })
    expect(loads(out)).toEqual(expected)
    expect(out?.reason).toBe(reason)
  })

  test('without an RPE logged the rule is silent', () => {
    expect(run({ rule: rpe, targets, done: logged([5, 100], [5, 100]) })).toBeNull()
  })
})

test('no set done, or no targets: nothing to say', () => {
  expect(run({ rule: linear, targets: [], done: logged([5, 100]) })).toBeNull()
  expect(run({ rule: linear, targets: sets(1, { reps: { min: 5, max: 5 }, load: kg(100) }), done: [] })).toBeNull()
})

describe('on the day the targets go to', () => {
  test('the day keeps its number of sets: the rule’s last set repeats, or the rule’s sets stop early', () => {
    const input = {
      ...base,
      rule: linear,
      targets: sets(3, { reps: { min: 5, max: 5 }, load: kg(100) }),
      done: logged([5, 100], [5, 100], [5, 100]),
    }
    const out = nextTargets(input)
    if (!out) throw new Error('the rule has something to say')
    expect(loads(onPlannedDay(input, out, sets(4, { reps: { min: 3, max: 3 }, load: kg(105) })))).toEqual([
      102.5, 102.5, 102.5, 102.5,
    ])
    expect(loads(onPlannedDay(input, out, sets(2, { reps: { min: 5, max: 5 }, load: kg(100) })))).toEqual([
      102.5, 102.5,
    ])
    expect(onPlannedDay(input, out, sets(3, { reps: { min: 5, max: 5 }, load: kg(100) }))).toBe(out)
  })

  test('a %1RM rule keeps the day’s own percentages and names the load they now give', () => {
    const rule: ProgressionRule = { kind: 'percent_e1rm', linkedMovementId: null }
    const input = {
      ...base,
      rule,
      targets: sets(3, { reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm' as const, value: 70 } }),
      done: logged([5, 85]),
      e1rmKg: 123,
    }
    const out = nextTargets(input)
    if (!out) throw new Error('the rule has something to say')
    const heavier = sets(2, { reps: { min: 3, max: 3 }, load: { kind: 'percent_1rm', value: 80 } })
    expect(onPlannedDay(input, out, heavier)).toEqual({
      sets: heavier,
      reason: 'Your e1RM is 123 kg: 80% is 97.5 kg',
      failures: 0,
    })
  })
})

test('a deload takes its share off every load and its sets from the end, keeping one', () => {
  const week = [
    { reps: { min: 5, max: 5 }, load: kg(100) },
    { reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm' as const, value: 80 } },
    { reps: { min: 5, max: 5 }, load: { kind: 'bodyweight' as const } },
  ]
  expect(deloadSets(week, { loadPercent: 20, setsRemoved: 1 })).toEqual([
    { reps: { min: 5, max: 5 }, load: kg(80) },
    { reps: { min: 5, max: 5 }, load: { kind: 'percent_1rm', value: 64 } },
  ])
  expect(deloadSets(week, { loadPercent: 0, setsRemoved: 10 })).toHaveLength(1)
  expect(deloadSets(week, null)).toEqual(week)
})

test('a preview assumes every set is done at the top of its range', () => {
  expect(
    asPrescribed([{ reps: { min: 8, max: 12 }, load: { kind: 'percent_1rm', value: 50 }, rpe: 8 }], 100, 'kg', 2.5),
  ).toEqual([{ setNumber: 1, completed: true, reps: 12, loadKg: 50, rpe: 8, durationSeconds: null }])
})

test('the schema refuses what is not a rule, with a clear message', () => {
  expect(
    ProgressionRuleSchema.safeParse({
      kind: 'linear',
      amount: 0,
      unit: 'kg',
      per: 'session',
      failures: 3,
      reducePercent: 10,
    }).error?.issues[0]?.message,
  ).toBe('The amount to add must be more than 0 and at most 50')
  expect(ProgressionRuleSchema.safeParse({ kind: 'eval', code: 'process.exit()' }).success).toBe(false)
  expect(ProgressionRuleSchema.safeParse({ kind: 'rpe', overPercent: 50, underPercent: 1 }).success).toBe(false)
  expect(ProgressionRuleSchema.safeParse(linear).success).toBe(true)
})
