import { expect, expectOnPath, test } from './fixtures.ts'

const CLIENT_ROUTES = [
  '/create-profile',
  '/home',
  '/client/program/new',
  '/mesocycle',
  '/create-workout',
  '/workouts',
  '/workout/preview/pw-1',
  '/session/s-1',
]
const COACH_ROUTES = [
  '/coach',
  '/coach/create-plan',
  '/coach/program/p-1',
  '/coach/clients',
  '/coach/library',
  '/coach/template-board',
  '/coach/chat/c-1',
]
const OPEN_ROUTES = [
  '/client/plan-builder',
  '/programs',
  '/programs/p-1',
  '/workout/w-1',
  '/workout-readonly/pw-1',
  '/summary/s-1',
  '/debug/perf-sessions',
]

test.describe('signed out', () => {
  for (const path of [...CLIENT_ROUTES, ...COACH_ROUTES]) {
    test(`${path} lands on /auth`, async ({ page }) => {
      await page.goto(path)
      await expectOnPath(page, '/auth')
    })
  }

  test('unguarded routes render, and ask a visitor to sign in', async ({ page }) => {
    for (const path of OPEN_ROUTES) {
      await page.goto(path)
      await expect(page.getByRole('heading', { name: 'Sign in to see this page' })).toBeVisible()
      await expectOnPath(page, path)
    }
  })
})

test.describe('roles', () => {
  test('a client on a coach route goes to /home', async ({ page, login }) => {
    await login({ role: 'client', displayName: 'Casey Client' })
    await page.goto('/coach/library')
    await expectOnPath(page, '/home')
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  })

  test('a coach on a client route goes to /coach', async ({ page, login }) => {
    await login({ role: 'coach' })
    await page.goto('/mesocycle')
    await expectOnPath(page, '/coach')
    await expect(page.getByRole('heading', { level: 1, name: 'Coach dashboard' })).toBeVisible()
  })

  test('a signed-in user at /auth is sent into the app by role', async ({ page, login }) => {
    await login({ role: 'coach' })
    await page.goto('/auth')
    await expectOnPath(page, '/coach')
  })

  test('each role reaches its own screens through its navigation', async ({ page, login }) => {
    await login({ role: 'coach', displayName: 'Coach Kim' })
    await page.goto('/coach')
    const nav = page.getByRole('navigation', { name: 'Coach' }).first()
    await nav.getByRole('link', { name: 'Library' }).click()
    await expectOnPath(page, '/coach/library')
    await expect(page.getByRole('heading', { level: 1, name: 'Movement library' })).toBeVisible()
    await expect(page).toHaveTitle('Movement library · Coachline')
  })

  test('unguarded routes show their screen to a signed-in user', async ({ page, login }) => {
    await login({ role: 'client' })
    await page.goto('/programs')
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible()
  })
})

test.describe('profiles', () => {
  test('an empty display name goes to /create-profile', async ({ page, login }) => {
    await login({ role: 'client', displayName: '' })
    await page.goto('/home')
    await expectOnPath(page, '/create-profile')
  })

  test('a coach with an empty display name stays on /create-profile', async ({ page, login }) => {
    await login({ role: 'coach', displayName: '' })
    await page.goto('/coach/clients')
    await expectOnPath(page, '/create-profile')
    await expect(page.getByRole('heading', { level: 1, name: 'Create your profile' })).toBeVisible()
  })

  test('a user without a profile gets a client profile named after their email', async ({ page, login }) => {
    const { email } = await login({ role: 'client', withProfile: false })
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
    const me = await (await page.request.get('/api/me')).json()
    expect(me.profile).toMatchObject({ role: 'client', displayName: email.split('@')[0] })
  })
})

test.describe('auth errors', () => {
  test('retries three times, then offers to sign out, and signs out', async ({ page, login }) => {
    await login({ role: 'client' })
    // Every retry waits until the test has seen the count before it, however slow the machine.
    let calls = 0
    const waiting: Array<() => void> = []
    await page.route('**/api/me', async (route) => {
      calls += 1
      if (calls > 1) await new Promise<void>((answer) => waiting.push(answer))
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"INTERNAL","message":"down"}',
      })
    })
    // The page comes without the sign-in check's answer, as when the server could not get it: the app
    // asks. (A screen the server does not draw: one it draws comes with the answers it was drawn with.)
    await page.route('**/progress', async (route) => {
      const response = await route.fetch()
      const body = (await response.text()).replace(
        /<script type="application\/json" id="page-answers">[^<]*<\/script>/,
        '',
      )
      await route.fulfill({ response, body })
    })
    await page.goto('/progress')
    for (const n of [1, 2, 3]) {
      await expect(page.getByText(`Retry ${n}/3`)).toBeVisible()
      await expect.poll(() => waiting.length).toBe(n)
      waiting[n - 1]?.()
    }
    const signOut = page.getByRole('button', { name: 'Sign out and try again' })
    await expect(signOut).toBeVisible({ timeout: 10_000 })
    expect(calls).toBe(4)

    // More than two errors forced a sign-out: the session is gone on the server too.
    await page.unroute('**/api/me')
    expect((await (await page.request.get('/api/me')).json()).user).toBeNull()
    await signOut.click()
    await expectOnPath(page, '/auth')
  })

  test('a session revoked on the server signs the user out at the next API call', async ({ page, login, baseURL }) => {
    await login({ role: 'client', displayName: 'Revoked Rae' })
    await page.goto('/account')
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
    const revoked = await page.request.post('/api/auth/revoke-sessions', {
      data: {},
      headers: { origin: baseURL ?? '' },
    })
    expect(revoked.status()).toBe(200)
    // The next API call signs out: the user's save, or one the app makes itself (the chat's
    // connection, the unread counts) if that comes first, in which case the button is already gone.
    await page
      .getByRole('button', { name: 'Save changes' })
      .click({ timeout: 5_000 })
      .catch(() => undefined)
    await expectOnPath(page, '/auth')
  })

  test('signing out sends the user to /auth and keeps them out', async ({ page, login }) => {
    await login({ role: 'client' })
    await page.goto('/home')
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
    await page.getByRole('button', { name: 'Sign out' }).first().click()
    await expectOnPath(page, '/auth')
    await page.goto('/home')
    await expectOnPath(page, '/auth')
  })
})
