import { openDB, type DBSchema, type IDBPDatabase } from 'idb'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { Pose } from '#shared/schemas/progress-photos.ts'

/**
 * A check-in being filled in, kept on the device (IndexedDB) as it is typed, photos included,
 * so a lost signal, a closed tab or a phone that ran out of battery loses none of it; deleted once
 * it is sent. One per user, schedule and due day.
 */
export type CheckInDraft = {
  /** What was typed or chosen, by question: text as typed, a scale's number, a yes/no. */
  answers: Record<string, string | number | boolean>
  /** The photos chosen, by question and pose. */
  photos: Record<string, Partial<Record<Pose, Blob>>>
}

interface DraftDb extends DBSchema {
  drafts: { key: string; value: CheckInDraft & { key: string; savedAt: number } }
}

let opened: Promise<IDBPDatabase<DraftDb>> | null = null
const db = () =>
  (opened ??= openDB<DraftDb>('coachline-check-in-drafts', 1, {
    upgrade(database) {
      database.createObjectStore('drafts', { keyPath: 'key' })
    },
  }))

export const draftKey = (userId: string, scheduleId: string, dueOn: string) => `${userId}:${scheduleId}:${dueOn}`

export async function deleteDraft(key: string): Promise<void> {
  await (await db()).delete('drafts', key)
}

/** Deletes every draft of this user's, photos included (their account is gone). */
export async function deleteDraftsOf(userId: string): Promise<void> {
  const database = await db()
  for (const key of await database.getAllKeys('drafts'))
    if (key.startsWith(`${userId}:`)) await database.delete('drafts', key)
}

const EMPTY: CheckInDraft = { answers: {}, photos: {} }

/**
 * The draft of `key`, loaded once, and a setter that keeps each change on the device at once. A
 * change is a function of the draft as it is then, so one that lands late (a photo still being
 * drawn) loses nothing typed meanwhile.
 */
export function useCheckInDraft(key: string): {
  draft: CheckInDraft
  loaded: boolean
  change: (update: (draft: CheckInDraft) => CheckInDraft) => void
} {
  const [draft, setDraft] = useState<CheckInDraft>(EMPTY)
  const [loaded, setLoaded] = useState(false)
  const writes = useRef<Promise<unknown>>(Promise.resolve())
  const latest = useRef<CheckInDraft>(EMPTY)
  useEffect(() => {
    let live = true
    void db()
      .then((d) => d.get('drafts', key))
      .then((kept) => {
        if (!live) return
        if (kept) {
          latest.current = { answers: kept.answers, photos: kept.photos }
          setDraft(latest.current)
        }
        setLoaded(true)
      })
      .catch(() => live && setLoaded(true))
    return () => {
      live = false
    }
  }, [key])
  const change = useCallback(
    (update: (draft: CheckInDraft) => CheckInDraft) => {
      const next = update(latest.current)
      latest.current = next
      setDraft(next)
      // In order: the last change is the one kept.
      writes.current = writes.current
        .then(async () => (await db()).put('drafts', { ...next, key, savedAt: Date.now() }))
        .catch(() => undefined)
    },
    [key],
  )
  return { draft, loaded, change }
}
