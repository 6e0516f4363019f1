import { expect, test } from 'vitest'
import type { SessionExercise, SetLog } from '#shared/schemas/sessions.ts'
import { roundSets } from './timed-sets.ts'

const exercise = (key: string, tracking: SessionExercise['tracking'], targets: SessionExercise['targets']) =>
  ({
    key,
    movementId: crypto.randomUUID(),
    movementName: key,
    tracking,
    prescriptionId: null,
    superset: 'A',
    restSeconds: null,
    notes: null,
    targets,
  }) satisfies SessionExercise
const at = '2026-11-29T10:00:00.000Z'

test('each round done is a set of each exercise, as the round prescribed; AMRAP rounds beyond repeat the last', () => {
  const swing = exercise('swing', 'weight_reps', [{ reps: { min: 10, max: 10 }, load: { kind: 'kg', value: 24 } }])
  const pushUp = exercise('push-up', 'reps', [{ reps: { min: 15, max: 15 } }])
  const sets = roundSets(
    { kind: 'circuit', goal: 'rounds', capSeconds: 600 },
    [swing, pushUp],
    [],
    { rounds: 3, seconds: 600 },
    at,
  )
  expect(sets.map((s) => [s.body.exerciseKey, s.body.setNumber, s.body.reps, s.body.loadKg])).toEqual([
    ['swing', 1, 10, 24],
    ['swing', 2, 10, 24],
    ['swing', 3, 10, 24],
    ['push-up', 1, 15, null],
    ['push-up', 2, 15, null],
    ['push-up', 3, 15, null],
  ])
  expect(sets.every((s) => s.body.setType === 'working' && s.body.completed)).toBe(true)
})

test('intervals of a timed movement log the work time; sets logged already stay as logged, warm-ups too, and nothing is removed', () => {
  const row = exercise('row', 'time', [{ durationSeconds: 60 }])
  const set = (
    id: string,
    setNumber: number,
    setType: SetLog['setType'],
    completed: boolean,
    durationSeconds: number | null,
  ) =>
    ({
      id,
      exerciseKey: 'row',
      setNumber,
      setType,
      completed,
      durationSeconds,
      reps: null,
      loadKg: null,
      rpe: null,
      distanceMeters: null,
      note: null,
    }) as SetLog
  const before = [
    set('warm', 1, 'warmup', true, 30),
    set('mine', 2, 'working', true, 55),
    set('undone', 3, 'working', false, null),
    set('extra', 4, 'working', true, 40),
  ]
  const intervals = { kind: 'intervals', workSeconds: 40, restSeconds: 20 } as const
  const log = roundSets(intervals, [row], before, { rounds: 2, seconds: 100 }, at)
  // Round 1 is the set logged by hand, kept; round 2 ticks the undone one with the work time.
  expect(log.map((s) => [s.setId, s.body.setNumber, s.body.durationSeconds, s.body.reps])).toEqual([
    ['undone', 3, 40, null],
  ])
  // More rounds than sets: the new ones go after the last set.
  const more = roundSets({ kind: 'emom', everySeconds: 60 }, [row], before.slice(0, 2), { rounds: 3, seconds: 180 }, at)
  expect(more.map((s) => s.body.setNumber)).toEqual([3, 4])
})
