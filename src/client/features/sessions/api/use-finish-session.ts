import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { FinishSessionInput } from '#shared/schemas/sessions.ts'
import { notify } from '#client/lib/notify.ts'
import { pendingSetCount } from '../offline/offline-store.ts'
import { flushPending } from '../offline/sync.ts'
import { sessionText } from '../session-text.ts'
import { sessionCalls, sessionQueries } from './session-queries.ts'

/**
 * Finishes a session once every set logged on this device has reached the server, then opens its
 * summary. Offline, or with sets still queued, it finishes nothing and says the sets are safe.
 */
export function useFinishSession(userId: string, sessionId: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async (input: FinishSessionInput): Promise<'finished' | 'sets-pending'> => {
      if (navigator.onLine) await flushPending(userId)
      if (!navigator.onLine || (await pendingSetCount(userId, sessionId)) > 0) return 'sets-pending'
      await sessionCalls.finish(sessionId, input)
      return 'finished'
    },
    // Offline it must run, to say the sets are safe, not wait paused for the connection.
    networkMode: 'always',
    meta: { errorTitle: 'Could not finish the workout' },
    onSuccess: async (outcome) => {
      if (outcome === 'sets-pending') {
        notify.error(sessionText.finishOffline)
        return
      }
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() })
      notify.success(sessionText.finished)
      await navigate(paths.open.summary.getHref(sessionId))
    },
  })
}
