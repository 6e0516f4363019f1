import { Writable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { accounts, coachClients, sessions, users, verifications } from '#server/db/schema/index.ts'
import { parseEnv } from '#server/lib/env.ts'
import { buildApp } from '#server/server.ts'
import {
  cookieOf,
  jsonHeaders,
  latestMail,
  openTestDatabase,
  postJson,
  signIn,
  tokenOf,
  uniqueEmail,
  whoIs,
} from '../../../../tests/helpers/test-app.ts'

// Every log line of this file's app, to prove no password is ever logged.
const logLines: string[] = []
const logger = pino(
  { level: 'trace' },
  new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  }),
)

let t: Awaited<ReturnType<typeof setup>>
async function setup() {
  const database = await openTestDatabase()
  const env = parseEnv({ NODE_ENV: 'test', PORT: '3000' })
  const built = await buildApp(env, database, { logger })
  return { ...built, db: database.db, close: () => database.close() }
}
beforeAll(async () => {
  t = await setup()
})
afterAll(() => t.close())

const PASSWORD = 'Str0ngPassword'

async function signUp(email: string, password = PASSWORD) {
  return postJson(t, '/api/auth/sign-up/email', { email, password, name: '' })
}
async function signInWith(email: string, password = PASSWORD) {
  return postJson(t, '/api/auth/sign-in/email', { email, password })
}
async function errorOf(res: Response) {
  return ApiErrorBodySchema.parse(await res.json())
}

describe('sign-up and confirmation', () => {
  test('sign-up mails a readable confirmation whose link signs in once', async () => {
    const email = uniqueEmail('signup')
    expect((await signUp(email)).status).toBe(200)

    const mail = await latestMail(t, email)
    expect(mail.subject).toBe('Confirm your Coachline account')
    expect(mail.text).toContain('Coachline')
    expect(mail.html).toContain('<a href=')
    const link = mail.links[0] ?? ''
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/auth\/callback\?type=signup&token=/)

    const unconfirmed = await signInWith(email)
    expect(unconfirmed.status).toBe(403)
    expect((await errorOf(unconfirmed)).code).toBe('EMAIL_NOT_VERIFIED')

    const confirmed = await postJson(t, '/api/account/verify-email', { token: tokenOf(link) })
    expect(confirmed.status).toBe(200)
    const me = await whoIs(t, cookieOf(confirmed))
    expect(me.user).toMatchObject({ email, emailVerified: true })

    const again = await postJson(t, '/api/account/verify-email', { token: tokenOf(link) })
    expect(again.status).toBe(400)
    expect((await signInWith(email)).status).toBe(200)
  })

  test('an email that is already registered, in any letter case, is refused as already registered', async () => {
    const email = uniqueEmail('dup')
    await signUp(email)
    const res = await signUp(email.toUpperCase())
    expect(res.status).toBe(422)
    expect(await errorOf(res)).toMatchObject({ code: 'USER_ALREADY_EXISTS', message: 'User already registered' })
  })

  test.each([
    ['short1A', 'Password should be at least 8 characters'],
    ['alllowercase1', 'Password should contain uppercase, lowercase, and numeric characters'],
    ['NoDigitsHere', 'Password should contain uppercase, lowercase, and numeric characters'],
  ])('the server refuses the password %s', async (password, message) => {
    const email = uniqueEmail('weak')
    const res = await signUp(email, password)
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe(message)
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([])
  })

  test('a malformed email is refused and nothing is stored', async () => {
    const res = await signUp('not-an-email')
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('Invalid email format')
  })

  test('a 100,000-character email is refused at once and nothing is stored', async () => {
    // A run of dots ending in an @: the kind of text a backtracking email pattern takes seconds over.
    const email = `a@${'.'.repeat(99_997)}@`
    const before = await t.db.select({ id: users.id }).from(users)
    const started = performance.now()
    const res = await signUp(email)
    const ms = performance.now() - started
    expect(res.status).toBe(400)
    expect((await errorOf(res)).message).toBe('Invalid email format')
    // The length is checked before any pattern, so this takes milliseconds; the margin is for a busy machine.
    expect(ms).toBeLessThan(2000)
    expect(await t.db.select({ id: users.id }).from(users)).toEqual(before)
  })
})

