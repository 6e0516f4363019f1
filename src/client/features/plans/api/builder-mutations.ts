import { useMutation } from '@tanstack/react-query'
import type { Plan, UpdatePlanInput } from '#shared/schemas/plans.ts'
import type { CopyWeekInput } from '#shared/schemas/plan-grid.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { builderText } from '../builder-text.ts'
import type { Cell } from '../plan-cell.ts'
import { planSaves } from './plan-calls.ts'
import type { SaveQueue } from './use-save-queue.ts'

/*
 * The plan builder's changes. Each goes through the builder's save queue, in order and on the
 * version the previous one produced; the queue shows how saving goes.
 */

type Saver = SaveQueue<Plan>
type Unversioned<T> = Omit<T, 'version' | 'saveId'>

/**
 * True once the queued save is done; false when it met a conflict. A 409 stops the save queue,
 * whose banner asks for a reload: the conflict is said there, not as this change's failure.
 */
async function savedUnlessConflict(save: Promise<unknown>): Promise<boolean> {
  try {
    await save
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return false
    throw error
  }
}

/** The plan's name or deload weeks; `key` lets a newer change of the same field replace one still waiting. */
export function useSavePlanDetails(planId: string, saver: Saver) {
  return useMutation({
    mutationFn: ({ key, change }: { key: string; change: Unversioned<UpdatePlanInput> }) =>
      savedUnlessConflict(saver.enqueue(key, planSaves.update(planId, change))),
    meta: { errorTitle: 'Could not save the plan' },
  })
}

/** The plan's training days (null: its days follow one another); a newer pick replaces one still waiting. */
export function useSaveTrainingDays(planId: string, saver: Saver) {
  return useMutation({
    mutationFn: (trainingDays: number[] | null) =>
      savedUnlessConflict(saver.enqueue('trainingDays', planSaves.trainingDays(planId, { trainingDays }))),
    meta: { errorTitle: 'Could not save the training days' },
  })
}

/** A day's workout dragged onto another day (the two swap when both have one). */
export function useMoveDay(planId: string, saver: Saver) {
  return useMutation({
    mutationFn: ({ from, to }: { from: Cell; to: Cell }) =>
      savedUnlessConflict(saver.enqueue(null, planSaves.moveDay(planId, { from, to }))),
    meta: { errorTitle: 'Could not move the workout' },
    onSuccess: (moved, { to }) => {
      if (moved) notify.success({ title: builderText.movedDay, description: `Week ${to.week} · Day ${to.day}` })
    },
  })
}

/** What the day dialog does with a day's workout: copy or move it onto another day, or delete it. */
export type DayAction = { kind: 'copy' | 'move'; from: Cell; to: Cell } | { kind: 'remove'; from: Cell }

const dayActionDone = { copy: builderText.copiedDay, move: builderText.movedDay, remove: 'Workout removed' }

/** A day's action from its dialog, which shows the error itself. */
export function useDayAction(planId: string, saver: Saver) {
  return useMutation({
    mutationFn: (action: DayAction) =>
      saver.enqueue(
        null,
        action.kind === 'remove'
          ? planSaves.saveDay(planId, action.from.week, action.from.day, { workout: null })
          : (action.kind === 'copy' ? planSaves.copyDay : planSaves.moveDay)(planId, {
              from: action.from,
              to: action.to,
            }),
      ),
    meta: { toast: false },
    onSuccess: (_plan, action) => notify.success({ title: dayActionDone[action.kind] }),
  })
}

/** One week's workouts copied onto other weeks, with a progression or none; the dialog shows the error itself. */
export function useCopyWeek(planId: string, saver: Saver) {
  return useMutation({
    mutationFn: (copy: Unversioned<CopyWeekInput>) => saver.enqueue(null, planSaves.copyWeek(planId, copy)),
    meta: { toast: false },
    onSuccess: (_plan, { fromWeek, toWeeks }) =>
      notify.success({
        title: builderText.copiedWeek,
        description: `Week ${fromWeek} → ${toWeeks.map((w) => `Week ${w}`).join(', ')}`,
      }),
  })
}
