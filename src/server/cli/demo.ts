/**
 * A lived-in app in one command:  npm run demo [-- --force]
 *
 * Fills the database (DATABASE_URL, or the embedded data folder, which no server may have open)
 * with a coach, five clients of distinct characters, a 12-week plan that started twelve weeks
 * ago and the sessions, comments, chat and body weights of those weeks. docs/demo.md describes
 * what it makes. The numbers come from a seeded generator: two runs differ only in their dates,
 * which end today.
 */
import { randomUUID } from 'node:crypto'
import { resolve } from 'node:path'
import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { PrescribedSet, WorkoutContent } from '#shared/schemas/plans.ts'
import { sessionExerciseOf, type SessionExercise } from '#shared/schemas/sessions.ts'
import { KG_PER_LB, toKg, type Unit } from '#shared/units.ts'
import type { Actor } from '#server/access/actor.ts'
import { createAuth } from '#server/auth.ts'
import { type Db, type Tx } from '#server/db/client.ts'
import { analyzeAll } from '#server/db/statistics.ts'
import {
  bodyWeights,
  coachClients,
  messages,
  movements,
  planWorkouts,
  sessionComments,
  setLogs,
  users,
  workoutSessions,
} from '#server/db/schema/index.ts'
import { parseEnv, publicUrl, type Env } from '#server/lib/env.ts'
import { becomeCoach, ensureProfile, updateProfile } from '#server/features/profiles/profiles.service.ts'
import { loadExercises } from '#server/prescriptions/prescriptions.ts'
import { savePlanDay } from '#server/features/plans/plan-grid.service.ts'
import { fillReviewCounts } from '#server/features/sessions/review.service.ts'
import { assignPlan, createPlan, updatePlan } from '#server/features/plans/plans.service.ts'
import { createLogger } from '#server/lib/logger.ts'
import { getOrCreateSecret } from '#server/lib/secrets.ts'
import { openOperatorDatabase } from './operator-database.ts'

const DEMO_PASSWORD = 'CoachlineDemo1'
const DEMO_COACH = { email: 'coach@demo.coachline.app', displayName: 'Dana Reyes' }

const WEEKS = 12
/** The plan's grid has five days a week; the client trains on days 1, 3 and 5. */
const DAYS_PER_WEEK = 5
const TRAINING_DAYS = [1, 3, 5] as const
const DELOAD_WEEK = 8
/** Today is day 3 of week 12: week 12 day 1 was two days ago, today's workout is still to do. */
const TODAY_WEEK = 12
const TODAY_DAY = 3

type Character = 'steady' | 'misses' | 'rpe_drift' | 'swaps' | 'records'

type DemoClient = {
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

const DEMO_CLIENTS: DemoClient[] = [
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
function mulberry32(seed: number): () => number {
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
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const chance = (random: Random, p: number) => random() < p

// ---------- dates: local calendar days, anchored on today ----------

const TODAY = (() => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate())
})()
const dayFromToday = (offset: number) => new Date(TODAY.getFullYear(), TODAY.getMonth(), TODAY.getDate() + offset)
const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
const at = (offset: number, hour: number, minute = 0) => {
  const day = dayFromToday(offset)
  return new Date(day.getFullYear(), day.getMonth(), day.getDate(), hour, minute)
}
const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000)
/** Days from today of a planned workout (negative: in the past). */
const planOffset = (week: number, day: number) => (week - 1) * 7 + (day - 1) - ((TODAY_WEEK - 1) * 7 + (TODAY_DAY - 1))
const START_OFFSET = planOffset(1, 1)

// ---------- the plan ----------

type LoadStep = { kind: 'kg'; kg: number } | { kind: 'percent_1rm'; value: number } | { kind: 'bodyweight' } | null
type ExerciseSpec = {
  slug: string
  sets: number
  reps?: [number, number]
  load: LoadStep
  rpe?: number
  durationSeconds?: number
  restSeconds: number
  notes?: string
}

/** How far the loads have come: one step a week, the deload week none. */
const progressOf = (week: number) => (week < DELOAD_WEEK ? week - 1 : week - 2)

