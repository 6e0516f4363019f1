import type { PrescribedSet } from './schemas/plans.ts'

/** A time as people read it: '45 s', '2 min', '1 min 30 s'. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return s ? `${m} min ${s} s` : `${m} min`
}

/**
 * An exercise's sets in a few characters, for the builder's grid and the calendar feed: '3 × 5', '4 × 8–10', '3 × 45 s',
 * '5 × 400 m'; sets that differ read '3 sets'.
 */
export function formatSetsSummary(sets: readonly PrescribedSet[]): string {
  const count = sets.length
  const first = sets[0]
  if (!first) return ''
  const same = (read: (set: PrescribedSet) => unknown) =>
    sets.every((set) => JSON.stringify(read(set)) === JSON.stringify(read(first)))
  const each =
    first.reps && same((set) => set.reps)
      ? first.reps.min === first.reps.max
        ? String(first.reps.min)
        : `${first.reps.min}–${first.reps.max}`
      : !first.reps && first.distanceMeters && same((set) => set.distanceMeters)
        ? `${first.distanceMeters} m`
        : !first.reps && first.durationSeconds && same((set) => set.durationSeconds)
          ? formatDuration(first.durationSeconds)
          : null
  return each ? `${count} × ${each}` : `${count} set${count === 1 ? '' : 's'}`
}
