import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { apiRequest } from '#client/lib/api-client.ts'
import { sessionQueries } from './session-queries.ts'

/**
 * The summary on screen reads the comments the other party left on it: the unread count drops.
 * Runs again when more comments arrive while it is open.
 */
export function useReadComments(sessionId: string, comments: number | undefined) {
  const queryClient = useQueryClient()
  const { mutate } = useMutation({
    mutationFn: () => apiRequest(`/api/sessions/${encodeURIComponent(sessionId)}/comments/read`, { method: 'POST', body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueries.unreadComments().queryKey }),
    // Not worth a toast: the next visit reads them again.
    meta: { toast: false },
  })
  useEffect(() => {
    if (comments) mutate()
  }, [sessionId, comments, mutate])
}