/** The template's day (as written for a lifter of scale 1) in a given week. */
function daySpec(week: number, day: number): { title: string; notes?: string; exercises: ExerciseSpec[] } {
  const p = progressOf(week)
  const deload = week === DELOAD_WEEK
  const block = week <= 4 ? 1 : week < DELOAD_WEEK ? 2 : 3
  const rpe = deload ? 6 : block === 1 ? 7 : block === 2 ? 7.5 : 8
  const sets = (n: number) => (deload ? Math.max(2, n - 1) : n)
  const kg = (base: number, perStep: number, everySteps = 1) => {
    const value = base + perStep * Math.floor(p / everySteps)
    return { kind: 'kg', kg: deload ? value * 0.85 : value } as const
  }
  const plank = deload ? 30 : block === 1 ? 45 : block === 2 ? 50 : 60
  if (day === 1) {
    return {
      title: 'Squat & bench',
      notes: deload ? 'Deload: lighter, one set fewer, leave plenty in the tank.' : undefined,
      exercises: [
        {
          slug: 'back-squat',
          sets: sets(4),
          reps: block === 3 ? [4, 6] : [5, 6],
          load: kg(100, 2.5),
          rpe,
          restSeconds: 180,
          notes: 'Belt on the top sets is fine.',
        },
        { slug: 'bench-press', sets: sets(4), reps: [6, 8], load: kg(70, 2.5, 2), rpe, restSeconds: 150 },
        { slug: 'barbell-row', sets: sets(3), reps: [8, 10], load: kg(60, 2.5, 2), rpe: 8, restSeconds: 120 },
        { slug: 'plank', sets: sets(3), load: null, durationSeconds: plank, restSeconds: 60 },
      ],
    }
  }
  if (day === 3) {
    return {
      title: 'Deadlift & press',
      notes: deload ? 'Deload: lighter, one set fewer.' : undefined,
      exercises: [
        {
          slug: 'deadlift',
          sets: sets(3),
          reps: [4, 5],
          load: kg(130, 2.5),
          rpe,
          restSeconds: 180,
          notes: 'Reset every rep.',
        },
        { slug: 'overhead-press', sets: sets(4), reps: [6, 8], load: kg(45, 2.5, 3), rpe, restSeconds: 120 },
        { slug: 'pull-up', sets: sets(3), reps: [5, 8], load: { kind: 'bodyweight' }, rpe: 8, restSeconds: 120 },
        { slug: 'push-up', sets: sets(3), reps: [10, 15], load: { kind: 'bodyweight' }, rpe: 7, restSeconds: 60 },
      ],
    }
  }
  return {
    title: 'Volume day',
    exercises: [
      {
        slug: 'back-squat',
        sets: sets(3),
        reps: [8, 10],
        load: { kind: 'percent_1rm', value: deload ? 60 : block === 1 ? 67.5 : block === 2 ? 70 : 72.5 },
        rpe: deload ? 6 : 7,
        restSeconds: 150,
      },
      {
        slug: 'bench-press',
        sets: sets(3),
        reps: [10, 12],
        load: kg(60, 2.5, 2),
        rpe: deload ? 6 : 7.5,
        restSeconds: 120,
      },
      {
        slug: 'barbell-row',
        sets: sets(3),
        reps: [10, 12],
        load: kg(50, 2.5, 2),
        rpe: deload ? 6 : 7.5,
        restSeconds: 90,
      },
      { slug: 'plank', sets: sets(2), load: null, durationSeconds: plank + 15, restSeconds: 60 },
    ],
  }
}

/** A load for this lifter: scaled and rounded to the plates of their unit (2.5 kg or 5 lb). */
function loadFor(kg: number, scale: number, unit: Unit): number {
  const scaled = kg * scale
  return unit === 'kg' ? Math.round(scaled / 2.5) * 2.5 : toKg(Math.round(scaled / KG_PER_LB / 5) * 5, 'lb')
}

function prescribedSets(spec: ExerciseSpec, scale: number, unit: Unit): PrescribedSet[] {
  const load =
    spec.load?.kind === 'kg'
      ? { kind: 'kg' as const, value: loadFor(spec.load.kg, scale, unit) }
      : spec.load?.kind === 'percent_1rm'
        ? { kind: 'percent_1rm' as const, value: spec.load.value }
        : spec.load?.kind === 'bodyweight'
          ? { kind: 'bodyweight' as const }
          : null
  return Array.from({ length: spec.sets }, () => ({
    ...(spec.reps ? { reps: { min: spec.reps[0], max: spec.reps[1] } } : {}),
    ...(load ? { load } : {}),
    ...(spec.rpe ? { rpe: spec.rpe } : {}),
    ...(spec.durationSeconds ? { durationSeconds: spec.durationSeconds } : {}),
  }))
}

type MovementInfo = { id: string; name: string; tracking: SessionExercise['tracking'] }

async function builtinMovements(db: Db, slugs: string[]): Promise<Map<string, MovementInfo>> {
  const rows = await db
    .select({ id: movements.id, slug: movements.slug, name: movements.name, tracking: movements.tracking })
    .from(movements)
    .where(inArray(movements.slug, slugs))
  const found = new Map(rows.map((r) => [r.slug ?? '', { id: r.id, name: r.name, tracking: r.tracking }]))
  const missing = slugs.filter((slug) => !found.has(slug))
  if (missing.length) throw new Error(`built-in movements missing: ${missing.join(', ')}`)
  return found
}

