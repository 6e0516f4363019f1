import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTcpProxy, type TcpProxy } from '../../tests/helpers/tcp-proxy.ts'
import { createTestApp, jsonHeaders, signIn, type SignedIn, type TestContext } from '../../tests/helpers/test-app.ts'

// The app reaches a PostgreSQL server on the network through a relay that the test cuts, as a
// stopped or unreachable server would be; the embedded server (a socket, no TCP) is stopped by
// tests/process/embedded-database.test.ts instead.
const adminUrl = process.env.TEST_DATABASE_URL

describe.runIf(adminUrl)('while the database is unreachable', () => {
  let proxy: TcpProxy
  let t: TestContext
  let coach: SignedIn

  beforeAll(async () => {
    const target = new URL(adminUrl!)
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) })
    t = await createTestApp(
      {},
      { rewriteUrl: (url) => Object.assign(url, { hostname: '127.0.0.1', port: String(proxy.port) }) },
    )
    coach = await signIn(t, { role: 'coach' })
  })
  afterAll(async () => {
    proxy?.restore()
    await t?.close()
    await proxy?.close()
  })

  test('the API answers 503 with Retry-After and a clear message (never 500, never a sign-out), then recovers by itself', async () => {
    expect((await t.app.request('/api/plans', { headers: jsonHeaders(coach) })).status).toBe(200)
    proxy.cut()
    try {
      const answers = await Promise.all([
        t.app.request('/api/plans', { headers: jsonHeaders(coach) }),
        t.app.request('/api/plans', {
          method: 'POST',
          headers: jsonHeaders(coach),
          body: JSON.stringify({ name: 'Outage', weeks: 1, daysPerWeek: 1 }),
        }),
        t.app.request('/api/auth/sign-in/email', {
          method: 'POST',
          headers: jsonHeaders(),
          body: JSON.stringify({ email: coach.email, password: 'Passw0rd!' }),
        }),
        t.app.request('/api/auth/get-session', {
          headers: jsonHeaders({ ...coach, headers: { cookie: `${coach.cookie}; x=fresh` } }),
        }),
        t.app.request('/api/health'),
        t.app.request('/api/auth/reset-password', {
          method: 'POST',
          headers: jsonHeaders(),
          body: JSON.stringify({ token: 'a'.repeat(24), newPassword: 'Passw0rd!2' }),
        }),
        t.app.request('/api/auth/magic-link/verify?token=abcdefabcdefabcdef&callbackURL=/'),
      ])
      for (const res of answers) {
        expect(res.status, `${res.url}: ${await res.clone().text()}`).toBe(503)
        expect(res.headers.get('retry-after')).toBe('5')
      }
      expect(await answers[0]!.json()).toEqual({
        code: 'UNAVAILABLE',
        message: 'The database is unavailable. Try again in a few seconds.',
      })
    } finally {
      proxy.restore()
    }
    let status = 0
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await t.app.request('/api/plans', { headers: jsonHeaders(coach) })).status
      if (status !== 200) await new Promise((r) => setTimeout(r, 200))
    }
    expect(status).toBe(200)
  })
})
