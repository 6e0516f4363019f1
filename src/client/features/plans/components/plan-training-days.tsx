import { useState } from 'react'
import type { Plan } from '#shared/schemas/plans.ts'
import type { SaveState } from '../api/use-save-queue.ts'
import { builderText } from '../builder-text.ts'
import { trainingDaysError, TrainingDaysPicker } from './training-days-picker.tsx'

type Props = {
  plan: Pick<Plan, 'daysPerWeek' | 'trainingDays'>
  /** Called with one weekday per day of the plan's week, or null for none. */
  onSave: (trainingDays: number[] | null) => void
  setSaveState: (state: SaveState) => void
}

/**
 * The builder's training days, saved as soon as there is one weekday per day of the plan's week
 * (or none: the days follow one another); until then the save status says nothing is saved.
 */
export function PlanTrainingDays({ plan, onSave, setSaveState }: Props) {
  const [trainingDays, setTrainingDays] = useState<number[]>(() => plan.trainingDays ?? [])
  const error = trainingDaysError(trainingDays, plan.daysPerWeek, { noneAllowed: true })

  function change(next: number[]) {
    setTrainingDays(next)
    if (trainingDaysError(next, plan.daysPerWeek, { noneAllowed: true })) return setSaveState('invalid')
    onSave(next.length ? next : null)
  }

  return (
    <div className="flex flex-col gap-1">
      <TrainingDaysPicker value={trainingDays} onChange={change} error={error} />
      <p className="text-xs text-muted-foreground">{builderText.trainingDaysHint(plan.daysPerWeek)}</p>
    </div>
  )
}
