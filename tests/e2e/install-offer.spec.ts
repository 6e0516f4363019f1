import type { Page } from '@playwright/test'
import { installText } from '../../src/client/features/install/install-text.ts'
import { expectAccessible } from './axe.ts'
import { expect, finishedSession, test } from './fixtures.ts'

/**
 * What Chromium fires when the app can be installed: the prompt the browser would show, which the
 * test answers (`accepted`) and records.
 */
async function offerInstall(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: async () => {
        ;(window as unknown as { prompted: boolean }).prompted = true
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    })
    window.dispatchEvent(event)
    return event.defaultPrevented
  })
}

const offer = (page: Page) => page.getByRole('region', { name: installText.title })

test('the landing page holds the browser’s install prompt back; after a workout, the app offers it', async ({
  page,
  login,
}) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Held back: the browser shows no prompt or bar of its own, and the page offers nothing.
  expect(await offerInstall(page)).toBe(true)
  await expect(offer(page)).toHaveCount(0)

  await login({ role: 'client' })
  const { id: sessionId } = await finishedSession(page)
  await page.goto(`/summary/${sessionId}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await offerInstall(page)
  await expect(offer(page)).toBeVisible()
  await offer(page).getByRole('button', { name: installText.install }).click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  await expect(page.getByText(installText.installed)).toBeVisible()
  await expect(offer(page)).toHaveCount(0)
})

test.describe('on an iPhone, with no install prompt', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  })
  for (const width of [360, 1280]) {
    test(`the steps to add it to the Home Screen, until "Not now", at ${width} px`, async ({ page, login }) => {
      await page.setViewportSize({ width, height: 800 })
      await login({ role: 'client' })
      const { id: sessionId } = await finishedSession(page)
      await page.goto(`/summary/${sessionId}`)
      await expect(offer(page)).toBeVisible()
      await expect(offer(page).getByRole('listitem')).toHaveText([...installText.iosSteps])
      await expect(offer(page).getByRole('button', { name: installText.install })).toHaveCount(0)
      await page.mouse.move(0, 0)
      await expectAccessible(page, `the install offer at ${width} px`)

      await offer(page).getByRole('button', { name: installText.notNow }).click()
      await expect(offer(page)).toHaveCount(0)
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expect(offer(page)).toHaveCount(0)
    })
  }
})
