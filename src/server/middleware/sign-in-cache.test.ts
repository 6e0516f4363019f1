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
  let clock = Date.now()
  const cache = await createSignInCache(database.db, database.notifications, { now: () => clock })
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
  cache.beginProfile('u1')(profile)
  clock += 1000
  expect(cache.profile('u1')).toBe(profile)
  expect(cache.profile('u2')).toBeUndefined()
  clock += 30_000
  expect(cache.profile('u1')).toBeUndefined()

  const keepOld = cache.beginProfile('u1')
  cache.forgetProfile('u1')
  keepOld(profile)
  expect(cache.profile('u1')).toBeUndefined()

  cache.beginProfile('u1')(profile)
  cache.forgetProfile('u1')
  expect(cache.profile('u1')).toBeUndefined()
})

test('a sign-in session is kept for a while, never past its own end, and the least recently used go first', async () => {
  let clock = Date.now()
  const cache = await createSignInCache(database.db, database.notifications, { now: () => clock })
  const session = (id: string, endsIn: number) =>
    ({ session: { id, expiresAt: new Date(clock + endsIn) }, user: { id: `user-${id}` } }) as never
  cache.begin('long')(session('long', 3_600_000))
  cache.begin('ending')(session('ending', 5_000))
  cache.begin('ended')(session('ended', -1))
  expect(cache.get('ended')).toBeUndefined()
  clock += 4_000
  expect(cache.get('long')).toBeDefined()
  expect(cache.get('ending')).toBeDefined()
  clock += 1_000
  // At its very end a sign-in session is over.
  expect(cache.get('ending')).toBeUndefined()
  expect(cache.get('long')).toBeDefined()
  clock += 26_000
  expect(cache.get('long')).toBeUndefined()

  // Full, it lets go of the sign-in session used least recently.
  for (let i = 0; i < 20_000; i++) cache.begin(`full-${i}`)(session(`full-${i}`, 3_600_000))
  expect(cache.get('full-0')).toBeDefined()
  cache.begin('one more')(session('one more', 3_600_000))
  expect(cache.get('full-0')).toBeDefined()
  expect(cache.get('full-1')).toBeUndefined()
  expect(cache.get('one more')).toBeDefined()

  // A sign-out anywhere clears it, and an answer looked up before it is not kept.
  cache.begin('a')(session('a', 3_600_000))
  const keepOld = cache.begin('b')
  await cache.invalidate()
  keepOld(session('b', 3_600_000))
  expect(cache.get('a')).toBeUndefined()
  expect(cache.get('b')).toBeUndefined()
})
