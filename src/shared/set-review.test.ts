import { describe, expect, test } from 'vitest'
import type { PrescribedSet } from './schemas/plans.ts'
import type { SessionExercise, SetLog } from './schemas/sessions.ts'
import type { Deviation } from './schemas/session-reports.ts'
import { reviewExercise, reviewSession, setAdherence } from './set-review.ts'
import { pairWithTargets, type SetType } from './set-types.ts'

const SQUAT = '00000000-0000-4000-8000-000000000001'
const PRESS = '00000000-0000-4000-8000-000000000002'
const FINISHED = '2026-11-20T10:00:00.000Z'

function exercise(targets: PrescribedSet[], overrides: Partial<SessionExercise> = {}): SessionExercise {
  return {
    key: 'ex-1',
    movementId: SQUAT,
    movementName: 'Back squat',
    tracking: 'weight_reps',
    prescriptionId: '00000000-0000-4000-8000-0000000000aa',
    superset: null,
    restSeconds: 120,
    notes: null,
    targets,
    ...overrides,
  }
}

function set(setNumber: number, values: Partial<SetLog> = {}): SetLog {
  return {
    id: `set-${setNumber}`,
    exerciseKey: 'ex-1',
    movementId: SQUAT,
    setNumber,
    reps: null,
    loadKg: null,
    rpe: null,
    durationSeconds: null,
    distanceMeters: null,
    targetRepsMin: null,
    targetRepsMax: null,
    targetLoadKg: null,
    targetRpe: null,
    completed: true,
    setType: 'working',
    note: null,
    editedAt: '2026-11-20T09:30:00.000Z',
    loggedAt: '2026-11-20T09:30:00.000Z',
    ...values,
  }
}

const e1rms = new Map([[SQUAT, 200]])

type Case = {
  name: string
  target: PrescribedSet
  logged: Partial<SetLog> | null
  deviations: Deviation[]
  asPrescribed: boolean
  swapped?: boolean
}

