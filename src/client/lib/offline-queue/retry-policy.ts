import { ApiError } from '../api-client.ts'

/**
 * What the offline queue does after a failed send, for every kind of item alike:
 * - `retry`: no network, a timeout (408), too many requests (429) or a server error (5xx): the
 *   item stays first in line and is sent again after a wait;
 * - `signed-out`: the sign-in session ended (401): nothing more is sent until the user signs in;
 * - `refused`: any other answer (a 4xx): the server will refuse it again as it is, so the item is
 *   kept, marked with the server's reason, until the user fixes or removes it, and the items
 *   behind it go on.
 */
export type Verdict = 'retry' | 'signed-out' | 'refused'

export function verdictOf(error: unknown): Verdict {
  if (!(error instanceof ApiError)) return 'retry'
  if (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500) return 'retry'
  if (error.status === 401) return 'signed-out'
  return 'refused'
}

/** Waits before the next try: 1 s, 2 s, 4 s, 8 s, then every 15 s (and at once when the network is back). */
const RETRY_MS = [1000, 2000, 4000, 8000, 15000] as const

export function retryDelayMs(attempt: number): number {
  return RETRY_MS[Math.min(Math.max(0, attempt), RETRY_MS.length - 1)] as number
}
