import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { MeSchema, ProfileSchema } from '#shared/schemas/profiles.ts'
import { createTestApp, jsonHeaders, signIn, type TestContext } from '../../../../tests/helpers/test-app.ts'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('GET /api/me', () => {
  test('a visitor is nobody', async () => {
    const res = await t.app.request('/api/me')
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ user: null, profile: null })
  })

  test('a signed-in coach gets their user and profile', async () => {
    const coach = await signIn(t, { role: 'coach', displayName: 'Coach Carter' })
    const me = MeSchema.parse(await (await t.app.request('/api/me', { headers: coach.headers })).json())
    expect(me.user).toMatchObject({ id: coach.id, email: coach.email })
    expect(me.profile).toMatchObject({ id: coach.id, role: 'coach', displayName: 'Coach Carter', unit: 'kg' })
  })

  test('a signed-out cookie is nobody again', async () => {
    const client = await signIn(t)
    const out = await t.app.request('/api/auth/sign-out', { method: 'POST', headers: jsonHeaders(client), body: '{}' })
    expect(out.status).toBe(200)
    const me = await (await t.app.request('/api/me', { headers: client.headers })).json()
    expect(me).toEqual({ user: null, profile: null })
  })
})

describe('the automatic profile of a user without one', () => {
  test('is created as a client named after the email', async () => {
    const user = await signIn(t, { profile: false })
    const before = MeSchema.parse(await (await t.app.request('/api/me', { headers: user.headers })).json())
    expect(before.profile).toBeNull()
    expect((await t.app.request('/api/profile', { headers: user.headers })).status).toBe(404)

    const res = await t.app.request('/api/profile', { method: 'POST', headers: jsonHeaders(user), body: '{}' })
    expect(res.status).toBe(200)
    const profile = ProfileSchema.parse(await res.json())
    expect(profile).toMatchObject({ id: user.id, role: 'client', displayName: user.email.split('@')[0] })
  })

  test('never changes an existing profile, and concurrent calls make one', async () => {
    const coach = await signIn(t, { role: 'coach', displayName: 'Head Coach' })
    const answers = await Promise.all(Array.from({ length: 5 }, () => t.app.request('/api/profile', { method: 'POST', headers: jsonHeaders(coach), body: '{}' })))
    for (const res of answers) {
      expect(ProfileSchema.parse(await res.json())).toMatchObject({ role: 'coach', displayName: 'Head Coach' })
    }
  })

  test('a body cannot choose the role', async () => {
    const user = await signIn(t, { profile: false })
    const res = await t.app.request('/api/profile', {
      method: 'POST',
      headers: jsonHeaders(user),
      body: JSON.stringify({ role: 'coach', displayName: 'Sneaky' }),
    })
    expect(ProfileSchema.parse(await res.json()).role).toBe('client')
  })
})
