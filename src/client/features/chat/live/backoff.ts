const FIRST_RETRY_MS = 1000
export const MAX_RETRY_MS = 30_000

/** The wait before attempt n (0-based) after a failure: 1 s doubling to 30 s, with a little jitter. */
export function retryDelay(attempt: number, random = Math.random): number {
  const base = Math.min(FIRST_RETRY_MS * 2 ** attempt, MAX_RETRY_MS)
  return Math.round(base * (0.8 + random() * 0.4))
}
