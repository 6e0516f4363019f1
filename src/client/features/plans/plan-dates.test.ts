import { describe, expect, test } from 'vitest'
import { dateOfPlanDay, planDayOf, trainsText } from './plan-dates.ts'

const iso = (date: Date) => date.toISOString().slice(0, 10)

describe('a plan on consecutive days', () => {
  const plan = { startDate: '2026-11-23', trainingDays: null }
  test.each([
    [1, 1, '2026-11-23'],
    [1, 3, '2026-11-25'],
    [2, 1, '2026-11-30'],
  ])('week %i day %i falls on %s, and back', (week, day, date) => {
    expect(iso(dateOfPlanDay(plan, week, day))).toBe(date)
    expect(planDayOf(plan, date)).toEqual({ week, day })
  })
  test('before the start is no day of the plan', () => expect(planDayOf(plan, '2026-11-22')).toBeNull())
})

describe('a plan on training weekdays', () => {
  // Started on Wednesday 25 November 2026, on Monday, Wednesday and Friday.
  const plan = { startDate: '2026-11-25', trainingDays: [1, 3, 5] }
  test.each([
    [1, 1, '2026-11-25'],
    [1, 2, '2026-11-27'],
    [1, 3, '2026-11-30'],
    [2, 1, '2026-12-02'],
    [4, 3, '2026-12-21'],
  ])('week %i day %i falls on %s, and back', (week, day, date) => {
    expect(iso(dateOfPlanDay(plan, week, day))).toBe(date)
    expect(planDayOf(plan, date)).toEqual({ week, day })
  })
  test('a rest date sits between the days around it', () => {
    expect(planDayOf(plan, '2026-11-26')).toEqual({ week: 1, day: 1.5 })
    expect(planDayOf(plan, '2026-11-29')).toEqual({ week: 1, day: 2.5 })
    expect(planDayOf(plan, '2026-12-01')).toEqual({ week: 1, day: 3.5 })
  })
  test('a start between training days puts day 1 on the next one', () => {
    expect(iso(dateOfPlanDay({ startDate: '2026-11-24', trainingDays: [1, 3, 5] }, 1, 1))).toBe('2026-11-25')
    expect(iso(dateOfPlanDay({ startDate: '2026-11-29', trainingDays: [7] }, 3, 1))).toBe('2026-12-13')
  })
})

describe('training days as people read them', () => {
  test('in weekday order, whatever order they come in', () =>
    expect(trainsText([5, 1, 3])).toBe('Trains Mon, Wed, Fri'))
  test('Sunday is weekday 7', () => expect(trainsText([6, 7])).toBe('Trains Sat, Sun'))
  test('none: days that follow one another', () => {
    expect(trainsText(null)).toBeNull()
    expect(trainsText([])).toBeNull()
  })
})
