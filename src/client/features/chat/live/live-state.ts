import { useEffect, useSyncExternalStore } from 'react'
import type { StreamStatus } from './chat-stream.ts'

/**
 * What the live stream needs to know about the screen, and what the screen shows about the
 * stream: which conversation is open (no toast for it) and whether the stream is connected.
 */
let openConversation: string | null = null
let status: StreamStatus = 'connecting'
const listeners = new Set<() => void>()

export const liveState = {
  openConversation: () => openConversation,
  setStatus(next: StreamStatus) {
    if (status === next) return
    status = next
    listeners.forEach((listener) => listener())
  },
}

/** Marks a conversation as on screen while the component is mounted. */
export function useOpenConversation(otherId: string) {
  useEffect(() => {
    openConversation = otherId
    return () => {
      if (openConversation === otherId) openConversation = null
    }
  }, [otherId])
}

export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => status,
    () => status,
  )
}
