import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import {
  BodyWeightSchema,
  E1rmSeriesSchema,
  ProgressMovementsSchema,
  ProgressSchema,
} from '#shared/schemas/progress.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { TimedResultsSchema } from '#shared/schemas/timed-work.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { localToday } from '#client/lib/dates.ts'

/** The lifter's day and offset from UTC: weeks and dates are theirs, not the server's. */
function localParams(extra: Record<string, string | undefined>) {
  return { today: localToday(), utcOffsetMinutes: -new Date().getTimezoneOffset(), ...extra }
}

/** `clientId` undefined: my own progress (a lifter); a coach names their client. */
export const progressQueries = {
  all: () => ['progress'] as const,
  overview: (clientId: string | undefined) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'overview', clientId ?? 'me'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.progress.overview(localParams({ clientId })), { schema: ProgressSchema, signal }),
    }),
  /** `since`: the first day of the chart's range; undefined for all time (the latest sessions). */
  e1rm: (clientId: string | undefined, movementId: string, since: string | undefined) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'e1rm', clientId ?? 'me', movementId, since ?? 'all'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.progress.e1rm(localParams({ clientId, movementId, since })), {
          schema: E1rmSeriesSchema,
          signal,
        }),
    }),
  /** The timed blocks of finished sessions, newest first. */
  timed: (clientId: string | undefined) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'timed', clientId ?? 'me'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.progress.timed({ clientId }), { schema: TimedResultsSchema, signal }),
    }),
  movements: (clientId: string | undefined, q: string) =>
    queryOptions({
      queryKey: [...progressQueries.all(), 'movements', clientId ?? 'me', q],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.progress.movements(localParams({ clientId, q })), {
          schema: ProgressMovementsSchema,
          signal,
        }),
    }),
}

/** The lifter records (or corrects) a day's body weight; progress refreshes. */
export function useSaveBodyWeight() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ date, weightKg }: { date: string; weightKg: number }) =>
      apiRequest(apiPaths.progress.bodyWeight(date), { method: 'PUT', body: { weightKg }, schema: BodyWeightSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressQueries.all() }),
  })
}

/** The lifter removes a day's reading. */
export function useDeleteBodyWeight() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (date: string) => apiRequest(apiPaths.progress.bodyWeight(date), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: progressQueries.all() }),
  })
}
