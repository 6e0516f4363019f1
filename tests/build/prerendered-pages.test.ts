import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGN_IN_COOKIE } from '#server/lib/sign-in-settings.ts'
import { DIST } from '../helpers/built-client.ts'
import { createTestApp, jsonHeaders, signIn, type SignedIn, type TestContext } from '../helpers/test-app.ts'

/**
 * The public pages reach a browser without a session already drawn, so they show before any
 * script runs (docs/first-paint.md#drawn-pages); so do a signed-in lifter's
 * home and session, drawn by the server with their data. Other pages come plain, and the app draws
 * them for whoever is signed in.
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

  test('without a session, the signed-in screens and the other public pages are never drawn ahead', async () => {
    for (const path of ['/home', '/auth/reset', '/invite/abc', '/no/such/page']) {
      const { html } = await page(path)
      expect(rootOf(html)?.[0], path).toMatch(/^<div id="root"><\/div>/)
    }
  })
})

describe("a signed-in lifter's first screen", () => {
  // A browser asks in its language: the server draws only for the one it formats dates in.
  const drawnPage = async (path: string, who: SignedIn, language = 'en-US,en;q=0.9') => {
    const res = await t.app.request(path, { headers: { cookie: who.cookie, 'accept-language': language } })
    expect(res.status).toBe(200)
    const html = await res.text()
    const root = rootOf(html)
    const state = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)?.[1]
    return { html, root, state, cacheControl: res.headers.get('cache-control') }
  }
  const call = (who: SignedIn, method: string, path: string, body: unknown) =>
    t.app.request(path, { method, headers: jsonHeaders(who), body: JSON.stringify(body) })

  test('home comes drawn with the lifter’s own data, and runs none of the app before they act', async () => {
    const lifter = await signIn(t, { role: 'client', displayName: 'Drawn </script><b>Dee' })
    const { html, root, state, cacheControl } = await drawnPage('/home', lifter)
    expect(root?.[1]).toMatch(/^ data-prerendered="signed-in" data-app="\/assets\/index-[\w-]+\.js"$/)
    // What they typed is text on the page and in the data it carries, never markup.
    expect(root?.[2]).toContain('Drawn &lt;/script&gt;&lt;b&gt;Dee')
    expect(root?.[2]).not.toContain('</script><b>')
    expect(root?.[2]).toContain('No plan yet')
    expect(html).toContain('<title>Home · Coachline</title>')
    expect(html).not.toMatch(/<script type="module"/)
    expect(html).not.toContain('registerSW.js')
    // The data it was drawn with, the sign-in check's answer among it, for the app's first render.
    expect(state).toBeDefined()
    const carried = JSON.stringify(JSON.parse(state ?? ''))
    expect(carried).toContain('Drawn </script><b>Dee')
    expect(carried).toContain('"auth","me"')
    // The lifter's own: never kept by a cache on the way.
    expect(cacheControl).toBe('private, no-store')
  })

  test('a session comes drawn with its exercises', async () => {
    const lifter = await signIn(t, { role: 'client', displayName: 'Session Sam' })
    const movement = (
      (await (
        await t.app.request('/api/movements?q=plank&limit=1', { headers: { cookie: lifter.cookie } })
      ).json()) as {
        items: { id: string; name: string }[]
      }
    ).items[0]
    const workout = await call(lifter, 'POST', '/api/workouts', {
      title: 'Core day',
      exercises: [{ movementId: movement?.id, sets: [{ durationSeconds: 45 }] }],
    })
    const session = await call(lifter, 'POST', '/api/sessions', {
      workoutId: ((await workout.json()) as { id: string }).id,
    })
    expect(session.status).toBe(201)
    const { id } = (await session.json()) as { id: string }
    const { root } = await drawnPage(`/session/${id}`, lifter)
    expect(root?.[1]).toContain('data-prerendered="signed-in"')
    expect(root?.[2]).toContain('Core day')
    expect(root?.[2]).toContain(`Log set 1 of ${movement?.name}`)
  })

  test('a visitor the screen is not for gets the page the app draws, with its first answers', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const coach = await signIn(t, { role: 'coach' })
    const unnamed = await signIn(t, { role: 'client', displayName: ' ' })
    for (const [path, who] of [
      ['/home', coach], // the app sends a coach to /coach
      ['/home', unnamed], // and someone without a name to /create-profile
      [`/session/${crypto.randomUUID()}`, lifter], // no such session: the screen says so itself
      ['/session/not-an-id', lifter],
      ['/progress', lifter], // a screen the server does not draw
    ] as const) {
      const { root, state } = await drawnPage(path, who)
      expect(root?.[0], path).toMatch(/^<div id="root"><\/div>/)
      expect(state, path).toBeUndefined()
    }
    // A browser in another language: its dates are not the server's to write.
    for (const language of ['de-DE,de;q=0.9', '']) {
      const { root } = await drawnPage('/home', lifter, language)
      expect(root?.[0], language).toMatch(/^<div id="root"><\/div>/)
    }
  })
})
