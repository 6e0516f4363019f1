import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AssignPlanInput, CopyPlanInput, MovePlanDayInput, StartPlanInput } from '#shared/schemas/plans.ts'
import { planCalls } from './plan-calls.ts'
import { planQueries } from './plan-queries.ts'

/** Waits for the builder's queued saves first, when given: these calls copy the server's plan. */
type AfterSaves = { whenSaved?: () => Promise<void> }

/** Archive, restore or delete a plan (a plan that history refers to is archived instead: the answer says so). */
export function usePlanRemoval() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({
      planId,
      action,
    }: {
      planId: string
      action: 'archive' | 'restore' | 'remove'
    }): Promise<'archived' | 'restored' | 'deleted'> => {
      if (action === 'archive') return planCalls.archive(planId).then(() => 'archived')
      if (action === 'restore') return planCalls.restore(planId).then(() => 'restored')
      const result = await planCalls.remove(planId)
      return result && typeof result === 'object' && 'archived' in result ? 'archived' : 'deleted'
    },
    meta: { errorTitle: 'That did not work' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planQueries.all() }),
  })
}

/** A copy of a plan: a template saved from it, or a new plan from a template. `inForm`: the caller shows the errors in its form instead of a toast. */
export function useCopyPlan({
  errorTitle = 'Could not copy the plan',
  inForm = false,
}: { errorTitle?: string; inForm?: boolean } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ planId, body, whenSaved }: { planId: string; body: CopyPlanInput } & AfterSaves) => {
      await whenSaved?.()
      return planCalls.copy(planId, body)
    },
    meta: inForm ? { toast: false } : { errorTitle },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planQueries.all() }),
  })
}

/**
 * Puts a client on a copy of a plan from a start date; the roster and plans refresh. `inForm`: the
 * caller shows the errors in its form instead of a toast.
 */
export function useAssignPlan({ inForm = false }: { inForm?: boolean } = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ planId, input, whenSaved }: { planId: string; input: AssignPlanInput } & AfterSaves) => {
      await whenSaved?.()
      return planCalls.assign(planId, input)
    },
    meta: inForm ? { toast: false } : { errorTitle: 'Could not assign the plan' },
    // Keys are spelled out here: the clients feature reads plans, not the other way round.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['clients'] })
      await queryClient.invalidateQueries({ queryKey: planQueries.all() })
    },
  })
}

/** A self-coached lifter starts their own plan on their weekdays; home and the calendar pick it up. The caller shows errors in its form. */
export function useStartPlan() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ planId, input, whenSaved }: { planId: string; input: StartPlanInput } & AfterSaves) => {
      await whenSaved?.()
      return planCalls.start(planId, input)
    },
    meta: { toast: false },
    // Not awaited: the plan started whether or not the lists refresh now.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planQueries.all() }),
  })
}

/** Moves a planned workout to another date; the plan's screens show it there at once. The caller shows errors in its form. */
export function useMoveToDate() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      planId,
      week,
      day,
      input,
    }: {
      planId: string
      week: number
      day: number
      input: MovePlanDayInput
    }) => planCalls.moveToDate(planId, week, day, input),
    meta: { toast: false },
    onSuccess: (plan) => {
      queryClient.setQueryData(planQueries.detail(plan.id).queryKey, plan)
      // The coach's page of this client lists moved workouts: spelled out, as the clients feature reads plans.
      void queryClient.invalidateQueries({ queryKey: ['clients'] })
    },
  })
}
