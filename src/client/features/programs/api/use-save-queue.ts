import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '#client/lib/api-client.ts'

export type SaveState = 'saved' | 'saving' | 'pending' | 'invalid' | 'failed' | 'conflict'

type Versioned = { version: number }
type Op<T> = { key: string | null; run: (version: number) => Promise<Partial<T> & Versioned>; resolve: (value: unknown) => void; reject: (error: unknown) => void }

/**
 * Saves of one versioned document (a plan, a workout), one at a time and in order: each names the
 * version the previous one produced, so the builder never conflicts with itself, while another tab's
 * change answers 409 and stops the queue until the user reloads. Autosaves with the same key
 * replace each other while they wait (only the latest content of a cell is sent).
 */
export function useSaveQueue<T extends Versioned>(queryKey: QueryKey) {
  const queryClient = useQueryClient()
  const [state, setRawState] = useState<SaveState>('saved')
  const [generation, setGeneration] = useState(0)
  const queue = useRef<Op<T>[]>([])
  const running = useRef(false)
  const conflicted = useRef(false)
  const keyRef = useRef(queryKey)
  // After a 409 nothing but a reload clears the conflict: edits made meanwhile are not saved.
  const setState = useCallback((next: SaveState) => setRawState(conflicted.current ? 'conflict' : next), [])
  useEffect(() => {
    keyRef.current = queryKey
  })

  const pump = useCallback(async () => {
    if (running.current) return
    running.current = true
    let failed = false
    while (queue.current.length && !conflicted.current) {
      const op = queue.current.shift() as Op<T>
      setState('saving')
      const current = queryClient.getQueryData<T>(keyRef.current)
      try {
        if (!current) throw new ApiError('UNAVAILABLE', 'Nothing loaded to save', 0)
        const result = await op.run(current.version)
        queryClient.setQueryData<T>(keyRef.current, (old) => (old ? { ...old, ...result } : old))
        op.resolve(result)
      } catch (error) {
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
    if (!conflicted.current && !failed) setState('saved')
  }, [queryClient, setState])

  /** Queues a save; an autosave (with a key) replaces a waiting one with the same key. */
  const enqueue = useCallback(
    <R extends Partial<T> & Versioned>(key: string | null, run: (version: number) => Promise<R>): Promise<R> => {
      if (conflicted.current) {
        setRawState('conflict')
        return Promise.reject(new ApiError('CONFLICT', 'Reload first', 409))
      }
      return new Promise<R>((resolve, reject) => {
        const op: Op<T> = { key, run, resolve: resolve as (value: unknown) => void, reject }
        const waiting = key === null ? -1 : queue.current.findIndex((o) => o.key === key)
        if (waiting >= 0) {
          queue.current[waiting]?.resolve(undefined)
          queue.current[waiting] = op
        } else queue.current.push(op)
        void pump()
      })
    },
    [pump],
  )

  /** Drops local edits and loads the latest version (after a 409). `generation` tells editors to start over. */
  const reload = useCallback(async () => {
    queue.current = []
    await queryClient.invalidateQueries({ queryKey: keyRef.current })
    conflicted.current = false
    setGeneration((g) => g + 1)
    setRawState('saved')
  }, [queryClient])

  return { state, setState, enqueue, reload, generation }
}
export type SaveQueue<T extends Versioned> = ReturnType<typeof useSaveQueue<T>>
