import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import { notify } from '#client/lib/notify.ts'
import { forgetRuns } from '../offline/block-timers.ts'
import { sessionText } from '../session-text.ts'
import { sessionCalls, sessionQueries } from './session-queries.ts'

/** Throws a session and its logged sets away, then goes home. */
export function useDiscardSession(sessionId: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: () => sessionCalls.discard(sessionId),
    meta: { errorTitle: 'Could not discard the session' },
    onSuccess: async () => {
      forgetRuns(sessionId)
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() })
      notify.success(sessionText.discarded)
      await navigate(paths.client.home.getHref())
    },
  })
}
