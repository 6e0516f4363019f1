import { describe, expect, test } from 'vitest'
import { summarizeAdherence } from './adherence.ts'

const TODAY = '2026-11-22'

describe('summarizeAdherence', () => {
  test('done over due in the last 7 and 28 days, today included; nothing due is null, not 0%', () => {
    expect(summarizeAdherence([], TODAY)).toEqual({ adherence7: null, adherence28: null, missedLastTwo: false })
    const due = [
      { date: '2026-11-22', done: true }, // today
      { date: '2026-11-20', done: false },
      { date: '2026-11-16', done: true }, // 7th day back: inside the week
      { date: '2026-11-15', done: false }, // 8 days back: outside
      { date: '2026-10-26', done: true }, // 28th day back: inside
      { date: '2026-10-25', done: true }, // outside
      { date: '2026-11-23', done: false }, // tomorrow: not due yet
    ]
    expect(summarizeAdherence(due, TODAY)).toEqual({ adherence7: 2 / 3, adherence28: 3 / 5, missedLastTwo: false })
  })

  test('today’s workout counts once done; until then the day is not over', () => {
    expect(summarizeAdherence([{ date: '2026-11-22', done: false }, { date: '2026-11-21', done: true }], TODAY).adherence7).toBe(1)
    expect(summarizeAdherence([{ date: '2026-11-22', done: true }, { date: '2026-11-21', done: true }], TODAY).adherence7).toBe(1)
  })

  test('missing the last two planned workouts before today is flagged; today does not count yet', () => {
    expect(summarizeAdherence([{ date: '2026-11-22', done: false }, { date: '2026-11-21', done: false }, { date: '2026-11-19', done: false }], TODAY).missedLastTwo).toBe(true)
    expect(summarizeAdherence([{ date: '2026-11-21', done: false }, { date: '2026-11-19', done: true }], TODAY).missedLastTwo).toBe(false)
    expect(summarizeAdherence([{ date: '2026-11-21', done: false }], TODAY).missedLastTwo).toBe(false)
  })
})
