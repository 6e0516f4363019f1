import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import { apiPaths } from '#shared/api-paths.ts'
import { ActiveClientSchema, ClientSummarySchema, DashboardSchema } from '#shared/schemas/clients.ts'
import { localToday } from '#client/lib/dates.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export const clientQueries = {
  all: () => ['clients'] as const,
  /**
   * The coach's active clients, with adherence as of the coach's own today. Fetched again whenever
   * the coach comes back to the tab, fresh or not: a client joins by accepting an invite elsewhere,
   * and nothing tells this page.
   */
  active: () =>
    queryOptions({
      queryKey: [...clientQueries.all(), 'active'],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.clients.list(localToday()), { schema: z.array(ActiveClientSchema), signal }),
      refetchOnWindowFocus: 'always',
    }),
  /** One client's page: the roster's figures for them and the size of their plan, as of the coach's today. */
  summary: (clientId: string) =>
    queryOptions({
      queryKey: [...clientQueries.all(), 'summary', clientId],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.clients.one(clientId, localToday()), {
          schema: ClientSummarySchema,
          signal,
        }),
    }),
  dashboard: (since: string | null) =>
    queryOptions({
      queryKey: [...clientQueries.all(), 'dashboard', since],
      queryFn: ({ signal }) =>
        apiRequest(apiPaths.clients.dashboard(localToday(), since ?? undefined), { schema: DashboardSchema, signal }),
    }),
}
