import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { apiPaths } from '#shared/api-paths.ts'
import type { Habits } from '#shared/schemas/habits.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import {
  enqueue,
  registerQueueHandler,
  useQueuedItems,
  type QueueItem,
  type Refusal,
} from '#client/lib/offline-queue/queue.ts'
import { habitsText } from '../habits-text.ts'
import { habitQueries } from './habit-queries.ts'

/**
 * A day of a habit the lifter logged, on its way to the server through the offline queue
 * (docs/offline-queue.md): a tick or an amount, or null to clear the day. One item per habit and
 * day, so the latest tap replaces one still waiting, and a PUT sent twice is one.
 */
export type HabitDay = { habitId: string; date: string; value: number | null }

const HABIT_DAY_KIND = 'habit-day'
const keyOf = (habitId: string, date: string) => `${habitId}:${date}`

export function logHabitDay(userId: string, day: HabitDay): Promise<void> {
  return enqueue(userId, HABIT_DAY_KIND, keyOf(day.habitId, day.date), day)
}

/** The days still waiting (their latest value) and the ones the server refused, by habit and day. */
export function useWaitingHabitDays(userId: string): {
  values: ReadonlyMap<string, number | null>
  refused: ReadonlyMap<string, Refusal>
} {
  const items = useQueuedItems(userId)
  return useMemo(() => {
    const days = items.filter((item): item is QueueItem<HabitDay> => item.kind === HABIT_DAY_KIND)
    return {
      values: new Map(
        days.filter((d) => !d.refused).map((d) => [keyOf(d.payload.habitId, d.payload.date), d.payload.value]),
      ),
      refused: new Map(
        days.flatMap((d) => (d.refused ? [[keyOf(d.payload.habitId, d.payload.date), d.refused] as const] : [])),
      ),
    }
  }, [items])
}
export const habitDayKey = keyOf

/**
 * Sends waiting habit days from whatever screen is open. Once the server has a day, the lifter's
 * habits show it at once (before they are read again), so a tick never flickers back.
 */
export function useHabitDaySync(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      registerQueueHandler<HabitDay>(HABIT_DAY_KIND, {
        send: ({ payload }, signal) =>
          payload.value === null
            ? apiRequest(apiPaths.habits.entry(payload.habitId, payload.date), { method: 'DELETE', signal })
            : apiRequest(apiPaths.habits.entry(payload.habitId, payload.date), {
                method: 'PUT',
                body: { value: payload.value },
                signal,
              }),
        sent: (result, { payload }) => {
          const stored = result as { met?: boolean } | undefined
          queryClient.setQueryData<Habits>(habitQueries.list().queryKey, (list) =>
            list
              ? {
                  ...list,
                  habits: list.habits.map((habit) => {
                    if (habit.id !== payload.habitId) return habit
                    const { [payload.date]: _old, ...entries } = habit.entries
                    return {
                      ...habit,
                      entries:
                        payload.value === null
                          ? entries
                          : { ...entries, [payload.date]: { value: payload.value, met: Boolean(stored?.met) } },
                    }
                  }),
                }
              : list,
          )
          void queryClient.invalidateQueries({ queryKey: habitQueries.all() })
        },
        refused: (_item, refusal) => notify.error({ title: habitsText.notSaved, description: refusal.message }),
      }),
    [queryClient],
  )
}
