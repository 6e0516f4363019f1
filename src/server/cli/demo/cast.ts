import { type Unit } from '#shared/units.ts'

/*
 * Who the demo is: the coach, the five clients and their characters, the seeded random numbers,
 * and the dates, which all count back from today.
 */

export const DEMO_PASSWORD = 'CoachlineDemo1'
export const DEMO_COACH = { email: 'coach@demo.coachline.app', displayName: 'Dana Reyes' }

export const WEEKS = 12
/** The plan's grid has five days a week; the client trains on days 1, 3 and 5. */
export const DAYS_PER_WEEK = 5
export const TRAINING_DAYS = [1, 3, 5] as const
export const DELOAD_WEEK = 8
/** Today is day 3 of week 12: week 12 day 1 was two days ago, today's workout is still to do. */
const TODAY_WEEK = 12
const TODAY_DAY = 3

export type Character = 'steady' | 'misses' | 'rpe_drift' | 'swaps' | 'records'

export type DemoClient = {
  email: string
  displayName: string
  unit: Unit
  goal: string
  level: 'Beginner' | 'Intermediate' | 'Advanced'
  character: Character
  /** The client's loads against the coach's template (1 = as written). */
  scale: number
  seed: number
  /** Planned workouts (week, day) without a session. */
  misses: [number, number][]
  bodyWeight: { start: number; perDay: number; everyNthDay: number }
  summary: string
}

export const DEMO_CLIENTS: DemoClient[] = [
  {
    email: 'maya@demo.coachline.app',
    displayName: 'Maya Chen',
    unit: 'kg',
    goal: 'Get stronger',
    level: 'Intermediate',
    character: 'steady',
    scale: 0.65,
    seed: 101,
    misses: [[6, 5]],
    bodyWeight: { start: 63.4, perDay: -0.015, everyNthDay: 1 },
    summary: 'consistent and progressing steadily',
  },
  {
    email: 'jordan@demo.coachline.app',
    displayName: 'Jordan Blake',
    unit: 'lb',
    goal: 'Build muscle',
    level: 'Beginner',
    character: 'misses',
    scale: 0.85,
    seed: 202,
    misses: [
      [2, 5],
      [4, 3],
      [5, 1],
      [6, 5],
      [7, 3],
      [9, 1],
      [9, 5],
      [10, 3],
      [11, 5],
      [12, 1],
    ],
    bodyWeight: { start: 91.2, perDay: 0.004, everyNthDay: 4 },
    summary: 'misses sessions, including the last two planned ones',
  },
  {
    email: 'priya@demo.coachline.app',
    displayName: 'Priya Natarajan',
    unit: 'kg',
    goal: 'First powerlifting meet',
    level: 'Intermediate',
    character: 'rpe_drift',
    scale: 0.7,
    seed: 303,
    misses: [
      [5, 5],
      [9, 3],
    ],
    bodyWeight: { start: 58.6, perDay: 0.002, everyNthDay: 2 },
    summary: 'RPE drifting above target over the last two weeks',
  },
  {
    email: 'sam@demo.coachline.app',
    displayName: 'Sam Okafor',
    unit: 'kg',
    goal: 'General fitness',
    level: 'Intermediate',
    character: 'swaps',
    scale: 0.95,
    seed: 404,
    misses: [
      [3, 3],
      [7, 5],
      [10, 1],
    ],
    bodyWeight: { start: 84.5, perDay: -0.01, everyNthDay: 3 },
    summary: 'swaps movements and adds sets',
  },
  {
    email: 'leo@demo.coachline.app',
    displayName: 'Leo Marchetti',
    unit: 'lb',
    goal: 'Stronger squat and deadlift',
    level: 'Advanced',
    character: 'records',
    scale: 1.15,
    seed: 505,
    misses: [[4, 5]],
    bodyWeight: { start: 79.8, perDay: 0.025, everyNthDay: 1 },
    summary: 'sets new records in the last week',
  },
]

/** mulberry32: a small seeded generator, so the demo's numbers are the same on every run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

type Random = ReturnType<typeof mulberry32>
export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
export const chance = (random: Random, p: number) => random() < p

// ---------- dates: local calendar days, anchored on today ----------

const TODAY = (() => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate())
})()
export const dayFromToday = (offset: number) =>
  new Date(TODAY.getFullYear(), TODAY.getMonth(), TODAY.getDate() + offset)
export const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
export const at = (offset: number, hour: number, minute = 0) => {
  const day = dayFromToday(offset)
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute)
}
export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000)
/** Days from today of a planned workout (negative: in the past). */
export const planOffset = (week: number, day: number) =>
  (week - 1) * 7 + (day - 1) - ((TODAY_WEEK - 1) * 7 + (TODAY_DAY - 1))
export const START_OFFSET = planOffset(1, 1)
