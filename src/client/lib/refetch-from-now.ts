import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query'

/**
 * Asks for these queries again from this moment: something just said the server's answer has
 * changed (a live stream that has only now subscribed, after the screen asked). A fetch already in
 * flight may have started before the change, so it is dropped rather than waited for:
 * `invalidateQueries` alone joins a query's first fetch still in flight instead of starting
 * another, and the screen would keep the older answer.
 */
export async function refetchFromNow(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters)
  await queryClient.invalidateQueries(filters)
}