describe('text that cannot be stored', () => {
  test('half of a UTF-16 pair in a sign-up name is refused by field and nothing is stored', async () => {
    const email = uniqueEmail()
    const res = await postJson(t, '/api/auth/sign-up/email', { email, password: PASSWORD, name: 'Lee \ud800' })
    expect(res.status).toBe(400)
    expect(await errorOf(res)).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: [expect.stringContaining('valid Unicode')] },
    })
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([])
  })

  test('better-auth’s own refusals carry a code like every API error; nesting that would overflow it answers 400', async () => {
    const user = await signIn(t)
    const empty = await t.app.request('/api/auth/update-user', {
      method: 'POST',
      headers: jsonHeaders(user),
      body: '{}',
    })
    expect(empty.status).toBe(400)
    expect(await errorOf(empty)).toMatchObject({ code: 'BAD_REQUEST', message: 'No fields to update' })
    const deep = await t.app.request('/api/auth/update-user', {
      method: 'POST',
      headers: jsonHeaders(user),
      body: `{"name":${'['.repeat(400_000)}${']'.repeat(400_000)}}`,
    })
    expect(deep.status).toBe(400)
    expect(await errorOf(deep)).toMatchObject({ code: 'VALIDATION_FAILED' })
  })

  test('a NUL or half a UTF-16 pair in a name better-auth saves itself answers 400 and changes nothing', async () => {
    const user = await signIn(t, { displayName: 'Kept Name' })
    for (const name of ['a\u0000b', '\udc00']) {
      const res = await t.app.request('/api/auth/update-user', {
        method: 'POST',
        headers: jsonHeaders(user),
        body: JSON.stringify({ name }),
      })
      expect(res.status, JSON.stringify(name)).toBe(400)
      ApiErrorBodySchema.parse(await res.json())
    }
    const [stored] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, user.id))
    expect(stored?.name).toBe('Kept Name')
  })
})

