import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { sessionCalls, sessionQueries } from './session-queries.ts'

/**
 * The summary on screen reads the comments the other party left on it: the unread count drops.
 * Runs again when more of theirs arrive while it is open.
 */
export function useReadComments(sessionId: string, theirComments: number | undefined) {
  const queryClient = useQueryClient()
  const { mutate } = useMutation({
    mutationFn: () => sessionCalls.readComments(sessionId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueries.unreadComments().queryKey }),
    // Not worth a toast: the next visit reads them again.
    meta: { toast: false },
  })
  useEffect(() => {
    if (theirComments) mutate()
  }, [sessionId, theirComments, mutate])
}