/** The coach builds the template through the app's own plan services, cell by cell. */
async function buildTemplate(db: Db, coach: Actor, library: Map<string, MovementInfo>): Promise<string> {
  const plan = await createPlan(db, coach, {
    name: 'Strength Foundations',
    goal: 'Get stronger on the big lifts',
    description:
      'Twelve weeks, three full-body days a week: squat, bench, deadlift and press with rows and pull-ups. Week 8 is a deload.',
    weeks: WEEKS,
    daysPerWeek: DAYS_PER_WEEK,
  })
  let version = plan.version
  for (let week = 1; week <= WEEKS; week++) {
    for (const day of TRAINING_DAYS) {
      const spec = daySpec(week, day)
      const workout: WorkoutContent = {
        title: spec.title,
        notes: spec.notes ?? null,
        exercises: spec.exercises.map((e) => ({
          movementId: movementOf(library, e.slug).id,
          restSeconds: e.restSeconds,
          notes: e.notes ?? null,
          sets: prescribedSets(e, 1, 'kg'),
        })),
      }
      version = (await savePlanDay(db, coach, plan.id, week, day, { version, workout })).version
    }
  }
  await updatePlan(db, coach, plan.id, { version, deloadWeeks: [DELOAD_WEEK], isTemplate: true })
  return plan.id
}

const movementOf = (library: Map<string, MovementInfo>, slug: string): MovementInfo => {
  const movement = library.get(slug)
  if (!movement) throw new Error(`no movement ${slug}`)
  return movement
}

// ---------- a client's twelve weeks ----------

type SetRow = typeof setLogs.$inferInsert
type SessionRow = typeof workoutSessions.$inferInsert
type Made = {
  sessionId: string
  week: number
  day: number
  title: string
  startedAt: Date
  completedAt: Date
  sets: (SetRow & { id: string })[]
  exercises: SessionExercise[]
}

/** Swaps a character-4 lifter makes: the plan's movement, what they did instead, and the load they used for it. */
const SWAPS: { week: number; day: number; from: string; to: string; loadFactor: number }[] = [
  { week: 2, day: 1, from: 'barbell-row', to: 'dumbbell-row', loadFactor: 0.5 },
  { week: 5, day: 5, from: 'back-squat', to: 'goblet-squat', loadFactor: 0.4 },
  { week: 6, day: 1, from: 'barbell-row', to: 'dumbbell-row', loadFactor: 0.5 },
  { week: 9, day: 3, from: 'overhead-press', to: 'seated-dumbbell-shoulder-press', loadFactor: 0.45 },
  { week: 11, day: 5, from: 'bench-press', to: 'dumbbell-bench-press', loadFactor: 0.4 },
  { week: 12, day: 1, from: 'barbell-row', to: 'dumbbell-row', loadFactor: 0.5 },
]

const halfStep = (value: number) => Math.min(10, Math.max(5, Math.round(value * 2) / 2))

