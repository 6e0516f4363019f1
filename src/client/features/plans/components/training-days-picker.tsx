import { CheckboxGroup } from '#client/components/ui/checkbox-group.tsx'
import { planApiText } from '#shared/schemas/plans.ts'
import { builderText } from '../builder-text.ts'

const NAMES = builderText.weekdays
type Weekday = (typeof NAMES)[number]
const nameOf = (weekday: number): Weekday => NAMES[weekday - 1] ?? 'Monday'

/** Weekdays spread over the week for a plan of `days` days a week: Monday, Wednesday and Friday for three. */
const SPREAD: Record<number, number[]> = {
  1: [1],
  2: [1, 4],
  3: [1, 3, 5],
  4: [1, 2, 4, 5],
  5: [1, 2, 3, 4, 5],
  6: [1, 2, 3, 4, 5, 6],
  7: [1, 2, 3, 4, 5, 6, 7],
}
export const spreadWeekdays = (days: number): number[] => SPREAD[days] ?? []

/**
 * What the server will say about these weekdays for a plan of `days` days a week, said before
 * sending: one per day of the plan's week (or none, where `noneAllowed`).
 */
export function trainingDaysError(
  trainingDays: readonly number[],
  days: number,
  { noneAllowed = false } = {},
): string | undefined {
  if (noneAllowed && trainingDays.length === 0) return undefined
  return trainingDays.length === days ? undefined : planApiText.trainingDaysCount(days)
}

type Props = { value: readonly number[]; onChange: (trainingDays: number[]) => void; error?: string | undefined }

/** A plan's training days as a checkbox per weekday (ISO weekdays in, in weekday order out). */
export function TrainingDaysPicker({ value, onChange, error }: Props) {
  return (
    <CheckboxGroup
      legend={builderText.trainingDays}
      options={NAMES}
      value={value.map(nameOf)}
      onChange={(names) => onChange(names.map((name) => NAMES.indexOf(name) + 1).sort((a, b) => a - b))}
      error={error}
    />
  )
}
