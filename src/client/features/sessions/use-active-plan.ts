import { useQuery } from '@tanstack/react-query'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { planDayOf } from '#client/features/plans/plan-dates.ts'
import { localToday } from '#client/lib/dates.ts'
import { sessionQueries } from './api/session-queries.ts'

/** The client's active (assigned) plan, the sessions logged against it, and where today falls in it. */
export function useActivePlan(userId: string) {
  const plans = useQuery(planQueries.list())
  const active = plans.data?.find((p) => p.clientId === userId && p.status === 'active' && p.startDate)
  const plan = useQuery({ ...planQueries.detail(active?.id ?? ''), enabled: Boolean(active) })
  const sessions = useQuery({ ...sessionQueries.list({ planId: active?.id, limit: 100 }), enabled: Boolean(active) })
  const data = plan.data
  return {
    isPending: plans.isPending || (Boolean(active) && plan.isPending),
    plan: active ? data : undefined,
    sessions: sessions.data ?? [],
    today: data?.startDate ? planDayOf(data.startDate, localToday()) : null,
  }
}
