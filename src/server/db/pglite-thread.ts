import type { Worker } from 'node:worker_threads'
import type { QueryOptions, Results } from '@electric-sql/pglite'
import { startWorker } from '#server/lib/worker-thread.ts'

/**
 * PGlite on its own thread (docs/decisions/025-pglite-worker.md). PGlite runs PostgreSQL,
 * compiled to WebAssembly, synchronously on the thread that calls it: on the main thread every
 * query stopped the server from accepting connections and answering other requests until it
 * ended. The worker (pglite-worker.ts) owns the PGlite instance; this is its client: the part of
 * PGlite's interface that drizzle's PGlite driver, its migrator and our notifications use
 * (query, exec, transaction, listen, close), answered through messages.
 *
 * - One query at a time, in order: the worker's PGlite queues them with its own lock, as it does
 *   on one thread. A transaction holds that lock from BEGIN to COMMIT or ROLLBACK, so nothing
 *   else runs inside it; an error fails only its own query (and, inside a transaction, that
 *   transaction, which is rolled back).
 * - Rows, parameters and errors cross by structured cloning (Dates, Uint8Arrays, BigInts and
 *   JSON survive). Functions cannot: the only query options accepted are the row mode and parsers
 *   that keep a type's text as it is (what drizzle passes); anything else is refused.
 * - A worker that dies (a crash, an abort inside PostgreSQL) fails every pending and later call
 *   with DATABASE_STOPPED and resolves `lost`, so the server answers 503 and exits instead of
 *   waiting forever.
 */

/** What the main thread asks of the worker. `tx` names an open transaction (null: none). */
export type WorkerRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; rowMode: 'array' | 'object'; rawTypes: number[]; tx: number | null }
  | { id: number; op: 'exec'; sql: string; rawTypes: number[]; tx: number | null }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string; listener: number }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'close' }

/** What the worker answers: a request's outcome (id 0: the database is open), or a notification. */
export type WorkerReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: Record<string, unknown> } | { id: -1; notify: number; payload: string }

/** The message of every call once the worker has gone (the API answers it with 503). */
export const DATABASE_STOPPED = 'The embedded database has stopped'

type Runner = {
  query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>
  exec: (sql: string, options?: QueryOptions) => Promise<Results[]>
}

export type PgliteThread = Runner & {
  transaction: <T>(callback: (tx: Runner & { rollback: () => Promise<void>; readonly closed: boolean }) => Promise<T>) => Promise<T>
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>
  readonly closed: boolean
  close: () => Promise<void>
  /** Resolves with the reason when the worker stops without being closed. */
  lost: Promise<Error>
  /** The worker itself (the tests stop it the way a crash would). */
  worker: Worker
}

/** Starts the worker and opens PGlite in `dataDir` (null: in memory); rejects if it cannot open. */
export async function openPgliteThread(dataDir: string | null): Promise<PgliteThread> {
  const worker = startWorker('pglite-worker', new URL('.', import.meta.url), { workerData: { dataDir } })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  const listeners = new Map<number, (payload: string) => void>()
  let nextId = 1
  let nextListener = 1
  let closing = false
  let stopped: Error | null = null
  let onLost: (error: Error) => void = () => {}
  const lost = new Promise<Error>((resolve) => (onLost = resolve))

  const opened = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }))

  worker.on('message', (message: WorkerReply) => {
    if ('notify' in message) {
      listeners.get(message.notify)?.(message.payload)
      return
    }
    const call = pending.get(message.id)
    if (!call) return
    pending.delete(message.id)
    if (message.ok) call.resolve(message.value)
    else call.reject(Object.assign(new Error(String(message.error.message)), message.error))
  })
  const stop = (reason: Error) => {
    if (stopped) return
    stopped = reason
    for (const call of pending.values()) call.reject(reason)
    pending.clear()
    if (!closing) onLost(reason)
  }
  worker.on('error', (error) => stop(Object.assign(new Error(`${DATABASE_STOPPED}: ${error.message}`), { cause: error })))
  worker.on('exit', (code) => stop(new Error(`${DATABASE_STOPPED} (its thread exited with code ${code})`)))

  const ask = <T>(request: DistributiveOmit<WorkerRequest, 'id'>): Promise<T> => {
    if (stopped) return Promise.reject(stopped)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ ...request, id })
    })
  }

  const runner = (tx: number | null): Runner => ({
    query: <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
      ask<Results<T>>({ op: 'query', sql, params, rowMode: options.rowMode ?? 'object', rawTypes: rawTypesOf(options), tx }),
    exec: (sql: string, options: QueryOptions = {}) => ask<Results[]>({ op: 'exec', sql, rawTypes: rawTypesOf(options), tx }),
  })

  try {
    await opened
  } catch (error) {
    await worker.terminate()
    throw error
  }

  return {
    ...runner(null),
    transaction: async (callback) => {
      const tx = await ask<number>({ op: 'begin' })
      let isClosed = false
      const inside = runner(tx)
      const check = () => {
        if (isClosed) throw new Error('Transaction is closed')
      }
      const handle = {
        query: <T>(sql: string, params?: unknown[], options?: QueryOptions) => (check(), inside.query<T>(sql, params, options)),
        exec: (sql: string, options?: QueryOptions) => (check(), inside.exec(sql, options)),
        rollback: async () => {
          check()
          isClosed = true
          await ask({ op: 'end', tx, commit: false })
        },
        get closed() {
          return isClosed
        },
      }
      let result
      try {
        result = await callback(handle)
      } catch (error) {
        if (!isClosed) {
          isClosed = true
          // The caller's error is what matters; a failed rollback (the worker gone) is in `lost`.
          await ask({ op: 'end', tx, commit: false }).catch(() => {})
        }
        throw error
      }
      if (!isClosed) {
        isClosed = true
        await ask({ op: 'end', tx, commit: true })
      }
      return result
    },
    listen: async (channel, callback) => {
      const listener = nextListener++
      listeners.set(listener, callback)
      try {
        await ask({ op: 'listen', channel, listener })
      } catch (error) {
        listeners.delete(listener)
        throw error
      }
      return async () => {
        listeners.delete(listener)
        await ask({ op: 'unlisten', listener })
      }
    },
    get closed() {
      return closing || stopped !== null
    },
    close: async () => {
      if (closing || stopped) return
      closing = true
      try {
        await ask({ op: 'close' })
      } finally {
        await worker.terminate()
      }
    },
    lost,
    worker,
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never

const SAMPLE = 'sample'

/**
 * The types whose parser keeps the text as it is. Drizzle asks for that for dates, times and
 * some arrays (it parses them itself); a parser that changes a value could not cross to the
 * worker, so it is refused rather than silently ignored.
 */
function rawTypesOf(options: QueryOptions): number[] {
  const { rowMode: _rowMode, parsers, ...rest } = options
  if (Object.keys(rest).length > 0) throw new Error(`PGlite on its own thread does not support the query options ${Object.keys(rest).join(', ')}`)
  return Object.entries(parsers ?? {}).map(([type, parser]) => {
    if (parser(SAMPLE, Number(type)) !== SAMPLE) throw new Error(`PGlite on its own thread only keeps a type's text as it is (type ${type})`)
    return Number(type)
  })
}
