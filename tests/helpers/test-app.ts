import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client.ts'
import { eq } from 'drizzle-orm'
import { profiles, users } from '../../src/server/db/schema/index.ts'
import { parseEnv, type Env } from '../../src/server/lib/env.ts'
import { buildApp } from '../../src/server/server.ts'
import type { Role } from '../../src/shared/paths.ts'
import { MeSchema, type Me } from '../../src/shared/schemas/profiles.ts'

const TEST_ORIGIN = 'http://127.0.0.1:3000'

/**
 * A fresh database with the migrations applied and the built-ins seeded, copied from the run's
 * template (tests/setup/test-database.ts) on the run's server, and dropped again on close.
 */
export async function openTestDatabase(options: { rewriteUrl?: (url: URL) => URL } = {}): Promise<Database> {
  const { adminUrl, template } = inject('testDatabase')
  const name = `coachline_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name} template ${template}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  // The app may reach the database another way (a relay that a test cuts) than the one that made it.
  const appUrl = options.rewriteUrl ? options.rewriteUrl(new URL(url)) : url
  const database = await openDatabase({ url: appUrl.toString(), poolSize: 5 })
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close()
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

export type TestContext = Awaited<ReturnType<typeof createTestApp>>

/** The real app on a fresh database, as the server builds it; no mocks. */
export async function createTestApp(
  overrides: Partial<Record<keyof Env, string>> = {},
  options: Parameters<typeof openTestDatabase>[0] = {},
) {
  // A data folder of its own (the photos' files), unless the test names one.
  const dataDir = overrides.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'coachline-test-data-'))
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '3000',
    CLIENT_DIST: './dist/client',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...overrides,
  })
  const database = await openTestDatabase(options)
  const { app, auth, mailer, push, photos } = await buildApp(env, database)
  const close = async () => {
    await database.close()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
  return { app, auth, mailer, push, photos, db: database.db, database, env, close }
}

export type SignedIn = { id: string; email: string; cookie: string; headers: Record<string, string> }

/** Creates a user with a verified email and a profile of the given role, and signs them in. */
export async function signIn(
  t: Pick<TestContext, 'auth' | 'db'>,
  {
    role = 'client',
    displayName = 'Test User',
    profile = true,
  }: { role?: Role; displayName?: string; profile?: boolean } = {},
): Promise<SignedIn> {
  const email = `user-${randomUUID()}@example.test`
  const password = 'Passw0rd!'
  const { user } = await t.auth.api.signUpEmail({ body: { email, password, name: displayName } })
  await t.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
  if (profile) await t.db.insert(profiles).values({ id: user.id, role, displayName })
  const response = await t.auth.api.signInEmail({ body: { email, password }, asResponse: true })
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { id: user.id, email, cookie, headers: { cookie } }
}

/** JSON request headers for a signed-in user (or a visitor), as the browser sends them. */
export function jsonHeaders(who?: SignedIn): Record<string, string> {
  return { 'content-type': 'application/json', origin: TEST_ORIGIN, ...(who?.headers ?? {}) }
}

export type OutboxMessage = {
  to: string
  subject: string
  text: string
  html: string
  links: string[]
  createdAt: string
}

/** The newest outbox message to this address, as GET /api/dev/outbox lists it. */
export async function latestMail(t: Pick<TestContext, 'app'>, to: string): Promise<OutboxMessage> {
  const res = await t.app.request('/api/dev/outbox')
  const messages = (await res.json()) as OutboxMessage[]
  const message = messages.find((m) => m.to === to)
  if (!message) throw new Error(`no mail to ${to}`)
  return message
}

/** The token that an emailed link carries to the app's page. */
export function tokenOf(link: string | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null
  if (!token) throw new Error(`no token in ${link}`)
  return token
}

export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID()}@example.test`
}

/** POST JSON as the browser on our origin sends it. */
export function postJson(
  t: Pick<TestContext, 'app'>,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return t.app.request(path, { method: 'POST', headers: { ...jsonHeaders(), ...headers }, body: JSON.stringify(body) })
}

/** Who the server thinks the holder of this cookie is. */
export async function whoIs(t: Pick<TestContext, 'app'>, cookie: string): Promise<Me> {
  return MeSchema.parse(await (await t.app.request('/api/me', { headers: { cookie } })).json())
}

/** The same user calling with a personal API token of this scope instead of their cookie. */
export async function withToken(
  t: Pick<TestContext, 'app'>,
  who: SignedIn,
  scope: 'read' | 'read-write' = 'read-write',
): Promise<SignedIn> {
  const res = await t.app.request('/api/tokens', {
    method: 'POST',
    headers: jsonHeaders(who),
    body: JSON.stringify({ name: `${scope} token`, scope }),
  })
  if (res.status !== 201) throw new Error(`fixture: making a token answered ${res.status}: ${await res.text()}`)
  const { token } = (await res.json()) as { token: string }
  return { ...who, cookie: '', headers: { authorization: `Bearer ${token}` } }
}
