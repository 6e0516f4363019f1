import type { SessionExercise, SetLog } from '#shared/schemas/sessions.ts'
import { pairWithTargets } from '#shared/set-types.ts'

export type UnloggedSets = { exerciseKey: string; movementName: string; setNumbers: number[] }

/**
 * The sets of each exercise not logged yet, for the finish dialog: every set the logger shows (the
 * prescribed ones, at least one, and any up to the highest logged) without a completed set log
 * the server took. A refused set is not logged. Exercises with all their sets logged are left out.
 */
export function unloggedSets(
  exercises: readonly SessionExercise[],
  sets: readonly SetLog[],
  refused: { has: (setId: string) => boolean },
): UnloggedSets[] {
  return exercises.flatMap((exercise) => {
    const mine = sets.filter((s) => s.exerciseKey === exercise.key)
    // As the logger lays them out: warm-up rows move the prescription down a row.
    const lastTarget = pairWithTargets(exercise.targets.length, mine).at(-1)?.setNumber ?? 0
    const rows = Math.max(lastTarget, ...mine.map((s) => s.setNumber), 1)
    const done = new Set(mine.filter((s) => s.completed && !refused.has(s.id)).map((s) => s.setNumber))
    // A warm-up row not done is no prescribed set missed.
    const warmUps = new Set(mine.filter((s) => s.setType === 'warmup').map((s) => s.setNumber))
    const setNumbers = Array.from({ length: rows }, (_, i) => i + 1).filter((n) => !done.has(n) && !warmUps.has(n))
    return setNumbers.length ? [{ exerciseKey: exercise.key, movementName: exercise.movementName, setNumbers }] : []
  })
}
