import { apiPaths } from '#shared/api-paths.ts'
import { MessageSchema, type Message } from '#shared/schemas/chat.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { registerQueueHandler } from '#client/lib/offline-queue/queue.ts'
import { chatText } from '../chat-text.ts'
import { MESSAGE_KIND, type WaitingMessage } from './waiting-messages.ts'

/**
 * Sends waiting messages through the offline queue. A message leaves the queue only once the
 * server has answered with it (201, or 200 for a repeat); one the server refuses (the
 * conversation became read-only, say) stays, marked with the reason, until the user tries again
 * or removes it.
 */
export function registerWaitingHandler(
  onSent: (message: Message) => void,
  /** What the screen shows is out of date (the conversation changed). */
  onRefused: (message: WaitingMessage) => void,
): () => void {
  return registerQueueHandler<WaitingMessage>(MESSAGE_KIND, {
    send: ({ payload }, signal) =>
      apiRequest(apiPaths.chat.messages(payload.otherId), {
        method: 'POST',
        body: { id: payload.id, body: payload.body },
        schema: MessageSchema,
        signal,
      }),
    sent: (message) => onSent(message as Message),
    refused: (item, refusal) => {
      onRefused(item.payload)
      notify.error({ title: chatText.notSent, description: refusal.message })
    },
  })
}
