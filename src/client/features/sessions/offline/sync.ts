import { useEffect, useState } from 'react'
import { SetLogSchema } from '#shared/schemas/sessions.ts'
import { ApiError, apiRequest } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { timed } from '#client/lib/perf-log.ts'
import { sessionText } from '../session-text.ts'
import { offlineEvents, pendingOps, pendingSetCount, settle, type PendingOp } from './offline-store.ts'

function send(op: PendingOp): Promise<unknown> {
  const base = `/api/sessions/${encodeURIComponent(op.sessionId)}`
  if (op.kind === 'set') return timed('log a set', () => apiRequest(`${base}/sets/${op.setId}`, { method: 'PUT', body: op.body, schema: SetLogSchema }))
  if (op.kind === 'delete-set') {
    // When it was deleted on this device: an edit made later on another device wins.
    // (An op queued before deletedAt existed falls back to its queue time.)
    const editedAt = encodeURIComponent(new Date(op.deletedAt ?? op.queuedAt).toISOString())
    return timed('delete a set', () => apiRequest(`${base}/sets/${op.setId}?editedAt=${editedAt}`, { method: 'DELETE' }))
  }
  return timed('change the session', () => apiRequest(base, { method: 'PATCH', body: op.body }))
}

let running: Promise<void> | null = null
/** The last attempt could not reach the server (the browser may still claim to be online). */
let unreachable = false
const setUnreachable = (value: boolean) => {
  if (unreachable === value) return
  unreachable = value
  offlineEvents.dispatchEvent(new Event('connectivity'))
}

/**
 * Sends the queue, oldest first, one at a time (replays are harmless: a set's id is its key). No
 * network: stop and try again later. A change the server refuses (a finished session, a bad
 * value) is dropped with a message instead of blocking every set behind it.
 */
export function flushPending(userId: string): Promise<void> {
  running ??= (async () => {
    try {
      // Changes made while a round is on its way are sent by the next round.
      for (let ops = await pendingOps(userId); ops.length; ops = await pendingOps(userId)) {
        for (const op of ops) {
          try {
            await send(op)
            setUnreachable(false)
            await settle(op)
          } catch (error) {
            if (error instanceof ApiError && error.status === 0) setUnreachable(true)
            if (!(error instanceof ApiError) || error.status === 0 || error.status === 401 || error.status >= 500) return
            await settle(op)
            notify.error({ title: sessionText.notSaved, description: error.message })
          }
        }
      }
    } finally {
      running = null
    }
  })()
  return running
}

/** Keeps the queue moving: on every change, when the network comes back, and every 10 s. */
export function useOfflineSync(userId: string | null): void {
  useEffect(() => {
    if (!userId) return
    const flush = () => void flushPending(userId)
    offlineEvents.addEventListener('pending-changed', flush)
    window.addEventListener('online', flush)
    const timer = setInterval(flush, 10_000)
    flush()
    return () => {
      offlineEvents.removeEventListener('pending-changed', flush)
      window.removeEventListener('online', flush)
      clearInterval(timer)
    }
  }, [userId])
}

/** How many sets wait to be sent, and whether the device is offline. */
export function usePendingSets(userId: string, sessionId?: string): { count: number; online: boolean } {
  const [count, setCount] = useState(0)
  const [online, setOnline] = useState(() => navigator.onLine && !unreachable)
  useEffect(() => {
    let alive = true
    const refresh = () => void pendingSetCount(userId, sessionId).then((n) => alive && setCount(n))
    const connectivity = () => setOnline(navigator.onLine && !unreachable)
    offlineEvents.addEventListener('pending-changed', refresh)
    offlineEvents.addEventListener('connectivity', connectivity)
    window.addEventListener('online', connectivity)
    window.addEventListener('offline', connectivity)
    refresh()
    return () => {
      alive = false
      offlineEvents.removeEventListener('pending-changed', refresh)
      offlineEvents.removeEventListener('connectivity', connectivity)
      window.removeEventListener('online', connectivity)
      window.removeEventListener('offline', connectivity)
    }
  }, [userId, sessionId])
  return { count, online }
}
