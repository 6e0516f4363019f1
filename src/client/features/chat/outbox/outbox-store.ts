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

const OutboxMessageSchema = z.object({ id: z.string(), otherId: z.string(), body: z.string(), queuedAt: z.string() })
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>
/** A waiting message, and the server's reason when it refused it (kept until retried or removed). */
export type OutboxItem = OutboxMessage & { refused: Refusal | null }

export const outbox = {
  add: (userId: string, message: OutboxMessage) => enqueue(userId, MESSAGE_KIND, message.id, message),
  /** Sends a refused message again as it is (the conversation may be open again). */
  retry: (userId: string, item: OutboxItem) => enqueue(userId, MESSAGE_KIND, item.id, { id: item.id, otherId: item.otherId, body: item.body, queuedAt: item.queuedAt }),
  remove: (userId: string, id: string) => removeQueued(userId, MESSAGE_KIND, id),
}

/** Where an earlier version of the app kept waiting messages: moved into the queue once. */
const legacyKey = (userId: string) => `coachline-chat-outbox:${userId}`

export async function adoptLegacyOutbox(userId: string): Promise<void> {
  const raw = localStorage.getItem(legacyKey(userId))
  if (raw === null) return
  let parsed: unknown = []
  try {
    parsed = JSON.parse(raw)
  } catch {
    // Unreadable: nothing to keep.
  }
  const result = z.array(OutboxMessageSchema).safeParse(parsed)
  for (const message of result.success ? result.data : []) await outbox.add(userId, message)
  localStorage.removeItem(legacyKey(userId))
}

/** This user's waiting messages; re-renders when they change. */
export function useOutbox(userId: string): OutboxItem[] {
  const items = useQueuedItems(userId)
  return useMemo(() => items.filter((item) => item.kind === MESSAGE_KIND).map((item) => ({ ...(item.payload as OutboxMessage), refused: item.refused })), [items])
}

export type SendingState = { inFlight: ReadonlySet<string>; unreachable: boolean }

/** Which messages are on their way, and whether the server is out of reach. */
export function useSendingState(): SendingState {
  const inFlight = useInFlight()
  const online = useOnline()
  return useMemo(() => {
    const prefix = `${MESSAGE_KIND}:`
    return { inFlight: new Set([...inFlight].filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length))), unreachable: !online }
  }, [inFlight, online])
}
