import { describe, expect, test } from 'vitest'
import { isBarbell, isPlateLoaded, loadBar } from './plates.ts'
import { DEFAULT_PLATE_SETUPS } from './schemas/plate-setups.ts'

const { kg, lb } = DEFAULT_PLATE_SETUPS

describe('the plates per side for a load', () => {
  test.each([
    // load, setup, plates per side, loaded, short
    [100, kg, [25, 15], 100, 0],
    [102.5, kg, [25, 15, 1.25], 102.5, 0],
    [101.25, kg, [25, 15], 100, 1.25],
    [20, kg, [], 20, 0],
    [21, kg, [], 20, 1],
    [182.5, kg, [25, 25, 25, 5, 1.25], 182.5, 0],
    [60, { bar: 15, plates: [20, 10, 2.5] }, [20, 2.5], 60, 0],
    [225, lb, [45, 45], 225, 0],
    [315, lb, [45, 45, 45], 315, 0],
    [230, lb, [45, 45, 2.5], 230, 0],
    [232.5, lb, [45, 45, 2.5], 230, 2.5],
    [137.5, { bar: 45, plates: [2.5, 45, 25, 10, 5, 35] }, [45], 135, 2.5],
  ])('%s on %o', (load, setup, perSide, loaded, short) => {
    const result = loadBar(load, setup)
    expect(result).toMatchObject({ perSide, loaded, short, belowBar: false })
  })

  test('adds hundredths without drifting', () => {
    expect(loadBar(22.5, { bar: 20, plates: [1.25] })).toMatchObject({ perSide: [1.25], loaded: 22.5, short: 0 })
    expect(loadBar(25, { bar: 20, plates: [1.25] })).toMatchObject({ perSide: [1.25, 1.25], loaded: 25, short: 0 })
  })

  test('a load lighter than the bar is below the bar', () => {
    expect(loadBar(15, kg)).toMatchObject({ perSide: [], belowBar: true, loaded: 20 })
    expect(loadBar(40, lb)).toMatchObject({ belowBar: true })
  })
})

test('which movements take plates, and which a barbell', () => {
  expect(
    [
      ['barbell', 'bench'],
      ['trap bar'],
      ['ez bar'],
      ['landmine'],
      ['dumbbell'],
      ['kettlebell', 'dumbbell'],
      [],
      undefined,
    ].map((e) => isPlateLoaded(e as never)),
  ).toEqual([true, true, true, true, false, false, false, false])
  expect(isBarbell(['barbell', 'bench'])).toBe(true)
  expect(isBarbell(['trap bar'])).toBe(false)
})
