import { useEffect, useMemo } from 'react'
import { apiPaths } from '#shared/api-paths.ts'
import { SessionSchema, SetLogSchema } from '#shared/schemas/sessions.ts'
import { ApiError, apiRequest } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { registerQueueHandler, useQueuedItems, type QueueItem, type Refusal } from '#client/lib/offline-queue/queue.ts'
import { useOnline } from '#client/lib/online.ts'
import { timed } from '#client/lib/perf-log.ts'
import { sessionText } from '../session-text.ts'
import {
  adoptLegacyChanges,
  isSetChange,
  PATCH_KIND,
  sessionChanges,
  SET_KIND,
  START_KIND,
  type SessionPatch,
  type SessionStart,
  type SetChange,
} from './offline-store.ts'

function sendSetChange({ payload }: QueueItem<SetChange>, signal: AbortSignal): Promise<unknown> {
  if (payload.action === 'log')
    return timed('log a set', () =>
      apiRequest(apiPaths.sessions.set(payload.sessionId, payload.setId), {
        method: 'PUT',
        body: payload.body,
        schema: SetLogSchema,
        signal,
      }),
    )
  // When it was deleted on this device: an edit made later on another device wins.
  const editedAt = new Date(payload.deletedAt).toISOString()
  return timed('delete a set', () =>
    apiRequest(apiPaths.sessions.removeSet(payload.sessionId, payload.setId, editedAt), { method: 'DELETE', signal }),
  )
}

/**
 * A workout started with no signal. Should its planned day or workout be gone by then (deleted or
 * no longer shared), the session is kept all the same, as an unplanned one with the same
 * exercises and title: the sets logged on it are the lifter's.
 */
async function sendSessionStart({ payload }: QueueItem<SessionStart>, signal: AbortSignal): Promise<unknown> {
  const start = (body: SessionStart) =>
    timed('start a session', () =>
      apiRequest(apiPaths.sessions.start, { method: 'POST', body, schema: SessionSchema, signal }),
    )
  try {
    return await start(payload)
  } catch (error) {
    const sourceGone =
      error instanceof ApiError &&
      (error.status === 403 || error.status === 404) &&
      Boolean(payload.planWorkoutId || payload.workoutId)
    if (!sourceGone) throw error
    const { planWorkoutId: _planned, workoutId: _workout, ...unplanned } = payload
    return start(unplanned)
  }
}

const refused = (_item: QueueItem, refusal: Refusal) =>
  notify.error({ title: sessionText.notSaved, description: refusal.message })

const storedListeners = new Set<(change: SetChange) => void>()

/** Hears each set change the server stored (a summary being corrected refreshes what it shows). */
export function onSetStored(listener: (change: SetChange) => void): () => void {
  storedListeners.add(listener)
  return () => storedListeners.delete(listener)
}

// Sessions started with no signal, their sets and their changes travel through the app's offline queue; these are their handlers.
registerQueueHandler<SessionStart>(START_KIND, { send: sendSessionStart, refused })
registerQueueHandler<SetChange>(SET_KIND, {
  send: sendSetChange,
  sent: (_result, item) => storedListeners.forEach((listener) => listener(item.payload)),
  refused,
})
registerQueueHandler<SessionPatch>(PATCH_KIND, {
  send: ({ payload }, signal) =>
    timed('change the session', () =>
      apiRequest(apiPaths.sessions.one(payload.sessionId), { method: 'PATCH', body: payload.body, signal }),
    ),
  refused,
})

/** Takes in the changes an earlier version of the app left on this device, once per sign-in. */
export function useAdoptLegacyChanges(userId: string | null): void {
  useEffect(() => {
    if (userId) void adoptLegacyChanges(userId).catch(() => undefined)
  }, [userId])
}

/** The session's sets not on the server yet: waiting ones, and the ones the server refused (by set id, with its reason). */
export function usePendingSets(
  userId: string,
  sessionId?: string,
): { count: number; online: boolean; refused: ReadonlyMap<string, Refusal> } {
  const items = useQueuedItems(userId)
  const online = useOnline()
  return useMemo(() => {
    const sets = sessionChanges(items, sessionId).filter(isSetChange)
    const refusedSets = new Map(
      sets.flatMap((item) => (item.refused ? [[item.payload.setId, item.refused] as const] : [])),
    )
    return { count: sets.length - refusedSets.size, online, refused: refusedSets }
  }, [items, sessionId, online])
}
