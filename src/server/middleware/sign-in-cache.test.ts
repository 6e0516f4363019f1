import { afterAll, beforeAll, expect, test } from 'vitest'
import { openTestDatabase } from '../../../tests/helpers/test-app.ts'
import type { Database } from '#server/db/client.ts'
import { createSignInCache } from './sign-in-cache.ts'

let database: Database
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

test('calls of one cookie share a running lookup, but never one that started before a revocation', async () => {
  const cache = await createSignInCache(database.db, database.notifications)
  let lookups = 0
  let finishFirst: (value: string) => void = () => {}
  const first = cache.shared('cookie', () => {
    lookups++
    return new Promise<string>((resolve) => (finishFirst = resolve))
  })
  const joined = cache.shared('cookie', async () => {
    lookups++
    return 'a second lookup'
  })
  expect(lookups).toBe(1)

  // A sign-out: a call made after it looks again instead of taking the older answer.
  await cache.invalidate()
  const after = cache.shared('cookie', async () => {
    lookups++
    return 'looked up after the sign-out'
  })
  expect(await after).toBe('looked up after the sign-out')
  finishFirst('looked up before the sign-out')
  expect(await first).toBe('looked up before the sign-out')
  expect(await joined).toBe('looked up before the sign-out')
  expect(lookups).toBe(2)

  // Once a lookup has ended, the next call makes its own.
  expect(await cache.shared('cookie', async () => 'a fresh lookup')).toBe('a fresh lookup')
})

test('a profile is kept for a while, forgotten when it changes, and never kept from a read that began before the change', async () => {
  const cache = await createSignInCache(database.db, database.notifications)
  const profile = {
    id: 'u1',
    role: 'client',
    displayName: 'Maya',
    primaryGoal: null,
    experienceLevel: null,
    unit: 'kg',
    messageDigest: true,
    plateSetups: {},
  } as never
  const now = Date.now()
  cache.beginProfile('u1')(profile, now)
  expect(cache.profile('u1', now + 1000)).toBe(profile)
  expect(cache.profile('u2', now + 1000)).toBeUndefined()
  expect(cache.profile('u1', now + 31_000)).toBeUndefined()

  const keepOld = cache.beginProfile('u1')
  cache.forgetProfile('u1')
  keepOld(profile)
  expect(cache.profile('u1')).toBeUndefined()

  cache.beginProfile('u1')(profile)
  cache.forgetProfile('u1')
  expect(cache.profile('u1')).toBeUndefined()
})
