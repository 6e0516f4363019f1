import type { SessionExercise } from '#shared/schemas/sessions.ts'

/**
 * The exercise a lifter moves to after a set of `key` in a superset (A1, then A2, then rest): the
 * next exercise with the same superset letter, or null after the last of the group (or outside
 * one), when the rest starts.
 */
export function nextInSuperset(exercises: readonly SessionExercise[], key: string): SessionExercise | null {
  const exercise = exercises.find((e) => e.key === key)
  if (!exercise?.superset) return null
  const group = exercises.filter((e) => e.superset === exercise.superset)
  return group[group.findIndex((e) => e.key === key) + 1] ?? null
}