const cases: Case[] = [
  {
    name: 'reps inside a range',
    target: { reps: { min: 8, max: 12 }, load: { kind: 'kg', value: 60 } },
    logged: { reps: 10, loadKg: 60 },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: 'reps above a range are fine',
    target: { reps: { min: 8, max: 12 } },
    logged: { reps: 14 },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: 'reps under a range',
    target: { reps: { min: 8, max: 12 } },
    logged: { reps: 7 },
    deviations: ['reps_short'],
    asPrescribed: false,
  },
  {
    name: 'exact reps short by one',
    target: { reps: { min: 5, max: 5 } },
    logged: { reps: 4 },
    deviations: ['reps_short'],
    asPrescribed: false,
  },
  {
    name: 'reps prescribed but not written down',
    target: { reps: { min: 5, max: 5 } },
    logged: { reps: null },
    deviations: ['reps_short'],
    asPrescribed: false,
  },
  {
    name: 'load 5% over a heavy target is fine',
    target: { load: { kind: 'kg', value: 200 } },
    logged: { loadKg: 210 },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: 'load over 5% off a heavy target',
    target: { load: { kind: 'kg', value: 200 } },
    logged: { loadKg: 189 },
    deviations: ['load_off'],
    asPrescribed: false,
  },
  {
    name: 'light loads get 2.5 kg of room',
    target: { load: { kind: 'kg', value: 20 } },
    logged: { loadKg: 22.5 },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: 'light loads beyond 2.5 kg are off',
    target: { load: { kind: 'kg', value: 20 } },
    logged: { loadKg: 25 },
    deviations: ['load_off'],
    asPrescribed: false,
  },
  {
    name: 'a load prescribed but not written down',
    target: { load: { kind: 'kg', value: 100 } },
    logged: { loadKg: null, reps: 5 },
    deviations: ['load_off'],
    asPrescribed: false,
  },
  {
    name: '%1RM from the e1RM: 75% of 200 is 150',
    target: { load: { kind: 'percent_1rm', value: 75 } },
    logged: { loadKg: 145 },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: '%1RM off by more than 5%',
    target: { load: { kind: 'percent_1rm', value: 75 } },
    logged: { loadKg: 135 },
    deviations: ['load_off'],
    asPrescribed: false,
  },
  {
    name: 'bodyweight takes any load',
    target: { reps: { min: 10, max: 10 }, load: { kind: 'bodyweight' } },
    logged: { reps: 10, loadKg: 10 },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: 'RPE half a point over is fine',
    target: { rpe: 8 },
    logged: { rpe: 8.5 },
    deviations: [],
    asPrescribed: true,
  },
  { name: 'RPE one point over', target: { rpe: 8 }, logged: { rpe: 9 }, deviations: ['rpe_high'], asPrescribed: false },
  {
    name: 'RPE 7.5 against 6.5',
    target: { rpe: 6.5 },
    logged: { rpe: 7.5 },
    deviations: ['rpe_high'],
    asPrescribed: false,
  },
  { name: 'RPE under the target is fine', target: { rpe: 8 }, logged: { rpe: 6 }, deviations: [], asPrescribed: true },
  { name: 'no RPE written: not judged', target: { rpe: 8 }, logged: { rpe: null }, deviations: [], asPrescribed: true },
  { name: 'RIR 2 means RPE 8', target: { rir: 2 }, logged: { rpe: 9 }, deviations: ['rpe_high'], asPrescribed: false },
  {
    name: 'time held',
    target: { durationSeconds: 60 },
    logged: { durationSeconds: 58 },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: 'time short',
    target: { durationSeconds: 60 },
    logged: { durationSeconds: 45 },
    deviations: ['time_short'],
    asPrescribed: false,
  },
  {
    name: 'distance short',
    target: { distanceMeters: 400, durationSeconds: 90 },
    logged: { distanceMeters: 300, durationSeconds: 90 },
    deviations: ['distance_short'],
    asPrescribed: false,
  },
  {
    name: 'distance covered',
    target: { distanceMeters: 400 },
    logged: { distanceMeters: 400, durationSeconds: 100 },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: 'several at once',
    target: { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 7 },
    logged: { reps: 3, loadKg: 90, rpe: 9 },
    deviations: ['reps_short', 'load_off', 'rpe_high'],
    asPrescribed: false,
  },
  { name: 'skipped', target: { reps: { min: 5, max: 5 } }, logged: null, deviations: ['skipped'], asPrescribed: false },
  {
    name: 'ticked off as not done',
    target: { reps: { min: 5, max: 5 } },
    logged: { reps: 5, completed: false },
    deviations: ['skipped'],
    asPrescribed: false,
  },
  {
    name: 'logged after the finish still counts',
    target: { reps: { min: 5, max: 5 } },
    logged: { reps: 5, loggedAt: '2026-11-20T11:00:00.000Z' },
    deviations: ['late'],
    asPrescribed: true,
  },
  {
    name: 'added by a correction after the finish: shown as a correction, not late',
    target: { reps: { min: 5, max: 5 } },
    logged: {
      reps: 5,
      loggedAt: '2026-11-20T11:00:00.000Z',
      correction: { at: '2026-11-20T11:00:00.000Z', was: null },
    },
    deviations: [],
    asPrescribed: true,
  },
  {
    name: 'a swapped movement is not as prescribed, and its load is not compared',
    target: { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } },
    logged: { reps: 5, loadKg: 40 },
    deviations: ['swapped'],
    asPrescribed: false,
    swapped: true,
  },
]

describe('a prescribed set against the set logged for it', () => {
  test.each(cases)('$name', ({ target, logged, deviations, asPrescribed, swapped }) => {
    const ex = exercise(
      [target],
      swapped
        ? {
            movementId: PRESS,
            movementName: 'Leg press',
            swappedFrom: { movementId: SQUAT, movementName: 'Back squat' },
          }
        : {},
    )
    const [reviewed] = reviewExercise(ex, logged ? [set(1, { movementId: ex.movementId, ...logged })] : [], {
      completedAt: FINISHED,
      oneRepMaxKg: e1rms,
    }).sets
    expect(reviewed?.deviations).toEqual(deviations)
    expect(reviewed?.asPrescribed).toBe(asPrescribed)
  })

  test('a %1RM target without a known e1RM is not judged on load', () => {
    const [reviewed] = reviewExercise(
      exercise([{ load: { kind: 'percent_1rm', value: 80 } }]),
      [set(1, { loadKg: 20 })],
      { completedAt: FINISHED },
    ).sets
    expect(reviewed).toMatchObject({ targetLoadKg: null, deviations: [], asPrescribed: true })
  })

  test('an older session whose prescribed exercise lost its prescription reads as swapped', () => {
    const review = reviewExercise(
      exercise([{ reps: { min: 5, max: 5 } }], { prescriptionId: null }),
      [set(1, { reps: 5 })],
      { completedAt: FINISHED },
    )
    expect(review.swappedFrom).not.toBeNull()
    expect(review.sets[0]?.deviations).toEqual(['swapped'])
  })
})

