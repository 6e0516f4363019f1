import { expect, test } from 'vitest'
import type { Exercise } from '#shared/schemas/plans.ts'
import { nextDays } from './progression.service.ts'

const BENCH = 'bench'
const exercise = (id: string, movementId = BENCH, handEdited = false): Exercise => ({
  id,
  movementId,
  movementName: movementId,
  tracking: 'weight_reps',
  position: 0,
  superset: null,
  restSeconds: null,
  tempo: null,
  notes: null,
  sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }],
  progression: null,
  progressionNote: null,
  handEdited,
  timer: null,
  warmUp: null,
})
const cell = (week: number, day: number, ...exercises: Exercise[]) => ({ id: `w${week}d${day}`, week, day, exercises })
const ids = (targets: ReturnType<typeof nextDays>) => targets.map((t) => t.exercise.id)

const plan = [
  cell(1, 1, exercise('1-1')),
  cell(1, 2, exercise('1-2', 'squat')),
  cell(1, 3, exercise('1-3')),
  cell(2, 1, exercise('2-1')),
  cell(2, 3, exercise('2-3')),
  cell(3, 1, exercise('3-1')),
  cell(4, 1, exercise('4-1')),
]

test.each([
  {
    name: 'per session: the next day with the movement, in the same week',
    at: { week: 1, day: 1 },
    weekly: false,
    deload: [],
    expected: ['1-3'],
  },
  {
    name: 'per week: the same day of the next week',
    at: { week: 1, day: 1 },
    weekly: true,
    deload: [],
    expected: ['2-1'],
  },
  {
    name: 'through a deload week to the first day that is not one',
    at: { week: 1, day: 1 },
    weekly: true,
    deload: [2, 3],
    expected: ['2-1', '3-1', '4-1'],
  },
  {
    name: 'the last day of the plan has none after it',
    at: { week: 4, day: 1 },
    weekly: false,
    deload: [],
    expected: [],
  },
  {
    name: 'per session: a day without the movement is passed over',
    at: { week: 1, day: 3 },
    weekly: false,
    deload: [],
    expected: ['2-1'],
  },
])('$name', ({ at, weekly, deload, expected }) => {
  expect(ids(nextDays(plan, at, BENCH, 0, weekly, deload))).toEqual(expected)
})

test('a day the coach edited by hand is left alone, and nothing past it is written', () => {
  const edited = [cell(1, 1, exercise('1-1')), cell(2, 1, exercise('2-1', BENCH, true)), cell(3, 1, exercise('3-1'))]
  expect(ids(nextDays(edited, { week: 1, day: 1 }, BENCH, 0, true, []))).toEqual([])
  // Through a deload week, up to the edited day.
  expect(
    ids(
      nextDays(
        [cell(1, 1, exercise('1-1')), cell(2, 1, exercise('2-1')), cell(3, 1, exercise('3-1', BENCH, true))],
        { week: 1, day: 1 },
        BENCH,
        0,
        true,
        [2],
      ),
    ),
  ).toEqual(['2-1'])
})

test('the second bench of a day follows the second bench of the next', () => {
  const twice = [cell(1, 1, exercise('1-1a'), exercise('1-1b')), cell(2, 1, exercise('2-1a'), exercise('2-1b'))]
  expect(ids(nextDays(twice, { week: 1, day: 1 }, BENCH, 1, false, []))).toEqual(['2-1b'])
})
