import { eq } from 'drizzle-orm'
import * as z from 'zod/mini'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { API_TOKENS_PER_USER, ApiTokenSchema, CreatedApiTokenSchema, apiTokenText } from '#shared/schemas/api-tokens.ts'
import { apiTokens } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  withToken,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

const RATE_LIMIT = 5
let t: TestContext

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_API_TOKEN_PER_MINUTE: String(RATE_LIMIT) })
})
afterAll(() => t.close())

const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function create(who: SignedIn, name: string, scope: 'read' | 'read-write') {
  const res = await t.app.request('/api/tokens', {
    method: 'POST',
    headers: jsonHeaders(who),
    body: JSON.stringify({ name, scope }),
  })
  expect(res.status).toBe(201)
  return CreatedApiTokenSchema.parse(await res.json())
}

async function errorOf(res: Response) {
  return ApiErrorBodySchema.parse(await res.json())
}

describe('making and listing tokens', () => {
  test('the secret is shown once at creation, the list shows only its start, and only its hash is stored', async () => {
    const user = await signIn(t)
    const created = await create(user, '  Spreadsheet sync  ', 'read')
    expect(created).toMatchObject({ name: 'Spreadsheet sync', scope: 'read', lastUsedAt: null })
    expect(created.token).toMatch(/^coachline_pat_[A-Za-z0-9_-]{43}$/)
    expect(created.token.startsWith(created.start)).toBe(true)

    const list = await t.app.request('/api/tokens', { headers: jsonHeaders(user) })
    const tokens = z.array(ApiTokenSchema).parse(await list.json())
    expect(tokens).toEqual([
      {
        id: created.id,
        name: 'Spreadsheet sync',
        scope: 'read',
        start: created.start,
        createdAt: created.createdAt,
        lastUsedAt: null,
      },
    ])
    expect(JSON.stringify(tokens)).not.toContain(created.token)

    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id))
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(created.token.slice(created.start.length))
  })

  test('each user sees only their own tokens, and cannot revoke another’s', async () => {
    const owner = await signIn(t)
    const stranger = await signIn(t)
    const created = await create(owner, 'Mine', 'read')
    expect(await (await t.app.request('/api/tokens', { headers: jsonHeaders(stranger) })).json()).toEqual([])
    const res = await call('DELETE', `/api/tokens/${created.id}`, jsonHeaders(stranger))
    expect(res.status).toBe(404)
    expect((await call('GET', '/api/me', bearer(created.token))).status).toBe(200)
  })

  test(`an account holds at most ${API_TOKENS_PER_USER} tokens`, async () => {
    const user = await signIn(t)
    for (let i = 0; i < API_TOKENS_PER_USER; i++) await create(user, `Token ${i}`, 'read')
    const res = await call('POST', '/api/tokens', jsonHeaders(user), { name: 'One too many', scope: 'read' })
    expect(res.status).toBe(409)
    expect((await errorOf(res)).message).toBe(apiTokenText.tooMany)
  })
})