function makeSessions(
  client: DemoClient,
  cells: { id: string; week: number; day: number; title: string; exercises: SessionExercise[] }[],
  library: Map<string, MovementInfo>,
): Made[] {
  const random = mulberry32(client.seed)
  const made: Made[] = []
  const missed = new Set(client.misses.map(([w, d]) => `${w}/${d}`))
  // The squat 1RM the %1RM loads are worked out from: what the lifter's day-1 squat implies.
  const squat1rm = (week: number) => loadFor(100 + 2.5 * progressOf(week), client.scale, 'kg') / 0.82

  for (const cell of cells) {
    const offset = planOffset(cell.week, cell.day)
    if (offset >= 0 || missed.has(`${cell.week}/${cell.day}`)) continue
    const lastWeeks = cell.week >= 11
    // Noise (a short or skipped set) stays out of week 12, whose deviations are the ones docs/demo.md lists.
    const noisy = cell.week < 12
    const sessionId = randomUUID()
    const startedAt = at(offset, 17 + Math.floor(random() * 3), Math.floor(random() * 50))
    let clock = addMinutes(startedAt, 4)
    const sets: Made['sets'] = []
    const exercises: SessionExercise[] = cell.exercises.map((e) => ({ ...e, key: randomUUID() }))

    exercises.forEach((exercise, index) => {
      const swap =
        client.character === 'swaps'
          ? SWAPS.find(
              (s) => s.week === cell.week && s.day === cell.day && library.get(s.from)?.id === exercise.movementId,
            )
          : undefined
      let loadFactor = 1
      if (swap) {
        const to = movementOf(library, swap.to)
        exercises[index] = {
          ...exercise,
          movementId: to.id,
          movementName: to.name,
          tracking: to.tracking,
          swappedFrom: { movementId: exercise.movementId, movementName: exercise.movementName },
        }
        loadFactor = swap.loadFactor
      }
      const current = exercises[index] as SessionExercise
      let setCount = current.targets.length
      // Character 4 adds a set to the bench press of most day-1 sessions, and a fifth pull-up set now and then.
      if (
        client.character === 'swaps' &&
        ((cell.day === 1 && current.movementName === 'Bench press' && cell.week % 3 !== 0) ||
          (cell.day === 3 && current.movementName === 'Pull-up' && cell.week % 4 === 2))
      )
        setCount += 1

      for (let n = 1; n <= setCount; n++) {
        const target = current.targets[n - 1] ?? current.targets[current.targets.length - 1] ?? null
        const added = n > current.targets.length
        if (
          noisy &&
          setCount === current.targets.length &&
          n === setCount &&
          n > 2 &&
          chance(random, client.character === 'misses' ? 0.15 : 0.04)
        )
          continue // skipped
        clock = addMinutes(clock, 2 + Math.floor(random() * 3))
        const targetRpe = target?.rpe ?? null
        let rpe = targetRpe === null ? null : halfStep(targetRpe + pick(random, [-0.5, 0, 0, 0, 0.5]))
        if (client.character === 'rpe_drift' && lastWeeks && targetRpe !== null)
          rpe = halfStep(targetRpe + (cell.week === 12 ? 1 : 0.5) + (n > 2 ? 0.5 : 0))
        if (client.character === 'misses' && rpe !== null && chance(random, 0.3)) rpe = halfStep(rpe + 0.5)

        let reps: number | null = null
        if (target?.reps) {
          const { min, max } = target.reps
          reps = min + Math.floor(random() * (max - min + 1))
          if (client.character === 'steady') reps = Math.max(reps, min + 1 > max ? max : min + 1)
          if (client.character === 'records' && lastWeeks && n <= 2) reps = max + 1 + (cell.week === 12 ? 1 : 0)
          if (noisy && n >= 3 && chance(random, client.character === 'misses' ? 0.12 : 0.04)) reps = min - 1
          if (client.character === 'rpe_drift' && cell.week === 12 && n >= 3 && index === 0) reps = min - 1
        }

        let loadKg: number | null = null
        if (target?.load?.kind === 'kg') loadKg = target.load.value
        if (target?.load?.kind === 'percent_1rm')
          loadKg = loadFor((squat1rm(cell.week) * target.load.value) / 100, 1, client.unit)
        if (loadKg !== null && loadFactor !== 1) loadKg = loadFor(loadKg * loadFactor, 1, client.unit)
        if (loadKg !== null && added && current.movementName === 'Bench press')
          loadKg = loadFor(loadKg * 0.85, 1, client.unit)
        if (loadKg !== null && client.character === 'records' && lastWeeks && n <= 2)
          loadKg = loadFor(loadKg + 2.5, 1, client.unit)

        let durationSeconds: number | null = null
        if (target?.durationSeconds)
          durationSeconds =
            target.durationSeconds + pick(random, [0, 0, 5, 10]) - (noisy && chance(random, 0.08) ? 15 : 0)

        sets.push({
          id: randomUUID(),
          sessionId,
          exerciseKey: current.key,
          movementId: current.movementId,
          prescriptionId: current.prescriptionId,
          setNumber: n,
          reps: current.tracking === 'time' ? null : reps,
          loadKg: current.tracking === 'weight_reps' ? loadKg : null,
          rpe,
          durationSeconds,
          // As the start-session code copies them: the n-th target, with a kg load only.
          targetRepsMin: added ? null : (target?.reps?.min ?? null),
          targetRepsMax: added ? null : (target?.reps?.max ?? null),
          targetLoadKg: added ? null : target?.load?.kind === 'kg' ? target.load.value : null,
          targetRpe: added ? null : (target?.rpe ?? null),
          completed: true,
          editedAt: clock,
          loggedAt: clock,
        })
      }
      clock = addMinutes(clock, 2)
    })
    made.push({
      sessionId,
      week: cell.week,
      day: cell.day,
      title: cell.title,
      startedAt,
      completedAt: addMinutes(clock, 3),
      sets,
      exercises,
    })
  }
  return made
}

function sessionRows(
  client: DemoClient,
  clientId: string,
  planId: string,
  planName: string,
  cells: Map<string, string>,
  made: Made[],
): SessionRow[] {
  const random = mulberry32(client.seed + 1)
  return made.map((m) => {
    const rpes = m.sets.map((s) => s.rpe).filter((r): r is number => typeof r === 'number')
    const mean = rpes.length ? rpes.reduce((a, b) => a + b, 0) / rpes.length : 7
    return {
      id: m.sessionId,
      clientId,
      planWorkoutId: cells.get(`${m.week}/${m.day}`) ?? null,
      planId,
      title: m.title,
      planName,
      week: m.week,
      day: m.day,
      exercises: m.exercises,
      status: 'completed' as const,
      startedAt: m.startedAt,
      completedAt: m.completedAt,
      rpe: halfStep(mean + (chance(random, 0.3) ? 0.5 : 0)),
      notes: NOTES[client.character].find((n) => n.week === m.week && n.day === m.day)?.text ?? null,
      createdAt: m.startedAt,
      updatedAt: m.completedAt,
    }
  })
}

const NOTES: Record<Character, { week: number; day: number; text: string }[]> = {
  steady: [
    { week: 3, day: 1, text: 'Squats felt smooth today.' },
    { week: 9, day: 1, text: 'Back from the deload feeling fresh.' },
  ],
  misses: [
    { week: 5, day: 3, text: 'Short on time, rushed the accessories.' },
    { week: 11, day: 3, text: 'Tough week at work.' },
  ],
  rpe_drift: [
    { week: 11, day: 3, text: 'Bar felt heavy, slept badly.' },
    { week: 12, day: 1, text: 'Everything felt like a grind today.' },
  ],
  swaps: [
    { week: 2, day: 1, text: 'Rack area packed, did dumbbell rows instead.' },
    { week: 5, day: 5, text: 'Knee a bit cranky, goblet squats instead.' },
    { week: 12, day: 1, text: 'Barbells all taken again, dumbbell rows.' },
  ],
  records: [
    { week: 11, day: 1, text: 'Squat flew up!' },
    { week: 12, day: 1, text: 'Best session of the block.' },
  ],
}