describe('sign-in', () => {
  test('an unknown email and a wrong password get the same answer', async () => {
    const user = await signIn(t)
    const wrong = await signInWith(user.email, 'Wr0ngPassword')
    const unknown = await signInWith(uniqueEmail('nobody'), 'Wr0ngPassword')
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })

  test('passwords are stored hashed with argon2id and never logged', async () => {
    const email = uniqueEmail('hash')
    const password = 'Unl0ggable-Secret'
    await signUp(email, password)
    await signInWith(email, password)
    const [row] = await t.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, email))
    expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(row?.password).not.toContain(password)
    expect(logLines.length).toBeGreaterThan(0)
    expect(logLines.join('\n')).not.toContain(password)
  })

  test('on this machine the app may be opened as localhost or 127.0.0.1', async () => {
    const user = await signIn(t)
    const localhost = { ...jsonHeaders(user), origin: 'http://localhost:3000' }
    const saved = await t.app.request('/api/profile', {
      method: 'PATCH',
      headers: localhost,
      body: JSON.stringify({ unit: 'lb' }),
    })
    expect(saved.status).toBe(200)
    const out = await t.app.request('/api/auth/sign-out', { method: 'POST', headers: localhost, body: '{}' })
    expect(out.status).toBe(200)
  })

  test('a cross-origin POST with a session cookie is refused', async () => {
    const user = await signIn(t)
    const res = await t.app.request('/api/auth/sign-out', {
      method: 'POST',
      headers: { ...jsonHeaders(user), origin: 'https://evil.example' },
      body: '{}',
    })
    expect(res.status).toBe(403)
    const me = await whoIs(t, user.cookie)
    expect(me.user?.id).toBe(user.id)
  })

  test('no answer of /api/auth gives a session token to JavaScript (the cookie is httpOnly)', async () => {
    const user = await signIn(t)
    const [stored] = await t.db.select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, user.id))
    const answers = [
      await t.app.request('/api/auth/list-sessions', { headers: jsonHeaders(user) }),
      await t.app.request('/api/auth/get-session', { headers: jsonHeaders(user) }),
      await postJson(t, '/api/auth/sign-in/email', { email: user.email, password: 'Passw0rd!' }),
    ]
    for (const res of answers) {
      expect(res.status).toBe(200)
      const text = await res.text()
      expect(text).toContain(user.id)
      expect(text).not.toMatch(/"token"/)
      expect(text).not.toContain(stored!.token)
    }
    expect(
      JSON.parse(await (await t.app.request('/api/auth/list-sessions', { headers: jsonHeaders(user) })).text()),
    ).toHaveLength(2)
  })

  test('a session ends 30 days after sign-in however recently it was used', async () => {
    const user = await signIn(t)
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '31 days'` })
      .where(eq(sessions.userId, user.id))
    const me = await whoIs(t, user.cookie)
    expect(me.user).toBeNull()
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([])
  })
})

describe('password reset', () => {
  test('a reset link works once, refuses a weak password and signs out everywhere', async () => {
    const user = await signIn(t)
    const requested = await postJson(t, '/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/auth/reset',
    })
    expect(requested.status).toBe(200)
    const mail = await latestMail(t, user.email)
    expect(mail.subject).toBe('Reset your Coachline password')
    const link = mail.links[0] ?? ''
    expect(link).toMatch(/\/auth\/reset\?type=recovery&token=/)
    const token = tokenOf(link)

    // The token is stored hashed.
    const stored = await t.db.select({ identifier: verifications.identifier }).from(verifications)
    expect(stored.some((v) => v.identifier.includes(token))).toBe(false)

    expect(await (await postJson(t, '/api/account/reset-token', { token })).json()).toEqual({ valid: true })
    const weak = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'weakpassword' })
    expect(weak.status).toBe(400)

    const reset = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'N3wPassword!' })
    expect(reset.status).toBe(200)
    const me = await whoIs(t, user.cookie)
    expect(me.user, 'the old session was revoked').toBeNull()
    expect((await signInWith(user.email, 'N3wPassword!')).status).toBe(200)

    const reused = await postJson(t, '/api/auth/reset-password', { token, newPassword: 'An0therPassword' })
    expect(reused.status).toBe(400)
    expect(await (await postJson(t, '/api/account/reset-token', { token })).json()).toEqual({
      valid: false,
      error: 'access_denied',
    })
  })

  test('an expired reset link is told apart from a used one', async () => {
    const user = await signIn(t)
    await postJson(t, '/api/auth/request-password-reset', { email: user.email, redirectTo: '/auth/reset' })
    const token = tokenOf((await latestMail(t, user.email)).links[0])
    await t.db.update(verifications).set({ expiresAt: sql`now() - interval '1 minute'` })
    expect(await (await postJson(t, '/api/account/reset-token', { token })).json()).toEqual({
      valid: false,
      error: 'otp_expired',
    })
    expect((await postJson(t, '/api/auth/reset-password', { token, newPassword: 'N3wPassword!' })).status).toBe(400)
  })

  test('a reset for an unknown email answers like one for a known email and sends nothing', async () => {
    const email = uniqueEmail('ghost')
    const res = await postJson(t, '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset' })
    expect(res.status).toBe(200)
    await expect(latestMail(t, email)).rejects.toThrow()
  })
})

describe('magic link', () => {
  test('a magic link signs in once and its token is stored hashed', async () => {
    const user = await signIn(t)
    const sent = await postJson(t, '/api/auth/sign-in/magic-link', { email: user.email, callbackURL: '/auth/callback' })
    expect(sent.status).toBe(200)
    const mail = await latestMail(t, user.email)
    expect(mail.subject).toBe('Your Coachline sign-in link')
    const token = tokenOf(mail.links[0])
    expect(mail.links[0]).toMatch(/\/auth\/callback\?type=magiclink&token=/)
    const stored = await t.db.select({ identifier: verifications.identifier }).from(verifications)
    expect(stored.some((v) => v.identifier.includes(token))).toBe(false)

    const first = await postJson(t, '/api/account/magic-link', { token })
    expect(first.status).toBe(200)
    const me = await whoIs(t, cookieOf(first))
    expect(me.user?.id).toBe(user.id)
    expect((await postJson(t, '/api/account/magic-link', { token })).status).toBe(400)
  })

  test('a magic link expires after 15 minutes', async () => {
    const user = await signIn(t)
    await postJson(t, '/api/auth/sign-in/magic-link', { email: user.email, callbackURL: '/auth/callback' })
    const token = tokenOf((await latestMail(t, user.email)).links[0])
    await t.db.update(verifications).set({ expiresAt: sql`now() - interval '1 second'` })
    expect((await postJson(t, '/api/account/magic-link', { token })).status).toBe(400)
  })
})

describe('profiles and roles', () => {
  test('create-profile saves the name, goal and level, and never the role', async () => {
    const coach = await signIn(t, { role: 'coach', displayName: '' })
    const empty = await t.app.request('/api/profile', {
      method: 'PUT',
      headers: jsonHeaders(coach),
      body: JSON.stringify({ displayName: '   ' }),
    })
    expect(empty.status).toBe(400)
    expect((await errorOf(empty)).fields?.displayName).toEqual(['Display name is required'])

    const saved = await t.app.request('/api/profile', {
      method: 'PUT',
      headers: jsonHeaders(coach),
      body: JSON.stringify({
        displayName: ' Kim ',
        primaryGoal: 'Coach well',
        experienceLevel: 'Advanced',
        role: 'client',
      }),
    })
    expect(await saved.json()).toMatchObject({
      displayName: 'Kim',
      primaryGoal: 'Coach well',
      experienceLevel: 'Advanced',
      role: 'coach',
    })
  })

  test('the account page changes the unit; bad values change nothing', async () => {
    const client = await signIn(t)
    const patch = (body: unknown) =>
      t.app.request('/api/profile', { method: 'PATCH', headers: jsonHeaders(client), body: JSON.stringify(body) })
    expect(await (await patch({ unit: 'lb' })).json()).toMatchObject({ unit: 'lb' })
    expect((await patch({ unit: 'stone' })).status).toBe(400)
    expect((await patch({ experienceLevel: 'Elite' })).status).toBe(400)
    expect(await (await t.app.request('/api/profile', { headers: client.headers })).json()).toMatchObject({
      unit: 'lb',
    })
  })

  test('a client without a coach may become a coach; one with a coach may not', async () => {
    const solo = await signIn(t)
    const became = await t.app.request('/api/profile/become-coach', { method: 'POST', headers: jsonHeaders(solo) })
    expect(await became.json()).toMatchObject({ role: 'coach' })

    const coach = await signIn(t, { role: 'coach' })
    const coached = await signIn(t)
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: coached.id })
    const refused = await t.app.request('/api/profile/become-coach', { method: 'POST', headers: jsonHeaders(coached) })
    expect(refused.status).toBe(409)
  })
})
