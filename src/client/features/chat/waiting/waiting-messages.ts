import { useMemo } from 'react'
import * as z from 'zod/mini'
import { enqueue, removeQueued, useInFlight, useQueuedItems, type Refusal } from '#client/lib/offline-queue/queue.ts'
import { useOnline } from '#client/lib/online.ts'

/**
 * Messages written but not yet stored by the server wait in the app's offline queue
 * (docs/offline-queue.md): they survive a reload and a lost signal, and each keeps the id it was
 * made with, so sending it again can never store it twice (the server is idempotent by id).
 */
export const MESSAGE_KIND = 'chat-message'

const WaitingMessageSchema = z.object({ id: z.string(), otherId: z.string(), body: z.string(), queuedAt: z.string() })
export type WaitingMessage = z.infer<typeof WaitingMessageSchema>
/** A waiting message, and the server's reason when it refused it (kept until retried or removed). */
export type WaitingItem = WaitingMessage & { refused: Refusal | null }

export const waitingMessages = {
  add: (userId: string, message: WaitingMessage) => enqueue(userId, MESSAGE_KIND, message.id, message),
  /** Sends a refused message again as it is (the conversation may be open again). */
  retry: (userId: string, item: WaitingItem) =>
    enqueue(userId, MESSAGE_KIND, item.id, {
      id: item.id,
      otherId: item.otherId,
      body: item.body,
      queuedAt: item.queuedAt,
    }),
  remove: (userId: string, id: string) => removeQueued(userId, MESSAGE_KIND, id),
}

/** Where an earlier version of the app kept waiting messages: moved into the queue once. */
const legacyKey = (userId: string) => `coachline-chat-outbox:${userId}`

export async function adoptLegacyWaiting(userId: string): Promise<void> {
  const raw = localStorage.getItem(legacyKey(userId))
  if (raw === null) return
  let parsed: unknown = []
  try {
    parsed = JSON.parse(raw)
  } catch {
    // Unreadable: nothing to keep.
  }
  const result = z.array(WaitingMessageSchema).safeParse(parsed)
  for (const message of result.success ? result.data : []) await waitingMessages.add(userId, message)
  localStorage.removeItem(legacyKey(userId))
}

/** This user's waiting messages; re-renders when they change. */
export function useWaitingMessages(userId: string): WaitingItem[] {
  const items = useQueuedItems(userId)
  return useMemo(
    () =>
      items
        .filter((item) => item.kind === MESSAGE_KIND)
        .map((item) => ({ ...(item.payload as WaitingMessage), refused: item.refused })),
    [items],
  )
}

export type SendingState = { inFlight: ReadonlySet<string>; unreachable: boolean }

/** Which messages are on their way, and whether the server is out of reach. */
export function useSendingState(): SendingState {
  const inFlight = useInFlight()
  const online = useOnline()
  return useMemo(() => {
    const prefix = `${MESSAGE_KIND}:`
    return {
      inFlight: new Set([...inFlight].filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length))),
      unreachable: !online,
    }
  }, [inFlight, online])
}
