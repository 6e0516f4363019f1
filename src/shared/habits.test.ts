import { describe, expect, test } from 'vitest'
import { addDays } from './calendar-days.ts'
import { habitFigures, meets, type HabitFigures } from './habits.ts'

// Sunday 29 November 2026; its week began on Monday the 23rd.
const TODAY = '2026-11-29'
/** Days before today (0 is today) as dates. */
const ago = (...days: number[]) => new Set(days.map((n) => addDays(TODAY, -n)))
const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i)

type Case = {
  name: string
  met: Set<string>
  startsOn?: string
  windowStart?: string
  streakBefore?: number
  expected: HabitFigures
}

const cases: Case[] = [
  {
    name: 'nothing ticked: no streak, and today does not count yet',
    met: ago(),
    expected: { streak: 0, todayMet: false, week: { met: 0, days: 6 }, month: { met: 0, days: 27 } },
  },
  {
    name: 'today alone',
    met: ago(0),
    expected: { streak: 1, todayMet: true, week: { met: 1, days: 7 }, month: { met: 1, days: 28 } },
  },
  {
    name: 'yesterday and the day before, today still open: the streak holds',
    met: ago(1, 2),
    expected: { streak: 2, todayMet: false, week: { met: 2, days: 6 }, month: { met: 2, days: 27 } },
  },
  {
    name: 'a missed day ends the streak',
    met: ago(0, 1, 3, 4, 5),
    expected: { streak: 2, todayMet: true, week: { met: 5, days: 7 }, month: { met: 5, days: 28 } },
  },
  {
    name: 'yesterday missed: no streak although today is open',
    met: ago(2, 3),
    expected: { streak: 0, todayMet: false, week: { met: 2, days: 6 }, month: { met: 2, days: 27 } },
  },
  {
    name: 'every day of the last 28',
    met: ago(...range(27, 0)),
    expected: { streak: 28, todayMet: true, week: { met: 7, days: 7 }, month: { met: 28, days: 28 } },
  },
  {
    name: 'a habit started on Friday counts from Friday',
    met: ago(0, 1, 2),
    startsOn: '2026-11-27',
    expected: { streak: 3, todayMet: true, week: { met: 3, days: 3 }, month: { met: 3, days: 3 } },
  },
  {
    name: 'a habit started today, not yet met, has no days that count',
    met: ago(),
    startsOn: TODAY,
    expected: { streak: 0, todayMet: false, week: { met: 0, days: 0 }, month: { met: 0, days: 0 } },
  },
  {
    name: 'a streak that fills the window goes on with the days before it',
    met: ago(...range(34, 0)),
    windowStart: addDays(TODAY, -34),
    streakBefore: 40,
    expected: { streak: 75, todayMet: true, week: { met: 7, days: 7 }, month: { met: 28, days: 28 } },
  },
  {
    name: 'days before the window do not count when the window has a gap',
    met: ago(...range(10, 0)),
    windowStart: addDays(TODAY, -34),
    streakBefore: 40,
    expected: { streak: 11, todayMet: true, week: { met: 7, days: 7 }, month: { met: 11, days: 28 } },
  },
  {
    name: 'a tick before the start (a day the coach moved the start past) is not counted',
    met: ago(0, 5, 6),
    startsOn: addDays(TODAY, -4),
    expected: { streak: 1, todayMet: true, week: { met: 1, days: 5 }, month: { met: 1, days: 5 } },
  },
]

describe('habit figures', () => {
  test.each(cases)(
    '$name',
    ({ met, startsOn = '2026-01-01', windowStart = addDays(TODAY, -40), streakBefore = 0, expected }) => {
      expect(habitFigures({ metDays: met, today: TODAY, startsOn, windowStart, streakBefore })).toEqual(expected)
    },
  )
})

describe('what meets a habit', () => {
  test.each([
    ['check', null, 1, true],
    ['check', null, 0, false],
    ['amount', 8000, 8000, true],
    ['amount', 8000, 7999, false],
    ['amount', 150, 180.5, true],
    ['amount', 150, 0, false],
  ] as const)('%s with target %s and %s: %s', (kind, target, value, expected) => {
    expect(meets(kind, target, value)).toBe(expected)
  })
})