// ---------- comments, chat and body weights ----------

type CommentSpec = {
  week: number
  day: number
  by: 'coach' | 'client'
  body: string
  minutesAfter: number
  read: boolean
  set?: { movement: string; setNumber: number }
}

const COMMENTS: Record<Character, CommentSpec[]> = {
  steady: [
    {
      week: 4,
      day: 1,
      by: 'coach',
      body: 'Great depth on the squats this week. Keep it up.',
      minutesAfter: 120,
      read: true,
    },
    { week: 4, day: 1, by: 'client', body: 'Thanks! Felt good.', minutesAfter: 300, read: true },
    {
      week: 12,
      day: 1,
      by: 'coach',
      body: 'That last bench set came up short, no problem: same load next week.',
      minutesAfter: 180,
      read: false,
      set: { movement: 'Bench press', setNumber: 4 },
    },
  ],
  misses: [
    {
      week: 8,
      day: 3,
      by: 'coach',
      body: 'Good to see you in. Deload week is a fine time to rebuild the habit.',
      minutesAfter: 240,
      read: true,
    },
    {
      week: 11,
      day: 3,
      by: 'coach',
      body: 'Nice work getting this one done. What days suit you best right now?',
      minutesAfter: 200,
      read: true,
    },
    {
      week: 11,
      day: 3,
      by: 'client',
      body: 'Evenings are hard this month. Weekends are easier.',
      minutesAfter: 900,
      read: false,
    },
  ],
  rpe_drift: [
    { week: 6, day: 1, by: 'coach', body: 'Squat speed looked great on video.', minutesAfter: 150, read: true },
    {
      week: 11,
      day: 3,
      by: 'coach',
      body: 'Deadlift at RPE 9 on a day written at 8: how are sleep and stress?',
      minutesAfter: 180,
      read: true,
      set: { movement: 'Deadlift', setNumber: 3 },
    },
    { week: 11, day: 3, by: 'client', body: 'Sleep has been rough, work deadline.', minutesAfter: 600, read: true },
    {
      week: 12,
      day: 1,
      by: 'coach',
      body: 'RPE 9.5 on a set written at 8. Take 5 kg off the squat on Wednesday.',
      minutesAfter: 160,
      read: false,
      set: { movement: 'Back squat', setNumber: 3 },
    },
  ],
  swaps: [
    {
      week: 5,
      day: 5,
      by: 'coach',
      body: 'Goblet squats instead of back squats: is the knee okay?',
      minutesAfter: 120,
      read: true,
      set: { movement: 'Goblet squat', setNumber: 1 },
    },
    { week: 5, day: 5, by: 'client', body: 'Just a bit stiff, fine by Monday.', minutesAfter: 400, read: true },
    {
      week: 11,
      day: 1,
      by: 'coach',
      body: 'The extra bench set is fine, but keep it lighter than the work sets.',
      minutesAfter: 200,
      read: true,
      set: { movement: 'Bench press', setNumber: 5 },
    },
    {
      week: 12,
      day: 1,
      by: 'client',
      body: 'Logged the last plank late, phone was offline.',
      minutesAfter: 60,
      read: false,
    },
  ],
  records: [
    { week: 7, day: 3, by: 'coach', body: 'Solid deadlifts, all reps looked the same.', minutesAfter: 180, read: true },
    {
      week: 11,
      day: 1,
      by: 'coach',
      body: 'New squat record! Great work.',
      minutesAfter: 140,
      read: true,
      set: { movement: 'Back squat', setNumber: 1 },
    },
    {
      week: 12,
      day: 1,
      by: 'coach',
      body: 'Another record on squat and bench. Congratulations!',
      minutesAfter: 150,
      read: false,
    },
  ],
}

type MessageSpec = { daysAgo: number; hour: number; by: 'coach' | 'client'; body: string }

