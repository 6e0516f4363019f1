import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { Agent, get, request } from 'node:http'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, expect, inject, test } from 'vitest'
import { parseEnv } from '#server/lib/env.ts'
import { start } from './server.ts'

const dataDir = mkdtempSync(join(tmpdir(), 'coachline-server-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

const env = () => parseEnv({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_MS: '3000' })

test.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
  'the embedded database keeps its data across a graceful restart',
  async () => {
    const first = await start(env())
    const signUp = await fetch(`${first.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url },
      body: JSON.stringify({ email: 'persist@example.test', password: 'Passw0rd!', name: 'Persist' }),
    })
    expect(signUp.status).toBe(200)

    // A request in flight when the stop begins still gets its answer: its body is half sent.
    const body = JSON.stringify({ email: 'persist@example.test', password: 'Passw0rd!' })
    const inFlight = startRequest(`${first.url}/api/auth/sign-in/email`, body)
    inFlight.send(body.slice(0, 10))
    await new Promise((r) => setTimeout(r, 200))
    const stopped = first.stop()
    inFlight.send(body.slice(10), true)
    // better-auth's full answer: the password is right, the email is not confirmed yet.
    expect(await inFlight.status).toBe(403)
    await stopped

    // One app per data folder: a second start only works if the first stopped its server and let go.
    const second = await start(env())
    try {
      // The confirmation email survived in the outbox, and its link confirms and signs in.
      const cookie = await confirmFromOutbox(second.url, 'persist@example.test')
      const me = (await (await fetch(`${second.url}/api/me`, { headers: { cookie } })).json()) as {
        user: { email: string } | null
      }
      expect(me.user?.email).toBe('persist@example.test')

      // A phone resting between sets keeps its connection: still open after Node's default 5 s.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      try {
        expect(await reusedSocket(`${second.url}/api/health`, agent)).toBe(false)
        await new Promise((r) => setTimeout(r, 6000))
        expect(await reusedSocket(`${second.url}/api/health`, agent)).toBe(true)
      } finally {
        agent.destroy()
      }
    } finally {
      await second.stop()
    }
  },
  90_000,
)

/** Whether a GET went out on a socket the agent had kept from an earlier call. */
function reusedSocket(url: string, agent: Agent): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = get(url, { agent }, (res) => {
      res.resume()
      res.on('end', () => resolve(req.reusedSocket))
    })
    req.on('error', reject)
  })
}

test('two servers start at once on one PostgreSQL database, migrate once and share sessions', async () => {
  const { adminUrl } = inject('testDatabase')
  const name = `coachline_two_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const pgEnv = () =>
    parseEnv({ PORT: '0', DATABASE_URL: url.toString(), LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_MS: '3000' })
  const [a, b] = await Promise.all([start(pgEnv()), start(pgEnv())])
  try {
    const email = 'shared@example.test'
    await fetch(`${a.url}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: a.url },
      body: JSON.stringify({ email, password: 'Passw0rd!', name: 'Shared' }),
    })
    const cookie = await confirmFromOutbox(a.url, email)
    const me = (await (await fetch(`${b.url}/api/me`, { headers: { cookie } })).json()) as {
      user: { email: string } | null
    }
    expect(me.user?.email).toBe(email)
  } finally {
    await Promise.all([a.stop(), b.stop()])
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}, 60_000)

/** Follows the newest confirmation link in the outbox the way /auth/callback does; returns the session cookie. */
async function confirmFromOutbox(base: string, email: string): Promise<string> {
  const outbox = (await (await fetch(`${base}/api/dev/outbox`)).json()) as { to: string; links: string[] }[]
  const link = outbox.find((m) => m.to === email)?.links[0]
  const token = link && new URL(link).searchParams.get('token')
  if (!token) throw new Error(`no confirmation link for ${email}`)
  const res = await fetch(`${base}/api/account/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ token }),
  })
  expect(res.status).toBe(200)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** A POST whose body is sent in pieces, so the test decides when the request completes. */
function startRequest(url: string, fullBody: string) {
  const req = request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(fullBody),
      origin: new URL(url).origin,
    },
  })
  const status = new Promise<number>((resolveStatus, reject) => {
    req.on('response', (res) => {
      res.resume()
      resolveStatus(res.statusCode ?? 0)
    })
    req.on('error', reject)
  })
  return {
    status,
    send: (chunk: string, end = false) => (end ? req.end(chunk) : req.write(chunk)),
  }
}
