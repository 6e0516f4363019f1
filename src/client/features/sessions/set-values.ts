import type { PrescribedSet } from '#shared/schemas/plans.ts'

/** The numbers of a set row, as its inputs hold them (text, in the lifter's unit). */
export type SetField = 'load' | 'reps' | 'seconds' | 'meters' | 'rpe'
export type SetValues = Record<SetField, string>
/** What a row holds of its own: typed by the lifter, or logged. A field left out starts from elsewhere. */
export type SetDraft = Partial<SetValues>

type Row = {
  /** What the lifter typed or logged on this row. */
  own: SetDraft
  /** The coach's target for this set, if any. */
  target: PrescribedSet | undefined
  /** The prescribed load as the lifter reads it (rounded to their plate step), or null without one. */
  targetLoad: number | null
  /** What the lifter did on this set of the movement last time, in their unit (no RPE). */
  last: SetDraft | undefined
}

const filled = (value: string | undefined): value is string => value !== undefined && value.trim() !== ''
const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/**
 * The values each set row of an exercise shows, and so what its tick logs: a row never logs a
 * number it does not show. What the lifter typed or logged wins; an untouched field starts from
 * one number that is known, never one picked from a range:
 * - load: the prescribed load; else today's load of the set above (typed, logged or prescribed
 *   there, or followed down to it); else this set's load last time; else the set above's load.
 * - reps: a prescribed number of reps; empty for a range (the lifter types what they did); with no
 *   reps prescribed, this set's reps last time.
 * - time and distance: the prescribed figure; else this set's last time.
 * - RPE: only what the lifter types (a target RPE is a target, shown in the target column).
 */
export function setRowValues(rows: readonly Row[]): SetValues[] {
  // The set above's load, and whether it is today's (typed, logged or prescribed, or followed from such a load).
  let above = { today: false, load: '' }
  return rows.map(({ own, target, targetLoad, last }) => {
    const followed = own.load === undefined && targetLoad === null && (above.today || !filled(last?.load))
    const load = own.load ?? (targetLoad !== null ? String(targetLoad) : followed ? above.load : (last?.load ?? ''))
    above = { today: filled(own.load) || targetLoad !== null || (followed && above.today), load }
    const reps =
      own.reps ??
      (target?.reps ? (target.reps.min === target.reps.max ? String(target.reps.min) : '') : (last?.reps ?? ''))
    const seconds = own.seconds ?? (target?.durationSeconds ? text(target.durationSeconds) : (last?.seconds ?? ''))
    const meters = own.meters ?? (target?.distanceMeters ? text(target.distanceMeters) : (last?.meters ?? ''))
    return { load, reps, seconds, meters, rpe: own.rpe ?? '' }
  })
}

/**
 * 'Add set': the new set starts as a copy of the numbers the last one shows (its load, reps, time
 * and distance), so doing the same again is one tap. RPE is felt set by set and starts empty.
 */
export function copyOfSet(values: SetValues): SetDraft {
  return { load: values.load, reps: values.reps, seconds: values.seconds, meters: values.meters, rpe: '' }
}

/** The numbers a tick cannot log without, by tracking: the field to ask for, or null when the row can be logged. */
export function missingField(
  tracking: 'weight_reps' | 'reps' | 'time' | 'distance_time',
  values: SetValues,
): 'reps' | 'seconds' | 'meters' | null {
  if (tracking === 'weight_reps' || tracking === 'reps') return filled(values.reps) ? null : 'reps'
  if (tracking === 'time') return filled(values.seconds) ? null : 'seconds'
  return filled(values.meters) || filled(values.seconds) ? null : 'meters'
}
