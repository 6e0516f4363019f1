import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { apiPaths } from '#shared/api-paths.ts'

/**
 * The app's one online state is TanStack Query's `onlineManager`: the browser's online and offline
 * events move it, and so does the offline queue when a send finds no network and a look at
 * /api/health confirms the server cannot be reached (a browser on a Wi-Fi with no internet still
 * claims to be online). Queries wait while it is offline and resume when it comes back.
 */
// (Node, where the server draws screens, has a `navigator` without `onLine`: online there.)
if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false)

export const isOnline = () => onlineManager.isOnline()

/** Whether the server answers at all (any HTTP answer counts, even an error). */
async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(apiPaths.health, { cache: 'no-store', credentials: 'same-origin' })
    return true
  } catch {
    return false
  }
}

/** A call found no network: offline, unless the server still answers (only that call's path failed). */
export async function reportUnreachable(): Promise<void> {
  if (!onlineManager.isOnline()) return
  if (!(await serverAnswers())) onlineManager.setOnline(false)
}

/** A call reached the server: online, whatever the last browser event said. */
export function reportReached(): void {
  onlineManager.setOnline(true)
}

/** While offline, whether the server can be reached again (a look at /api/health); online if so. */
export async function probe(): Promise<boolean> {
  if (onlineManager.isOnline()) return true
  const reached = await serverAnswers()
  if (reached) reportReached()
  return reached
}

export function onOnline(listener: () => void): () => void {
  return onlineManager.subscribe((online) => {
    if (online) listener()
  })
}

const subscribe = (listener: () => void) => onlineManager.subscribe(listener)

/**
 * The online state for a screen (the offline notes of the logger and the chat). A screen the server
 * drew was drawn online, and the browser's first render of it says so too.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true)
}
