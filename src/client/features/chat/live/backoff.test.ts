import { expect, test } from 'vitest'
import { MAX_RETRY_MS, retryDelay } from './backoff.ts'

test('reconnects wait 1 s, doubling up to 30 s, within 20% jitter', () => {
  const low = () => 0
  const high = () => 0.999999
  expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => retryDelay(n, () => 0.5))).toEqual([
    1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
  ])
  expect(retryDelay(0, low)).toBe(800)
  expect(retryDelay(0, high)).toBe(1200)
  expect(retryDelay(50, high)).toBeLessThanOrEqual(MAX_RETRY_MS * 1.2)
})
