import { expect, it } from 'vitest'
import type { SessionExercise } from '#shared/schemas/sessions.ts'
import { nextInSuperset } from './supersets.ts'

const exercise = (key: string, superset: string | null): SessionExercise => ({
  key,
  movementId: key,
  movementName: key,
  tracking: 'weight_reps',
  prescriptionId: null,
  superset,
  restSeconds: 90,
  notes: null,
  targets: [],
})

it('moves from A1 to A2 to rest, and rests at once outside a superset', () => {
  const exercises = [
    exercise('squat', null),
    exercise('bench', 'A'),
    exercise('row', 'A'),
    exercise('curl', 'B'),
    exercise('press', 'A'),
  ]
  expect(nextInSuperset(exercises, 'bench')?.key).toBe('row')
  expect(nextInSuperset(exercises, 'row')?.key).toBe('press')
  expect(nextInSuperset(exercises, 'press')).toBeNull()
  expect(nextInSuperset(exercises, 'curl')).toBeNull()
  expect(nextInSuperset(exercises, 'squat')).toBeNull()
})
