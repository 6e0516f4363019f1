import { startTransition, useCallback, useEffect, useRef, useState } from 'react'
import { SessionSchema, type LogSetInput, type Session, type SessionExercise } from '#shared/schemas/sessions.ts'
import { ApiError, apiRequest } from '#client/lib/api-client.ts'
import { queuedItems, removeQueued } from '#client/lib/offline-queue/queue.ts'
import { timed } from '#client/lib/perf-log.ts'
import {
  applyPending,
  queueSessionPatch,
  queueSetChange,
  readSnapshot,
  saveSnapshot,
  SET_KIND,
  upsertSet,
} from './offline-store.ts'

type Status = 'loading' | 'ready' | 'missing' | 'error'

/**
 * A session being logged: shown at once from this device's copy, refreshed from the server when
 * it answers, and every change written to the device first and queued for the server. A reload,
 * a closed tab or no signal loses nothing.
 */
export function useSessionLog(userId: string, sessionId: string) {
  const [session, setSession] = useState<Session | null>(null)
  const [status, setStatus] = useState<Status>('loading')
  const current = useRef<Session | null>(null)

  useEffect(() => {
    let alive = true
    const show = (next: Session) => {
      if (!alive) return
      current.current = next
      // Drawing the whole session is the screen's largest render: as a transition React draws it in
      // slices, and a tap in the meantime is answered first.
      startTransition(() => {
        setSession(next)
        setStatus('ready')
      })
    }
    void (async () => {
      const snapshot = await readSnapshot(userId, sessionId).catch(() => null)
      if (snapshot) show(applyPending(snapshot, await queuedItems(userId)))
      try {
        const fresh = await timed('load a session', () =>
          apiRequest(`/api/sessions/${encodeURIComponent(sessionId)}`, { schema: SessionSchema }),
        )
        const merged = applyPending(fresh, await queuedItems(userId))
        show(merged)
        await saveSnapshot(userId, merged)
      } catch (error) {
        if (!alive || snapshot) return
        setStatus(error instanceof ApiError && [400, 403, 404].includes(error.status) ? 'missing' : 'error')
      }
    })()
    return () => {
      alive = false
    }
  }, [userId, sessionId])

  const update = useCallback(
    (change: (session: Session) => Session) => {
      if (!current.current) return null
      const next = change(current.current)
      current.current = next
      setSession(next)
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
