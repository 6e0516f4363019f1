import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { MovementPageSchema, MovementSchema, type ListMovementsInput } from '#shared/schemas/movements.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export type MovementFilters = Partial<
  Pick<ListMovementsInput, 'q' | 'pattern' | 'muscle' | 'equipment' | 'scope' | 'archived'>
>

const PAGE_SIZE = 30

function toQueryString(filters: MovementFilters, offset: number): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE), offset: String(offset) })
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, String(value))
  return params.toString()
}

export const movementQueries = {
  all: () => ['movements'] as const,
  list: (filters: MovementFilters) =>
    infiniteQueryOptions({
      queryKey: [...movementQueries.all(), 'list', filters],
      queryFn: ({ pageParam, signal }) =>
        apiRequest(`/api/movements?${toQueryString(filters, pageParam)}`, { schema: MovementPageSchema, signal }),
      initialPageParam: 0,
      getNextPageParam: (last) => last.nextOffset,
      staleTime: 30_000,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...movementQueries.all(), 'detail', id],
      queryFn: ({ signal }) =>
        apiRequest(`/api/movements/${encodeURIComponent(id)}`, { schema: MovementSchema, signal }),
    }),
}
