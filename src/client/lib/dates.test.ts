import { describe, expect, test } from 'vitest'
import { localToday, monthsBefore } from './dates.ts'

describe('monthsBefore', () => {
  test('keeps the day of the month, across a year', () => {
    expect(monthsBefore('2026-11-26', 3)).toBe('2026-08-26')
    expect(monthsBefore('2026-02-10', 3)).toBe('2025-11-10')
    expect(monthsBefore('2026-11-26', 12)).toBe('2025-11-26')
  })

  test('takes the last day of a shorter month', () => {
    expect(monthsBefore('2026-05-31', 3)).toBe('2026-02-28')
    expect(monthsBefore('2028-05-31', 3)).toBe('2028-02-29')
    expect(monthsBefore('2026-07-31', 1)).toBe('2026-06-30')
    expect(monthsBefore('2028-02-29', 12)).toBe('2027-02-28')
  })
})

test('localToday is the device’s calendar day, not UTC’s', () => {
  expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05')
  expect(localToday(new Date(2026, 11, 31, 0, 5))).toBe('2026-12-31')
})
