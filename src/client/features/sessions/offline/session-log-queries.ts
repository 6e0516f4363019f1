import { queryOptions } from '@tanstack/react-query'
import { apiPaths } from '#shared/api-paths.ts'
import { SessionSchema } from '#shared/schemas/sessions.ts'
import { ApiError, apiRequest } from '#client/lib/api-client.ts'
import { queuedItems } from '#client/lib/offline-queue/queue.ts'
import { timed } from '#client/lib/perf-log.ts'
import { applyPending, readSnapshot, saveSnapshot } from './offline-store.ts'

/**
 * A session being logged or corrected, as this device loads it. Its own key, outside
 * `sessionQueries.all()`: the lists and reports that other changes refresh must not reload the
 * screen under the lifter's thumb. Both copies are read afresh each time the screen opens (kept
 * in the cache only while it is open) and at no other time; the lifter's changes are the screen's
 * own (use-session-log.ts).
 */
export const sessionLogQueries = {
  /** The server's answer with this device's waiting changes on top, kept on the device for when there is no signal. */
  fromServer: (userId: string, id: string) =>
    queryOptions({
      queryKey: ['session-log', userId, id, 'server'],
      queryFn: async ({ signal }) => {
        const fresh = await timed('load a session', () =>
          apiRequest(apiPaths.sessions.one(id), { schema: SessionSchema, signal }),
        )
        const merged = applyPending(fresh, await queuedItems(userId))
        await saveSnapshot(userId, merged)
        return merged
      },
      staleTime: Infinity,
      gcTime: 0,
      // Read afresh whenever a screen opens it, even when a copy is still cached (one the app took
      // from a drawn page is kept for the cache's default time, whatever gcTime says).
      refetchOnMount: 'always',
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      // With no signal it fails at once (the device's copy shows), rather than wait for the network.
      networkMode: 'always',
      // A session that is not there, or not theirs, will not be there on a second try.
      retry: (failures, error) =>
        failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
    }),
  /** The copy this device kept last time, with its waiting changes: the screen shows it before the server answers. */
  onDevice: (userId: string, id: string) =>
    queryOptions({
      queryKey: ['session-log', userId, id, 'device'],
      queryFn: async () => {
        const snapshot = await readSnapshot(userId, id).catch(() => null)
        return snapshot ? applyPending(snapshot, await queuedItems(userId)) : null
      },
      staleTime: Infinity,
      gcTime: 0,
      networkMode: 'always',
    }),
}
