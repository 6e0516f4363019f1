import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import * as z from 'zod/mini'
import { ApiError, apiRequest } from '#client/lib/api-client.ts'
import {
  activeQueueUser,
  enqueue as enqueueItem,
  queuedNow,
  registerQueueHandler,
  removeQueued,
  subscribeQueue,
  thisTab,
  useQueuedItems,
  useRetrying,
  type QueueItem,
} from '#client/lib/offline-queue/queue.ts'
import { builderText } from '../builder-text.ts'

export type SaveState = 'saved' | 'saving' | 'pending' | 'invalid' | 'failed' | 'conflict'

type Versioned = { version: number }

/** A versioned document the builder edits (a plan, a workout): where to read its version, and its cache key. */
export type SavedDocument = { path: string; queryKey: QueryKey }

/** One save as data, so it can wait on the device: the version it builds on and its id are added when it is sent. */
export type SaveRequest = { method: 'PUT' | 'PATCH' | 'POST'; path: string; body: Record<string, unknown> }

/** A save's body as its caller writes it: the queue adds the version and the save's id. */
export type Unversioned<T> = Omit<T, 'version' | 'saveId'>

type BuilderSave = {
  document: SavedDocument
  /** Autosaves of one field share a key: a newer one replaces the one waiting. Null: an action of its own. */
  key: string | null
  request: SaveRequest
  /** Sent with the save, the same on every retry: the server knows a save that landed when its answer was lost. */
  saveId: string
  /** What the editor had when it queued this save (shown again if the editor reopens before it lands). */
  draft?: unknown
  /** The tab that queued it: two tabs' autosaves of one field never replace each other. */
  tab: string
}

const BUILDER_SAVE_KIND = 'builder-save'
const VersionedSchema = z.looseObject({ version: z.number() })

/** This tab's saves of the document (another tab's saves are its own business until it closes). */
const savesOf = (items: readonly QueueItem[], document: SavedDocument) =>
  items.filter(
    (item): item is QueueItem<BuilderSave> =>
      item.kind === BUILDER_SAVE_KIND &&
      item.tab === thisTab &&
      (item.payload as BuilderSave).document.path === document.path,
  )
const conflicted = (saves: readonly QueueItem<BuilderSave>[]) => saves.some((save) => save.refused?.status === 409)
const keyOf = (save: BuilderSave) => `${save.document.path}|${save.tab}|${save.key ?? save.saveId}`

// The callers waiting on their saves, by save id (in this tab; a save queued before a reload has none),
// and the newest save of each key, whose caller a newer save of that key answers at once.
const waiters = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>()
const newestOfKey = new Map<string, string>()
function answer(saveId: string, outcome: { value: unknown } | { error: unknown }) {
  const waiter = waiters.get(saveId)
  waiters.delete(saveId)
  for (const [key, id] of newestOfKey) if (id === saveId) newestOfKey.delete(key)
  if ('error' in outcome) waiter?.reject(outcome.error)
  else waiter?.resolve(outcome.value)
}

/**
 * Sends the builder's saves from the offline queue (registered once, for the whole signed-in app):
 * each names the version the previous one produced, so the builder never conflicts with itself,
 * while another tab's change answers 409 and stops that document's saves until the user reloads.
 */
function registerBuilderSaves(queryClient: QueryClient): () => void {
  return registerQueueHandler<BuilderSave>(BUILDER_SAVE_KIND, {
    // Each tab sends its own saves, on the version its own copy has; a closed tab's saves, on the latest.
    ownTab: true,
    async send({ userId, tab, payload }, signal) {
      const { document, request, saveId } = payload
      if (tab === thisTab && conflicted(savesOf(queuedNow(userId), document)))
        throw new ApiError('CONFLICT', builderText.saveState.conflict, 409)
      // A refetch still in flight would bring an older version back over the one this save makes.
      await queryClient.cancelQueries({ queryKey: document.queryKey })
      const version =
        queryClient.getQueryData<Versioned>(document.queryKey)?.version ??
        (await apiRequest(document.path, { schema: VersionedSchema, signal })).version
      return apiRequest(request.path, {
        method: request.method,
        body: { ...request.body, version, saveId },
        schema: VersionedSchema,
        signal,
      })
    },
    sent(result, { payload }) {
      const saved = result as Versioned
      queryClient.setQueryData<Versioned>(payload.document.queryKey, (old) =>
        old && old.version > saved.version ? old : old ? { ...old, ...saved } : old,
      )
      answer(payload.saveId, { value: saved })
    },
    refused({ userId, payload }, refusal) {
      answer(payload.saveId, { error: new ApiError(refusal.code, refusal.message, refusal.status, refusal.fields) })
      // An action (copy a week, move a day) is refused to the screen that asked for it, which says why;
      // a refused autosave stays marked until the next change of its field replaces it.
      if (payload.key === null && refusal.status !== 409) void removeQueued(userId, BUILDER_SAVE_KIND, keyOf(payload))
    },
  })
}

/** Keeps the builder's saves moving from any screen of the signed-in app. */
export function useBuilderSaves(): void {
  const queryClient = useQueryClient()
  useEffect(() => registerBuilderSaves(queryClient), [queryClient])
}

