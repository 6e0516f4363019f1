import { expect, test } from 'vitest'
import { formatSetsSummary } from './prescription-format.ts'

test("an exercise's sets read as sets × reps when they agree, else as a count", () => {
  const five = { reps: { min: 5, max: 5 }, load: { kind: 'kg' as const, value: 100 } }
  expect(formatSetsSummary([five, five, { ...five, load: { kind: 'kg', value: 110 } }])).toBe('3 × 5')
  expect(formatSetsSummary([{ reps: { min: 8, max: 10 } }, { reps: { min: 8, max: 10 } }])).toBe('2 × 8–10')
  expect(formatSetsSummary([five, { reps: { min: 3, max: 3 } }])).toBe('2 sets')
  expect(formatSetsSummary([{ durationSeconds: 45 }, { durationSeconds: 45 }, { durationSeconds: 45 }])).toBe(
    '3 × 45 s',
  )
  expect(formatSetsSummary([{ distanceMeters: 400, durationSeconds: 90 }])).toBe('1 × 400 m')
  expect(formatSetsSummary([{}])).toBe('1 set')
})
