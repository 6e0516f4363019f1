import { parentPort, workerData } from 'node:worker_threads'
import { AppError } from '#server/lib/app-error.ts'
import { parseExport } from './parse-export.ts'
import type { ParseOptions } from './parsed-history.ts'

/**
 * Reads one uploaded export on its own thread (parse-thread.ts starts it and sets its limits),
 * answers the parsed history or the file's refusal, and ends.
 */

export type ParseReply =
  | { ok: true; history: ReturnType<typeof parseExport> }
  | { ok: false; refusal: { code: AppError['code']; message: string } }

const port = parentPort
if (!port) throw new Error('parse-worker.ts runs as a worker thread')
const { bytes, options } = workerData as { bytes: Uint8Array; options: ParseOptions }

try {
  port.postMessage({ ok: true, history: parseExport(bytes, options) } satisfies ParseReply)
} catch (error) {
  // A refusal of the file crosses as its code and message; anything else is a fault, and the
  // worker's error event carries it to the server's log.
  if (!(error instanceof AppError) || error.status >= 500) throw error
  port.postMessage({ ok: false, refusal: { code: error.code, message: error.message } } satisfies ParseReply)
}
