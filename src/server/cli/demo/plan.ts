import { inArray } from 'drizzle-orm'
import type { PrescribedSet, WorkoutContent } from '#shared/schemas/plans.ts'
import { type SessionExercise } from '#shared/schemas/sessions.ts'
import { STANDARD_RAMP, type BlockTimer, type WarmUpRamp } from '#shared/schemas/timed-work.ts'
import { KG_PER_LB, toKg, type Unit } from '#shared/units.ts'
import type { Actor } from '#server/access/actor.ts'
import { type Db } from '#server/db/client.ts'
import { movements } from '#server/db/schema/index.ts'
import { savePlanDay } from '#server/features/plans/plan-grid.service.ts'
import { createPlan, updatePlan } from '#server/features/plans/plans.service.ts'
import { WEEKS, DAYS_PER_WEEK, TRAINING_DAYS, DELOAD_WEEK } from './cast.ts'

/*
 * The coach's twelve-week template, built through the app's own plan services, and the loads each
 * client is given from it.
 */

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
  tempo?: string
  warmUp?: WarmUpRamp
  timer?: BlockTimer
}

/** How far the loads have come: one step a week, the deload week none. */
export const progressOf = (week: number) => (week < DELOAD_WEEK ? week - 1 : week - 2)

/** The template's day (as written for a lifter of scale 1) in a given week. */
export function daySpec(week: number, day: number): { title: string; notes?: string; exercises: ExerciseSpec[] } {
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
          warmUp: STANDARD_RAMP,
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
          warmUp: STANDARD_RAMP,
        },
        { slug: 'overhead-press', sets: sets(4), reps: [6, 8], load: kg(45, 2.5, 3), rpe, restSeconds: 120 },
        { slug: 'pull-up', sets: sets(3), reps: [5, 8], load: { kind: 'bodyweight' }, rpe: 8, restSeconds: 120 },
        {
          slug: 'push-up',
          sets: sets(5),
          reps: [10, 10],
          load: { kind: 'bodyweight' },
          restSeconds: 0,
          notes: 'A finisher: 10 push-ups at the top of every minute.',
          timer: { kind: 'emom', everySeconds: 60 },
        },
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
        tempo: '3010',
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
export function loadFor(kg: number, scale: number, unit: Unit): number {
  const scaled = kg * scale
  return unit === 'kg' ? Math.round(scaled / 2.5) * 2.5 : toKg(Math.round(scaled / KG_PER_LB / 5) * 5, 'lb')
}

export function prescribedSets(spec: ExerciseSpec, scale: number, unit: Unit): PrescribedSet[] {
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

export type MovementInfo = { id: string; name: string; tracking: SessionExercise['tracking'] }

export async function builtinMovements(db: Db, slugs: string[]): Promise<Map<string, MovementInfo>> {
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
export async function buildTemplate(db: Db, coach: Actor, library: Map<string, MovementInfo>): Promise<string> {
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
          tempo: e.tempo ?? null,
          warmUp: e.warmUp ?? null,
          timer: e.timer ?? null,
          sets: prescribedSets(e, 1, 'kg'),
        })),
      }
      version = (await savePlanDay(db, coach, plan.id, week, day, { version, workout })).version
    }
  }
  await updatePlan(db, coach, plan.id, { version, deloadWeeks: [DELOAD_WEEK], isTemplate: true })
  return plan.id
}

export const movementOf = (library: Map<string, MovementInfo>, slug: string): MovementInfo => {
  const movement = library.get(slug)
  if (!movement) throw new Error(`no movement ${slug}`)
  return movement
}