function stateOf(saves: readonly QueueItem<BuilderSave>[], retrying: ReadonlySet<string>): SaveState {
  if (conflicted(saves)) return 'conflict'
  if (saves.some((save) => save.refused && (save.refused.status === 400 || save.refused.status === 422)))
    return 'invalid'
  if (saves.some((save) => save.refused || retrying.has(save.id))) return 'failed'
  return saves.length ? 'saving' : 'saved'
}

/**
 * The saves of one versioned document, through the app's offline queue: in order, one at a time,
 * kept on the device until the server has them. Autosaves with the same key replace each other
 * while they wait (only the latest content of a cell is sent); a save the network lost stays first
 * in line and is retried, and leaving the page asks first while anything is unsaved.
 */
export function useSaveQueue<T extends Versioned>(
  document: SavedDocument,
  options: {
    /** After the queue has drained with everything saved (refresh the lists that show this document). */ onSaved?: () => void
  } = {},
) {
  const queryClient = useQueryClient()
  const saves = savesOf(useQueuedItems(), document)
  const retrying = useRetrying()
  const queued = stateOf(saves, retrying)
  // What the editor says before anything is queued: a change being typed, or one that cannot be saved.
  const [said, setSaidOnScreen] = useState<SaveState | null>(null)
  const saidRef = useRef<SaveState | null>(null)
  const setSaid = useCallback((next: SaveState | null) => {
    saidRef.current = next
    setSaidOnScreen(next)
  }, [])
  const state: SaveState = queued === 'conflict' ? 'conflict' : (said ?? queued)
  const [generation, setGeneration] = useState(0)
  const documentRef = useRef(document)
  const onSavedRef = useRef(options.onSaved)
  useEffect(() => {
    documentRef.current = document
    onSavedRef.current = options.onSaved
  })

  const wasSaved = useRef(true)
  useEffect(() => {
    if (queued === 'saved' && !wasSaved.current) onSavedRef.current?.()
    wasSaved.current = queued === 'saved'
  }, [queued])

  const waiting = () => {
    const user = activeQueueUser()
    return user ? savesOf(queuedNow(user), documentRef.current) : []
  }

  // Leaving the page (reload, close, another site) while a save waits: the browser asks first.
  const hasWaiting = saves.some((save) => !save.refused)
  useEffect(() => {
    if (!hasWaiting) return
    const guard = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', guard)
    return () => window.removeEventListener('beforeunload', guard)
  }, [hasWaiting])

  /** The draft of a save of this key that has not landed yet (the newest), if any. */
  const pendingDraft = useCallback(
    (key: string): unknown => waiting().findLast((save) => save.payload.key === key)?.payload.draft,
    [],
  )

  /** Resolves once every queued save has been sent (before an action that reads the server's copy). */
  const idle = useCallback(
    () =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (waiting().some((save) => !save.refused)) return
          stop()
          resolve()
        }
        const stop = subscribeQueue(check)
        check()
      }),
    [],
  )

  /** Waits for the queue, then fails unless everything is saved (a copy or an assignment would take the server's older version). */
  const whenSaved = useCallback(async () => {
    await idle()
    if (waiting().length > 0 || (saidRef.current !== null && saidRef.current !== 'saved'))
      throw new Error(builderText.saveFirst)
  }, [idle])

  /** Queues a save; an autosave (with a key) replaces a waiting one with the same key. */
  const enqueue = useCallback(
    <R extends Partial<T> & Versioned>(key: string | null, request: SaveRequest, draft?: unknown): Promise<R> => {
      const user = activeQueueUser()
      if (!user) return Promise.reject(new ApiError('UNAUTHENTICATED', 'Sign in first', 401))
      if (conflicted(waiting())) return Promise.reject(new ApiError('CONFLICT', builderText.saveState.conflict, 409))
      setSaid(null)
      const save: BuilderSave = {
        document: documentRef.current,
        key,
        request,
        saveId: crypto.randomUUID(),
        draft,
        tab: thisTab,
      }
      // The save this one replaces will not be sent: its caller hears that it is done with.
      const replaced = newestOfKey.get(keyOf(save))
      if (replaced) answer(replaced, { value: undefined })
      return new Promise<R>((resolve, reject) => {
        waiters.set(save.saveId, { resolve: resolve as (value: unknown) => void, reject })
        newestOfKey.set(keyOf(save), save.saveId)
        enqueueItem(user, BUILDER_SAVE_KIND, keyOf(save), save).catch((error: unknown) =>
          answer(save.saveId, { error }),
        )
      })
    },
    [setSaid],
  )

  /** Drops local edits and loads the latest version (after a 409). `generation` tells editors to start over. */
  const reload = useCallback(async () => {
    const user = activeQueueUser()
    for (const save of waiting()) {
      answer(save.payload.saveId, { value: undefined })
      if (user) await removeQueued(user, BUILDER_SAVE_KIND, keyOf(save.payload))
    }
    await queryClient.invalidateQueries({ queryKey: documentRef.current.queryKey })
    setSaid(null)
    setGeneration((g) => g + 1)
  }, [queryClient, setSaid])

  return { state, setState: setSaid, enqueue, reload, generation, idle, whenSaved, pendingDraft }
}
export type SaveQueue<T extends Versioned> = ReturnType<typeof useSaveQueue<T>>
