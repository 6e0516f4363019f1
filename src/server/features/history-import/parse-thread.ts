import { historyImportApiText } from '#shared/schemas/history-import.ts'
import { AppError } from '#server/lib/app-error.ts'
import { startWorker } from '#server/lib/worker-thread.ts'
import type { ParsedHistory, ParseOptions } from './parsed-history.ts'
import type { ParseReply } from './parse-worker.ts'

/**
 * Reading an upload off the request thread (docs/import.md#limits). Reading a large export takes
 * seconds of CPU; on the main thread that would hold every other request of every user, so each
 * upload is read by a worker thread of its own, with a heap limit and a time limit: a file that
 * outgrows either is refused, and the worker is ended, without touching the server's own memory.
 * The parser bounds its own work too (parse-export.ts), so these limits are a backstop.
 */

/** The reading worker's heap: an 8 MB export of 150,000 sets needs about 250 MB. */
const WORKER_HEAP_MB = 512
/** A file the worker has not read in this time is refused (an 8 MB export takes about 3 s here). */
const READ_TIMEOUT_MS = 30_000

/** Reads `bytes` on a worker thread; they are handed over to it (empty here afterwards). */
export async function parseInWorker(bytes: Uint8Array, options: ParseOptions): Promise<ParsedHistory> {
  // The worker gets the bytes themselves (transferred, not copied) when they fill their buffer.
  const copy = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
  const worker = startWorker('parse-worker', new URL('.', import.meta.url), {
    workerData: { bytes: copy, options },
    transferList: [copy.buffer as ArrayBuffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  })
  try {
    const reply = await new Promise<ParseReply>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new AppError('BAD_REQUEST', { message: historyImportApiText.tooComplex })),
        READ_TIMEOUT_MS,
      )
      worker.once('message', (message: ParseReply) => {
        clearTimeout(timer)
        resolve(message)
      })
      worker.once('error', (error: Error & { code?: string }) => {
        clearTimeout(timer)
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError('BAD_REQUEST', { message: historyImportApiText.tooComplex })
            : error,
        )
      })
      worker.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`The import's reading worker stopped (exit code ${code}) without an answer`))
      })
    })
    if (!reply.ok) throw new AppError(reply.refusal.code, { message: reply.refusal.message })
    return reply.history
  } finally {
    await worker.terminate()
  }
}
