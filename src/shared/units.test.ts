import { expect, it } from 'vitest'
import { fromKg, targetIn, toKg } from './units.ts'

it('shows a target in pounds as a load a lifter can put on the bar, and one in kilograms as written', () => {
  expect([100, 80, 140, 20, 61.2].map((kg) => targetIn(kg, 'lb'))).toEqual([220, 175, 310, 45, 135])
  expect([100, 101.25, 61.2].map((kg) => targetIn(kg, 'kg'))).toEqual([100, 101.25, 61.2])
})

it('keeps what a lifter types: a logged load is converted exactly, not rounded to a step', () => {
  expect(fromKg(toKg(222.5, 'lb'), 'lb')).toBe(222.5)
})
