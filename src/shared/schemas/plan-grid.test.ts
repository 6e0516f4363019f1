import { expect, test } from 'vitest'
import { fromKg, toKg } from '../units.ts'
import { progressSet } from './plan-grid.ts'

const set = { reps: { min: 8, max: 10 }, load: { kind: 'kg' as const, value: 100 }, rpe: 7 }

test('a progression adds its amount once per week of distance', () => {
  expect(progressSet(set, { kind: 'add_kg', amount: 2.5 }, 2).load).toEqual({ kind: 'kg', value: 105 })
  expect(progressSet(set, { kind: 'add_reps', amount: 1 }, 1).reps).toEqual({ min: 9, max: 11 })
  expect(progressSet(set, { kind: 'add_rpe', amount: 0.5 }, 3).rpe).toBe(8.5)
  expect(
    progressSet({ ...set, load: { kind: 'percent_1rm', value: 70 } }, { kind: 'add_percent', amount: 2.5 }, 2).load,
  ).toEqual({ kind: 'percent_1rm', value: 75 })
})

test('a progression stays inside the limits and leaves other kinds of load alone', () => {
  expect(progressSet({ ...set, load: { kind: 'kg', value: 999 } }, { kind: 'add_kg', amount: 5 }, 1).load).toEqual({
    kind: 'kg',
    value: 1000,
  })
  expect(progressSet({ ...set, rpe: 9.5 }, { kind: 'add_rpe', amount: 0.5 }, 4).rpe).toBe(10)
  expect(progressSet({ ...set, load: { kind: 'bodyweight' } }, { kind: 'add_kg', amount: 2.5 }, 1).load).toEqual({
    kind: 'bodyweight',
  })
  expect(progressSet(set, null, 3)).toBe(set)
})

test('a lifter in lb adds lb: 225 lb plus 5 lb a week reads 235 lb two weeks on, not a kg-rounded 234.8', () => {
  const start = { ...set, load: { kind: 'kg' as const, value: toKg(225, 'lb') } }
  const later = progressSet(start, { kind: 'add_kg', amount: 5, unit: 'lb' }, 2).load
  expect(later?.kind === 'kg' && fromKg(later.value, 'lb')).toBe(235)
  // In kg the steps stay 0.25 kg.
  expect(
    progressSet({ ...set, load: { kind: 'kg', value: 101.25 } }, { kind: 'add_kg', amount: 2.5, unit: 'kg' }, 1).load,
  ).toEqual({ kind: 'kg', value: 103.75 })
})
