import { expect, expectOnPath, test } from './fixtures.ts'

test('screens load lazily behind a Loading… fallback', async ({ page, login }) => {
  await login({ role: 'coach' })
  let release: () => void = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/library-[\w-]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/coach/library')
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' })).toBeVisible()
  release()
  await expect(page.getByRole('heading', { level: 1, name: 'Movement library' })).toBeVisible()
})

test('a crash shows the error page with a Reload button that recovers', async ({ page, login }) => {
  await login({ role: 'client' })
  await page.route(/\/mesocycle-[\w-]+\.js$/, (route) => route.abort())
  await page.goto('/mesocycle')
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
  await expect(page.getByText('Try reloading or going back.')).toBeVisible()
  await page.unroute(/\/mesocycle-[\w-]+\.js$/)
  await page.getByRole('button', { name: 'Reload' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible()
})

test('a crash met inside the app clears when the user goes back', async ({ page, login }) => {
  await login({ role: 'client' })
  await page.goto('/home')
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await page.route(/\/mesocycle-[\w-]+\.js$/, (route) => route.abort())
  await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Calendar' }).click()
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible()
  await page.goBack()
  await expectOnPath(page, '/home')
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0)
})

test('the service worker lets the app open with no network', async ({ page, context }) => {
  await page.goto('/welcome')
  // A visitor without a session gets the drawn page, whose app (and worker) start once they act.
  await page.keyboard.press('Tab')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await context.setOffline(true)
  await page.goto('/welcome')
  await expect(page.getByRole('heading', { level: 1, name: 'Program it. Lift it. Log every set.' })).toBeVisible()
  await context.setOffline(false)
})

test('the theme toggle switches to dark and remembers it', async ({ page }) => {
  await page.goto('/welcome')
  await page.getByRole('button', { name: /Switch to (dark|light) theme/ }).click()
  const dark = await page.evaluate(() => document.documentElement.classList.contains('dark'))
  await page.reload()
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark)
})

test('@phone clients get bottom navigation in thumb reach', async ({ page, login }) => {
  await login({ role: 'client' })
  await page.goto('/home')
  const nav = page.getByRole('navigation', { name: 'Main' }).last()
  await expect(nav).toBeVisible()
  const box = await nav.boundingBox()
  const viewport = page.viewportSize()
  expect(box && viewport && box.y + box.height).toBeGreaterThan((viewport?.height ?? 0) - 2)
  await nav.getByRole('link', { name: 'Calendar' }).click()
  await expectOnPath(page, '/mesocycle')
})

test('@phone coaches get their navigation on a phone too', async ({ page, login }) => {
  await login({ role: 'coach' })
  await page.goto('/coach')
  const nav = page.getByRole('navigation', { name: 'Coach' }).last()
  // Every tab is in sight: the row wraps rather than scrolling sideways.
  const width = page.viewportSize()?.width ?? 0
  expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  for (const link of await nav.getByRole('link').all()) {
    const box = await link.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= width, (await link.textContent()) ?? '').toBe(true)
  }
  await nav.getByRole('link', { name: 'Clients' }).click()
  await expectOnPath(page, '/coach/clients')
})

test('the coach’s dark sidebar runs the whole height of a long page, and its links stay in view', async ({
  page,
  login,
}) => {
  await login({ role: 'coach' })
  await page.goto('/coach/library')
  await expect(page.getByRole('button', { name: 'Show more' })).toBeVisible()
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight)
  expect(pageHeight).toBeGreaterThan((page.viewportSize()?.height ?? 0) * 1.5)
  const column = await page
    .getByRole('complementary')
    .evaluate((el) => ({ top: el.getBoundingClientRect().top + scrollY, height: el.getBoundingClientRect().height }))
  expect(column.top).toBe(0)
  expect(column.height).toBeGreaterThanOrEqual(pageHeight - 1)
  await page.mouse.wheel(0, pageHeight)
  await expect(
    page.getByRole('navigation', { name: 'Coach' }).getByRole('link', { name: 'Dashboard' }),
  ).toBeInViewport()
})
