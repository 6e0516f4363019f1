import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '#client/lib/api-client.ts'
import { retryDelayMs, verdictOf } from '#client/lib/offline-queue/retry-policy.ts'
import { onOnline } from '#client/lib/online.ts'
import { builderText } from '../builder-text.ts'

export type SaveState = 'saved' | 'saving' | 'pending' | 'invalid' | 'failed' | 'conflict'

type Versioned = { version: number }
type Op<T> = {
  key: string | null
  run: (version: number, saveId: string) => Promise<Partial<T> & Versioned>
  /** Sent with the save, the same on every retry: the server knows a save that landed when its answer was lost. */
  saveId: string
  /** What the editor had when it queued this save (shown again if the editor reopens before it lands). */
  draft?: unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** Waits before retrying a save that may pass later (the app's one retry policy), or until the network is back. */
function waitToRetry(attempt: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      stopListening()
      resolve()
    }
    const timer = setTimeout(done, retryDelayMs(attempt))
    const stopListening = onOnline(done)
  })
}

const isRetryable = (error: unknown) => error instanceof ApiError && verdictOf(error) === 'retry'

/**
 * Saves of one versioned document (a plan, a workout), one at a time and in order: each names the
 * version the previous one produced, so the builder never conflicts with itself, while another tab's
 * change answers 409 and stops the queue until the user reloads. Autosaves with the same key
 * replace each other while they wait (only the latest content of a cell is sent); an autosave the
 * network lost stays first in line and is retried, and leaving the page asks first while anything
 * is unsaved.
 */
export function useSaveQueue<T extends Versioned>(queryKey: QueryKey, options: { /** After the queue has drained with everything saved (refresh the lists that show this document). */ onSaved?: () => void } = {}) {
  const queryClient = useQueryClient()
  const [state, setStateOfScreen] = useState<SaveState>('saved')
  const stateRef = useRef<SaveState>('saved')
  const setRawState = useCallback((next: SaveState) => {
    stateRef.current = next
    setStateOfScreen(next)
  }, [])
  const [generation, setGeneration] = useState(0)
  const queue = useRef<Op<T>[]>([])
  const running = useRef(false)
  const conflicted = useRef(false)
  const idleWaiters = useRef<(() => void)[]>([])
  const inFlight = useRef<Op<T> | null>(null)
  const keyRef = useRef(queryKey)
  // After a 409 nothing but a reload clears the conflict: edits made meanwhile are not saved.
  const setState = useCallback((next: SaveState) => setRawState(conflicted.current ? 'conflict' : next), [setRawState])
  const onSavedRef = useRef(options.onSaved)
  useEffect(() => {
    keyRef.current = queryKey
    onSavedRef.current = options.onSaved
  })

  const pump = useCallback(async () => {
    if (running.current) return
    running.current = true
    let failed = false
    let attempt = 0
    while (queue.current.length && !conflicted.current) {
      const op = queue.current.shift() as Op<T>
      inFlight.current = op
      setState(attempt > 0 ? 'failed' : 'saving')
      // A refetch still in flight would bring an older version back over the one this save makes.
      await queryClient.cancelQueries({ queryKey: keyRef.current })
      const current = queryClient.getQueryData<T>(keyRef.current)
      try {
        if (!current) throw new ApiError('UNAVAILABLE', 'Nothing loaded to save', 0)
        const result = await op.run(current.version, op.saveId)
        queryClient.setQueryData<T>(keyRef.current, (old) => (old && old.version > result.version ? old : old ? { ...old, ...result } : old))
        op.resolve(result)
        attempt = 0
      } catch (error) {
        if (op.key !== null && isRetryable(error)) {
          // Kept first in line (unless a newer save of the same content is already waiting), tried again later.
          if (queue.current.some((o) => o.key === op.key)) op.resolve(undefined)
          else queue.current.unshift(op)
          setState('failed')
          await waitToRetry(attempt++)
          continue
        }
        op.reject(error)
        if (error instanceof ApiError && error.status === 409) {
          conflicted.current = true
          for (const waiting of queue.current.splice(0)) waiting.reject(error)
          setRawState('conflict')
        } else {
          failed = true
          setState(error instanceof ApiError && error.status === 400 ? 'invalid' : 'failed')
        }
      }
    }
    running.current = false
    inFlight.current = null
    if (!conflicted.current && !failed) {
      setState('saved')
      onSavedRef.current?.()
    }
    for (const resolve of idleWaiters.current.splice(0)) resolve()
  }, [queryClient, setState, setRawState])

  // Leaving the page (reload, close, another site) while a save waits would lose it: the browser asks first.
  useEffect(() => {
    const guard = (event: BeforeUnloadEvent) => {
      if (!running.current && queue.current.length === 0) return
      event.preventDefault()
    }
    window.addEventListener('beforeunload', guard)
    return () => window.removeEventListener('beforeunload', guard)
  }, [])

  /** The draft of a save of this key that has not landed yet (the newest), if any. */
  const pendingDraft = useCallback((key: string): unknown => {
    const waiting = queue.current.findLast((o) => o.key === key)
    if (waiting) return waiting.draft
    return inFlight.current?.key === key ? inFlight.current.draft : undefined
  }, [])

  /** Resolves once every queued save has been sent (before an action that reads the server's copy). */
  const idle = useCallback(
    () => (running.current || queue.current.length ? new Promise<void>((resolve) => idleWaiters.current.push(resolve)) : Promise.resolve()),
    [],
  )

  /** Waits for the queue, then fails unless everything is saved (a copy or an assignment would take the server's older version). */
  const whenSaved = useCallback(async () => {
    await idle()
    if (stateRef.current !== 'saved') throw new Error(builderText.saveFirst)
  }, [idle])

  /** Queues a save; an autosave (with a key) replaces a waiting one with the same key. */
  const enqueue = useCallback(
    <R extends Partial<T> & Versioned>(key: string | null, run: (version: number, saveId: string) => Promise<R>, draft?: unknown): Promise<R> => {
      if (conflicted.current) {
        setRawState('conflict')
        return Promise.reject(new ApiError('CONFLICT', 'Reload first', 409))
      }
      return new Promise<R>((resolve, reject) => {
        const op: Op<T> = { key, run, saveId: crypto.randomUUID(), draft, resolve: resolve as (value: unknown) => void, reject }
        const waiting = key === null ? -1 : queue.current.findIndex((o) => o.key === key)
        if (waiting >= 0) {
          queue.current[waiting]?.resolve(undefined)
          queue.current[waiting] = op
        } else queue.current.push(op)
        void pump()
      })
    },
    [pump, setRawState],
  )

  /** Drops local edits and loads the latest version (after a 409). `generation` tells editors to start over. */
  const reload = useCallback(async () => {
    for (const waiting of queue.current.splice(0)) waiting.resolve(undefined)
    await queryClient.invalidateQueries({ queryKey: keyRef.current })
    conflicted.current = false
    setGeneration((g) => g + 1)
    setRawState('saved')
  }, [queryClient, setRawState])

  return { state, setState, enqueue, reload, generation, idle, whenSaved, pendingDraft }
}
export type SaveQueue<T extends Versioned> = ReturnType<typeof useSaveQueue<T>>
