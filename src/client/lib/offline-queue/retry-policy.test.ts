import { describe, expect, it } from 'vitest'
import { ApiError } from '../api-client.ts'
import { retryDelayMs, verdictOf } from './retry-policy.ts'

const answer = (status: number) => new ApiError('X', 'x', status)

describe('the offline retry policy', () => {
  it('retries what may pass later: no network, a timeout, too many requests, a server error', () => {
    for (const status of [0, 408, 429, 500, 502, 503, 504])
      expect(verdictOf(answer(status)), String(status)).toBe('retry')
    expect(verdictOf(new TypeError('Failed to fetch'))).toBe('retry')
  })

  it('keeps what the server refused, marked, for the user to fix or remove', () => {
    for (const status of [400, 403, 404, 409, 413, 422])
      expect(verdictOf(answer(status)), String(status)).toBe('refused')
  })

  it('stops at a 401: nothing is sent for a user who is signed out', () => {
    expect(verdictOf(answer(401))).toBe('signed-out')
  })

  it('backs off 1, 2, 4, 8, then 15 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000, 15000, 15000, 15000])
  })
})
