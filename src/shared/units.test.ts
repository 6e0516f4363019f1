import { describe, expect, it, test } from 'vitest'
import { fromKg, roundToStep, targetIn, toKg } from './units.ts'

it('shows a target in pounds as a load a lifter can put on the bar, and one in kilograms as written', () => {
  expect([100, 80, 140, 20, 61.2].map((kg) => targetIn(kg, 'lb'))).toEqual([220, 175, 310, 45, 135])
  expect([100, 101.25, 61.2].map((kg) => targetIn(kg, 'kg'))).toEqual([100, 101.25, 61.2])
})

describe("a target rounded to the lifter's plate step", () => {
  test.each([
    // kg, unit, step, shown
    [101.3, 'kg', 1.25, 101.25],
    [101.3, 'kg', 2.5, 102.5],
    [101.25, 'kg', 2.5, 102.5],
    [100, 'kg', 2.5, 100],
    [61.2, 'kg', 1.25, 61.25],
    [0.5, 'kg', 2.5, 0],
    [100, 'lb', 5, 220],
    [100, 'lb', 2.5, 220],
    [80, 'lb', 2.5, 177.5],
    [140, 'lb', 2.5, 307.5],
    [102.5, 'lb', 2.5, 225],
  ] as const)('%s kg in %s with a %s step reads %s', (kg, unit, step, shown) => {
    expect(targetIn(kg, unit, step)).toBe(shown)
  })

  test('rounds half a step up, and lands on the step exactly', () => {
    expect([1.25, 3.75, 0.625, 98.75].map((value) => roundToStep(value, 2.5))).toEqual([2.5, 5, 0, 100])
    expect(roundToStep(0.625, 1.25)).toBe(1.25)
    expect(roundToStep(0.1 + 0.2, 0.1)).toBe(0.3)
  })
})

it('keeps what a lifter types: a logged load is converted exactly, not rounded to a step', () => {
  expect(fromKg(toKg(222.5, 'lb'), 'lb')).toBe(222.5)
  expect(fromKg(toKg(101.3, 'kg'), 'kg')).toBe(101.3)
})
