import { describe, expect, test } from 'vitest'
import { isoDateOfPlanDay, planDayOf } from './plan-schedule.ts'

describe('a plan’s dates', () => {
  // Started on Wednesday 2 December 2026, training Monday, Wednesday and Friday.
  const schedule = { startDate: '2026-12-02', trainingDays: [1, 3, 5] }

  test('its days fall on its training weekdays from the start, or one after another without them', () => {
    expect([1, 2, 3].map((day) => isoDateOfPlanDay(schedule, 1, day))).toEqual([
      '2026-12-02',
      '2026-12-04',
      '2026-12-07',
    ])
    expect(isoDateOfPlanDay(schedule, 2, 1)).toBe('2026-12-09')
    expect([1, 2, 3].map((day) => isoDateOfPlanDay({ startDate: '2026-12-02' }, 2, day))).toEqual([
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
    ])
  })

  test('a moved day falls on its new date; the others, and where a date falls in the plan, stay', () => {
    const moved = { ...schedule, moves: [{ week: 1, day: 2, date: '2026-12-05' }] }
    expect([1, 2, 3].map((day) => isoDateOfPlanDay(moved, 1, day))).toEqual(['2026-12-02', '2026-12-05', '2026-12-07'])
    expect(planDayOf(moved, '2026-12-04')).toEqual({ week: 1, day: 2 })
    expect(planDayOf(moved, '2026-12-05')).toEqual({ week: 1, day: 2.5 })
  })
})
