import { inspectRoutes } from 'hono/dev'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { apiPaths, apiPattern, apiRoutes, API_ROOT } from '#shared/api-paths.ts'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { createTestApp, jsonHeaders, signIn, type SignedIn, type TestContext } from '../../tests/helpers/test-app.ts'
import { MAX_BODY_BYTES, uploadLimitOf } from './app.ts'

let t: TestContext
let client: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  client = await signIn(t, { role: 'client' })
})
afterAll(() => t.close())

describe('health', () => {
  test('answers 200 after checking the database', async () => {
    const res = await t.app.request('/api/health')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' })
  })
})

describe('the route table', () => {
  // The callers build their paths from the same table (src/shared/api-paths.ts), so a route the
  // server moved, or one it never had, fails here rather than as a 404 on a screen.
  test('the server answers exactly the routes the table lists', async () => {
    const served = inspectRoutes(t.app)
      .filter((r) => !r.isMiddleware && r.path.startsWith(`${API_ROOT}/`) && !r.path.startsWith(apiPaths.auth.prefix))
      .map((r) => r.path)
    const listed = Object.values(apiRoutes).flatMap(({ mount, ...routes }) =>
      Object.values(routes).map((route) => apiPattern({ mount }, route)),
    )
    // The outbox and the test fixtures are mounted only on some servers (see app.ts).
    const optional = [apiRoutes.dev, apiRoutes.testing].map((feature) => apiPattern(feature, '/'))
    expect(
      served.filter((path) => !listed.includes(path)),
      'routes missing from the table',
    ).toEqual([])
    expect(
      listed.filter((path) => !served.includes(path) && !optional.some((root) => path.startsWith(root))),
      'rows for routes the server does not have',
    ).toEqual([])
  })
})

