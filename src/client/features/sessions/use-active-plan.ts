import { useQuery } from '@tanstack/react-query'
import type { Plan, PlanSummary } from '#shared/schemas/plans.ts'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { planDayOf } from '#client/features/plans/plan-dates.ts'
import { localToday } from '#client/lib/dates.ts'
import { verdictOf } from '#client/lib/offline-queue/retry-policy.ts'
import { sessionQueries } from './api/session-queries.ts'

/**
 * Of the plans in use, the one a client trains now. A lifter may have two active plans, the one
 * their coach assigned and one they started themselves: the coach's leads (`current`).
 */
export function plansTrained(plans: readonly PlanSummary[] | undefined, userId: string) {
  const active = plans?.filter((p) => p.status === 'active' && p.startDate)
  const fromCoach = active?.find((p) => p.clientId === userId)
  const own = active?.find((p) => p.ownerId === userId && !p.clientId && p.trainingDays)
  return { current: fromCoach ?? own, fromCoach, own }
}

/** The sessions logged against a plan, as its screens read them. */
export const planSessions = (planId: string | undefined) => sessionQueries.list({ planId, limit: 100 })

/** Where today falls in a plan (null before it starts, or for a plan that has not started). */
const todayIn = (plan: Pick<Plan, 'startDate' | 'trainingDays'>) =>
  plan.startDate ? planDayOf({ startDate: plan.startDate, trainingDays: plan.trainingDays }, localToday()) : null

/**
 * The plan a client trains now, the sessions logged against it, and where today falls in it; when
 * the lifter also trains a plan of their own beside their coach's, `alsoOwn` names it so the
 * screen can say so.
 */
export function useActivePlan(userId: string) {
  const plans = useQuery(planQueries.current())
  const { current, fromCoach, own } = plansTrained(plans.data, userId)
  const plan = useQuery({ ...planQueries.detail(current?.id ?? ''), enabled: Boolean(current) })
  const sessions = useQuery({ ...planSessions(current?.id), enabled: Boolean(current) })
  const data = plan.data
  // No signal, and this device has no copy to answer with: the queries wait (paused) or failed on the network.
  const unreachable = [plans, ...(current ? [plan] : [])].some(
    (q) => !q.data && ((q.isPending && q.fetchStatus === 'paused') || (q.isError && verdictOf(q.error) === 'retry')),
  )
  return {
    isPending: !unreachable && (plans.isPending || (Boolean(current) && plan.isPending)),
    /** The plan cannot be read now (no signal and no copy on this device, or the server is down): not 'no plan'. */
    unreachable,
    plan: current ? data : undefined,
    alsoOwn: fromCoach ? own : undefined,
    sessions: sessions.data ?? [],
    /** The sessions are in (or a device's copy of them): until then no planned day can be called missed. */
    sessionsKnown: sessions.data !== undefined,
    today: data ? todayIn(data) : null,
  }
}