describe('calling the API with a token', () => {
  test('a read token lists sessions as its user does with a cookie, and is refused any write', async () => {
    const client = await signIn(t, { role: 'client' })
    const started = await call('POST', '/api/sessions', jsonHeaders(client), {})
    expect(started.status).toBe(201)
    const { token } = await create(client, 'Reader', 'read')

    const withCookie = await (await call('GET', '/api/sessions', jsonHeaders(client))).json()
    const withToken = await call('GET', '/api/sessions', bearer(token))
    expect(withToken.status).toBe(200)
    expect(await withToken.json()).toEqual(withCookie)
    expect(withCookie).toHaveLength(1)

    const write = await call('POST', '/api/sessions', bearer(token), {})
    expect(write.status).toBe(403)
    expect((await errorOf(write)).message).toBe(apiTokenText.readOnly)
    expect(await (await call('GET', '/api/sessions', bearer(token))).json()).toHaveLength(1)
  })

  test('a read-write token writes as its user, and its last use shows in the list', async () => {
    const client = await signIn(t, { role: 'client' })
    const { token, id } = await create(client, 'Importer', 'read-write')
    const write = await call('POST', '/api/sessions', bearer(token), {})
    expect(write.status).toBe(201)
    expect(((await write.json()) as { clientId: string }).clientId).toBe(client.id)
    const [listed] = z
      .array(ApiTokenSchema)
      .parse(await (await t.app.request('/api/tokens', { headers: jsonHeaders(client) })).json())
    expect(listed?.id).toBe(id)
    expect(listed?.lastUsedAt).not.toBeNull()
  })

  test('a revoked token is refused at once, even beside a valid cookie, and an unknown or empty one too', async () => {
    const user = await signIn(t)
    const { token, id } = await create(user, 'Short-lived', 'read-write')
    expect((await call('GET', '/api/profile', bearer(token))).status).toBe(200)
    expect((await call('DELETE', `/api/tokens/${id}`, jsonHeaders(user))).status).toBe(204)

    for (const headers of [
      bearer(token),
      { ...jsonHeaders(user), ...bearer(token) },
      bearer('coachline_pat_not-a-token'),
      bearer('x'.repeat(10_000)),
      { authorization: 'Bearer' },
    ]) {
      const res = await call('GET', '/api/profile', headers)
      expect(res.status).toBe(401)
      expect((await errorOf(res)).message).toBe(apiTokenText.unknownToken)
    }
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.id, id))).toEqual([])
    // The cookie alone still works: revoking a token signs nobody out.
    expect((await call('GET', '/api/profile', jsonHeaders(user))).status).toBe(200)
  })

  test('a token cannot list, make or revoke tokens, whatever its scope', async () => {
    const user = await signIn(t)
    const own = await create(user, 'Admin attempt', 'read-write')
    const reader = await withToken(t, user, 'read')
    for (const headers of [bearer(own.token), reader.headers]) {
      for (const [method, path, body] of [
        ['GET', '/api/tokens', undefined],
        ['POST', '/api/tokens', { name: 'Minted', scope: 'read-write' }],
        ['DELETE', `/api/tokens/${own.id}`, undefined],
      ] as const) {
        const res = await call(method, path, headers, body)
        expect(res.status, `${method} ${path}`).toBe(403)
      }
    }
    const res = await call('POST', '/api/tokens', bearer(own.token), { name: 'Minted', scope: 'read-write' })
    expect((await errorOf(res)).message).toBe(apiTokenText.sessionOnly)
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, user.id))).toHaveLength(2)
  })

  test('better-auth’s sign-in endpoints take no token', async () => {
    const user = await signIn(t)
    const { token } = await create(user, 'Password changer', 'read-write')
    const res = await call('POST', '/api/auth/change-password', bearer(token), {
      currentPassword: 'Passw0rd!',
      newPassword: 'Other-Passw0rd',
      revokeOtherSessions: true,
    })
    expect(res.status).toBe(403)
    expect((await errorOf(res)).message).toBe(apiTokenText.notForSignIn)
  })

  test(`each token may make ${RATE_LIMIT} calls a minute; then 429 with Retry-After, while another token goes on`, async () => {
    const user = await signIn(t)
    const busy = await create(user, 'Busy', 'read')
    const calm = await create(user, 'Calm', 'read')
    for (let i = 0; i < RATE_LIMIT; i++) expect((await call('GET', '/api/me', bearer(busy.token))).status).toBe(200)
    const refused = await call('GET', '/api/me', bearer(busy.token))
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const body = await errorOf(refused)
    expect(body.code).toBe('RATE_LIMITED')
    expect(body.message).toMatch(new RegExp(`${RATE_LIMIT} requests a minute`))
    expect((await call('GET', '/api/me', bearer(calm.token))).status).toBe(200)
    expect((await call('GET', '/api/me', jsonHeaders(user))).status).toBe(200)
  })
})
