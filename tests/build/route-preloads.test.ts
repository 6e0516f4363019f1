import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { SIGN_IN_COOKIE } from '#server/lib/sign-in-settings.ts'
import { PRELOADED_SCREENS } from '#server/first-paint/pages.ts'
import { builtManifest, DIST, type BuiltChunk } from '../helpers/built-client.ts'
import { createTestApp, type TestContext } from '../helpers/test-app.ts'

/**
 * The page names what its route loads next (docs/first-paint.md#the-plain-page): the chunks of
 * the screen at that path and the sign-in check start beside the entry script.
 */
let t: TestContext
let manifest: Record<string, BuiltChunk>

beforeAll(async () => {
  manifest = builtManifest()
  t = await createTestApp()
})
afterAll(() => t.close())

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1])
const chunkOf = (module: string) => manifest[module]?.file

describe('the page of a route', () => {
  test('names every module the router loads for that screen', () => {
    const router =
      readFileSync('src/client/app/router.tsx', 'utf8') + readFileSync('src/client/app/layouts.tsx', 'utf8')
    for (const { modules } of PRELOADED_SCREENS) {
      for (const module of modules) {
        expect(manifest[module], `${module} is a chunk of the build`).toBeDefined()
        const specifiers = [
          `import('./${module.replace('src/client/app/', '')}')`,
          `import('${module.replace('src/client/', '#client/')}')`,
        ]
        expect(
          specifiers.some((specifier) => router.includes(specifier)),
          `the router imports ${module}`,
        ).toBe(true)
      }
    }
  })

  test('/home preloads the signed-in frame and the home screen, and the sign-in check', async () => {
    const res = await t.app.request('/home')
    expect(res.status).toBe(200)
    const html = await res.text()
    const preloads = preloadsOf(html)
    expect(preloads).toContain(chunkOf('src/client/features/auth/components/route-guard.tsx'))
    expect(preloads).toContain(chunkOf('src/client/app/signed-in-layout.tsx'))
    expect(preloads).toContain(chunkOf('src/client/app/routes/client/home.tsx'))
    expect(preloads).not.toContain(chunkOf('src/client/app/routes/client/session.tsx'))
    expect(html).toContain('<link rel="preload" href="/api/me" as="fetch" crossorigin="anonymous">')
    for (const url of ['/api/plans?completed=false', '/api/sessions?limit=3', '/api/profile/coach'])
      expect(html).toContain(`<link rel="preload" href="${url}" as="fetch"`)
    // Only what home and the frame use: not the session's own code, and few files, since on a
    // phone each is a round trip before the first paint.
    expect(preloads.length).toBeLessThanOrEqual(5)
    // Each named once, and each one a file the server sends.
    expect(new Set(preloads).size).toBe(preloads.length)
    for (const file of preloads) expect((await t.app.request(`/${file}`)).status, file).toBe(200)
  })

  test('a live session preloads its screen; /auth its own and not the signed-in frame', async () => {
    const session = preloadsOf(await (await t.app.request('/session/2b1c3d4e-0000-4000-8000-000000000000')).text())
    expect(session).toContain(chunkOf('src/client/app/routes/client/session.tsx'))
    const sessionPage = await (await t.app.request('/session/2b1c3d4e-0000-4000-8000-000000000000')).text()
    expect(sessionPage).toContain(
      '<link rel="preload" href="/api/sessions/2b1c3d4e-0000-4000-8000-000000000000" as="fetch" crossorigin="anonymous">',
    )
    // Anything else in the path is not echoed into the page.
    const odd = await (await t.app.request('/session/%22%3E%3Cscript%3E')).text()
    expect(odd).not.toContain('/api/sessions/')
    expect(odd).not.toContain('<script>')
    // A visitor without a session gets /auth drawn, which runs nothing ahead: its chunks are only fetched.
    const authPage = await (await t.app.request('/auth')).text()
    const auth = [...authPage.matchAll(/<link rel="prefetch" crossorigin href="\/([^"]+)">/g)].map((m) => m[1])
    expect(auth).toContain(chunkOf('src/client/app/routes/auth/auth-page.tsx'))
    expect(auth).not.toContain(chunkOf('src/client/app/signed-in-layout.tsx'))
  })

  test('the bare address preloads the welcome screen for a browser with a session', async () => {
    const res = await t.app.request('/', { headers: { cookie: `${SIGN_IN_COOKIE}=expired-or-not` } })
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(preloadsOf(html)).toContain(chunkOf('src/client/app/routes/welcome.tsx'))
  })

  test('a route without hints gets the page with the sign-in check only', async () => {
    const html = await (await t.app.request('/account')).text()
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file
    expect(html).toContain(`src="/${entry}"`)
    expect(preloadsOf(html).filter((file) => !readFileSync(join(DIST, 'index.html'), 'utf8').includes(file))).toEqual(
      [],
    )
    expect(html).toContain('href="/api/me"')
  })
})
