import type { Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { expect, test } from './fixtures.ts'

/** Errors the page logs, a refused script or style (the content security policy) among them. */
function problemsOf(page: Page) {
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text())
  })
  page.on('pageerror', (error) => problems.push(error.message))
  return problems
}

test.describe('the API reference', () => {
  test('lists the operations of the document and calls the API as the signed-in visitor', async ({ page, login }) => {
    const problems = problemsOf(page)
    const user = await login({ role: 'client', displayName: 'Maya Reference' })
    await page.goto('/api/docs')
    await expect(page.getByRole('heading', { level: 1, name: /Coachline API/ })).toBeVisible()
    await expect(page.getByRole('link', { name: '/api/openapi.json' })).toBeVisible()

    // A group opens on its operations; an operation shows its parameters, body and who may call it.
    await page.getByRole('heading', { name: /^sessions / }).click()
    const logSet = page.getByRole('button', { name: /^PUT \/api\/sessions\/\{id\}\/sets\/\{setId\}/ })
    await logSet.click()
    const operation = page.locator('#operations-sessions-putSessionsByIdSetsBySetId')
    await expect(operation.getByRole('row', { name: /^setId \*required/ })).toBeVisible()
    await expect(operation.getByText('"exerciseKey"').first()).toBeVisible()
    await expect(operation.getByText('Who may call: signed-in.')).toBeVisible()
    await expectAccessible(page, 'the API reference with an operation open')

    // "Try it out" calls this server with the visitor's own sign-in.
    await page.getByRole('heading', { name: /^me / }).click()
    await page.getByRole('button', { name: /^GET \/api\/me\b/ }).click()
    const me = page.locator('#operations-me-getMe')
    await me.getByRole('button', { name: 'Try it out' }).click()
    await me.getByRole('button', { name: 'Execute' }).click()
    await expect(me.getByText(user.email).first()).toBeVisible()
    await expectAccessible(page, 'the API reference after a call')

    // A script authorizes with an API token here.
    await page.getByRole('button', { name: 'Authorize' }).first().click()
    await page.getByRole('heading', { name: 'Available authorizations' }).waitFor()
    await expectAccessible(page, 'the API reference’s authorize dialog')
    expect(problems).toEqual([])
  })

  test('reads on a phone @phone', async ({ page }) => {
    const problems = problemsOf(page)
    await page.goto('/api/docs')
    await page.getByRole('heading', { name: /^health / }).click()
    await page.getByRole('button', { name: /^GET \/api\/health/ }).click()
    await expect(page.locator('#operations-health-getHealth').getByText('Who may call: public.')).toBeVisible()
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    expect(width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0)
    await expectAccessible(page, 'the API reference on a phone')
    expect(problems).toEqual([])
  })

  test('says so when the document cannot be loaded', async ({ page }) => {
    await page.route('**/api/openapi.json', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE","message":"Busy"}' }),
    )
    await page.goto('/api/docs')
    await expect(page.getByRole('alert')).toHaveText(/could not be loaded \(the server answered 503\)/)
    await expect(page.getByRole('link', { name: '/api/openapi.json' })).toBeVisible()
  })
})