const CHATS: Record<Character, MessageSpec[]> = {
  steady: [
    { daysAgo: 82, hour: 9, by: 'coach', body: 'Welcome aboard, Maya! Your plan starts in a few days.' },
    { daysAgo: 82, hour: 12, by: 'client', body: 'Excited to start!' },
    { daysAgo: 40, hour: 19, by: 'client', body: 'Is it okay to train Thursday instead of Friday this week?' },
    { daysAgo: 40, hour: 20, by: 'coach', body: 'Of course, just keep a rest day between sessions.' },
    { daysAgo: 1, hour: 8, by: 'coach', body: 'Twelve weeks nearly done, proud of your consistency.' },
  ],
  misses: [
    { daysAgo: 82, hour: 9, by: 'coach', body: 'Welcome, Jordan! Any questions about the plan, ask here.' },
    { daysAgo: 45, hour: 18, by: 'client', body: 'Sorry, missed a couple of sessions. Busy at work.' },
    { daysAgo: 45, hour: 19, by: 'coach', body: 'No worries. Pick up where you left off, do not try to catch up.' },
    { daysAgo: 3, hour: 10, by: 'coach', body: 'Haven’t seen a session this week. All good?' },
    { daysAgo: 1, hour: 9, by: 'coach', body: 'Want to move your training days to the weekend?' },
  ],
  rpe_drift: [
    { daysAgo: 81, hour: 10, by: 'coach', body: 'Welcome, Priya! We build towards your meet.' },
    { daysAgo: 60, hour: 17, by: 'client', body: 'Should I wear my belt on the volume day too?' },
    { daysAgo: 60, hour: 18, by: 'coach', body: 'Only on the last set.' },
    { daysAgo: 2, hour: 21, by: 'client', body: 'Everything felt heavy today. Should I be worried?' },
  ],
  swaps: [
    { daysAgo: 82, hour: 11, by: 'coach', body: 'Welcome, Sam! If the gym is busy, swaps are fine, just log them.' },
    { daysAgo: 78, hour: 19, by: 'client', body: 'Swapped rows for dumbbell rows, hope that is okay.' },
    { daysAgo: 78, hour: 20, by: 'coach', body: 'Perfect, that is what swaps are for.' },
    { daysAgo: 2, hour: 20, by: 'client', body: 'Added a set on bench again, felt too good to stop.' },
  ],
  records: [
    { daysAgo: 82, hour: 9, by: 'coach', body: 'Welcome, Leo! Big goals for the squat this block.' },
    { daysAgo: 30, hour: 18, by: 'client', body: 'Deload done, ready to push.' },
    { daysAgo: 9, hour: 19, by: 'client', body: 'Squat PR today!' },
    { daysAgo: 9, hour: 20, by: 'coach', body: 'Saw it, brilliant. Keep the form tight.' },
    { daysAgo: 2, hour: 19, by: 'client', body: 'And another one. Can we test a max after the block?' },
  ],
}

function bodyWeightRows(client: DemoClient, clientId: string): (typeof bodyWeights.$inferInsert)[] {
  const random = mulberry32(client.seed + 2)
  const rows: (typeof bodyWeights.$inferInsert)[] = []
  for (let offset = START_OFFSET - 3; offset <= 0; offset++) {
    const noise = (random() - 0.5) * 0.8
    // A reading most days for the daily weighers (a day off now and then), a few a week for the others.
    const takes =
      client.bodyWeight.everyNthDay === 1
        ? random() > 0.12
        : (offset - START_OFFSET) % client.bodyWeight.everyNthDay === 0
    if (!takes) continue
    const kg =
      Math.round((client.bodyWeight.start + client.bodyWeight.perDay * (offset - START_OFFSET) + noise) * 10) / 10
    const when = at(offset, 7, 15)
    rows.push({
      clientId,
      measuredOn: isoDate(dayFromToday(offset)),
      weightKg: client.unit === 'lb' ? toKg(Math.round((kg / KG_PER_LB) * 5) / 5, 'lb') : kg,
      createdAt: when,
      updatedAt: when,
    })
  }
  return rows
}

// ---------- the whole demo ----------

type DemoResult = { coach: string; clients: { email: string; displayName: string; summary: string }[]; seconds: number }

/** Creates the demo users through better-auth (marked verified, so the password signs in) with their profiles. */
async function createUser(
  db: Db,
  auth: ReturnType<typeof createAuth>,
  email: string,
  displayName: string,
): Promise<string> {
  const created = await auth.api.signUpEmail({ body: { email, password: DEMO_PASSWORD, name: displayName } })
  await db.update(users).set({ emailVerified: true }).where(eq(users.id, created.user.id))
  await ensureProfile(db, { id: created.user.id, email })
  return created.user.id
}

