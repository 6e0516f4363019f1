import { describe, expect, test } from 'vitest'
import { missedTwoInARow, summarizeAdherence } from './adherence.ts'

const TODAY = '2026-11-22'

/** A planned workout of four prescribed sets: done with `asPrescribed` of them as prescribed, or missed. */
const day = (date: string, done: boolean, asPrescribed = done ? 4 : 0) => ({ date, done, prescribed: 4, asPrescribed })

describe('summarizeAdherence', () => {
  test('done over due in the last 7 and 28 days, today included; nothing due is null, not 0%', () => {
    expect(summarizeAdherence([], TODAY)).toEqual({
      adherence7: null,
      adherence28: null,
      setAdherence7: null,
      setAdherence28: null,
      setAdherencePreviousWeek: null,
      missedLastTwo: false,
    })
    const due = [
      day('2026-11-22', true), // today
      day('2026-11-20', false),
      day('2026-11-16', true), // 7th day back: inside the week
      day('2026-11-15', false), // 8 days back: outside
      day('2026-10-26', true), // 28th day back: inside
      day('2026-10-25', true), // outside
      day('2026-11-23', false), // tomorrow: not due yet
    ]
    expect(summarizeAdherence(due, TODAY)).toMatchObject({
      adherence7: 2 / 3,
      adherence28: 3 / 5,
      missedLastTwo: false,
    })
  })

  test('set adherence sums sets over the same workouts: a missed workout adds its sets, none done', () => {
    const due = [
      day('2026-11-22', true, 3), // today, 3 of 4 as prescribed
      day('2026-11-20', false), // missed: 0 of 4
      day('2026-11-18', true, 4),
      day('2026-11-14', true, 1), // the week before
      day('2026-11-12', true, 4), // the week before
    ]
    const adherence = summarizeAdherence(due, TODAY)
    expect(adherence.setAdherence7).toBe(7 / 12)
    expect(adherence.setAdherence28).toBe(12 / 20)
    expect(adherence.setAdherencePreviousWeek).toBe(5 / 8)
    // Session adherence of the same week: 2 of 3 sessions, though only 7 of 12 sets.
    expect(adherence.adherence7).toBe(2 / 3)
  })

  test('workouts without prescribed sets count for sessions but give no set figure', () => {
    const free = { date: '2026-11-21', done: true, prescribed: 0, asPrescribed: 0 }
    expect(summarizeAdherence([free], TODAY)).toMatchObject({ adherence7: 1, setAdherence7: null })
  })

  test('today’s workout counts once done; until then the day is not over', () => {
    expect(summarizeAdherence([day('2026-11-22', false), day('2026-11-21', true)], TODAY)).toMatchObject({
      adherence7: 1,
      setAdherence7: 1,
    })
    expect(summarizeAdherence([day('2026-11-22', true), day('2026-11-21', true)], TODAY).adherence7).toBe(1)
  })

  test('missing the last two planned workouts before today is flagged; today does not count yet', () => {
    expect(
      summarizeAdherence([day('2026-11-22', false), day('2026-11-21', false), day('2026-11-19', false)], TODAY)
        .missedLastTwo,
    ).toBe(true)
    expect(summarizeAdherence([day('2026-11-21', false), day('2026-11-19', true)], TODAY).missedLastTwo).toBe(false)
    expect(summarizeAdherence([day('2026-11-21', false)], TODAY).missedLastTwo).toBe(false)
  })
})

describe('missedTwoInARow', () => {
  const d = (date: string, done: boolean) => ({ date, done })
  test.each([
    ['nothing due', [], null],
    ['one missed', [d('2026-11-21', false)], null],
    [
      'the first two of a plan, both missed',
      [d('2026-11-19', false), d('2026-11-21', false)],
      ['2026-11-19', '2026-11-21'],
    ],
    [
      'two missed after one done',
      [d('2026-11-17', true), d('2026-11-19', false), d('2026-11-21', false)],
      ['2026-11-19', '2026-11-21'],
    ],
    ['a third missed in the same run', [d('2026-11-17', false), d('2026-11-19', false), d('2026-11-21', false)], null],
    ['the latest done', [d('2026-11-19', false), d('2026-11-21', true)], null],
    ['two missed weeks ago, nothing due since', [d('2026-11-10', false), d('2026-11-12', false)], null],
    [
      'two missed, the later a week ago',
      [d('2026-11-13', false), d('2026-11-15', false)],
      ['2026-11-13', '2026-11-15'],
    ],
    ['one missed, then today’s not done yet', [d('2026-11-20', true), d('2026-11-21', false), d(TODAY, false)], null],
    [
      'in any order',
      [d('2026-11-21', false), d('2026-11-15', true), d('2026-11-18', false)],
      ['2026-11-18', '2026-11-21'],
    ],
  ])('%s', (_what, due, expected) => {
    expect(missedTwoInARow(due, TODAY)?.map((w) => w.date) ?? null).toEqual(expected)
  })
})
