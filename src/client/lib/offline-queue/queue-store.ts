import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import type { FieldErrors } from '#shared/errors.ts'

/** Why the server refused an item: its answer, kept on the item until the user fixes or removes it. */
export type Refusal = { status: number; code: string; message: string; fields?: FieldErrors }

/**
 * One change waiting for the server. `id` is the item's kind and key: a newer change with the same
 * key replaces the waiting one (the latest value of a set, a cell, a message) and keeps its place
 * in line. `rev` tells a replaced item from the one that was on its way.
 */
export type QueueItem<P = unknown> = {
  id: string
  userId: string
  kind: string
  /** The tab of the app that queued it. */
  tab: string
  payload: P
  queuedAt: number
  rev: number
  refused: Refusal | null
}

interface QueueDb extends DBSchema {
  items: { key: string; value: QueueItem; indexes: { byUser: string } }
}

let opened: Promise<IDBPDatabase<QueueDb>> | null = null
function db(): Promise<IDBPDatabase<QueueDb>> {
  opened ??= openDB<QueueDb>('coachline-queue', 1, {
    upgrade(database) {
      database.createObjectStore('items', { keyPath: 'id' }).createIndex('byUser', 'userId')
    },
  })
  return opened
}

/** The durable side of the queue: every item is in IndexedDB before anything is sent. */
export const queueStore = {
  async list(userId: string): Promise<QueueItem[]> {
    const all = await (await db()).getAllFromIndex('items', 'byUser', userId)
    return all.sort((a, b) => a.queuedAt - b.queuedAt || a.id.localeCompare(b.id))
  },

  /** Stores `item` in place of a waiting one with its id (keeping that one's place in line). */
  async put(item: Omit<QueueItem, 'queuedAt' | 'rev'> & { queuedAt?: number }): Promise<QueueItem> {
    const store = (await db()).transaction('items', 'readwrite').store
    const existing = await store.get(item.id)
    const next: QueueItem = {
      ...item,
      queuedAt: existing?.queuedAt ?? item.queuedAt ?? Date.now(),
      rev: (existing?.rev ?? 0) + 1,
    }
    await store.put(next)
    return next
  },

  /** Removes an item the server stored, unless a newer change replaced it while it was on its way. */
  async settle(item: QueueItem): Promise<boolean> {
    const store = (await db()).transaction('items', 'readwrite').store
    const current = await store.get(item.id)
    if (!current || current.rev !== item.rev) return false
    await store.delete(item.id)
    return true
  },

  /** Marks an item refused, unless a newer change (maybe the fix) replaced it meanwhile. */
  async refuse(item: QueueItem, refusal: Refusal): Promise<boolean> {
    const store = (await db()).transaction('items', 'readwrite').store
    const current = await store.get(item.id)
    if (!current || current.rev !== item.rev) return false
    await store.put({ ...current, refused: refusal })
    return true
  },

  async remove(id: string): Promise<void> {
    await (await db()).delete('items', id)
  },
}
