import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { ActiveClientSchema } from '#shared/schemas/clients.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export const clientQueries = {
  all: () => ['clients'] as const,
  /** The coach's active clients (assigning a plan). */
  active: () =>
    queryOptions({
      queryKey: [...clientQueries.all(), 'active'],
      queryFn: ({ signal }) => apiRequest('/api/clients', { schema: z.array(ActiveClientSchema), signal }),
    }),
}
