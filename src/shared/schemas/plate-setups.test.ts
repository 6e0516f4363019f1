import { describe, expect, test } from 'vitest'
import {
  DEFAULT_PLATE_SETUPS,
  plateSetupApiText,
  plateSetupOf,
  plateSetupsOf,
  PlateSetupsPatch,
} from './plate-setups.ts'

const messages = (value: unknown) => {
  const parsed = PlateSetupsPatch.safeParse(value)
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)
}

describe('a plate setup as PATCH /api/profile takes it', () => {
  test('takes either unit, both, or neither', () => {
    expect(messages({})).toEqual([])
    expect(messages({ kg: { plateStep: 1.25, bar: 15, plates: [20, 10, 1.25, 0.5] } })).toEqual([])
    expect(messages(DEFAULT_PLATE_SETUPS)).toEqual([])
  })

  test.each([
    [{ kg: { plateStep: 5, bar: 20, plates: [20] } }, plateSetupApiText.step('kg')],
    [{ lb: { plateStep: 1.25, bar: 45, plates: [45] } }, plateSetupApiText.step('lb')],
    [{ kg: { plateStep: 2.5, bar: 0, plates: [20] } }, plateSetupApiText.bar('kg')],
    [{ lb: { plateStep: 5, bar: 500, plates: [45] } }, plateSetupApiText.bar('lb')],
    [{ kg: { plateStep: 2.5, bar: 20.005, plates: [20] } }, plateSetupApiText.bar('kg')],
    [{ kg: { plateStep: 2.5, bar: '20', plates: [20] } }, plateSetupApiText.bar('kg')],
    [{ kg: { plateStep: 2.5, bar: 20, plates: [] } }, plateSetupApiText.plates],
    [{ kg: { plateStep: 2.5, bar: 20, plates: [20, 20] } }, plateSetupApiText.plates],
    [
      { kg: { plateStep: 2.5, bar: 20, plates: Array.from({ length: 13 }, (_, i) => i + 1) } },
      plateSetupApiText.plates,
    ],
    [{ kg: { plateStep: 2.5, bar: 20, plates: [-5] } }, plateSetupApiText.plate('kg')],
    [{ kg: { plateStep: 2.5, bar: 20, plates: [1.234] } }, plateSetupApiText.plate('kg')],
    [{ kg: { plateStep: 2.5, bar: 20, plates: 'all' } }, plateSetupApiText.plates],
  ])('refuses %j: %s', (body, message) => {
    expect(messages(body)).toContain(message)
  })

  test('says what is allowed in words a lifter reads', () => {
    expect(plateSetupApiText.step('kg')).toBe('The plate step in kg is 2.5 or 1.25 kg')
    expect(plateSetupApiText.bar('lb')).toBe('Bar weight must be from 10 to 110 lb')
  })
})

describe('the setup a profile holds', () => {
  test('is the defaults until one is saved, per unit', () => {
    expect(plateSetupsOf(null)).toEqual(DEFAULT_PLATE_SETUPS)
    expect(plateSetupsOf({ lb: { plateStep: 2.5, bar: 35, plates: [2.5, 45] } })).toEqual({
      kg: DEFAULT_PLATE_SETUPS.kg,
      lb: { plateStep: 2.5, bar: 35, plates: [45, 2.5] },
    })
  })

  test('falls back to the defaults for anything it cannot read', () => {
    expect(plateSetupOf('nonsense', 'kg')).toEqual(DEFAULT_PLATE_SETUPS.kg)
    expect(plateSetupOf({ kg: { plateStep: 3 } }, 'kg')).toEqual(DEFAULT_PLATE_SETUPS.kg)
  })
})
