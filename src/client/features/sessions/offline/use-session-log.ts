import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useDeferredValue } from 'react'
import type { LogSetInput, Session, SessionExercise } from '#shared/schemas/sessions.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { queuedItems, removeQueued } from '#client/lib/offline-queue/queue.ts'
import { queueSessionPatch, queueSetChange, saveSnapshot, SET_KIND, upsertSet } from './offline-store.ts'
import { sessionLogQueries } from './session-log-queries.ts'

type Status = 'loading' | 'ready' | 'missing' | 'error'

/**
 * A session being logged: shown at once from this device's copy, refreshed from the server when
 * it answers, and every change written to the device first and queued for the server. A reload,
 * a closed tab or no signal loses nothing. Both copies are queries (sessionLogQueries); a tap
 * writes the new session into the server copy's cache entry and onto the device.
 */
export function useSessionLog(userId: string, sessionId: string) {
  const queryClient = useQueryClient()
  const server = useQuery(sessionLogQueries.fromServer(userId, sessionId))
  const device = useQuery(sessionLogQueries.onDevice(userId, sessionId))
  // Drawing the whole session is the screen's largest render: deferred, React draws it in slices,
  // and a tap in the meantime is answered first.
  const session = useDeferredValue(server.data ?? device.data ?? null)
  const status: Status = session
    ? 'ready'
    : server.isError
      ? server.error instanceof ApiError && [400, 403, 404].includes(server.error.status)
        ? 'missing'
        : 'error'
      : 'loading'

  const update = useCallback(
    (change: (session: Session) => Session) => {
      const { queryKey } = sessionLogQueries.fromServer(userId, sessionId)
      const current =
        queryClient.getQueryData(queryKey) ??
        queryClient.getQueryData(sessionLogQueries.onDevice(userId, sessionId).queryKey)
      if (!current) return null
      const next = change(current)
      queryClient.setQueryData(queryKey, next)
      void saveSnapshot(userId, next)
      return next
    },
    [queryClient, userId, sessionId],
  )

  const logSet = useCallback(
    (setId: string, body: LogSetInput) => {
      if (!update((s) => ({ ...s, sets: upsertSet(s, setId, body) }))) return
      void queueSetChange(userId, { sessionId, setId, action: 'log', body })
    },
    [update, userId, sessionId],
  )

  const removeSet = useCallback(
    (setId: string) => {
      if (!update((s) => ({ ...s, sets: s.sets.filter((set) => set.id !== setId) }))) return
      const deletedAt = Date.now()
      void (async () => {
        // A set the server refused was never stored: giving it up only takes it out of the queue.
        const waiting = (await queuedItems(userId)).find((item) => item.id === `${SET_KIND}:${setId}`)
        if (waiting?.refused) await removeQueued(userId, SET_KIND, setId)
        else await queueSetChange(userId, { sessionId, setId, action: 'delete', deletedAt })
      })()
    },
    [update, userId, sessionId],
  )

  /** The exercise list and notes travel together: one waiting change holds the latest of both. */
  const change = useCallback(
    (patch: { exercises?: SessionExercise[]; notes?: string | null }) => {
      const next = update((s) => ({ ...s, ...patch }))
      if (next) void queueSessionPatch(userId, { sessionId, body: { exercises: next.exercises, notes: next.notes } })
    },
    [update, userId, sessionId],
  )

  return { session, status, logSet, removeSet, change, replace: (next: Session) => update(() => next) }
}
