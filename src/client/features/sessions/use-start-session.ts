import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { StartSessionInput } from '#shared/schemas/sessions.ts'
import { sessionCalls, sessionQueries } from './api/session-queries.ts'

/** Starts (or resumes) a session and opens the logger; the id is made here, so a retried start is the same session. */
export function useStartSession() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const starting = useMutation({
    mutationFn: async ({ input, before }: { input: Omit<StartSessionInput, 'id'>; before?: () => Promise<void> }) => {
      await before?.()
      return sessionCalls.start({ ...input, id: crypto.randomUUID() })
    },
    meta: { errorTitle: 'Could not start the workout' },
    onSuccess: async (session) => {
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() })
      await navigate(paths.client.session.getHref(session.id))
    },
  })
  // Busy until the logger opens: a second tap meanwhile does nothing.
  const busy = starting.isPending || starting.isSuccess
  /** `before` runs first (e.g. the editor's pending saves). */
  function start(input: Omit<StartSessionInput, 'id'>, before?: () => Promise<void>): Promise<void> {
    if (busy) return Promise.resolve()
    return starting.mutateAsync({ input, before }).then(
      () => undefined,
      () => undefined, // the failure is already a toast
    )
  }
  return { start, busy }
}
