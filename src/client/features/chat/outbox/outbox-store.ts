import { useSyncExternalStore } from 'react'
import * as z from 'zod/mini'

/**
 * Messages written but not yet stored by the server, per user, in localStorage: they survive a
 * reload and a lost signal, and each keeps the id it was made with, so sending it again can
 * never store it twice (the server is idempotent by id).
 */
const OutboxItemSchema = z.object({ id: z.string(), otherId: z.string(), body: z.string(), queuedAt: z.string() })
export type OutboxItem = z.infer<typeof OutboxItemSchema>

const storageKey = (userId: string) => `coachline-chat-outbox:${userId}`

const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())
/** Told only when a message is queued (the sender starts at once); state changes do not tell it. */
const queuedListeners = new Set<() => void>()

/** Ids on their way to the server right now, and whether the last attempt found no network. */
const inFlight = new Set<string>()
let unreachable = false
export type SendingState = { inFlight: ReadonlySet<string>; unreachable: boolean }
let sending: SendingState = { inFlight: new Set(), unreachable: false }
const touch = () => {
  sending = { inFlight: new Set(inFlight), unreachable }
  emit()
}

const parsed = new Map<string, { raw: string | null; items: OutboxItem[] }>()
function read(userId: string): OutboxItem[] {
  const raw = localStorage.getItem(storageKey(userId))
  const cached = parsed.get(userId)
  if (cached && cached.raw === raw) return cached.items
  let items: OutboxItem[] = []
  try {
    const result = z.array(OutboxItemSchema).safeParse(raw ? JSON.parse(raw) : [])
    if (result.success) items = result.data
  } catch {
    items = []
  }
  parsed.set(userId, { raw, items })
  return items
}

function write(userId: string, items: OutboxItem[]) {
  if (items.length) localStorage.setItem(storageKey(userId), JSON.stringify(items))
  else localStorage.removeItem(storageKey(userId))
  touch()
}

export const outbox = {
  list: read,
  add(userId: string, item: OutboxItem) {
    write(userId, [...read(userId).filter((i) => i.id !== item.id), item])
    queuedListeners.forEach((listener) => listener())
  },
  onQueued(listener: () => void): () => void {
    queuedListeners.add(listener)
    return () => queuedListeners.delete(listener)
  },
  remove(userId: string, id: string) {
    const items = read(userId)
    if (items.some((i) => i.id === id)) write(userId, items.filter((i) => i.id !== id))
  },
  setInFlight(id: string, value: boolean) {
    if (value === inFlight.has(id)) return
    if (value) inFlight.add(id)
    else inFlight.delete(id)
    touch()
  },
  setUnreachable(value: boolean) {
    if (unreachable === value) return
    unreachable = value
    touch()
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

// Another tab of the same app sent or queued something.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key?.startsWith('coachline-chat-outbox:')) touch()
  })
}

/** This user's waiting messages; re-renders when the outbox or its sending state changes. */
export function useOutbox(userId: string): OutboxItem[] {
  return useSyncExternalStore(outbox.subscribe, () => read(userId))
}

/** Which messages are on their way, and whether the last attempt found no network. */
export function useSendingState(): SendingState {
  return useSyncExternalStore(outbox.subscribe, () => sending)
}
