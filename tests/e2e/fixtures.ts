import { randomUUID } from 'node:crypto'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

type Role = 'coach' | 'client'
type LoginOptions = { role?: Role; displayName?: string; withProfile?: boolean }

export const test = base.extend<{ login: (options?: LoginOptions) => Promise<{ id: string; email: string }> }>({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server')
    await use(url)
  },
  /** Creates a verified user with a role and signs this page's browser context in (epic-stack's login fixture). */
  login: async ({ page }, use) => {
    await use(async ({ role = 'client', displayName = `Test ${role}`, withProfile = true } = {}) => {
      const email = `${role}-${randomUUID()}@example.test`
      const res = await page.request.post('/api/testing/users', { data: { email, role, displayName, withProfile } })
      expect(res.status(), await res.text()).toBe(201)
      return (await res.json()) as { id: string; email: string }
    })
  },
})

export { expect }

export async function expectOnPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path)
}

export type Mail = { to: string; subject: string; text: string; links: string[]; createdAt: string }

/** The newest mail to this address in the development outbox, waiting for it to arrive. */
export async function readMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/api/dev/outbox')).json()) as Mail[]
      found = messages.find((m) => m.to === to && (!subject || subject.test(m.subject)))
      return Boolean(found)
    })
    .toBe(true)
  return found as Mail
}

/** A toast with exactly this title and, when given, this text (docs/product.md#user-facing-strings). */
export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ })
  await expect(region.getByText(title, { exact: true }).first()).toBeVisible()
  if (description) await expect(region.getByText(description, { exact: true }).first()).toBeVisible()
}

/**
 * No toast with this title a moment after the one awaited: counted once, not waited for (a
 * retrying assertion would pass when the toast closes). Toasts stay 4 s, so one that came just
 * before is still there.
 */
export async function expectNoToast(page: Page, title: string) {
  await page.waitForTimeout(1000)
  const shown = page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true })
  expect(await shown.count()).toBe(0)
}

export function newEmail(prefix: string): string {
  return `${prefix}-${randomUUID()}@example.test`
}
