import { pino, type DestinationStream, type Logger } from 'pino'

export type { Logger }

/** How much unwritten log output may wait for a slow reader before new lines are dropped. */
const MAX_PENDING_LOG_BYTES = 8 * 1024 * 1024

export function createLogger(level: string, destination: DestinationStream = stdoutDestination()): Logger {
  return pino(
    {
      level,
      base: { service: 'coachline' },
      redact: { paths: ['req.headers.cookie', 'req.headers.authorization'], remove: true },
    },
    destination,
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
        out.write(`${JSON.stringify({ level: 40, time: Date.now(), service: 'coachline', dropped, msg: 'log lines dropped: the log reader did not keep up' })}\n`)
        dropped = 0
      }
      out.write(line)
    },
  }
}
