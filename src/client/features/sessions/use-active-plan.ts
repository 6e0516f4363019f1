import { useQuery } from '@tanstack/react-query'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { planDayOf } from '#client/features/plans/plan-dates.ts'
import { localToday } from '#client/lib/dates.ts'
import { verdictOf } from '#client/lib/offline-queue/retry-policy.ts'
import { sessionQueries } from './api/session-queries.ts'

/**
 * The plan a client trains now, the sessions logged against it, and where today falls in it. A
 * lifter may have two active plans, the one their coach assigned and one they started themselves:
 * the coach's leads, and `alsoOwn` names the other so the screen can say so.
 */
export function useActivePlan(userId: string) {
  const plans = useQuery(planQueries.current())
  const active = plans.data?.filter((p) => p.status === 'active' && p.startDate)
  const fromCoach = active?.find((p) => p.clientId === userId)
  const own = active?.find((p) => p.ownerId === userId && !p.clientId && p.trainingDays)
  const current = fromCoach ?? own
  const plan = useQuery({ ...planQueries.detail(current?.id ?? ''), enabled: Boolean(current) })
  const sessions = useQuery({ ...sessionQueries.list({ planId: current?.id, limit: 100 }), enabled: Boolean(current) })
  const data = plan.data
  // No signal, and this device has no copy to answer with: the queries wait (paused) or failed on the network.
  const unreachable = [plans, ...(current ? [plan] : [])].some((q) => !q.data && ((q.isPending && q.fetchStatus === 'paused') || (q.isError && verdictOf(q.error) === 'retry')))
  return {
    isPending: !unreachable && (plans.isPending || (Boolean(current) && plan.isPending)),
    /** The plan cannot be read now (no signal and no copy on this device, or the server is down): not 'no plan'. */
    unreachable,
    plan: current ? data : undefined,
    alsoOwn: fromCoach ? own : undefined,
    sessions: sessions.data ?? [],
    today: data?.startDate ? planDayOf({ startDate: data.startDate, trainingDays: data.trainingDays }, localToday()) : null,
  }
}
