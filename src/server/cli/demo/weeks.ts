import { randomUUID } from 'node:crypto'
import { type SessionExercise } from '#shared/schemas/sessions.ts'
import { type setLogs, type workoutSessions } from '#server/db/schema/index.ts'
import { type Character, type DemoClient, mulberry32, pick, chance, at, addMinutes, planOffset } from './cast.ts'
import { progressOf, loadFor, type MovementInfo, movementOf } from './plan.ts'

/*
 * A client's twelve weeks as they trained them: sessions and sets, as each character would log
 * them (steady, missing days, drifting RPE, swapping movements, setting records).
 */

// ---------- a client's twelve weeks ----------

type SetRow = typeof setLogs.$inferInsert
export type SessionRow = typeof workoutSessions.$inferInsert
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
export const SWAPS: { week: number; day: number; from: string; to: string; loadFactor: number }[] = [
  { week: 2, day: 1, from: 'barbell-row', to: 'dumbbell-row', loadFactor: 0.5 },
  { week: 5, day: 5, from: 'back-squat', to: 'goblet-squat', loadFactor: 0.4 },
  { week: 6, day: 1, from: 'barbell-row', to: 'dumbbell-row', loadFactor: 0.5 },
  { week: 9, day: 3, from: 'overhead-press', to: 'seated-dumbbell-shoulder-press', loadFactor: 0.45 },
  { week: 11, day: 5, from: 'bench-press', to: 'dumbbell-bench-press', loadFactor: 0.4 },
  { week: 12, day: 1, from: 'barbell-row', to: 'dumbbell-row', loadFactor: 0.5 },
]

const halfStep = (value: number) => Math.min(10, Math.max(5, Math.round(value * 2) / 2))

export function makeSessions(
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
      // A timed block's result: its rounds are the sets logged, each the length of its interval.
      exercises: exercises.map((e) => {
        if (e.timer?.kind !== 'emom') return e
        const rounds = sets.filter((s) => s.exerciseKey === e.key && s.completed).length
        return { ...e, result: { rounds, seconds: rounds * e.timer.everySeconds } }
      }),
    })
  }
  return made
}

export function sessionRows(
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
