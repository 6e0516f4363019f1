import type { Page } from '@playwright/test'
import { expect, expectOnPath, expectToast, test } from './fixtures.ts'

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
 * A visitor without a session gets the welcome and sign-in pages already drawn by the server
 * (docs/performance.md#pages-that-show-before-the-script): on a slow network they show, and can be
 * typed into, while the app's script is still on its way.
 */
test.describe('public pages before the app runs', () => {
  /** Holds the app's entry script back until `release` is called: a phone still downloading it. */
  async function holdTheApp(page: Page): Promise<() => void> {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held
      await route.continue()
    })
    return release
  }
  /** The app has taken the page over: its toaster, which joins only then, is on the page. */
  const appRunning = (page: Page) => expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached()

  test('the welcome page shows in the visitor’s dark theme, then the app takes it over without an error', async ({
    page,
  }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.emulateMedia({ colorScheme: 'dark' })
    const release = await holdTheApp(page)
    await page.goto('/', { waitUntil: 'commit' })
    await expect(page.getByRole('heading', { level: 1, name: 'Program it. Lift it. Log every set.' })).toBeVisible()
    await expect(page.locator('html')).toHaveClass(/\bdark\b/)
    await expect(page).toHaveTitle('Welcome · Coachline')
    release()
    await appRunning(page)
    await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible()
    await page.getByRole('main').getByRole('link', { name: 'Get started' }).click()
    await expectOnPath(page, '/auth')
    await expect(page.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true')
    expect(errors).toEqual([])
  })

  test('a sign-up opened from the welcome page and reloaded draws afresh, without an error', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    await page.goto('/')
    await appRunning(page)
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

  test('what a visitor types before the app runs is what the sign-in sends', async ({ page }) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const release = await holdTheApp(page)
    await page.goto('/auth', { waitUntil: 'commit' })
    const form = page.getByRole('tabpanel', { name: 'Sign in' })
    await form.getByLabel('Email').fill('early-bird@example.test')
    await form.getByLabel('Password').fill('Wr0ngPassword')
    // Sent before the app runs, the form would reload the page and lose it all: it waits instead.
    await form.getByRole('button', { name: 'Sign in' }).click()
    expect(page.url()).toMatch(/\/auth$/)
    release()
    await appRunning(page)
    await expect(form.getByLabel('Email')).toHaveValue('early-bird@example.test')
    await form.getByRole('button', { name: 'Sign in' }).click()
    // Not 'Missing credentials': the app signed in with what was typed.
    await expectToast(page, 'Sign-in failed', 'Invalid email or password')
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
