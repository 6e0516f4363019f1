import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { FinishSessionInput } from '#shared/schemas/sessions.ts'
import { notify } from '#client/lib/notify.ts'
import { flushQueue } from '#client/lib/offline-queue/queue.ts'
import { isOnline } from '#client/lib/online.ts'
import { forgetRuns } from '../offline/block-timers.ts'
import { startWaiting, unsavedSets } from '../offline/offline-store.ts'
import { sessionText } from '../session-text.ts'
import { sessionCalls, sessionQueries } from './session-queries.ts'

/**
 * Finishes a session once every set logged on this device has reached the server, then opens its
 * summary. Offline, or with sets still queued, it finishes nothing and says the sets are safe; with
 * sets the server refused, it asks to fix or remove them first.
 */
export function useFinishSession(userId: string, sessionId: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async (input: FinishSessionInput): Promise<'finished' | 'sets-pending' | 'sets-refused'> => {
      if (isOnline()) await flushQueue(userId)
      const unsaved = await unsavedSets(userId, sessionId)
      if (unsaved.refused > 0) return 'sets-refused'
      // A session started with no signal may not be on the server yet: nothing to finish there.
      if (!isOnline() || unsaved.waiting > 0 || (await startWaiting(userId, sessionId))) return 'sets-pending'
      await sessionCalls.finish(sessionId, input)
      forgetRuns(sessionId)
      return 'finished'
    },
    meta: { errorTitle: 'Could not finish the workout' },
    onSuccess: async (outcome) => {
      if (outcome !== 'finished') {
        notify.error(outcome === 'sets-refused' ? sessionText.finishRefused : sessionText.finishOffline)
        return
      }
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() })
      notify.success(sessionText.finished)
      await navigate(paths.open.summary.getHref(sessionId))
    },
  })
}
