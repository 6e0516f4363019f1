import { describe, expect, test } from 'vitest'
import { copyOfSet, setRowValues } from './set-values.ts'

const empty = { load: '', reps: '', seconds: '', meters: '', rpe: '' }

describe('the values of the set rows', () => {
  test('a set without a prescribed load starts from the load of the set above', () => {
    const rows = setRowValues([
      { own: { load: '100', reps: '5' }, targetLoad: null },
      { own: {}, targetLoad: null },
      { own: {}, targetLoad: null },
    ])
    expect(rows.map((r) => r.load)).toEqual(['100', '100', '100'])
    // Only the load follows: reps and RPE are the lifter's to type (their targets are the placeholders).
    expect(rows[1]).toEqual({ ...empty, load: '100' })
  })

  test('the set above counts with its target when nothing is typed on it', () => {
    expect(
      setRowValues([
        { own: {}, targetLoad: 102.5 },
        { own: {}, targetLoad: null },
      ]).map((r) => r.load),
    ).toEqual(['', '102.5'])
  })

  test('a set with a prescribed load starts empty, and what a row holds wins', () => {
    const rows = setRowValues([
      { own: { load: '90' }, targetLoad: null },
      { own: {}, targetLoad: 100 },
      { own: { load: '' }, targetLoad: null },
      { own: {}, targetLoad: null },
      { own: { load: '95' }, targetLoad: 100 },
      { own: {}, targetLoad: null },
    ])
    expect(rows.map((r) => r.load)).toEqual(['90', '', '', '', '95', '95'])
  })

  test('the first set without anything above starts empty', () => {
    expect(setRowValues([{ own: {}, targetLoad: null }])).toEqual([empty])
  })
})

describe('adding a set copies the one above', () => {
  test('its load, reps and RPE as typed', () => {
    expect(copyOfSet({ ...empty, load: '102.5', reps: '4', rpe: '9' }, undefined, null)).toEqual({ ...empty, load: '102.5', reps: '4', rpe: '9' })
  })

  test('an empty field as its target', () => {
    const target = { reps: { min: 5, max: 5 }, rpe: 8, load: { kind: 'kg' as const, value: 100 } }
    expect(copyOfSet(empty, target, 100)).toEqual({ ...empty, load: '100', reps: '5', rpe: '8' })
    expect(copyOfSet(empty, { durationSeconds: 60, distanceMeters: 400 }, null)).toEqual({ ...empty, seconds: '60', meters: '400' })
  })
})
