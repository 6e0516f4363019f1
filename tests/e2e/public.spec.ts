import { expect, expectOnPath, test } from './fixtures.ts'

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
