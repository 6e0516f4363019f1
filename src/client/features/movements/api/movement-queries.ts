import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { SwapSuggestionsSchema } from '#shared/schemas/gyms.ts'
import { MovementPageSchema, MovementSchema, type ListMovementsInput } from '#shared/schemas/movements.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export type MovementFilters = Partial<
  Pick<ListMovementsInput, 'q' | 'pattern' | 'muscle' | 'equipment' | 'scope' | 'archived'>
>

const PAGE_SIZE = 30

/** A page of the list: its size and offset, then the filters that are set. */
const listPath = (filters: MovementFilters, offset: number) =>
  apiPaths.movements.list({
    limit: PAGE_SIZE,
    offset,
    ...Object.fromEntries(Object.entries(filters).filter(([, value]) => value)),
  })

export const movementQueries = {
  all: () => ['movements'] as const,
  list: (filters: MovementFilters) =>
    infiniteQueryOptions({
      queryKey: [...movementQueries.all(), 'list', filters],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(listPath(filters, pageParam), { schema: MovementPageSchema, signal }),
      initialPageParam: 0,
      getNextPageParam: (last) => last.nextOffset,
      staleTime: 30_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...movementQueries.all(), 'detail', id],
      queryFn: ({ signal }) => apiRequest(apiPaths.movements.one(id), { schema: MovementSchema, signal }),
    }),
  /** Movements to do in its place at the gym the lifter trains at now, best first. */
  swaps: (id: string, gymId: string | null) =>
    queryOptions({
      queryKey: [...movementQueries.all(), 'swaps', id, gymId],
      queryFn: ({ signal }) => apiRequest(apiPaths.movements.swaps(id), { schema: SwapSuggestionsSchema, signal }),
      staleTime: 60_000,
    }),
}
