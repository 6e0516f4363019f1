import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { apiTokenText } from '#shared/schemas/api-tokens.ts'
import { DEFAULT_PLATE_SETUPS, plateSetupApiText } from '#shared/schemas/plate-setups.ts'
import { MeSchema, ProfileSchema } from '#shared/schemas/profiles.ts'
import type { ActiveClient } from '#shared/schemas/clients.ts'
import { coachClients } from '#server/db/schema/index.ts'
import { createTestApp, jsonHeaders, signIn, withToken, type TestContext } from '../../../../tests/helpers/test-app.ts'

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
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.request('/api/profile', { method: 'POST', headers: jsonHeaders(coach), body: '{}' }),
      ),
    )
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

describe('creating a profile (/create-profile)', () => {
  const save = (user: Awaited<ReturnType<typeof signIn>>, body: unknown) =>
    t.app.request('/api/profile', { method: 'PUT', headers: jsonHeaders(user), body: JSON.stringify(body) })

  test('asks kg or lb: the unit chosen is kept, a later save without one leaves it, a bad one is refused', async () => {
    const user = await signIn(t, { profile: false })
    const made = await save(user, { displayName: 'Pat Pounds', unit: 'lb' })
    expect(made.status).toBe(200)
    expect(ProfileSchema.parse(await made.json())).toMatchObject({
      displayName: 'Pat Pounds',
      unit: 'lb',
      role: 'client',
    })

    expect(ProfileSchema.parse(await (await save(user, { displayName: 'Pat' })).json())).toMatchObject({
      displayName: 'Pat',
      unit: 'lb',
    })

    const bad = await save(user, { displayName: 'Pat Stone', unit: 'stone' })
    expect(bad.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await bad.json()).fields).toHaveProperty('unit')
    expect(
      MeSchema.parse(await (await t.app.request('/api/me', { headers: user.headers })).json()).profile,
    ).toMatchObject({ displayName: 'Pat', unit: 'lb' })
  })
})

describe('becoming a coach', () => {
  // A role change that cannot be undone: a leaked token must not make it.
  test('a read-write token cannot turn its client into a coach; a sign-in session can', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const script = await withToken(t, lifter, 'read-write')
    const become = (headers: Record<string, string>) =>
      t.app.request('/api/profile/become-coach', { method: 'POST', headers })

    const refused = await become(jsonHeaders(script))
    expect(refused.status, await refused.clone().text()).toBe(403)
    expect(ApiErrorBodySchema.parse(await refused.json()).message).toBe(apiTokenText.sessionOnly)
    expect(
      ProfileSchema.parse(await (await t.app.request('/api/profile', { headers: script.headers })).json()).role,
    ).toBe('client')

    const became = await become(jsonHeaders(lifter))
    expect(became.status, await became.clone().text()).toBe(200)
    expect(ProfileSchema.parse(await became.json()).role).toBe('coach')
  })
})

describe('plate setups on the profile', () => {
  test('start as the defaults, keep one setup per unit, and refuse bad ones with a reason', async () => {
    const lifter = await signIn(t)
    const patch = (body: unknown) =>
      t.app.request('/api/profile', { method: 'PATCH', headers: jsonHeaders(lifter), body: JSON.stringify(body) })
    const read = async () =>
      ProfileSchema.parse(await (await t.app.request('/api/profile', { headers: lifter.headers })).json()).plateSetups

    expect(await read()).toEqual(DEFAULT_PLATE_SETUPS)

    const lb = { plateStep: 2.5, bar: 35, plates: [45, 25, 10, 5, 2.5] }
    expect((await patch({ unit: 'lb', plateSetups: { lb } })).status).toBe(200)
    const kg = { plateStep: 1.25, bar: 15, plates: [20, 10, 5, 1.25] }
    expect((await patch({ plateSetups: { kg } })).status).toBe(200)
    // Saving the kg setup kept the lb one: a lifter who switches back finds theirs.
    expect(await read()).toEqual({ kg, lb })

    const refused = await patch({ plateSetups: { kg: { ...kg, plateStep: 5 } }, displayName: 'Not saved' })
    expect(refused.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await refused.json()).fields?.['plateSetups.kg.plateStep']).toEqual([
      plateSetupApiText.step('kg'),
    ])
    expect((await patch({ plateSetups: { lb: { ...lb, plates: [] } } })).status).toBe(400)
    expect((await patch({ plateSetups: 'heavy' })).status).toBe(400)
    expect(await read()).toEqual({ kg, lb })
  })
})

describe('the time zone on the profile', () => {
  test('the app reports an IANA zone; anything else is refused and changes nothing; the coach’s roster carries it', async () => {
    const lifter = await signIn(t)
    const coach = await signIn(t, { role: 'coach' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id })
    const patch = (body: unknown) =>
      t.app.request('/api/profile', { method: 'PATCH', headers: jsonHeaders(lifter), body: JSON.stringify(body) })
    const read = async () =>
      ProfileSchema.parse(await (await t.app.request('/api/profile', { headers: lifter.headers })).json()).timeZone

    expect(await read()).toBeNull()
    expect((await patch({ timeZone: 'America/New_York' })).status).toBe(200)
    expect(await read()).toBe('America/New_York')
    for (const timeZone of ['Mars/Olympus_Mons', '', 'x'.repeat(10_000), 42]) {
      const refused = await patch({ timeZone })
      expect(refused.status).toBe(400)
      if (typeof timeZone === 'string')
        expect(ApiErrorBodySchema.parse(await refused.json()).fields?.timeZone).toEqual([
          'Time zone must be an IANA zone, such as Europe/Berlin',
        ])
    }
    expect(await read()).toBe('America/New_York')
    const roster = (await (await t.app.request('/api/clients', { headers: coach.headers })).json()) as ActiveClient[]
    expect(roster.find((c) => c.clientId === lifter.id)?.timeZone).toBe('America/New_York')
  })
})
