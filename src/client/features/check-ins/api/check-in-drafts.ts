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

const EMPTY: CheckInDraft = { answers: {}, photos: {} }

/** The draft of `key`, loaded once, and a setter that keeps each change on the device at once. */
export function useCheckInDraft(key: string): {
  draft: CheckInDraft
  loaded: boolean
  change: (next: CheckInDraft) => void
} {
  const [draft, setDraft] = useState<CheckInDraft>(EMPTY)
  const [loaded, setLoaded] = useState(false)
  const writes = useRef<Promise<unknown>>(Promise.resolve())
  useEffect(() => {
    let live = true
    void db()
      .then((d) => d.get('drafts', key))
      .then((kept) => {
        if (!live) return
        if (kept) setDraft({ answers: kept.answers, photos: kept.photos })
        setLoaded(true)
      })
      .catch(() => live && setLoaded(true))
    return () => {
      live = false
    }
  }, [key])
  const change = useCallback(
    (next: CheckInDraft) => {
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
