import { useCallback } from 'react'
import { outbox } from '../outbox/outbox-store.ts'

/**
 * Sends a message: it goes into the outbox with its own id and shows at once as 'Sending…'; the
 * live connection (use-chat-live.ts) sends it now, or when the network is back, exactly once.
 */
export function useSendMessage(userId: string, otherId: string) {
  return useCallback(
    (body: string) => {
      const id = crypto.randomUUID()
      void outbox.add(userId, { id, otherId, body, queuedAt: new Date().toISOString() })
      return id
    },
    [userId, otherId],
  )
}
