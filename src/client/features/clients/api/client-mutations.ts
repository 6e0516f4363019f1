import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { clientQueries } from './client-queries.ts'

/** The coach stops coaching a client: the roster and dashboard refresh. */
export function useArchiveClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (clientId: string) => apiRequest(apiPaths.clients.archive(clientId), { method: 'POST', body: {} }),
    meta: { errorTitle: 'Could not archive the client' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientQueries.all() }),
  })
}
