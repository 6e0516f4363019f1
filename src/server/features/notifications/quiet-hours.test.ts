import { describe, expect, test } from 'vitest'
import { minuteOfDay, quietUntil } from './quiet-hours.ts'

const at = (iso: string) => new Date(iso)

describe('quiet hours', () => {
  test.each([
    // [what, now (UTC), start, end, time zone, held until (UTC) or null]
    ['none set', '2027-01-15T23:30:00Z', null, null, 'UTC', null],
    ['equal start and end are none', '2027-01-15T23:30:00Z', 600, 600, 'UTC', null],
    ['inside, across midnight, before it', '2027-01-15T23:30:00Z', 22 * 60, 7 * 60, 'UTC', '2027-01-16T07:00:00.000Z'],
    ['inside, across midnight, after it', '2027-01-16T03:10:45Z', 22 * 60, 7 * 60, 'UTC', '2027-01-16T07:00:00.000Z'],
    ['at the first minute', '2027-01-15T22:00:00Z', 22 * 60, 7 * 60, 'UTC', '2027-01-16T07:00:00.000Z'],
    ['at the end: over', '2027-01-16T07:00:00Z', 22 * 60, 7 * 60, 'UTC', null],
    ['before the start', '2027-01-15T21:59:59Z', 22 * 60, 7 * 60, 'UTC', null],
    ['inside, within one day', '2027-01-15T13:15:00Z', 13 * 60, 14 * 60, 'UTC', '2027-01-15T14:00:00.000Z'],
    ['outside, within one day', '2027-01-15T14:15:00Z', 13 * 60, 14 * 60, 'UTC', null],
    // Berlin is UTC+1 in January: 22:30 UTC is 23:30 there.
    ['in the person’s time zone', '2027-01-15T22:30:00Z', 22 * 60, 7 * 60, 'Europe/Berlin', '2027-01-16T06:00:00.000Z'],
    ['not yet there, though already in UTC', '2027-01-15T20:30:00Z', 22 * 60, 7 * 60, 'America/New_York', null],
    // Summer time: Berlin is UTC+2 in July.
    ['across summer time', '2027-07-15T21:30:00Z', 22 * 60, 7 * 60, 'Europe/Berlin', '2027-07-16T05:00:00.000Z'],
    [
      'an unknown time zone counts as UTC',
      '2027-01-15T23:30:00Z',
      22 * 60,
      7 * 60,
      'Mars/Olympus',
      '2027-01-16T07:00:00.000Z',
    ],
  ] as const)('%s', (_what, now, start, end, timeZone, until) => {
    expect(quietUntil(at(now), { start, end, timeZone })?.toISOString() ?? null).toBe(until)
  })

  test('the minute of the day is the person’s own', () => {
    expect(minuteOfDay(at('2027-01-15T23:45:00Z'), 'Asia/Kolkata')).toBe(5 * 60 + 15)
    expect(minuteOfDay(at('2027-01-15T23:45:00Z'), null)).toBe(23 * 60 + 45)
  })
})
