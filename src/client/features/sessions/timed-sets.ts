import type { LogSetInput, SessionExercise, SetLog } from '#shared/schemas/sessions.ts'
import type { BlockTimer, TimedResult } from '#shared/schemas/timed-work.ts'

/** A session exercise takes at most this many sets (the server's limit). */
const MAX_SETS = 50

/**
 * The sets a timed block's result logs: for each round done, one set of each of its exercises,
 * with what the round prescribes (the last prescribed set for rounds beyond them). The rounds
 * take the exercise's work sets in order: one the lifter logged already stays as they logged it,
 * one kept undone is ticked with its own numbers where it has them; new rounds go after the last
 * set, so warm-ups are kept. Nothing is removed: a set beyond the rounds done is the lifter's to
 * remove. An interval of a timed movement logs its work time.
 */
export function roundSets(
  timer: BlockTimer,
  exercises: readonly SessionExercise[],
  logged: readonly SetLog[],
  result: TimedResult,
  editedAt: string,
): { setId: string; body: LogSetInput }[] {
  const rounds = Math.min(result.rounds, MAX_SETS)
  const log: { setId: string; body: LogSetInput }[] = []
  for (const exercise of exercises) {
    const mine = logged.filter((s) => s.exerciseKey === exercise.key)
    const work = mine.filter((s) => s.setType !== 'warmup').sort((a, b) => a.setNumber - b.setNumber)
    let next = Math.max(0, ...mine.map((s) => s.setNumber)) + 1
    const timed = exercise.tracking === 'time' || exercise.tracking === 'distance_time'
    const counted = exercise.tracking === 'weight_reps' || exercise.tracking === 'reps'
    for (let index = 0; index < rounds; index++) {
      const target = exercise.targets[Math.min(index, exercise.targets.length - 1)]
      const existing = work[index]
      if (existing?.completed) continue
      if (!existing && next > MAX_SETS) break
      const duration = timer.kind === 'intervals' ? timer.workSeconds : (target?.durationSeconds ?? null)
      log.push({
        setId: existing?.id ?? crypto.randomUUID(),
        body: {
          exerciseKey: exercise.key,
          setNumber: existing?.setNumber ?? next++,
          reps: counted ? (existing?.reps ?? target?.reps?.max ?? null) : null,
          loadKg: existing?.loadKg ?? (target?.load?.kind === 'kg' ? target.load.value : null),
          rpe: existing?.rpe ?? null,
          durationSeconds: timed ? (existing?.durationSeconds ?? duration) : null,
          distanceMeters:
            exercise.tracking === 'distance_time' ? (existing?.distanceMeters ?? target?.distanceMeters ?? null) : null,
          completed: true,
          setType: existing?.setType ?? 'working',
          note: existing?.note ?? null,
          editedAt,
        },
      })
    }
  }
  return log
}
