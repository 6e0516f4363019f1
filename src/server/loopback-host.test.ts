import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, jsonHeaders, type TestContext } from '../../tests/helpers/test-app.ts'

// The outbox and the test API answer only requests addressed to this machine by a loopback name
// or address. A page on another site can point a name that merely starts like one
// (127.0.0.1.evil.example) at 127.0.0.1 and have the browser send that name as the Host.

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ ENABLE_TEST_API: '1' })
})
afterAll(() => t.close())

const HOSTILE = ['127.0.0.1.evil.example', 'localhost.evil.example', '127.example.com', 'evil.localhost']
const LOCAL = ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000']

const outbox = (host: string) => t.app.request(`http://${host}/api/dev/outbox`)
const expireInvites = (host: string) =>
  t.app.request(`http://${host}/api/testing/expire-invites`, {
    method: 'POST',
    headers: jsonHeaders(),
    body: JSON.stringify({ email: 'nobody@example.test' }),
  })

describe('the development outbox', () => {
  test.each(HOSTILE)('is not found when addressed as %s', async (host) => {
    expect((await outbox(host)).status).toBe(404)
  })

  test.each(LOCAL)('answers when addressed as %s', async (host) => {
    expect((await outbox(host)).status).toBe(200)
  })
})

describe('the test API', () => {
  test.each(HOSTILE)('is not found when addressed as %s', async (host) => {
    expect((await expireInvites(host)).status).toBe(404)
  })

  test.each(LOCAL)('answers when addressed as %s', async (host) => {
    expect((await expireInvites(host)).status).toBe(200)
  })
})
