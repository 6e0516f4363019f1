import { expect, test } from 'vitest'
import type { SessionExercise, SetLog } from '#shared/schemas/sessions.ts'
import { unloggedSets } from './unlogged-sets.ts'

const exercise = (key: string, movementName: string, targets: number): SessionExercise => ({
  key,
  movementId: `${key}-movement`,
  movementName,
  tracking: 'weight_reps',
  prescriptionId: null,
  superset: null,
  restSeconds: 90,
  notes: null,
  targets: Array.from({ length: targets }, () => ({ reps: { min: 5, max: 5 } })),
})

const log = (exerciseKey: string, setNumber: number, completed = true): SetLog => ({
  id: `${exerciseKey}-${setNumber}`,
  exerciseKey,
  movementId: `${exerciseKey}-movement`,
  setNumber,
  reps: 5,
  loadKg: 100,
  rpe: null,
  durationSeconds: null,
  distanceMeters: null,
  targetRepsMin: null,
  targetRepsMax: null,
  targetLoadKg: null,
  targetRpe: null,
  completed,
  setType: 'working',
  note: null,
  editedAt: '2026-11-25T10:00:00.000Z',
})

test('lists each exercise’s sets without a log, and leaves out the exercises done', () => {
  const exercises = [exercise('a', 'Back squat', 4), exercise('b', 'Bench press', 2), exercise('c', 'Plank', 0)]
  const sets = [log('a', 1), log('a', 2), log('b', 1), log('b', 2), log('a', 4, false)]
  expect(unloggedSets(exercises, sets, new Set())).toEqual([
    { exerciseKey: 'a', movementName: 'Back squat', setNumbers: [3, 4] },
    // An exercise added without sets still shows one, not logged.
    { exerciseKey: 'c', movementName: 'Plank', setNumbers: [1] },
  ])
})

test('a set the server refused is not logged; a set added beyond the prescription counts once logged', () => {
  const exercises = [exercise('a', 'Back squat', 2)]
  expect(unloggedSets(exercises, [log('a', 1), log('a', 2), log('a', 3)], new Set(['a-2']))).toEqual([
    { exerciseKey: 'a', movementName: 'Back squat', setNumbers: [2] },
  ])
  expect(unloggedSets(exercises, [log('a', 1), log('a', 2), log('a', 3)], new Set())).toEqual([])
})

test('a warm-up on the first row moves the prescribed sets down a row: the last one is still to do', () => {
  const exercises = [exercise('a', 'Back squat', 2)]
  const warmUp = { ...log('a', 1), setType: 'warmup' as const }
  expect(unloggedSets(exercises, [warmUp, log('a', 2)], new Set())).toEqual([
    { exerciseKey: 'a', movementName: 'Back squat', setNumbers: [3] },
  ])
  expect(unloggedSets(exercises, [warmUp, log('a', 2), log('a', 3)], new Set())).toEqual([])
})
