import { useQuery } from '@tanstack/react-query'
import { asTrained, type PlanWorkoutDetail } from '#shared/schemas/plans.ts'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { verdictOf } from '#client/lib/offline-queue/retry-policy.ts'
import { useActivePlan } from './use-active-plan.ts'

type PlannedWorkout =
  | {
      state: 'ready'
      data: PlanWorkoutDetail
      /** Read from this device's copy of the active plan: the server could not be reached. */ fromDevice: boolean
    }
  | { state: 'loading' }
  /** No signal, and this device has no copy of it. */
  | { state: 'offline' }
  | { state: 'error'; error: unknown }

/**
 * One planned workout for its preview: from the server (or the service worker's copy of that
 * answer); failing that with no signal, from this device's copy of the lifter's active plan,
 * which holds every day of it, so any day of the plan opens in the gym.
 */
export function usePlannedWorkout(userId: string, planWorkoutId: string): PlannedWorkout {
  const workout = useQuery(planQueries.workout(planWorkoutId))
  const active = useActivePlan(userId)
  if (workout.data) return { state: 'ready', data: workout.data, fromDevice: false }
  const unreachable =
    (workout.isPending && workout.fetchStatus === 'paused') || (workout.isError && verdictOf(workout.error) === 'retry')
  if (!unreachable) return workout.isError ? { state: 'error', error: workout.error } : { state: 'loading' }
  const plan = active.plan
  const day = plan?.workouts.find((w) => w.id === planWorkoutId)
  if (plan && day) {
    const { id, name, ownerId, clientId, startDate, trainingDays, weeks, daysPerWeek, deloadWeeks, deload, status } =
      plan
    return {
      state: 'ready',
      data: asTrained(day, {
        id,
        name,
        ownerId,
        clientId,
        startDate,
        trainingDays,
        weeks,
        daysPerWeek,
        deloadWeeks,
        deload,
        status,
      }),
      fromDevice: true,
    }
  }
  return active.isPending && !active.unreachable ? { state: 'loading' } : { state: 'offline' }
}