describe('errors', () => {
  test('unknown API paths and missing assets answer 404 JSON, never the web app', async () => {
    for (const [method, path] of [
      ['GET', '/api/nope'],
      ['GET', '/api'],
      ['POST', '/api/health'],
      ['DELETE', '/api/me/x'],
      ['GET', '/assets/missing-chunk.js'],
    ] as const) {
      const res = await t.app.request(path, { method })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.headers.get('content-type')).toContain('application/json')
      expect(ApiErrorBodySchema.parse(await res.json()).code).toBe('NOT_FOUND')
    }
  })

  test('security headers are on every answer', async () => {
    const res = await t.app.request('/api/health')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
})

/** Bodies a careless or hostile client sends. */
const BAD_BODIES: [string, string, string][] = [
  ['malformed JSON', 'application/json', '{"email": "a@b.c",'],
  ['JSON array', 'application/json', '[1, 2, 3]'],
  ['JSON string', 'application/json', '"hello"'],
  ['JSON null', 'application/json', 'null'],
  [
    'wrong types',
    'application/json',
    JSON.stringify({ email: 42, password: ['x'], name: { a: 1 }, displayName: false, token: 7 }),
  ],
  ['deep nesting', 'application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`],
  [
    'NUL characters',
    'application/json',
    JSON.stringify({
      email: 'a\u0000@b.co',
      password: 'Passw0rd!\u0000',
      name: '\u0000',
      displayName: 'x\u0000',
      token: '\u0000',
      pattern: 'squat',
    }),
  ],
  ['not JSON', 'text/plain', 'email=a@b.c'],
  ['binary', 'application/octet-stream', '\u0000\u0001\u0002'],
]

// better-auth's endpoints live behind one catch-all route; these are the ones the account flows use.
const AUTH_POST_PATHS = [
  '/api/auth/sign-in/email',
  '/api/auth/sign-up/email',
  '/api/auth/sign-out',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
]

/** Stands in for route parameters, so that a body reaches its validator (a malformed id would be refused first). */
const UNKNOWN_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'
const withParams = (path: string) =>
  path.replace(/:(\w+)/g, (_match, name: string) => (name === 'week' || name === 'day' ? '1' : UNKNOWN_ID))

/** Every route that takes a body, with its own method: ours (POST, PUT, PATCH, DELETE) and better-auth's. */
function postTargets(): { method: string; path: string }[] {
  const own = inspectRoutes(t.app)
    .filter((r) => !r.isMiddleware && r.path.startsWith('/api') && !r.path.includes('*') && r.method !== 'GET')
    .map((r) => ({ method: r.method, path: withParams(r.path) }))
  const all = [...own, ...AUTH_POST_PATHS.map((path) => ({ method: 'POST', path }))]
  return all.filter(
    (target, index) => all.findIndex((other) => other.method === target.method && other.path === target.path) === index,
  )
}

async function expectClientError(res: Response, label: string) {
  expect(res.status, label).toBeGreaterThanOrEqual(400)
  expect(res.status, label).toBeLessThan(500)
  expect(ApiErrorBodySchema.safeParse(await res.json()).success, label).toBe(true)
}

describe('bad input answers a JSON 4xx, never 500', () => {
  test.each(BAD_BODIES)('%s', async (_label, contentType, body) => {
    for (const { method, path } of postTargets()) {
      for (const who of [undefined, client]) {
        const res = await t.app.request(path, {
          method,
          headers: { ...jsonHeaders(who), 'content-type': contentType },
          body,
        })
        if (res.status < 400) continue // a route may ignore a body it does not need (sign-out, profile ensure)
        await expectClientError(res, `${method} ${path} as ${who ? 'client' : 'visitor'}`)
      }
    }
  })

  test('oversize bodies are refused with 413', async () => {
    const huge = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(MAX_BODY_BYTES) })
    for (const { method, path } of postTargets()) {
      // A route that takes a file has its own, larger limit.
      const own = uploadLimitOf(path)
      const res = await t.app.request(path, {
        method,
        headers: jsonHeaders(client),
        body: own ? 'x'.repeat(own.maxSize + 1) : huge,
      })
      expect(res.status, `${method} ${path}`).toBe(413)
      expect(ApiErrorBodySchema.parse(await res.json()).code).toBe('PAYLOAD_TOO_LARGE')
    }
  })

  test('garbage query strings and long paths on GET routes', async () => {
    const gets = inspectRoutes(t.app)
      .filter((r) => !r.isMiddleware && r.method === 'GET' && r.path.startsWith('/api') && !r.path.includes('*'))
      .map((r) => r.path)
    for (const path of gets) {
      for (const query of ['?%E0%A4%A=1', `?x=${'a'.repeat(10_000)}`, '?limit=-1&cursor[]=x', '?q=%00abcd']) {
        const res = await t.app.request(`${path}${query}`, { headers: jsonHeaders(client) })
        expect(res.status, `${path}${query.slice(0, 20)}`).toBeLessThan(500)
        await res.body?.cancel() // the chat stream never ends by itself
      }
    }
    const res = await t.app.request(`/api/${'x/'.repeat(2000)}`)
    expect(res.status).toBe(404)
  })

  test('NUL characters in saved text answer 400 and store nothing', async () => {
    const user = await signIn(t)
    const res = await t.app.request('/api/profile', {
      method: 'PUT',
      headers: jsonHeaders(user),
      body: JSON.stringify({ displayName: 'Nul\u0000Name' }),
    })
    expect(res.status).toBe(400)
    const profile = (await (await t.app.request('/api/profile', { headers: user.headers })).json()) as {
      displayName: string
    }
    expect(profile.displayName).toBe('Test User')
  })

  test('the outbox answers only requests addressed to a loopback name (no DNS rebinding)', async () => {
    expect((await t.app.request('http://127.0.0.1:3000/api/dev/outbox')).status).toBe(200)
    expect((await t.app.request('http://rebind.example:3000/api/dev/outbox')).status).toBe(404)
  })

  test('a cross-origin POST to our own routes is refused', async () => {
    const user = await signIn(t)
    const res = await t.app.request('/api/profile/become-coach', {
      method: 'POST',
      headers: { ...jsonHeaders(user), origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
  })
})
