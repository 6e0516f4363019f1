import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { StartSessionInput } from '#shared/schemas/sessions.ts'
import { notify } from '#client/lib/notify.ts'
import { describeError } from '#client/lib/query-client.ts'
import { sessionCalls, sessionQueries } from './api/session-queries.ts'

/** Starts (or resumes) a session and opens the logger; the id is made here, so a retried start is the same session. */
export function useStartSession() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  /** `before` runs first (e.g. the editor's pending saves); a tap while busy does nothing. */
  async function start(input: Omit<StartSessionInput, 'id'>, before?: () => Promise<void>) {
    if (busy) return
    setBusy(true)
    try {
      await before?.()
      const session = await sessionCalls.start({ ...input, id: crypto.randomUUID() })
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() })
      await navigate(paths.client.session.getHref(session.id))
    } catch (error) {
      notify.error({ title: 'Could not start the workout', description: describeError(error) })
      setBusy(false)
    }
  }
  return { start, busy }
}
