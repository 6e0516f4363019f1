import { constants } from 'node:os'
import { DataDirInUseError } from '#server/db/data-dir-lock.ts'
import { DataDirConflictError } from '#server/db/embedded-database.ts'
import { EmbeddedPostgresUnsupportedError } from '#server/db/embedded-postgres-binaries.ts'
import { parseEnv } from '#server/lib/env.ts'
import { start } from './server.ts'

/** After the shutdown budget, this much more before the process exits whatever is still pending. */
const FINAL_MARGIN_MS = 2000

// A reader of stderr that has gone (EPIPE) must not turn a message into a crash or a hang.
process.stderr.on('error', () => {})

/** Reasons not to start that the operator can act on: one line on stderr, no stack trace. */
function isOperatorError(error: unknown): error is Error {
  const known = [DataDirInUseError, DataDirConflictError, EmbeddedPostgresUnsupportedError]
  return (
    known.some((type) => error instanceof type) ||
    (error instanceof Error && (error as NodeJS.ErrnoException).code === 'EADDRINUSE')
  )
}

const env = parseEnv()
const server = await start(env).catch((error: unknown) => {
  if (!isOperatorError(error)) throw error
  console.error(error.message)
  process.exit(1)
})

let stopping = false
function onSignal(signal: 'SIGTERM' | 'SIGINT') {
  if (stopping) {
    // Asked twice: the operator does not want to wait.
    console.error(`${signal} again: exiting without finishing the shutdown`)
    process.exit(128 + constants.signals[signal])
  }
  stopping = true
  // The last resort: each step of stop() is bounded, but whatever still holds the process once the
  // budget and a margin are spent, it exits. The timer keeps the event loop alive on purpose, so
  // the process ends through one of these two exits, never silently mid-shutdown.
  setTimeout(() => {
    console.error(`the shutdown did not finish within ${env.SHUTDOWN_TIMEOUT_MS + FINAL_MARGIN_MS} ms: exiting anyway`)
    process.exit(1)
  }, env.SHUTDOWN_TIMEOUT_MS + FINAL_MARGIN_MS)
  server.stop().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error)
      process.exit(1)
    },
  )
}
process.on('SIGTERM', onSignal)
process.on('SIGINT', onSignal)