describe('a session', () => {
  const targets: PrescribedSet[] = [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }))

  test('added sets are marked but count neither for nor against', () => {
    const review = reviewSession(
      {
        exercises: [exercise(targets)],
        sets: [
          set(1, { reps: 5, loadKg: 100 }),
          set(2, { reps: 5, loadKg: 100 }),
          set(3, { reps: 4, loadKg: 100 }),
          set(4, { reps: 5, loadKg: 100 }),
        ],
      },
      { completedAt: FINISHED },
    )
    expect(review.exercises[0]?.sets.map((s) => s.deviations)).toEqual([[], [], ['reps_short'], ['added']])
    expect(review).toMatchObject({ prescribed: 3, asPrescribed: 2 })
    expect(review.adherence).toBeCloseTo(2 / 3)
  })

  test('an exercise added during the session has only added sets', () => {
    const added = exercise([], { key: 'ex-2', prescriptionId: null })
    const review = reviewSession(
      { exercises: [added], sets: [set(1, { exerciseKey: 'ex-2', reps: 10 })] },
      { completedAt: FINISHED },
    )
    expect(review).toMatchObject({ prescribed: 0, asPrescribed: 0, adherence: null })
    expect(review.exercises[0]?.swappedFrom).toBeNull()
  })

  test('a prescribed exercise removed during the session is still reviewed: every set skipped', () => {
    const kept = exercise(targets)
    const removed = exercise(targets.slice(0, 2), { key: 'ex-2', movementId: PRESS, movementName: 'Overhead press' })
    const review = reviewSession(
      { exercises: [kept], removedExercises: [removed], sets: [1, 2, 3].map((n) => set(n, { reps: 5, loadKg: 100 })) },
      { completedAt: FINISHED },
    )
    expect(review.exercises.map((e) => [e.movementName, e.removed, e.sets.map((s) => s.deviations)])).toEqual([
      ['Back squat', false, [[], [], []]],
      ['Overhead press', true, [['skipped'], ['skipped']]],
    ])
    expect(review).toMatchObject({ prescribed: 5, asPrescribed: 3 })
  })

  test('a set logged under a skipped number leaves the gap skipped', () => {
    const review = reviewSession(
      { exercises: [exercise(targets)], sets: [set(1, { reps: 5, loadKg: 100 }), set(3, { reps: 5, loadKg: 100 })] },
      { completedAt: null },
    )
    expect(review.exercises[0]?.sets.map((s) => s.deviations)).toEqual([[], ['skipped'], []])
  })
})

test('a window sums its sessions, missed ones with nothing done', () => {
  expect(
    setAdherence([
      { prescribed: 10, asPrescribed: 8 },
      { prescribed: 10, asPrescribed: 0 },
    ]),
  ).toBe(0.4)
  expect(setAdherence([])).toBeNull()
})

describe('which logged set answers each prescribed set', () => {
  const row = (setNumber: number, setType: SetType = 'working') => ({ setNumber, setType })
  test.each([
    { logged: [row(1), row(2), row(3)], answers: [1, 2, 3], found: [true, true, true] },
    // A row never logged keeps its place: that set was skipped.
    { logged: [row(1), row(3)], answers: [1, 2, 3], found: [true, false, true] },
    // Warm-ups first move the prescription down.
    {
      logged: [row(1, 'warmup'), row(2, 'warmup'), row(3), row(4), row(5)],
      answers: [3, 4, 5],
      found: [true, true, true],
    },
    { logged: [row(1, 'warmup'), row(2)], answers: [2, 3, 4], found: [true, false, false] },
    // A drop set is work, in its row.
    { logged: [row(1), row(2), row(3, 'drop')], answers: [1, 2, 3], found: [true, true, true] },
  ])('$logged.length rows → rows $answers', ({ logged, answers, found }) => {
    const pairs = pairWithTargets(3, logged)
    expect(pairs.map((p) => p.setNumber)).toEqual(answers)
    expect(pairs.map((p) => p.set !== null)).toEqual(found)
  })
})
