import { MessageSchema, type Message } from '#shared/schemas/chat.ts'
import { ApiError, apiRequest } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { describeError } from '#client/lib/query-client.ts'
import { chatBase } from '../api/chat-queries.ts'
import { chatText } from '../chat-text.ts'
import { outbox, type OutboxItem } from './outbox-store.ts'


/** One round at a time per user (another user's round never sends this user's messages, nor waits on them). */
const running = new Map<string, Promise<void>>()

/**
 * Sends the user's waiting messages, oldest first, one at a time. A message leaves the outbox
 * only once the server has answered with it (201, or 200 for a repeat); no network or a server
 * error keeps it for the next try; a refusal (4xx) drops it with a message so it cannot block
 * the ones behind it. Concurrent calls share one round, so nothing is sent twice at once; the
 * round stops when `signal` aborts (sign-out), and a message it was sending stays for next time.
 */
export function flushOutbox(
  userId: string,
  onSent: (message: Message, item: OutboxItem) => void,
  /** The server refused it (the conversation became read-only, say): what the screen shows is out of date. */
  onRefused: (item: OutboxItem) => void,
  signal: AbortSignal,
): Promise<void> {
  const current = running.get(userId)
  if (current) return current
  // (The round clears itself in a later microtask, after it has been stored in `running`.)
  const round = (async () => {
    const tried = new Set<string>()
    for (let items = outbox.list(userId).filter((i) => !tried.has(i.id)); items.length; items = outbox.list(userId).filter((i) => !tried.has(i.id))) {
      for (const item of items) {
        if (signal.aborted) return
        tried.add(item.id)
        outbox.setInFlight(item.id, true)
        try {
          const message = await apiRequest(`${chatBase(item.otherId)}/messages`, { method: 'POST', body: { id: item.id, body: item.body }, schema: MessageSchema, signal })
          outbox.setUnreachable(false)
          onSent(message, item)
          outbox.remove(userId, item.id)
        } catch (error) {
          if (signal.aborted) return
          if (error instanceof ApiError && error.status === 0) outbox.setUnreachable(true)
          if (!(error instanceof ApiError) || error.status === 0 || error.status === 401 || error.status === 408 || error.status === 429 || error.status >= 500) return
          outbox.remove(userId, item.id)
          onRefused(item)
          notify.error({ title: chatText.notSent, description: describeError(error) })
        } finally {
          outbox.setInFlight(item.id, false)
        }
      }
    }
  })().finally(() => {
    running.delete(userId)
  })
  running.set(userId, round)
  return round
}
