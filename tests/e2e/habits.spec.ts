import type { Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { expect, linkCoach, otherUser, test, todayInBrowser } from './fixtures.ts'

/** Whether this device has kept an answer whose address contains `part` for when there is no signal. */
const keptOnDevice = (page: Page, part: string) =>
  page.evaluate(async (part) => {
    for (const name of await caches.keys()) {
      if ((await (await caches.open(name)).keys()).some((request) => request.url.includes(part))) return true
    }
    return false
  }, part)

type Habits = { habits: { name: string; entries: Record<string, { value: number; met: boolean }> }[] }

test('a coach sets habits; the lifter ticks them with no signal, the streak counts at once, and each day reaches the server once', async ({
  page,
  login,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 360, height: 780 })
  const client = await login({ role: 'client', displayName: 'Habit Hana' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Ivo')
  await linkCoach(coachPage, coach, client)

  // The coach sets a step target from a preset, and a yes/no habit of their own.
  await coachPage.setViewportSize({ width: 1280, height: 900 })
  await coachPage.goto(`/coach/clients/${client.id}?tab=habits`)
  await coachPage.getByRole('button', { name: 'Add a habit' }).click()
  const form = coachPage.getByRole('dialog', { name: 'New habit' })
  await form.getByRole('button', { name: 'Steps' }).click()
  await expect(form.getByLabel('Daily target')).toHaveValue('8000')
  await form.getByRole('button', { name: 'Save habit' }).click()
  await expect(form).toBeHidden()
  await coachPage.getByRole('button', { name: 'Add a habit' }).click()
  await form.getByLabel('Name').fill('Stretch 10 minutes')
  await form.getByRole('button', { name: 'Save habit' }).click()
  await expect(coachPage.getByRole('heading', { name: 'Stretch 10 minutes' })).toBeVisible()
  await expect(coachPage.getByRole('heading', { name: 'Steps' })).toBeVisible()
  await expectAccessible(coachPage, 'the client’s habits at 1280 px')

  // The lifter's home keeps its habits on the device.
  await page.goto('/home')
  const habits = page.getByRole('region', { name: 'Today’s habits' })
  await expect(habits.getByText('Stretch 10 minutes')).toBeVisible()
  await page.keyboard.press('Tab')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => keptOnDevice(page, '/api/habits')).toBe(true)
  await expectAccessible(page, 'home with habits at 360 px')

  // The days that reached the server (tries with no signal never do).
  const puts: string[] = []
  page.on('response', (response) => {
    const request = response.request()
    if (request.method() === 'PUT' && /\/api\/habits\/[^/]+\/entries\//.test(request.url())) puts.push(request.url())
  })

  // No signal: a tick and an amount count at once, and survive a reload.
  await context.setOffline(true)
  const stretch = habits.getByRole('button', { name: 'Stretch 10 minutes: done today' })
  await stretch.click()
  await expect(stretch).toHaveAttribute('aria-pressed', 'true')
  await expect(habits.getByRole('listitem').filter({ hasText: 'Stretch 10 minutes' })).toContainText('1-day streak')
  await habits.getByLabel('Steps today (steps)').fill('9500')
  await habits.getByRole('button', { name: 'Log', exact: true }).click()
  const steps = habits.getByRole('listitem').filter({ hasText: 'Steps' })
  await expect(steps).toContainText('1-day streak')
  await expect(steps.getByRole('button', { name: 'Steps: target met' })).toHaveAttribute('aria-pressed', 'true')
  await expect(habits.getByText('Waiting for a signal')).toHaveCount(2)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Stretch 10 minutes: done today' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByRole('progressbar', { name: 'Steps: today so far' })).toHaveAttribute('aria-valuenow', '9500')

  // The signal returns: each day once, as the lifter logged it.
  await context.setOffline(false)
  const today = await todayInBrowser(page)
  const stored = async () => {
    const list = (await (await page.request.get('/api/habits')).json()) as Habits
    return Object.fromEntries(list.habits.map((h) => [h.name, h.entries[today]]))
  }
  await expect
    .poll(stored, { timeout: 20_000 })
    .toEqual({ Steps: { value: 9500, met: true }, 'Stretch 10 minutes': { value: 1, met: true } })
  await expect(page.getByText('Waiting for a signal')).toHaveCount(0)
  expect(puts).toHaveLength(2)

  // The coach sees the day on the client's page.
  await coachPage.reload()
  const card = coachPage
    .getByRole('listitem')
    .filter({ has: coachPage.getByRole('heading', { name: 'Stretch 10 minutes' }) })
  await expect(card).toContainText('1-day streak')
  await expect(card.getByRole('listitem', { name: `${today}: met` })).toBeVisible()
  await coachPage.setViewportSize({ width: 360, height: 780 })
  await expectAccessible(coachPage, 'the client’s habits at 360 px')
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectAccessible(page, 'home with habits at 1280 px')
  await coachPage.context().close()
})
