import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  BodyWeightSchema,
  E1rmSeriesSchema,
  ProgressMovementsSchema,
  ProgressSchema,
} from '#shared/schemas/progress.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { localToday } from '#client/lib/dates.ts'

/** The lifter's day and offset from UTC: weeks and dates are theirs, not the server's. */
function localParams(extra: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams({ today: localToday(), utcOffsetMinutes: String(-new Date().getTimezoneOffset()) })
  for (const [key, value] of Object.entries(extra)) if (value !== undefined) params.set(key, value)
  return params
}

/** `clientId` undefined: my own progress (a lifter); a coach names their client. */
export const progressQueries = {
  all: () => ['progress'] as const,
  overview: (clientId: string | undefined) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'overview', clientId ?? 'me'],
      queryFn: ({ signal }) =>
        apiRequest(`/api/progress?${localParams({ clientId })}`, { schema: ProgressSchema, signal }),
    }),
  /** `since`: the first day of the chart's range; undefined for all time (the latest sessions). */
  e1rm: (clientId: string | undefined, movementId: string, since: string | undefined) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'e1rm', clientId ?? 'me', movementId, since ?? 'all'],
      queryFn: ({ signal }) =>
        apiRequest(`/api/progress/e1rm?${localParams({ clientId, movementId, since })}`, {
          schema: E1rmSeriesSchema,
          signal,
        }),
    }),
  movements: (clientId: string | undefined, q: string) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'movements', clientId ?? 'me', q],
      queryFn: ({ signal }) =>
        apiRequest(`/api/progress/movements?${localParams({ clientId, q })}`, {
          schema: ProgressMovementsSchema,
          signal,
        }),
    }),
}

const bodyWeightPath = (date: string) => `/api/body-weights/${encodeURIComponent(date)}`

/** The lifter records (or corrects) a day's body weight; progress refreshes. */
export function useSaveBodyWeight() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ date, weightKg }: { date: string; weightKg: number }) =>
      apiRequest(bodyWeightPath(date), { method: 'PUT', body: { weightKg }, schema: BodyWeightSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressQueries.all() }),
  })
}

/** The lifter removes a day's reading. */
export function useDeleteBodyWeight() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (date: string) => apiRequest(bodyWeightPath(date), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressQueries.all() }),
  })
}
