import type { PrescribedSet } from '#shared/schemas/plans.ts'

/** The numbers of a set row, as its inputs hold them (text, in the lifter's unit). */
export type SetField = 'load' | 'reps' | 'seconds' | 'meters' | 'rpe'
export type SetValues = Record<SetField, string>
/** What a row holds of its own: typed by the lifter, or logged. A field left out starts from elsewhere. */
export type SetDraft = Partial<SetValues>

type Row = {
  /** What the lifter typed or logged on this row. */
  own: SetDraft
  /** The prescribed load as the lifter reads it (rounded to their plate step), or null without one. */
  targetLoad: number | null
}

/**
 * The values each set row of an exercise shows. A row shows what it holds; a set with no
 * prescribed load starts from the load of the set above (what that set logs: typed, logged, or
 * its target), ready to log; a set with a prescribed load starts empty, its target the
 * placeholder a tap logs.
 */
export function setRowValues(rows: readonly Row[]): SetValues[] {
  let above = ''
  return rows.map(({ own, targetLoad }) => {
    const load = own.load ?? (targetLoad === null ? above : '')
    above = load.trim() !== '' ? load : targetLoad !== null ? String(targetLoad) : ''
    return { load, reps: own.reps ?? '', seconds: own.seconds ?? '', meters: own.meters ?? '', rpe: own.rpe ?? '' }
  })
}

/**
 * 'Add set': the new set starts as a copy of the one above, as that one would log (an empty field
 * takes its target), so doing the same again is one tap.
 */
export function copyOfSet(values: SetValues, target: PrescribedSet | undefined, targetLoad: number | null): SetDraft {
  const or = (value: string, fallback: number | null | undefined) => (value.trim() !== '' ? value : fallback != null ? String(fallback) : '')
  return {
    load: or(values.load, targetLoad),
    reps: or(values.reps, target?.reps?.max),
    seconds: or(values.seconds, target?.durationSeconds),
    meters: or(values.meters, target?.distanceMeters),
    rpe: or(values.rpe, target?.rpe),
  }
}
