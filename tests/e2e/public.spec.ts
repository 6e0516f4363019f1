import type { Page } from '@playwright/test'
import { APP_ENTRY, expect, expectOnPath, expectToast, holdTheApp, test } from './fixtures.ts'

test.describe('public pages', () => {
  for (const path of ['/', '/welcome']) {
    test(`${path} tells coaches and lifters what Coachline does`, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: 'Program it. Lift it. Log every set.' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'For coaches' })).toBeVisible()
      await expect(page.getByRole('heading', { name: 'For lifters' })).toBeVisible()
      await page.getByRole('main').getByRole('link', { name: 'Get started' }).click()
      await expectOnPath(page, '/auth')
    })
  }

  test('a signed-in visitor gets a button into the app', async ({ page, login }) => {
    await login({ role: 'coach' })
    await page.goto('/welcome')
    await page.getByRole('main').getByRole('link', { name: 'Open Coachline' }).click()
    await expectOnPath(page, '/coach')
  })

  test('/auth and /auth/reset are open to visitors', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Coachline' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Sign in' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Create account' })).toBeVisible()
    await page.goto('/auth/reset')
    await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible()
  })

  test('an unknown path shows the 404 page with a link home', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
    await expect(page).toHaveTitle(/Page not found/)
    await page.getByRole('link', { name: 'Go back home' }).click()
    await expectOnPath(page, '/')
  })

  test('the health check answers through the same server', async ({ request }) => {
    const res = await request.get('/api/health')
    expect(res.status()).toBe(200)
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' })
  })
})

/**
 * A visitor without a session gets the welcome and sign-in pages already drawn by the server, and
 * the app runs only once the visitor does something (docs/first-paint.md#until-the-app-runs):
 * on a slow phone they show, and can be read and typed into, before any of the app's script runs.
 */
test.describe('public pages before the app runs', () => {
  /** The app has taken the page over: its toaster, which joins only then, is on the page. */
  const appRunning = (page: Page) => expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached()

  test('the welcome page shows in the visitor’s dark theme, runs nothing, and a tap starts the app', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.emulateMedia({ colorScheme: 'dark' })
    const app = await holdTheApp(page)
    await page.goto('/', { waitUntil: 'load' })
    await expect(page.getByRole('heading', { level: 1, name: 'Program it. Lift it. Log every set.' })).toBeVisible()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page).toHaveTitle('Welcome · Coachline')
    await page.waitForTimeout(300)
    expect(app.runs, 'nothing of the app runs before the visitor does something').toEqual([])
    // The tap starts the app and waits for it: the sign-up tab is router state a plain link would lose.
    await page.getByRole('main').getByRole('link', { name: 'Get started' }).click()
    await expect.poll(() => app.runs.length).toBe(1)
    expect(page.url()).not.toMatch(/\/auth$/)
    app.release()
    await expectOnPath(page, '/auth')
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')
    await appRunning(page)
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a sign-up opened from the welcome page and reloaded draws afresh, without an error', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/')
    await page.getByRole('main').getByRole('link', { name: 'Get started' }).click()
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')
    // The server draws /auth on its sign-in tab; the page remembers it was opened on sign-up.
    await page.reload()
    await appRunning(page)
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('tab', { name: 'Sign in' }).click()
    await expect(page.getByRole('tabpanel', { name: 'Sign in' }).getByLabel('Email')).toBeVisible()
    expect(errors).toEqual([])
  })

  test('a tab chosen before the app runs is the tab it shows', async ({ page }) => {
    const app = await holdTheApp(page)
    await page.goto('/auth', { waitUntil: 'load' })
    await page.getByRole('tab', { name: 'Create account' }).click()
    app.release()
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('tabpanel', { name: 'Create account' }).getByLabel('Email')).toBeVisible()
  })

  test('a tap the visitor moved on from before the app ran is forgotten', async ({ page }) => {
    const app = await holdTheApp(page)
    await page.goto('/auth', { waitUntil: 'load' })
    await page.getByRole('tab', { name: 'Create account' }).click()
    const email = page.getByRole('tabpanel', { name: 'Sign in' }).getByLabel('Email')
    await email.click()
    await email.pressSequentially('patient@example.test')
    app.release()
    await appRunning(page)
    await page.waitForTimeout(300)
    await expect(page.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true')
    await expect(email).toHaveValue('patient@example.test')
  })

  test('when the app cannot load, a link tapped meanwhile still goes where it points', async ({ page }) => {
    await page.route(APP_ENTRY, (route) => route.abort())
    await page.goto('/', { waitUntil: 'load' })
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click()
    await expectOnPath(page, '/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Coachline' })).toBeVisible()
  })

  test('what a visitor types and sends before the app runs is what the sign-in sends', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const app = await holdTheApp(page)
    await page.goto('/auth', { waitUntil: 'commit' })
    const form = page.getByRole('tabpanel', { name: 'Sign in' })
    await form.getByLabel('Email').fill('early-bird@example.test')
    await form.getByLabel('Password').fill('Wr0ngPassword')
    // Sent before the app runs, the form would reload the page and lose it all: it waits instead,
    // and is sent once the app runs.
    await form.getByLabel('Password').press('Enter')
    expect(page.url()).toMatch(/\/auth$/)
    app.release()
    // Not 'Missing credentials': the app signed in with what was typed.
    await expectToast(page, 'Sign-in failed', 'Invalid email or password')
    await expect(form.getByLabel('Email')).toHaveValue('early-bird@example.test')
    expect(errors).toEqual([])
  })

  test('with no script at all, both pages still read in full', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/welcome')
    await expect(page.getByRole('heading', { name: 'For lifters' })).toBeVisible()
    await page.goto('/auth')
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Coachline' })).toBeVisible()
    await expect(page.getByRole('tabpanel', { name: 'Sign in' }).getByLabel('Password')).toBeVisible()
    await context.close()
  })
})