async function seedDemo(db: Db, env: Env): Promise<DemoResult> {
  const began = performance.now()
  const logger = createLogger('silent')
  const secret = env.AUTH_SECRET ?? (await getOrCreateSecret(db, 'auth_secret'))
  // No confirmation emails: the demo users are marked verified right away.
  const auth = createAuth({
    db,
    baseURL: publicUrl(env),
    secret,
    trustedOrigins: [publicUrl(env)],
    mailer: { kind: 'outbox', send: async () => {} },
    logger,
    onSessionsChanged: async () => {},
  })
  const createdIds: string[] = []
  try {
    const coachId = await createUser(db, auth, DEMO_COACH.email, DEMO_COACH.displayName)
    createdIds.push(coachId)
    await updateProfile(db, coachId, {
      displayName: DEMO_COACH.displayName,
      primaryGoal: 'Coach strength athletes',
      experienceLevel: 'Advanced',
    })
    await becomeCoach(db, coachId)
    const coach: Actor = { id: coachId, role: 'coach' }

    const clientIds: string[] = []
    for (const client of DEMO_CLIENTS) {
      const id = await createUser(db, auth, client.email, client.displayName)
      createdIds.push(id)
      clientIds.push(id)
      await updateProfile(db, id, {
        displayName: client.displayName,
        unit: client.unit,
        primaryGoal: client.goal,
        experienceLevel: client.level,
      })
    }

    const slugs = [
      ...new Set([
        ...TRAINING_DAYS.flatMap((d) => daySpec(1, d).exercises.map((e) => e.slug)),
        ...SWAPS.map((s) => s.to),
      ]),
    ]
    const library = await builtinMovements(db, slugs)
    const templateId = await buildTemplate(db, coach, library)

    for (const [index, client] of DEMO_CLIENTS.entries()) {
      const clientId = clientIds[index] as string
      await db.transaction((tx) => seedClient(db, tx, coachId, templateId, client, clientId, library))
    }
    // Its sessions keep their review counts, as sessions finished in the app do.
    const finished = await db
      .select({ id: workoutSessions.id })
      .from(workoutSessions)
      .where(and(inArray(workoutSessions.clientId, clientIds), eq(workoutSessions.status, 'completed')))
    await fillReviewCounts(
      db,
      finished.map((s) => s.id),
    )
    // The demo is opened right after: its queries plan on what it wrote, not on empty tables.
    await analyzeAll(db)
    return {
      coach: DEMO_COACH.email,
      clients: DEMO_CLIENTS.map(({ email, displayName, summary }) => ({ email, displayName, summary })),
      seconds: (performance.now() - began) / 1000,
    }
  } catch (error) {
    // Nothing half-made: the users of this run go, and everything of theirs with them.
    if (createdIds.length) await db.delete(users).where(inArray(users.id, createdIds))
    throw error
  }
}

async function seedClient(
  db: Db,
  tx: Tx,
  coachId: string,
  templateId: string,
  client: DemoClient,
  clientId: string,
  library: Map<string, MovementInfo>,
): Promise<void> {
  await tx.insert(coachClients).values({ coachId, clientId, since: at(START_OFFSET - 4, 10) })
  const plan = await assignPlan(
    db,
    coachId,
    templateId,
    { clientId, startDate: isoDate(dayFromToday(START_OFFSET)) },
    tx,
  )

  // The coach tailors the client's copy: the template's loads scaled to this lifter, in their unit.
  const cells = await tx
    .select({ id: planWorkouts.id, week: planWorkouts.week, day: planWorkouts.day, title: planWorkouts.title })
    .from(planWorkouts)
    .where(eq(planWorkouts.planId, plan.id))
  const exercisesByCell = await loadExercises(
    tx,
    'planWorkout',
    cells.map((c) => c.id),
  )
  const tailored: { id: string; sets: PrescribedSet[] }[] = []
  for (const cell of cells) {
    const spec = daySpec(cell.week, cell.day)
    for (const exercise of exercisesByCell.get(cell.id) ?? []) {
      const written = spec.exercises[exercise.position]
      if (written) tailored.push({ id: exercise.id, sets: prescribedSets(written, client.scale, client.unit) })
    }
  }
  await tx.execute(sql`
    update prescriptions p set sets = v.sets::jsonb
    from (values ${sql.join(
      tailored.map((t) => sql`(${t.id}::uuid, ${JSON.stringify(t.sets)})`),
      sql`, `,
    )}) as v(id, sets)
    where p.id = v.id`)

  // What a session copies at start: the exercises with their (tailored) targets.
  const sessionCells = cells
    .sort((a, b) => a.week - b.week || a.day - b.day)
    .map((cell) => ({
      ...cell,
      exercises: (exercisesByCell.get(cell.id) ?? []).map((exercise): SessionExercise => {
        const written = daySpec(cell.week, cell.day).exercises[exercise.position]
        return {
          ...sessionExerciseOf(exercise),
          targets: written ? prescribedSets(written, client.scale, client.unit) : exercise.sets,
        }
      }),
    }))
  const made = makeSessions(client, sessionCells, library)

  // One set logged after the session was finished (a phone that was offline): the last plank of the latest session.
  if (client.character === 'swaps') {
    const last = made.at(-1)
    const plank = last?.sets.filter((s) => library.get('plank')?.id === s.movementId).at(-1)
    if (last && plank) {
      const late = addMinutes(last.completedAt, 25)
      plank.editedAt = late
      plank.loggedAt = late
    }
  }
  // Character 1's latest session: the last bench set short of its range, the last plank skipped.
  if (client.character === 'steady') {
    const last = made.at(-1)
    if (last) {
      const bench = last.sets.filter((s) => s.movementId === library.get('bench-press')?.id).at(-1)
      if (bench && bench.targetRepsMin) bench.reps = bench.targetRepsMin - 1
      const planks = last.sets.filter((s) => s.movementId === library.get('plank')?.id)
      const skipped = planks.at(-1)
      if (skipped && planks.length >= 3) last.sets.splice(last.sets.indexOf(skipped), 1)
    }
  }

  const cellIds = new Map(cells.map((c) => [`${c.week}/${c.day}`, c.id]))
  const sessions = sessionRows(client, clientId, plan.id, plan.name, cellIds, made)
  if (sessions.length) await tx.insert(workoutSessions).values(sessions)
  const allSets = made.flatMap((m) => m.sets)
  for (let i = 0; i < allSets.length; i += 500) await tx.insert(setLogs).values(allSets.slice(i, i + 500))

  const comments: (typeof sessionComments.$inferInsert)[] = []
  for (const spec of COMMENTS[client.character]) {
    const session = made.find((m) => m.week === spec.week && m.day === spec.day)
    if (!session)
      throw new Error(`demo comment on a session ${client.displayName} did not do (week ${spec.week}, day ${spec.day})`)
    let setLogId: string | null = null
    if (spec.set) {
      const movementId = [...library.values()].find((m) => m.name === spec.set?.movement)?.id
      const set = session.sets.find((s) => s.movementId === movementId && s.setNumber === spec.set?.setNumber)
      if (!set)
        throw new Error(
          `demo comment on a set ${client.displayName} did not log (${spec.set.movement} ${spec.set.setNumber}, week ${spec.week})`,
        )
      setLogId = set.id
    }
    const createdAt = addMinutes(session.completedAt, spec.minutesAfter)
    comments.push({
      sessionId: session.sessionId,
      setLogId,
      authorId: spec.by === 'coach' ? coachId : clientId,
      body: spec.body,
      createdAt,
      readAt: spec.read ? addMinutes(createdAt, 45) : null,
    })
  }
  if (comments.length) await tx.insert(sessionComments).values(comments)

  // The trailing messages of whoever wrote last are still unread (and were in an email digest already).
  const chat = CHATS[client.character]
  let unreadFrom = chat.length
  while (unreadFrom > 0 && chat[unreadFrom - 1]?.by === chat.at(-1)?.by) unreadFrom--
  await tx.insert(messages).values(
    chat.map((m, i) => {
      const createdAt = at(-m.daysAgo, m.hour, 5 + ((i * 7) % 40))
      const unread = i >= unreadFrom
      return {
        id: randomUUID(),
        coachId,
        clientId,
        senderId: m.by === 'coach' ? coachId : clientId,
        body: m.body,
        createdAt,
        deliveredAt: addMinutes(createdAt, 1),
        readAt: unread ? null : addMinutes(createdAt, 30),
        digestedAt: unread ? addMinutes(createdAt, 35) : null,
      }
    }),
  )

  const weights = bodyWeightRows(client, clientId)
  if (weights.length) await tx.insert(bodyWeights).values(weights)
}

