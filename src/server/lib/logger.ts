import { pino, type DestinationStream, type Logger } from 'pino'

export type { Logger }

/** How much unwritten log output may wait for a slow reader before new lines are dropped. */
const MAX_PENDING_LOG_BYTES = 8 * 1024 * 1024
/** The most characters of one string in a logged error (a failed query's text and parameters can run to megabytes). */
const MAX_LOGGED_TEXT = 2000
/** The most items of one array, and the deepest nesting, kept of a logged error. */
const MAX_LOGGED_ITEMS = 20
const MAX_LOGGED_DEPTH = 4

export function createLogger(level: string, destination: DestinationStream = stdoutDestination()): Logger {
  return pino(
    {
      level,
      base: { service: 'coachline' },
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
      // An error can carry its input (a query of 60,000 parameters, a request's huge value): what
      // is logged of it is cut to a bounded size, so one bad request cannot write a megabyte line.
      serializers: { err: boundedError, cause: boundedError },
    },
    destination,
  )
}

function boundedError(error: unknown): unknown {
  return bounded(error instanceof Error ? pino.stdSerializers.err(error) : error, 0)
}

/** A copy of `value` with long strings cut in the middle, long arrays shortened and deep nesting replaced. */
function bounded(value: unknown, depth: number): unknown {
  // The start and the end are kept: an error's stack begins with its message (a failed query's
  // text) and ends with the frames that say where it failed.
  if (typeof value === 'string' && value.length > MAX_LOGGED_TEXT) {
    const half = MAX_LOGGED_TEXT / 2
    return `${value.slice(0, half)} …(${value.length - MAX_LOGGED_TEXT} characters left out)… ${value.slice(-half)}`
  }
  if (typeof value === 'string') return value
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_LOGGED_DEPTH) return '[nested too deep to log]'
  if (Array.isArray(value)) {
    const kept = value.slice(0, MAX_LOGGED_ITEMS).map((item) => bounded(item, depth + 1))
    return value.length > MAX_LOGGED_ITEMS ? [...kept, `… (${value.length - MAX_LOGGED_ITEMS} more items)`] : kept
  }
  const entries = Object.entries(value)
  const kept = entries.slice(0, MAX_LOGGED_ITEMS).map(([key, item]) => [key, bounded(item, depth + 1)])
  return Object.fromEntries(
    entries.length > MAX_LOGGED_ITEMS ? [...kept, ['…', `${entries.length - MAX_LOGGED_ITEMS} more keys`]] : kept,
  )
}

/**
 * Log lines for a stream that must never hold the server up, whoever reads it.
 *
 * pino's own stdout writer retries a full pipe forever, keeps every unwritten line in memory, and
 * on exit writes them out synchronously, retrying until they are all out: a log reader that stops
 * reading (a paused terminal, a stuck log shipper) made the process grow without bound and then
 * never exit. Here lines go through the stream's own buffer instead (written at once while the
 * reader keeps up, and never flushed synchronously at exit); past `maxPending` unwritten bytes new
 * lines are dropped and counted, and the count is logged once the reader has caught up. A reader
 * that has gone (EPIPE) only ends the logging, never the server.
 */
export function stdoutDestination(
  out: NodeJS.WritableStream & { writableLength: number; destroyed: boolean } = process.stdout,
  maxPending = MAX_PENDING_LOG_BYTES,
): DestinationStream {
  let dropped = 0
  // An error event without a listener would crash the process; a failed log write must not.
  out.on('error', () => {})
  return {
    write(line: string) {
      if (out.destroyed) return
      if (out.writableLength > maxPending) {
        dropped++
        return
      }
      if (dropped) {
        out.write(
          `${JSON.stringify({ level: 40, time: Date.now(), service: 'coachline', dropped, msg: 'log lines dropped: the log reader did not keep up' })}\n`,
        )
        dropped = 0
      }
      out.write(line)
    },
  }
}
