import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { StartSessionInput } from '#shared/schemas/sessions.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { verdictOf } from '#client/lib/offline-queue/retry-policy.ts'
import { isOnline, reportUnreachable } from '#client/lib/online.ts'
import { sessionCalls, sessionQueries } from './api/session-queries.ts'
import { startOnDevice, type SessionSource } from './offline/offline-store.ts'

type StartOptions = {
  /** Runs first (e.g. the editor's pending saves). */
  before?: () => Promise<void>
  /** What the session starts from, as this device knows it: with no signal it starts from this. */
  source?: SessionSource
}

/**
 * Starts (or resumes) a session and opens the logger; the id is made here, so a retried start is
 * the same session. With no signal (or no server) and a `source`, it starts on this device and
 * reaches the server when the signal returns.
 */
export function useStartSession() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const auth = useAuth()
  const userId = auth.status === 'authenticated' ? auth.user.id : null
  const starting = useMutation({
    mutationFn: async ({ input, before, source }: { input: Omit<StartSessionInput, 'id'> } & StartOptions) => {
      // One id for the call and, should it fail, the start on this device: a call that landed
      // though its answer was lost is the same session, which then takes this device's exercises.
      const id = crypto.randomUUID()
      // With no signal, pending saves (`before`) cannot land; they wait in the queue ahead of this start.
      if (source && userId && !isOnline()) return startOnDevice(userId, id, source)
      await before?.()
      try {
        return await sessionCalls.start({ ...input, id })
      } catch (error) {
        if (!source || !userId || verdictOf(error) !== 'retry') throw error
        void reportUnreachable()
        return startOnDevice(userId, id, source)
      }
    },
    meta: { errorTitle: 'Could not start the workout' },
    onSuccess: async (session) => {
      await navigate(paths.client.session.getHref(session.id))
      void queryClient.invalidateQueries({ queryKey: sessionQueries.all() })
    },
  })
  // Busy until the logger opens: a second tap meanwhile does nothing.
  const busy = starting.isPending || starting.isSuccess
  function start(input: Omit<StartSessionInput, 'id'>, options: StartOptions = {}): Promise<void> {
    if (busy) return Promise.resolve()
    return starting.mutateAsync({ input, ...options }).then(
      () => undefined,
      () => undefined, // the failure is already a toast
    )
  }
  return { start, busy }
}
