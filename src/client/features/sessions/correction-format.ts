import type { SetLog } from '#shared/schemas/sessions.ts'
import { formatLoad, type Unit } from '#shared/units.ts'
import { formatDuration } from '#client/features/plans/prescription-format.ts'
import { sessionText } from './session-text.ts'

type Correction = NonNullable<SetLog['correction']>

/** A moment as the summary shows it: '12 Mar 2027, 18:04' in the reader's locale. */
export const formatWhen = (at: string | number) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** A set's values as a correction shows what it was: '1000 kg × 5 @ RPE 8'. */
function formatWas(was: NonNullable<Correction['was']>, unit: Unit): string {
  const parts: string[] = []
  if (was.loadKg !== null && was.reps !== null) parts.push(`${formatLoad(was.loadKg, unit)} × ${was.reps}`)
  else if (was.loadKg !== null) parts.push(formatLoad(was.loadKg, unit))
  else if (was.reps !== null) parts.push(`${was.reps} reps`)
  if (was.distanceMeters !== null) parts.push(`${was.distanceMeters} m`)
  if (was.durationSeconds !== null)
    parts.push(
      was.distanceMeters !== null ? `in ${formatDuration(was.durationSeconds)}` : formatDuration(was.durationSeconds),
    )
  if (was.rpe !== null) parts.push(`@ RPE ${was.rpe}`)
  if (!was.completed) parts.push('(not done)')
  return parts.join(' ') || 'done'
}

/** What a correction of a set says: corrected (and what it was), added, or removed (and what it was). */
export function describeCorrection(correction: Correction, unit: Unit, removed = false): string {
  if (!correction.was) return sessionText.correction.added
  const was = formatWas(correction.was, unit)
  return removed ? sessionText.correction.removed(was) : sessionText.correction.corrected(was)
}