// ---------- the command ----------

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

/** Why the demo must not run on this database, or null: it has users (without --force), or has the demo's. */
async function refusal(db: Db, where: string, force: boolean): Promise<string | null> {
  const [{ users: existing } = { users: 0 }] = await db.select({ users: count() }).from(users)
  if (existing > 0 && !force) {
    return `${where.charAt(0).toUpperCase()}${where.slice(1)} already has ${existing} user${existing === 1 ? '' : 's'}: the demo adds its own only to an empty database.\nRun npm run demo -- --force to add the demo users anyway, or use another DATA_DIR.`
  }
  const emails = [DEMO_COACH.email, ...DEMO_CLIENTS.map((c) => c.email)]
  const taken = (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
    (t) => t.email,
  )
  if (taken.includes(DEMO_COACH.email)) {
    return `The demo coach ${DEMO_COACH.email} is there already: nothing added.\nSign in as ${DEMO_COACH.email} with the password ${DEMO_PASSWORD}.`
  }
  return taken.length ? `Some demo emails are taken already (${taken.join(', ')}): nothing added.` : null
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const unknown = args.filter((a) => a !== '--force')
  if (unknown.length) fail(`Unknown argument ${unknown.join(' ')}\nusage: npm run demo [-- --force]`, 2)
  const force = args.includes('--force')
  const env = parseEnv()
  const where = env.DATABASE_URL ? 'the database of DATABASE_URL' : `the data folder ${resolve(env.DATA_DIR)}`
  const database = await openOperatorDatabase(env, { statementTimeoutMs: 0 })
  // A refusal closes the database before exiting, so the embedded one is left cleanly.
  let outcome: { refused: string } | { result: DemoResult }
  try {
    const refused = await refusal(database.db, where, force)
    outcome = refused ? { refused } : { result: await seedDemo(database.db, env) }
  } finally {
    await database.close()
  }
  if ('refused' in outcome) fail(outcome.refused)
  const { result } = outcome
  console.log(`The demo is ready in ${where} (${result.seconds.toFixed(1)} s).`)
  console.log('')
  console.log(`Sign in with the password ${DEMO_PASSWORD} as:`)
  console.log(`  ${result.coach}  (${DEMO_COACH.displayName}, the coach)`)
  for (const c of result.clients) console.log(`  ${c.email}  (${c.displayName}: ${c.summary})`)
  console.log('')
  console.log('Start the app with npm start and open it in the browser.')
}

await main()
