import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGN_IN_ABSOLUTE_SECONDS } from '#server/lib/sign-in-settings.ts'
import { sessions } from '#server/db/schema/index.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { parseEnv } from '#server/lib/env.ts'
import { buildApp } from '#server/server.ts'
import { jsonHeaders, openTestDatabase, signIn, whoIs } from '../../../tests/helpers/test-app.ts'

// Two servers on one database, as in production: each keeps its own session cache.
let database: Database & { url: string }
let second: Database
let serverA: Awaited<ReturnType<typeof buildApp>>
let serverB: Awaited<ReturnType<typeof buildApp>>

beforeAll(async () => {
  database = await openTestDatabase()
  // The second server has its own connections (and its own LISTEN).
  second = await openDatabase({ url: database.url, poolSize: 2 })
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' })
  serverA = await buildApp(env, database)
  serverB = await buildApp(env, second)
})
afterAll(async () => {
  await second.close()
  await database.close()
})

async function eventually(check: () => Promise<boolean>, ms = 2000): Promise<boolean> {
  const deadline = Date.now() + ms
  for (;;) {
    if (await check()) return true
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('the session cache', () => {
  test('a session signed out on one server is refused by the other at once, though it had just used it', async () => {
    const user = await signIn({ auth: serverA.auth, db: database.db })
    expect((await whoIs(serverB, user.cookie)).user?.id).toBe(user.id)
    expect((await whoIs(serverB, user.cookie)).user?.id).toBe(user.id)
    const out = await serverA.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: jsonHeaders(user),
      body: '{}',
    })
    expect(out.status).toBe(200)
    expect((await whoIs(serverA, user.cookie)).user).toBeNull()
    expect(await eventually(async () => (await whoIs(serverB, user.cookie)).user === null)).toBe(true)
  })

  test('a session ended at its 30-day lifetime on one server is refused by the other at once', async () => {
    const user = await signIn({ auth: serverA.auth, db: database.db })
    expect((await whoIs(serverB, user.cookie)).user?.id).toBe(user.id)
    await database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - (SIGN_IN_ABSOLUTE_SECONDS + 60) * 1000) })
      .where(eq(sessions.userId, user.id))
    expect((await whoIs(serverA, user.cookie)).user).toBeNull()
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0)
    expect(await eventually(async () => (await whoIs(serverB, user.cookie)).user === null)).toBe(true)
  })

  test('a session row deleted outside the app (an operator, a cleanup) is refused by every server at once', async () => {
    const user = await signIn({ auth: serverA.auth, db: database.db })
    expect((await whoIs(serverA, user.cookie)).user?.id).toBe(user.id)
    expect((await whoIs(serverB, user.cookie)).user?.id).toBe(user.id)
    await second.db.execute(sql`delete from sessions where user_id = ${user.id}`)
    expect(await eventually(async () => (await whoIs(serverA, user.cookie)).user === null)).toBe(true)
    expect(await eventually(async () => (await whoIs(serverB, user.cookie)).user === null)).toBe(true)
  })

  test('a user keeps their session on both servers when someone else signs out', async () => {
    const stays = await signIn({ auth: serverA.auth, db: database.db })
    const leaves = await signIn({ auth: serverA.auth, db: database.db })
    expect((await whoIs(serverB, stays.cookie)).user?.id).toBe(stays.id)
    await serverB.app.request('/api/auth/sign-out', { method: 'POST', headers: jsonHeaders(leaves), body: '{}' })
    expect((await whoIs(serverA, stays.cookie)).user?.id).toBe(stays.id)
    expect((await whoIs(serverB, stays.cookie)).user?.id).toBe(stays.id)
    expect((await whoIs(serverA, leaves.cookie)).user).toBeNull()
  })
})

describe('the profiles the session cache keeps', () => {
  const unitOn = async (server: typeof serverA, cookie: string) => (await whoIs(server, cookie)).profile?.unit

  test('a profile changed on one server is read changed on it at once, and on the other as soon as it hears', async () => {
    const user = await signIn({ auth: serverA.auth, db: database.db })
    expect(await unitOn(serverA, user.cookie)).toBe('kg')
    expect(await unitOn(serverB, user.cookie)).toBe('kg')
    const changed = await serverA.app.request('/api/profile', {
      method: 'PATCH',
      headers: jsonHeaders(user),
      body: JSON.stringify({ unit: 'lb' }),
    })
    expect(changed.status).toBe(200)
    expect(await unitOn(serverA, user.cookie)).toBe('lb')
    expect(await eventually(async () => (await unitOn(serverB, user.cookie)) === 'lb')).toBe(true)
  })

  test('a role an operator changes in the database holds on every server: a client made a coach may no longer start a session', async () => {
    const user = await signIn({ auth: serverA.auth, db: database.db })
    const start = (server: typeof serverA) =>
      server.app.request('/api/sessions', {
        method: 'POST',
        headers: jsonHeaders(user),
        body: JSON.stringify({ title: 'Open gym' }),
      })
    expect((await start(serverA)).status).toBe(201)
    expect((await start(serverB)).status).toBe(201)
    await second.db.execute(sql`update profiles set role = 'coach' where id = ${user.id}`)
    expect(await eventually(async () => (await start(serverA)).status === 403)).toBe(true)
    expect(await eventually(async () => (await start(serverB)).status === 403)).toBe(true)
  })

  test('each caller reads their own profile, and one user’s change shows in theirs alone', async () => {
    const stays = await signIn({ auth: serverA.auth, db: database.db }, { displayName: 'Stays' })
    const changes = await signIn({ auth: serverA.auth, db: database.db }, { displayName: 'Changes' })
    expect((await whoIs(serverB, stays.cookie)).profile?.displayName).toBe('Stays')
    expect((await whoIs(serverB, changes.cookie)).profile?.displayName).toBe('Changes')
    await serverA.app.request('/api/profile', {
      method: 'PATCH',
      headers: jsonHeaders(changes),
      body: JSON.stringify({ displayName: 'Changed' }),
    })
    expect(
      await eventually(async () => (await whoIs(serverB, changes.cookie)).profile?.displayName === 'Changed'),
    ).toBe(true)
    expect((await whoIs(serverB, stays.cookie)).profile?.displayName).toBe('Stays')
  })
})
