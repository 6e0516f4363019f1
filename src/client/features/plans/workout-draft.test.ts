import { expect, test } from 'vitest'
import { MAX_SETS_PER_EXERCISE } from '#shared/schemas/plans.ts'
import { STANDARD_RAMP } from '#shared/schemas/timed-work.ts'
import {
  addSets,
  applySetToAll,
  NO_TIMER,
  setToDraft,
  toExerciseInputs,
  workoutToDraft,
  type ExerciseDraft,
} from './workout-draft.ts'

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
    progression: null,
    progressionNote: null,
    timer: NO_TIMER,
    warmUp: '',
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
  expect(toExerciseInputs([{ ...exercise('as shown', 0), sets: [draft] }], 'lb')[0]?.sets[0]?.load).toEqual({
    kind: 'kg',
    value: 102.058,
  })
})

test('one set applied to all: every set takes its values and keeps its own key', () => {
  const sets = [
    setToDraft({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 8 }, 'kg'),
    setToDraft({ reps: { min: 3, max: 3 } }, 'kg'),
    setToDraft({}, 'kg'),
  ]
  const applied = applySetToAll(sets, sets[0]?.key ?? '')
  expect(applied.map((set) => set.key)).toEqual(sets.map((set) => set.key))
  expect(toExerciseInputs([{ ...exercise('as shown', 0), sets: applied }], 'kg')[0]?.sets).toEqual(
    Array.from({ length: 3 }, () => ({
      reps: { min: 5, max: 5 },
      load: { kind: 'kg', value: 100 },
      rpe: 8,
      rir: null,
      durationSeconds: null,
      distanceMeters: null,
    })),
  )
})

test('added sets copy the last set and stop at the limit', () => {
  const sets = [setToDraft({ reps: { min: 5, max: 5 } }, 'kg'), setToDraft({ reps: { min: 8, max: 8 } }, 'kg')]
  const more = addSets(sets, 3)
  expect(more.map((set) => set.repsMin)).toEqual(['5', '8', '8', '8', '8'])
  expect(new Set(more.map((set) => set.key)).size).toBe(5)
  expect(addSets(sets, 50)).toHaveLength(MAX_SETS_PER_EXERCISE)
  expect(addSets(sets, 0)).toHaveLength(2)
})

test('a timer and a ramp read into the editor as a coach types them and are saved back as they were', () => {
  const timers = [
    { kind: 'emom', everySeconds: 90 },
    { kind: 'intervals', workSeconds: 40, restSeconds: 20 },
    { kind: 'circuit', goal: 'rounds', capSeconds: 720 },
    { kind: 'circuit', goal: 'time', capSeconds: null },
  ] as const
  const draft = workoutToDraft(
    {
      title: 'Engine',
      notes: null,
      exercises: timers.map((timer) => ({
        movementId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        movementName: 'Row',
        tracking: 'time' as const,
        superset: null,
        restSeconds: null,
        tempo: null,
        notes: null,
        sets: [{ durationSeconds: 60 }],
        timer,
        warmUp: STANDARD_RAMP,
      })),
    },
    'kg',
    'Day',
  )
  expect(draft.exercises[0]?.timer).toMatchObject({ kind: 'emom', every: '1:30' })
  expect(draft.exercises[2]?.timer).toMatchObject({ kind: 'circuit', goal: 'rounds', cap: '12:00' })
  expect(draft.exercises[0]?.warmUp).toBe('bar × 10, 40% × 5, 60% × 3, 80% × 1')
  const inputs = toExerciseInputs(draft.exercises, 'kg')
  expect(inputs.map((e) => e.timer)).toEqual(timers)
  expect(inputs[0]?.warmUp).toEqual(STANDARD_RAMP)
})

test('a superset’s timer is its first exercise’s: one left on another (first before a reorder) moves to the first', () => {
  const timed = (key: string, superset: string) => ({
    ...exercise('as shown', 100),
    key,
    superset,
    timer: { ...NO_TIMER, kind: 'emom' as const },
  })
  const inputs = toExerciseInputs([timed('a', 'B'), timed('b', 'B'), timed('c', '')], 'kg')
  expect(inputs.map((e) => e.timer?.kind ?? null)).toEqual(['emom', null, 'emom'])
  const reordered = toExerciseInputs([{ ...timed('b', 'B'), timer: NO_TIMER }, timed('a', 'B')], 'kg')
  expect(reordered.map((e) => e.timer?.kind ?? null)).toEqual(['emom', null])
})
