import { expect, test } from 'vitest'
import { dayKey, dayLabel } from './day-label.ts'

test('day separators say Today, Yesterday, or the date (with the year only when it is another year)', () => {
  const now = new Date(2026, 0, 1, 9, 30)
  expect(dayKey(new Date(2026, 0, 1, 23, 59))).toBe('2026-01-01')
  expect(dayLabel('2026-01-01', now)).toBe('Today')
  expect(dayLabel('2025-12-31', now)).toBe('Yesterday')
  expect(dayLabel('2025-12-30', now)).toMatch(/2025/)
  expect(dayLabel('2026-03-02', new Date(2026, 5, 1))).not.toMatch(/2026/)
})
