import { Hono } from 'hono'
import { expect, test } from 'vitest'
import type { AppEnv } from '#server/context.ts'
import { admission, goesFirst, HOLD_MS } from './admission.ts'

const SESSION = '7f9c2a4e-1b2d-4c3e-8f4a-5b6c7d8e9f00'
const SET = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'

/** An app whose calls run until the test lets them finish, recording the order they started in. */
function lineOf(concurrency: number) {
  const started: string[] = []
  const release = new Map<string, () => void>()
  const app = new Hono<AppEnv>().use('/api/*', admission(concurrency))
  app.all('/api/*', async (c) => {
    started.push(`${c.req.method} ${c.req.path}`)
    await new Promise<void>((resolve) => release.set(`${c.req.method} ${c.req.path}`, resolve))
    return c.text('ok')
  })
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 400 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return { app, started, finish: (call: string) => release.get(call)?.(), until }
}

test('the calls that go first: a set being logged or removed, and the health probe', () => {
  expect(goesFirst('PUT', `/api/sessions/${SESSION}/sets/${SET}`)).toBe(true)
  expect(goesFirst('DELETE', `/api/sessions/${SESSION}/sets/${SET}`)).toBe(true)
  expect(goesFirst('GET', '/api/health')).toBe(true)
  expect(goesFirst('GET', `/api/sessions/${SESSION}/sets/${SET}`)).toBe(false)
  expect(goesFirst('GET', `/api/sessions/${SESSION}`)).toBe(false)
  expect(goesFirst('POST', `/api/sessions/${SESSION}/finish`)).toBe(false)
  expect(goesFirst('PUT', `/api/sessions/${SESSION}/sets/${SET}/comments`)).toBe(false)
  expect(goesFirst('GET', '/api/clients/dashboard')).toBe(false)
  expect(goesFirst('GET', '/api/healthy')).toBe(false)
})

test('when the line is full, a set waiting behind other calls runs next, and the others in their order', async () => {
  const { app, started, finish, until } = lineOf(1)
  const answers = [
    app.request('/api/clients/dashboard'),
    app.request('/api/plans'),
    app.request('/api/sessions?limit=3'),
    app.request(`/api/sessions/${SESSION}/sets/${SET}`, { method: 'PUT' }),
  ]
  await until(() => started.length === 1)
  await new Promise((resolve) => setTimeout(resolve, 20))
  expect(started).toEqual(['GET /api/clients/dashboard'])
  finish('GET /api/clients/dashboard')
  await until(() => started.length === 2)
  expect(started[1]).toBe(`PUT /api/sessions/${SESSION}/sets/${SET}`)
  finish(`PUT /api/sessions/${SESSION}/sets/${SET}`)
  await until(() => started.length === 3)
  finish('GET /api/plans')
  await until(() => started.length === 4)
  finish('GET /api/sessions')
  expect(started.slice(2)).toEqual(['GET /api/plans', 'GET /api/sessions'])
  const statuses = (await Promise.all(answers)).map((res) => res.status)
  expect(statuses).toEqual([200, 200, 200, 200])
})

test('a call that runs long gives its place to the next after a while, and both finish', async () => {
  const { app, started, finish, until } = lineOf(1)
  const slow = app.request('/api/data-export/json')
  await until(() => started.length === 1)
  const began = Date.now()
  const next = app.request('/api/me')
  await until(() => started.length === 2)
  expect(started).toEqual(['GET /api/data-export/json', 'GET /api/me'])
  expect(Date.now() - began).toBeGreaterThanOrEqual(HOLD_MS - 50)
  finish('GET /api/me')
  expect((await next).status).toBe(200)
  finish('GET /api/data-export/json')
  expect((await slow).status).toBe(200)
})

test('a call whose client went away while it waited leaves the line without running', async () => {
  const { app, started, finish, until } = lineOf(1)
  const first = app.request('/api/plans')
  await until(() => started.length === 1)
  const gone = new AbortController()
  const abandoned = app.request('/api/clients/dashboard', { signal: gone.signal })
  const after = app.request('/api/me')
  await new Promise((resolve) => setTimeout(resolve, 20))
  gone.abort()
  finish('GET /api/plans')
  await until(() => started.length === 2)
  expect(started).toEqual(['GET /api/plans', 'GET /api/me'])
  finish('GET /api/me')
  expect((await first).status).toBe(200)
  expect((await after).status).toBe(200)
  expect((await abandoned).status).toBe(499)
})

test('a call that fails gives its place to the next at once', async () => {
  const app = new Hono<AppEnv>().use('/api/*', admission(1))
  app.get('/api/fails', () => {
    throw new Error('broken')
  })
  app.get('/api/works', (c) => c.text('ok'))
  app.onError((_, c) => c.text('failed', 500))
  const began = Date.now()
  expect((await app.request('/api/fails')).status).toBe(500)
  expect((await app.request('/api/works')).status).toBe(200)
  expect(Date.now() - began).toBeLessThan(HOLD_MS)
})
