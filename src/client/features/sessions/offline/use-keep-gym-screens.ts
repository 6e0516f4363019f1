import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { checkInQueries } from '#client/features/check-ins/api/check-in-queries.ts'
import { habitQueries } from '#client/features/habits/api/habit-queries.ts'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { useAfterFirstPaint } from '#client/first-paint/after-first-paint.ts'
import { localToday } from '#client/lib/dates.ts'
import { useOnline } from '#client/lib/online.ts'
import { sessionQueries, statsMovementIdsOf } from '../api/session-queries.ts'
import { todaysAndNext } from '../plan-progress.ts'
import { planSessions, plansTrained } from '../use-active-plan.ts'

/**
 * While there is a signal, whatever screen is open, a lifter's device reads what their gym screens
 * need with none, so that it keeps a copy (docs/product.md#offline-logging): the plans, the plan
 * they train with its sessions (home, the calendar, any day's preview), and last time's numbers
 * for today's and the next planned workout (the preview and the logger), their habits and the
 * check-ins due (to fill in with no signal). It waits for the first
 * screen to paint; answers still fresh in the app are not asked again.
 */
export function useKeepGymScreens(userId: string | null) {
  const queryClient = useQueryClient()
  const painted = useAfterFirstPaint()
  const online = useOnline()
  useEffect(() => {
    if (!userId || !painted || !online) return
    keepGymScreens(queryClient, userId).catch(() => {
      // Whatever could not be read now is read again at the next chance (the signal back, a sign-in).
    })
  }, [queryClient, userId, painted, online])
}

async function keepGymScreens(client: QueryClient, userId: string): Promise<void> {
  await Promise.all([client.prefetchQuery(habitQueries.list()), client.prefetchQuery(checkInQueries.open())])
  const { current } = plansTrained(await client.fetchQuery(planQueries.current()), userId)
  if (!current) return
  const [plan, sessions] = await Promise.all([
    client.fetchQuery(planQueries.detail(current.id)),
    client.fetchQuery(planSessions(current.id)),
  ])
  const { todays, next } = todaysAndNext(plan, sessions, localToday())
  await Promise.all(
    [todays, next].flatMap((workout) =>
      workout ? [client.prefetchQuery(sessionQueries.movementStats(statsMovementIdsOf(workout.exercises)))] : [],
    ),
  )
}
