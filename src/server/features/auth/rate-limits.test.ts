import { afterAll, beforeAll, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { limitKeyOf } from './auth-gate.ts'
import { createTestApp, postJson, signIn, uniqueEmail, type TestContext } from '../../../../tests/helpers/test-app.ts'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_SIGN_IN_PER_EMAIL: '4',
    RATE_LIMIT_FAILED_SIGN_IN_PER_ACCOUNT: '2',
    RATE_LIMIT_SIGN_IN_PER_IP: '1000',
    RATE_LIMIT_EMAIL_PER_ADDRESS: '2',
    RATE_LIMIT_SIGN_UP_PER_IP: '3',
  })
})
afterAll(() => t.close())

async function expectTooMany(res: Response) {
  expect(res.status).toBe(429)
  // The client shows 'Too many requests' as its sign-in text (docs/product.md#user-facing-strings).
  expect(ApiErrorBodySchema.parse(await res.json())).toMatchObject({
    code: 'RATE_LIMITED',
    message: 'Too many requests',
  })
}

test('failed sign-ins lock the account for the hour, even with the right password', async () => {
  const user = await signIn(t)
  for (let i = 0; i < 2; i++) {
    expect(
      (await postJson(t, '/api/auth/sign-in/email', { email: user.email, password: 'Wr0ngPassword' })).status,
    ).toBe(401)
  }
  await expectTooMany(await postJson(t, '/api/auth/sign-in/email', { email: user.email, password: 'Passw0rd!' }))
})

test('failed sign-ins per email from one address are limited; successes are not counted', async () => {
  const user = await signIn(t)
  for (let i = 0; i < 6; i++)
    expect((await postJson(t, '/api/auth/sign-in/email', { email: user.email, password: 'Passw0rd!' })).status).toBe(
      200,
    )
  const email = uniqueEmail('hammer')
  for (let i = 0; i < 4; i++) await postJson(t, '/api/auth/sign-in/email', { email, password: `Guess${i}Guess` })
  await expectTooMany(await postJson(t, '/api/auth/sign-in/email', { email, password: 'Passw0rd!' }))
})

test('IPv6 clients are limited by their /64', () => {
  expect(limitKeyOf('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64')
  expect(limitKeyOf('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64')
  expect(limitKeyOf('::ffff:203.0.113.9')).toBe('203.0.113.9')
  expect(limitKeyOf('::1')).toBe('0:0:0:0::/64')
})

test('magic links and resets to one address are limited', async () => {
  const user = await signIn(t)
  expect((await postJson(t, '/api/auth/sign-in/magic-link', { email: user.email })).status).toBe(200)
  expect((await postJson(t, '/api/auth/request-password-reset', { email: user.email })).status).toBe(200)
  await expectTooMany(await postJson(t, '/api/auth/sign-in/magic-link', { email: user.email }))
})

test('sign-ups from one address are limited', async () => {
  for (let i = 0; i < 3; i++) {
    await postJson(t, '/api/auth/sign-up/email', { email: uniqueEmail('burst'), password: 'Str0ngPassword', name: '' })
  }
  await expectTooMany(
    await postJson(t, '/api/auth/sign-up/email', { email: uniqueEmail('burst'), password: 'Str0ngPassword', name: '' }),
  )
})
