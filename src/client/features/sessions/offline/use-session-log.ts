import { useQuery } from '@tanstack/react-query'
import { useCallback, useDeferredValue, useLayoutEffect, useRef, useState } from 'react'
import type { LogSetInput, Session, SessionExercise } from '#shared/schemas/sessions.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { queuedItems, removeQueued } from '#client/lib/offline-queue/queue.ts'
import { queueSessionPatch, queueSetChange, saveSnapshot, SET_KIND, upsertSet } from './offline-store.ts'
import { sessionLogQueries } from './session-log-queries.ts'

type Status = 'loading' | 'ready' | 'missing' | 'error'

/**
 * A session being logged: shown at once from this device's copy, refreshed from the server when
 * it answers, and every change written to the device first and queued for the server. A reload,
 * a closed tab or no signal loses nothing.
 *
 * The two copies are loaded through queries (sessionLogQueries). The lifter's changes since the
 * last load are this screen's own state, drawn in the same render as the tap or keystroke (a
 * note being typed cannot wait for a cache to tell the screen); a newer load replaces them with
 * the server's answer and the changes the device had queued when it came (a set queued later still
 * reaches the server from the queue).
 */
export function useSessionLog(userId: string, sessionId: string) {
  const server = useQuery(sessionLogQueries.fromServer(userId, sessionId))
  const device = useQuery(sessionLogQueries.onDevice(userId, sessionId))
  const loaded = server.data ?? device.data ?? null
  // Drawing a loaded session is the screen's largest render: deferred, React draws it in slices,
  // and a tap in the meantime is answered first.
  const drawn = useDeferredValue(loaded)
  const [edited, setEdited] = useState<{ from: Session | null; session: Session } | null>(null)
  const ownChanges = edited && edited.from === loaded ? edited.session : null
  // Once the lifter has changed something, a newer load is drawn at once: the deferred value would
  // still be the older copy, without their changes, and a note box would be set back to it.
  const session = ownChanges ?? (edited ? loaded : drawn)
  const status: Status = session
    ? 'ready'
    : loaded || device.isPending || !server.isError
      ? 'loading'
      : server.error instanceof ApiError && [400, 403, 404].includes(server.error.status)
        ? 'missing'
        : 'error'

  // What the next change starts from: the lifter's latest change, or the latest load.
  const latest = useRef({ loaded, session: ownChanges ?? loaded })
  useLayoutEffect(() => {
    latest.current = { loaded, session: ownChanges ?? loaded }
  }, [loaded, ownChanges])

  const update = useCallback(
    (change: (session: Session) => Session) => {
      const current = latest.current.session
      if (!current) return null
      const next = change(current)
      latest.current = { loaded: latest.current.loaded, session: next }
      setEdited({ from: latest.current.loaded, session: next })
      void saveSnapshot(userId, next)
      return next
    },
    [userId],
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
