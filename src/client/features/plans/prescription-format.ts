import type { PrescribedSet } from '#shared/schemas/plans.ts'
import { DEFAULT_PLATE_SETUPS } from '#shared/schemas/plate-setups.ts'
import { loadFromE1rm } from '#shared/schemas/progression.ts'
import { formatDuration } from '#shared/sets-summary.ts'
import { targetIn, type Unit } from '#shared/units.ts'

// Shared with the server's calendar feed.
export { formatDuration, formatSetsSummary } from '#shared/sets-summary.ts'

/**
 * A prescribed set as a lifter reads it: '8-10 reps × 100 kg @ RPE 8', '60 s', '400 m in 90 s';
 * the load rounded to the lifter's plate step when given (targetIn). A %1RM load with the lifter's
 * e1RM reads as the load it means, the percentage beside it: '5 reps × 82.5 kg (70% 1RM)'.
 */
export function formatPrescribedSet(
  set: PrescribedSet,
  unit: Unit,
  plateStep?: number,
  e1rmKg?: number | null,
): string {
  const parts: string[] = []
  if (set.reps)
    parts.push(set.reps.min === set.reps.max ? `${set.reps.min} reps` : `${set.reps.min}–${set.reps.max} reps`)
  if (set.load?.kind === 'kg') parts.push(`× ${targetIn(set.load.value, unit, plateStep)} ${unit}`)
  if (set.load?.kind === 'percent_1rm' && e1rmKg) {
    const step = plateStep ?? DEFAULT_PLATE_SETUPS[unit].plateStep
    parts.push(
      `× ${targetIn(loadFromE1rm(set.load.value, e1rmKg, unit, step), unit, step)} ${unit} (${set.load.value}% 1RM)`,
    )
  } else if (set.load?.kind === 'percent_1rm') parts.push(`× ${set.load.value}% 1RM`)
  if (set.load?.kind === 'bodyweight') parts.push('× bodyweight')
  if (set.distanceMeters) parts.push(`${set.distanceMeters} m`)
  if (set.durationSeconds)
    parts.push(set.distanceMeters ? `in ${formatDuration(set.durationSeconds)}` : formatDuration(set.durationSeconds))
  if (typeof set.rpe === 'number') parts.push(`@ RPE ${set.rpe}`)
  if (typeof set.rir === 'number') parts.push(`@ ${set.rir} RIR`)
  return parts.join(' ') || 'As you feel'
}
