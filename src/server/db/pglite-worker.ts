/**
 * The embedded PostgreSQL's own thread. PGlite runs its WebAssembly PostgreSQL synchronously on
 * the thread that calls it; here that thread is this worker, so the server's main thread keeps
 * accepting connections and answering while a query runs. The main thread talks to it through
 * pglite-thread.ts (the protocol is defined there); this file only carries out what it is asked.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { WorkerReply, WorkerRequest } from './pglite-thread.ts'

const port = parentPort
if (!port) throw new Error('pglite-worker.ts runs as a worker thread')

const { dataDir } = workerData as { dataDir: string | null }

/** Open transactions by their id: each is a PGlite transaction whose callback waits for its end. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>()
const unlisteners = new Map<number, () => Promise<void>>()
let nextTransaction = 1

const identity = (value: string) => value
/** The parsers the caller asked for keep a type's text as it is: they cross as the types' numbers. */
const rawParsers = (types: number[]) => Object.fromEntries(types.map((type) => [type, identity]))

/**
 * An error as plain data: structured cloning keeps an Error's message but drops PostgreSQL's
 * fields (code, constraint, detail...), and PGlite's errors also carry the query's options, whose
 * functions cannot be cloned at all. The text, number and boolean fields cross; the rest stays.
 */
function plainError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) }
  const plain: Record<string, unknown> = { name: error.name, message: error.message, stack: error.stack }
  for (const key of new Set([...Object.getOwnPropertyNames(error), ...Object.keys(error)])) {
    const value = (error as unknown as Record<string, unknown>)[key]
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) plain[key] = value
  }
  return plain
}

function reply(message: WorkerReply): void {
  try {
    port?.postMessage(message)
  } catch (error) {
    // Something in an answer could not be cloned: that call fails, the thread goes on.
    if (message.id > 0) port?.postMessage({ id: message.id, ok: false, error: plainError(error) } satisfies WorkerReply)
  }
}

/** Copies what is needed of the results: the fields PGlite answers, without its blob. */
const plainResults = (results: Results) => ({ rows: results.rows, fields: results.fields, affectedRows: results.affectedRows })

let database: PGlite
try {
  // pg_trgm: typo-tolerant movement search (PostgreSQL's contrib, which PGlite ships).
  database = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } })
} catch (error) {
  reply({ id: 0, ok: false, error: plainError(error) })
  process.exit(1)
}
reply({ id: 0, ok: true, value: null })

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const runner = request.tx === null ? database : transactionOf(request.tx)
      return plainResults(await runner.query(request.sql, request.params, { rowMode: request.rowMode, parsers: rawParsers(request.rawTypes) }))
    }
    case 'exec': {
      const runner = request.tx === null ? database : transactionOf(request.tx)
      return (await runner.exec(request.sql, { parsers: rawParsers(request.rawTypes) })).map(plainResults)
    }
    case 'begin':
      return await begin()
    case 'end': {
      const open = transactions.get(request.tx)
      if (!open) throw new Error(`no open transaction ${request.tx}`)
      open.end(request.commit)
      await open.done
      return null
    }
    case 'listen': {
      const id = request.listener
      unlisteners.set(id, await database.listen(request.channel, (payload) => reply({ id: -1, notify: id, payload })))
      return null
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listener)
      unlisteners.delete(request.listener)
      await unlisten?.()
      return null
    }
    case 'close':
      await database.close()
      return null
  }
}

function transactionOf(id: number): Transaction {
  const open = transactions.get(id)
  if (!open) throw new Error(`no open transaction ${id}`)
  return open.tx
}

/**
 * Opens a transaction and answers its id once BEGIN has run. PGlite's own lock keeps every other
 * query and transaction out until it ends: `end` commits it (or rolls it back).
 */
function begin(): Promise<number> {
  const id = nextTransaction++
  return new Promise<number>((started, failed) => {
    let end: (commit: boolean) => void = () => {}
    const ended = new Promise<boolean>((resolve) => (end = resolve))
    let isOpen = false
    const done: Promise<void> = database
      .transaction(async (tx) => {
        isOpen = true
        transactions.set(id, { tx, end, done })
        started(id)
        if (!(await ended)) await tx.rollback()
      })
      .finally(() => transactions.delete(id))
    // A BEGIN that failed never opened: its error goes to the caller of begin (a later one to end's).
    done.catch((error: unknown) => {
      if (!isOpen) failed(error)
    })
  })
}

port.on('message', (request: WorkerRequest) => {
  handle(request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) => reply({ id: request.id, ok: false, error: plainError(error) }),
  )
  if (request.op === 'close') port.unref()
})
