import { describe, expect, test } from 'vitest'
import { dueDaysBetween, isDueDay, latestDue, nextDue, openCheckIn, type CheckInTiming } from './check-in-schedule.ts'

// 2026-11-23 is a Monday.
const weeklyOnFriday: CheckInTiming = { cadence: 'weekly', weekday: 5, startsOn: '2026-11-23' }
const everyTen: CheckInTiming = { cadence: 'every', everyDays: 10, startsOn: '2026-11-01' }

describe('when check-ins fall due', () => {
  test.each([
    ['weekly: before the first Friday nothing is open', weeklyOnFriday, '2026-11-26', null],
    ['weekly: due on the Friday', weeklyOnFriday, '2026-11-27', { dueOn: '2026-11-27', late: false }],
    ['weekly: late over the weekend', weeklyOnFriday, '2026-11-30', { dueOn: '2026-11-27', late: true }],
    [
      'weekly: the Thursday before the next one is still the late one',
      weeklyOnFriday,
      '2026-12-03',
      { dueOn: '2026-11-27', late: true },
    ],
    ['weekly: the next Friday opens the next one', weeklyOnFriday, '2026-12-04', { dueOn: '2026-12-04', late: false }],
    ['every 10 days: the first day is due', everyTen, '2026-11-01', { dueOn: '2026-11-01', late: false }],
    ['every 10 days: late until the tenth day after', everyTen, '2026-11-10', { dueOn: '2026-11-01', late: true }],
    ['every 10 days: the next', everyTen, '2026-11-21', { dueOn: '2026-11-21', late: false }],
    ['before the start', everyTen, '2026-10-31', null],
  ] as const)('%s', (_name, timing, today, expected) => {
    expect(openCheckIn(timing, today)).toEqual(expected)
  })

  test('due days, the next and the latest', () => {
    expect(dueDaysBetween(weeklyOnFriday, '2026-11-01', '2026-12-20')).toEqual([
      '2026-11-27',
      '2026-12-04',
      '2026-12-11',
      '2026-12-18',
    ])
    expect(dueDaysBetween(everyTen, '2026-11-05', '2026-12-01')).toEqual(['2026-11-11', '2026-11-21', '2026-12-01'])
    expect(nextDue(weeklyOnFriday, '2026-11-27')).toBe('2026-12-04')
    expect(nextDue(everyTen, '2026-10-20')).toBe('2026-11-01')
    expect(latestDue(everyTen, '2026-11-20')).toBe('2026-11-11')
    expect(isDueDay(weeklyOnFriday, '2026-12-11')).toBe(true)
    expect(isDueDay(weeklyOnFriday, '2026-12-10')).toBe(false)
  })
})
