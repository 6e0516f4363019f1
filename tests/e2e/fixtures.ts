import { randomUUID } from 'node:crypto'
import { test as base, expect, type Page } from '@playwright/test'

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
