import { describe, expect, test } from 'vitest'
import type { Plan } from '#shared/schemas/plans.ts'
import type { SessionSummary } from '#shared/schemas/sessions.ts'
import { dayState, missedWorkouts, todaysAndNext } from './plan-progress.ts'

const workout = (week: number, day: number, title: string) => ({
  id: `${week}:${day}`,
  week,
  day,
  title,
  notes: null,
  exercises: [],
})

// Started Monday 23 November 2026, its three days one after another; week 2 starts on the 30th.
const base = {
  startDate: '2026-11-23',
  trainingDays: null,
  workouts: [workout(1, 1, 'Lower A'), workout(1, 2, 'Upper A'), workout(1, 3, 'Lower B'), workout(2, 1, 'Lower C')],
  moves: [],
} as unknown as Plan
const moved = (week: number, day: number, date: string): Plan => ({
  ...base,
  moves: [{ week, day, date, movedBy: null, movedAt: '2026-11-27T08:00:00Z' }],
})
const done = (week: number, day: number) => ({ status: 'completed', week, day }) as SessionSummary
const titles = (list: { title: string }[]) => list.map((w) => w.title)

describe('where a plan stands on a date, moved workouts included', () => {
  test('missed are the last week’s workouts whose date passed untrained; a moved one is missed only once its new date passes', () => {
    expect(titles(missedWorkouts(base, [done(1, 1)], '2026-11-28').map((m) => m.workout))).toEqual([
      'Upper A',
      'Lower B',
    ])
    expect(titles(missedWorkouts(moved(1, 3, '2026-11-29'), [], '2026-11-28').map((m) => m.workout))).toEqual([
      'Lower A',
      'Upper A',
    ])
    expect(missedWorkouts(moved(1, 3, '2026-11-27'), [], '2026-11-28').map((m) => m.date)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-27',
    ])
    // A week on, nothing of week 1 is offered any more.
    expect(titles(missedWorkouts(base, [], '2026-12-05').map((m) => m.workout))).toEqual(['Lower C'])
  })

  test('today’s workout is the one trained today: a moved one on a rest day, or beside the day’s own', () => {
    expect(todaysAndNext(base, [], '2026-11-28')).toMatchObject({
      todays: undefined,
      alsoToday: [],
      next: { title: 'Lower C' },
    })
    expect(todaysAndNext(moved(1, 2, '2026-11-28'), [], '2026-11-28')).toMatchObject({
      todays: { title: 'Upper A' },
      next: { title: 'Lower C' },
    })
    const shared = todaysAndNext(moved(1, 2, '2026-11-30'), [], '2026-11-30')
    expect([shared.todays?.title, titles(shared.alsoToday)]).toEqual(['Upper A', ['Lower C']])
    // The one not yet done leads.
    const oneDone = todaysAndNext(moved(1, 2, '2026-11-30'), [done(1, 2)], '2026-11-30')
    expect([oneDone.todays?.title, titles(oneDone.alsoToday)]).toEqual(['Lower C', ['Upper A']])
  })

  test('a day’s state follows the date it is trained on', () => {
    expect(dayState(base, [], 1, 3, '2026-11-28')).toBe('missed')
    expect(dayState(moved(1, 3, '2026-11-28'), [], 1, 3, '2026-11-28')).toBe('today')
    expect(dayState(moved(1, 3, '2026-12-01'), [], 1, 3, '2026-11-28')).toBe('upcoming')
    expect(dayState(moved(1, 3, '2026-11-28'), [done(1, 3)], 1, 3, '2026-11-28')).toBe('done')
    expect(dayState(base, [], 1, 5, '2026-11-28')).toBe('rest')
  })
})
