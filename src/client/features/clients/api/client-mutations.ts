import { useMutation, useQueryClient } from '@tanstack/react-query'
import { apiRequest } from '#client/lib/api-client.ts'
import { clientQueries } from './client-queries.ts'

/** The coach stops coaching a client: the roster and dashboard refresh. */
export function useArchiveClient() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (clientId: string) =>
      apiRequest(`/api/clients/${encodeURIComponent(clientId)}/archive`, { method: 'POST', body: {} }),
    meta: { errorTitle: 'Could not archive the client' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientQueries.all() }),
  })
}
