import type { PrescribedSet } from '#shared/schemas/plans.ts'
import { targetIn, type Unit } from '#shared/units.ts'

/**
 * A prescribed set as a lifter reads it: '8-10 reps × 100 kg @ RPE 8', '60 s', '400 m in 90 s';
 * the load rounded to the lifter's plate step when given (targetIn).
 */
export function formatPrescribedSet(set: PrescribedSet, unit: Unit, plateStep?: number): string {
  const parts: string[] = []
  if (set.reps) parts.push(set.reps.min === set.reps.max ? `${set.reps.min} reps` : `${set.reps.min}–${set.reps.max} reps`)
  if (set.load?.kind === 'kg') parts.push(`× ${targetIn(set.load.value, unit, plateStep)} ${unit}`)
  if (set.load?.kind === 'percent_1rm') parts.push(`× ${set.load.value}% 1RM`)
  if (set.load?.kind === 'bodyweight') parts.push('× bodyweight')
  if (set.distanceMeters) parts.push(`${set.distanceMeters} m`)
  if (set.durationSeconds) parts.push(set.distanceMeters ? `in ${formatDuration(set.durationSeconds)}` : formatDuration(set.durationSeconds))
  if (typeof set.rpe === 'number') parts.push(`@ RPE ${set.rpe}`)
  if (typeof set.rir === 'number') parts.push(`@ ${set.rir} RIR`)
  return parts.join(' ') || 'As you feel'
}

export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return s ? `${m} min ${s} s` : `${m} min`
}
