import { describe, expect, test } from 'vitest'
import type { PrescribedSet } from '#shared/schemas/plans.ts'
import { copyOfSet, missingField, setRowValues } from './set-values.ts'

const empty = { load: '', reps: '', seconds: '', meters: '', rpe: '' }
const row = (parts: Partial<Parameters<typeof setRowValues>[0][number]>) => ({
  own: {},
  target: undefined,
  targetLoad: null,
  last: undefined,
  ...parts,
})

describe('the values a set row shows, and so logs', () => {
  test('a prescribed load and a prescribed number of reps are values, ready to log', () => {
    const target: PrescribedSet = { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 8 }
    expect(setRowValues([row({ target, targetLoad: 100 })])).toEqual([{ ...empty, load: '100', reps: '5' }])
  })

  test('a rep range is never turned into a number: the lifter types what they did', () => {
    const target: PrescribedSet = { reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 60 } }
    const [values] = setRowValues([row({ target, targetLoad: 60, last: { load: '60', reps: '6' } })])
    expect(values).toEqual({ ...empty, load: '60', reps: '' })
  })

  test('a target RPE is a target: RPE holds only what the lifter types', () => {
    const target: PrescribedSet = { reps: { min: 5, max: 5 }, rpe: 8 }
    expect(setRowValues([row({ target })])[0]?.rpe).toBe('')
    expect(setRowValues([row({ target, own: { rpe: '8.5' } })])[0]?.rpe).toBe('8.5')
  })

  test('without a prescription, a set starts from what the lifter did on it last time', () => {
    const rows = setRowValues([
      row({ last: { load: '80', reps: '8' } }),
      row({ last: { load: '85', reps: '6' } }),
      row({}),
    ])
    expect(rows).toEqual([
      { ...empty, load: '80', reps: '8' },
      { ...empty, load: '85', reps: '6' },
      // No set 3 last time: its load follows the set above, its reps wait for the lifter.
      { ...empty, load: '85', reps: '' },
    ])
  })

  test('a load typed or logged on the set above beats last time, and is followed down', () => {
    const rows = setRowValues([
      row({ own: { load: '90', reps: '5' } }),
      row({ last: { load: '85' } }),
      row({ last: { load: '85' } }),
    ])
    expect(rows.map((r) => r.load)).toEqual(['90', '90', '90'])
  })

  test('a prescribed load wins over the set above; what a row holds wins over everything', () => {
    const rows = setRowValues([
      row({ own: { load: '90' } }),
      row({ targetLoad: 100 }),
      row({ own: { load: '' } }),
      row({}),
      row({ own: { load: '95' }, targetLoad: 100 }),
      row({}),
    ])
    expect(rows.map((r) => r.load)).toEqual(['90', '100', '', '', '95', '95'])
  })

  test('a set without a prescribed load follows a prescribed one above it, before last time', () => {
    expect(setRowValues([row({ targetLoad: 102.5 }), row({ last: { load: '95' } })]).map((r) => r.load)).toEqual([
      '102.5',
      '102.5',
    ])
  })

  test('time and distance start from the prescription, else from last time', () => {
    expect(setRowValues([row({ target: { durationSeconds: 60, distanceMeters: 400 } })])[0]).toEqual({
      ...empty,
      seconds: '60',
      meters: '400',
    })
    expect(setRowValues([row({ last: { seconds: '45', meters: '300' } })])[0]).toEqual({
      ...empty,
      seconds: '45',
      meters: '300',
    })
  })

  test('the first set with nothing to start from is empty', () => {
    expect(setRowValues([row({})])).toEqual([empty])
  })
})

describe('a tick on a row without the number it logs', () => {
  test('asks for reps, time, or distance or time, by the movement’s tracking', () => {
    expect(missingField('weight_reps', { ...empty, load: '100' })).toBe('reps')
    expect(missingField('reps', { ...empty, reps: ' ' })).toBe('reps')
    expect(missingField('weight_reps', { ...empty, reps: '5' })).toBeNull()
    expect(missingField('time', empty)).toBe('seconds')
    expect(missingField('distance_time', { ...empty, seconds: '90' })).toBeNull()
    expect(missingField('distance_time', empty)).toBe('meters')
  })
})

describe('adding a set copies the one above', () => {
  test('its numbers as the row shows them, but not its RPE', () => {
    expect(copyOfSet({ ...empty, load: '102.5', reps: '4', rpe: '9' })).toEqual({ ...empty, load: '102.5', reps: '4' })
  })
})
