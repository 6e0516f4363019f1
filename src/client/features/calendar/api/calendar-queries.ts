import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { CalendarFeedAddressSchema, CalendarFeedStatusSchema } from '#shared/schemas/calendar.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { calendarText } from '../calendar-text.ts'

export const calendarQueries = {
  all: () => ['calendar-feed'] as const,
  /** Whether the signed-in user's feed is on (its address is never sent again after it is made). */
  status: () =>
    queryOptions({
      queryKey: [...calendarQueries.all(), 'status'],
      queryFn: ({ signal }) => apiRequest(apiPaths.calendar.own, { schema: CalendarFeedStatusSchema, signal }),
    }),
}

/** Turns the feed on, or makes a new address (the old one stops working): answers the address, shown once. */
export function useCreateCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.calendar.own, { method: 'POST', schema: CalendarFeedAddressSchema }),
    meta: { errorTitle: calendarText.createFailedTitle },
    onSuccess: (address) =>
      queryClient.setQueryData(calendarQueries.status().queryKey, { enabled: true, createdAt: address.createdAt }),
  })
}

/** Turns the feed off: its address answers 404 from now on. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiRequest(apiPaths.calendar.own, { method: 'DELETE' }),
    meta: { errorTitle: calendarText.revokeFailedTitle },
    onSuccess: () => queryClient.setQueryData(calendarQueries.status().queryKey, { enabled: false, createdAt: null }),
  })
}
