import { useCallback } from 'react'
import { waitingMessages } from '../waiting/waiting-messages.ts'

/**
 * Sends a message: it goes into the waiting messages with its own id and shows at once as 'Sending…'; the
 * live connection (use-chat-live.ts) sends it now, or when the network is back, exactly once.
 */
export function useSendMessage(userId: string, otherId: string) {
  return useCallback(
    (body: string) => {
      const id = crypto.randomUUID()
      void waitingMessages.add(userId, { id, otherId, body, queuedAt: new Date().toISOString() })
      return id
    },
    [userId, otherId],
  )
}
