import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGN_IN_COOKIE } from '#server/lib/sign-in-settings.ts'
import { DIST } from '../helpers/built-client.ts'
import { createTestApp, type TestContext } from '../helpers/test-app.ts'

/**
 * The public pages reach a browser without a session already drawn, so they show before any
 * script runs (docs/performance.md#pages-that-show-before-the-script); a browser with a session
 * gets the plain page, which the app draws for whoever is signed in.
 */
let t: TestContext

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const page = async (path: string, cookie?: string) => {
  const res = await t.app.request(path, cookie ? { headers: { cookie } } : {})
  expect(res.status).toBe(200)
  return { html: await res.text(), vary: res.headers.get('vary') }
}
const rootOf = (html: string) =>
  /<div id="root"([^>]*)>([\s\S]*?)<\/div>\s*(<script type="application\/json"|<noscript>)/.exec(html)
const welcomeHeading = 'Program it. Lift it. Log every set.'

describe('a public page for a visitor without a session', () => {
  test('the build drew the welcome pages and the sign-in page', () => {
    const file = join(DIST, '.vite/prerendered.json')
    expect(existsSync(file), 'npm run build writes the drawn pages').toBe(true)
    const pages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { title: string; html: string }>
    expect(Object.keys(pages).sort()).toEqual(['/', '/auth', '/welcome'])
    expect(pages['/']?.html).toContain(welcomeHeading)
    expect(pages['/auth']?.html).toContain('Welcome to Coachline')
  })

  for (const [path, title, text] of [
    ['/', 'Welcome · Coachline', welcomeHeading],
    ['/welcome', 'Welcome · Coachline', welcomeHeading],
    ['/welcome/', 'Welcome · Coachline', welcomeHeading],
    ['/auth', 'Sign in · Coachline', 'Create account'],
  ] as const) {
    test(`${path} comes drawn, titled, with its theme set before it shows`, async () => {
      const { html, vary } = await page(path)
      const root = rootOf(html)
      expect(root?.[1]).toMatch(/^ data-prerendered="signed-out" data-app="[^"]+"$/)
      expect(root?.[2]).toContain(text)
      expect(html).toContain(`<title>${title}</title>`)
      expect(html).toContain('<script src="/prerendered.js"></script>')
      // No script of the app runs until the visitor does something: the entry is only fetched ahead.
      const entry = /data-app="(\/assets\/index-[\w-]+\.js)"/.exec(root?.[1] ?? '')?.[1]
      expect(entry).toBeDefined()
      expect(html).not.toMatch(/<script type="module"/)
      expect(html).not.toContain('modulepreload')
      expect(html).not.toContain('registerSW.js')
      expect(html).toContain(`<link rel="prefetch" crossorigin href="${entry}">`)
      expect((await t.app.request(entry ?? '')).status).toBe(200)
      // The app knows nobody is signed in: it does not ask.
      expect(html).not.toContain('href="/api/me"')
      expect(vary).toContain('Cookie')
    })
  }

  test('the drawn page has no form that would send what is typed before the app runs', async () => {
    const { html } = await page('/auth')
    const inputs = rootOf(html)?.[2].match(/<input[^>]*>/g) ?? []
    expect(inputs.length).toBeGreaterThan(0)
    for (const input of inputs) expect(input).not.toMatch(/\sname=/)
  })

  test('the script a drawn page runs first is served', async () => {
    const res = await t.app.request('/prerendered.js')
    expect(res.status).toBe(200)
    const script = await res.text()
    expect(script).toContain("localStorage.getItem('coachline-theme')")
    expect(script).toContain('coachline:app-running')
  })
})

describe('every other page', () => {
  test('a browser with a session cookie, valid or not, gets the plain page', async () => {
    for (const cookie of [`${SIGN_IN_COOKIE}=x`, `other=1; __Secure-${SIGN_IN_COOKIE}=y`]) {
      const { html, vary } = await page('/', cookie)
      expect(rootOf(html)?.[0]).toMatch(/^<div id="root"><\/div>/)
      // The app asks who is signed in (or finds the answer in the page).
      expect(html).toMatch(/href="\/api\/me"|"\/api\/me":/)
      expect(html).not.toContain('/prerendered.js')
      expect(vary).toContain('Cookie')
    }
  })

  test('the signed-in screens and the other public pages are never drawn ahead', async () => {
    for (const path of ['/home', '/auth/reset', '/invite/abc', '/no/such/page']) {
      const { html } = await page(path)
      expect(rootOf(html)?.[0], path).toMatch(/^<div id="root"><\/div>/)
    }
  })
})
