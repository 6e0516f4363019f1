/**
 * PostgreSQL refuses NUL characters in text (22021) and characters it cannot store (22P05):
 * that is bad input, never a server fault. Drivers wrap the error, so the cause chain is searched.
 */
export function isInvalidTextError(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = (e as { code?: unknown }).code
    return (
      code === '22021' ||
      code === '22P05' ||
      (e instanceof Error && /invalid byte sequence for encoding "UTF8": 0x00/.test(e.message))
    )
  })
}

/**
 * Two requests that each passed their checks collided on a unique index (two invites to one email
 * at once, two coaches' accepts for one client): the loser gets 409 and may try again.
 */
export function isUniqueViolation(error: unknown): boolean {
  return someCause(error, (e) => (e as { code?: unknown }).code === '23505')
}

/** A row named by another was gone when the statement ran (a gym removed as it was chosen). */
export function isForeignKeyViolation(error: unknown): boolean {
  return someCause(error, (e) => (e as { code?: unknown }).code === '23503')
}

/**
 * A statement with more parameters than PostgreSQL's protocol carries (65,535): SQLSTATE 08P01,
 * protocol violation, about the statement's bind message. Queries that take lists send them in
 * chunks, so this is a list from a request that no chunking caught: the request is refused as too
 * large, never answered as an outage (a 503 would have the client retry it forever). Other
 * protocol violations stay connection faults.
 */
export function isTooManyParameters(error: unknown): boolean {
  return someCause(error, isBindMessageViolation)
}

const isBindMessageViolation = (e: unknown) =>
  (e as { code?: unknown }).code === '08P01' && e instanceof Error && /\bbind message\b/i.test(e.message)

function someCause(error: unknown, test: (e: unknown) => boolean): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (test(e)) return true
  return false
}

/**
 * A statement ran past the time limit and the database ended it (SQLSTATE 57014): the request is
 * answered 503 like an outage, since the same call usually succeeds once the load has passed; a
 * call that is always this slow is a bug to fix, and the log names it.
 */
export function isStatementTimeout(error: unknown): boolean {
  return someCause(error, (e) => (e as { code?: unknown }).code === '57014')
}

/** What a caller reads when a statement ran past the time limit. */
export const STATEMENT_TIMED_OUT = 'The server took too long to answer. Try again in a few seconds.'

/** What a caller reads while the database cannot be reached; the app retries after Retry-After. */
export const DATABASE_UNAVAILABLE = 'The database is unavailable. Try again in a few seconds.'

/** Seconds a client should wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5

// Connection classes: refused, reset, timed out, host unreachable, or a server shutting down
// (SQLSTATE 08 connection exceptions, but for a bind message of too many parameters, which the
// statement itself caused; 57P01-57P03 admin/crash shutdown, 53300 too many clients).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
])
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
  'the database system is starting up',
  'the database system is shutting down',
  'the database system is in recovery mode',
]

/**
 * The database could not be reached or went away mid-query: not the caller's fault and not a bug,
 * so the API answers 503 and the request may be retried. pg reports this in several shapes
 * (socket errors, SQLSTATE codes, plain messages, an AggregateError of every address tried).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCause(error, (e) => {
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true
    const code = (e as { code?: unknown }).code
    if (isBindMessageViolation(e)) return false
    // The embedded server's socket is gone while it restarts.
    if (code === 'ENOENT' && (e as { syscall?: unknown }).syscall === 'connect') return true
    if (
      typeof code === 'string' &&
      (NETWORK_CODES.has(code) || code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code))
    )
      return true
    return e instanceof Error && UNAVAILABLE_MESSAGES.some((m) => e.message.includes(m))
  })
}
