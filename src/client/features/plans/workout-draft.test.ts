import { expect, test } from 'vitest'
import { setToDraft, toExerciseInputs, type ExerciseDraft } from './workout-draft.ts'

const exercise = (loadValue: string, stored: number): ExerciseDraft => {
  const draft = setToDraft({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: stored } }, 'kg')
  return {
    key: 'e1',
    movementId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    movementName: 'Back squat',
    tracking: 'weight_reps',
    superset: '',
    restSeconds: '',
    tempo: '',
    notes: '',
    sets: [{ ...draft, loadValue: loadValue === 'as shown' ? draft.loadValue : loadValue }],
  }
}
const savedLoad = (draft: ExerciseDraft) => toExerciseInputs([draft], 'kg')[0]?.sets[0]?.load

test('a load shows to the hundredth in kg and an untouched one is saved back exactly', () => {
  expect(setToDraft({ load: { kind: 'kg', value: 101.25 } }, 'kg').loadValue).toBe('101.25')
  // A progression made 102.375 kg: shown rounded, but saving the day unchanged keeps the gram.
  expect(setToDraft({ load: { kind: 'kg', value: 102.375 } }, 'kg').loadValue).toBe('102.38')
  expect(savedLoad(exercise('as shown', 102.375))).toEqual({ kind: 'kg', value: 102.375 })
  // A load the user typed is what they typed.
  expect(savedLoad(exercise('102.5', 102.375))).toEqual({ kind: 'kg', value: 102.5 })
})

test('in lb the stored kg survives a round trip through the editor', () => {
  const draft = setToDraft({ load: { kind: 'kg', value: 102.058 } }, 'lb')
  expect(draft.loadValue).toBe('225')
  expect(toExerciseInputs([{ ...exercise('as shown', 0), sets: [draft] }], 'lb')[0]?.sets[0]?.load).toEqual({ kind: 'kg', value: 102.058 })
})
