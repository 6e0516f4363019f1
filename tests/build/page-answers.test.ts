import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { eq } from 'drizzle-orm'
import { SIGN_IN_COOKIE } from '#server/lib/sign-in-settings.ts'
import { sessions } from '#server/db/schema/index.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from '../helpers/test-app.ts'

/**
 * A page for a browser with a session carries the answers to the app's first calls, asked by the
 * server with that browser's cookie (docs/first-paint.md), or, for a screen the
 * server drew, the data it drew it with; what the server could not answer, the browser preloads as
 * before.
 */
let t: TestContext
let lifter: SignedIn

beforeAll(async () => {
  t = await createTestApp()
  lifter = await signIn(t, { role: 'client', displayName: 'Carrie </script><script>alert(1)</script> $& $1' })
})
afterAll(() => t.close())

const carriedBy = (html: string): Record<string, unknown> | null => {
  const found = /<script type="application\/json" id="page-answers">([^<]*)<\/script>/.exec(html)
  return found ? (JSON.parse(found[1] ?? '') as Record<string, unknown>) : null
}
/** The data of every query a drawn screen carries. */
const drawnDataOf = (html: string): unknown[] => {
  const found = /<script type="application\/json" id="page-state">([^<]*)<\/script>/.exec(html)
  const state = JSON.parse(found?.[1] ?? 'null') as { queries: { state: { data: unknown } }[] } | null
  return state?.queries.map((query) => query.state.data) ?? []
}
const preloadedBy = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="fetch"/g)].map((m) => m[1])

describe('the answers a page carries', () => {
  test('/home carries who is signed in and the home screen’s first data, each as the API answers it', async () => {
    const res = await t.app.request('/home', { headers: { cookie: lifter.cookie, 'accept-language': 'en-US' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    // The server drew home (docs/first-paint.md#drawn-pages): the page carries
    // the data it was drawn with, TanStack Query's cache, in place of answers by path.
    expect(carriedBy(html)).toBeNull()
    const drawnWith = drawnDataOf(html)
    for (const url of [
      '/api/me',
      '/api/plans?completed=false',
      '/api/sessions?limit=3',
      '/api/profile/coach',
      '/api/sessions/comments/unread',
    ]) {
      const answer: unknown = await (await t.app.request(url, { headers: { cookie: lifter.cookie } })).json()
      expect(drawnWith, url).toContainEqual(answer)
    }
    expect(preloadedBy(html)).toEqual([])
  })

  test('a name that looks like markup stays text inside the page', async () => {
    const html = await (await t.app.request('/account', { headers: { cookie: lifter.cookie } })).text()
    const scripts = (page: string) => page.match(/<script/g)?.length ?? 0
    // One element more than the page without answers: the answers', never one from the name.
    expect(scripts(html)).toBe(scripts(await (await t.app.request('/account')).text()) + 1)
    expect((carriedBy(html)?.['/api/me'] as { profile: { displayName: string } }).profile.displayName).toBe(
      'Carrie </script><script>alert(1)</script> $& $1',
    )
  })

  test('what the server cannot answer is left to the browser', async () => {
    // A stale cookie: the sign-in check answers (nobody), the screen's calls are 401s.
    const res = await t.app.request('/home', { headers: { cookie: `${SIGN_IN_COOKIE}=stale` } })
    const html = await res.text()
    expect(carriedBy(html)).toEqual({ '/api/me': { user: null, profile: null } })
    expect(preloadedBy(html)).toContain('/api/plans?completed=false')
    expect(preloadedBy(html)).not.toContain('/api/me')
  })

  test('one visitor’s answers never reach another', async () => {
    const other = await signIn(t, { role: 'coach', displayName: 'Other Coach' })
    const mine = carriedBy(await (await t.app.request('/account', { headers: { cookie: lifter.cookie } })).text())
    const theirs = carriedBy(await (await t.app.request('/account', { headers: { cookie: other.cookie } })).text())
    expect((mine?.['/api/me'] as { user: { id: string } }).user.id).toBe(lifter.id)
    expect((theirs?.['/api/me'] as { user: { id: string } }).user.id).toBe(other.id)
    // No session cookie: nothing is asked or carried.
    expect(carriedBy(await (await t.app.request('/account')).text())).toBeNull()
    // Nor is one lifter's drawing another's.
    const drawnFor = async (who: SignedIn) =>
      drawnDataOf(
        await (await t.app.request('/home', { headers: { cookie: who.cookie, 'accept-language': 'en-US' } })).text(),
      )
    const second = await signIn(t, { role: 'client', displayName: 'Second Lifter' })
    expect(JSON.stringify(await drawnFor(second))).not.toContain(lifter.id)
    expect(JSON.stringify(await drawnFor(lifter))).not.toContain(second.id)
  })

  test('the cookies those calls set reach the browser: a revoked session’s cookie is cleared', async () => {
    const revoked = await signIn(t, { role: 'client' })
    await t.db.delete(sessions).where(eq(sessions.userId, revoked.id))
    const res = await t.app.request('/home', { headers: { cookie: revoked.cookie } })
    expect(carriedBy(await res.text())?.['/api/me']).toEqual({ user: null, profile: null })
    expect(res.headers.getSetCookie()).toContain(`${SIGN_IN_COOKIE}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax`)
  })
})
