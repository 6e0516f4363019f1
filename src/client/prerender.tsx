import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { apiPaths } from '#shared/api-paths.ts'
import { paths, type Role } from '#shared/paths.ts'
import { MeSchema } from '#shared/schemas/profiles.ts'
import { App } from '#client/app/provider.tsx'
import { documentTitle } from '#client/app/route-handle.ts'
import { preloadScreens, routeHandles } from '#client/app/router.tsx'
import { createQueryClient } from '#client/lib/query-client.ts'
import { markSignedOut } from '#client/features/auth/api/auth-queries.ts'
import { withRequestCookies } from '#client/first-paint/device-cookies.ts'
import { answeringOnServer } from '#client/first-paint/page-answers.ts'

/*
 * Pages drawn outside the browser, with the app's own screens, so that a page shows before any
 * script has run (docs/first-paint.md#drawn-pages):
 * - the public pages as a visitor who is not signed in sees them, drawn when the app is built
 *   (scripts/first-paint/prerender-pages.mjs);
 * - the screens a signed-in lifter or coach opens first, drawn by the server for each request with
 *   that visitor's own data (src/server/first-paint/pages.ts).
 * The browser takes such a page over (hydrates it) when the visitor first does something.
 */

/** The pages rendered ahead: the same for every visitor who is not signed in. */
export const PRERENDERED_PATHS = [paths.root.path, paths.welcome.path, paths.auth.login.path]

export type PrerenderedPage = { title: string; html: string }

const routerAt =
  (path: string) =>
  ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>

export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const client = createQueryClient()
  markSignedOut(client)
  const { prelude } = await prerender(<App client={client} Router={routerAt(path)} />)
  return { title: documentTitle(routeHandles(path)), html: await new Response(prelude).text() }
}

/** Loads the code of the screens at these paths (route patterns will do), so that no drawing waits for it. */
export function loadScreens(screenPaths: readonly string[]): Promise<unknown> {
  return Promise.all(screenPaths.map(preloadScreens))
}

/** A signed-in screen as the server drew it: its HTML and title, and the data it was drawn with. */
export type DrawnScreen = PrerenderedPage & { state: DehydratedState }

/** An answer the server has not asked its API for yet: it asks, and draws the screen again. */
class Unasked extends Error {}

/** React's mark of a Suspense boundary it left to the browser to render. */
const CLIENT_RENDERED = '<!--$!-->'

/** How often a screen is drawn at most: each drawing may show calls or code the next one needs. */
const MAX_DRAWS = 8

/**
 * A signed-in screen of a role's area drawn for the visitor whose calls `ask` answers (the server
 * asks its own API with the visitor's cookie; undefined for a call that failed), in the time zone
 * their profile has, with the cookies of their request as the device's.
 *
 * The screen is drawn again and again: each drawing shows the calls its queries make and the code
 * it waits for; those are asked and loaded, and the screen drawn again, until a drawing needs
 * nothing new. Null when the visitor is not one the screen shows (signed out, another role, no
 * name yet: the app sends them elsewhere), a call it needs failed, it still needed more after
 * MAX_DRAWS, or `signal` gave up on it: the browser then draws the screen itself. So does a
 * browser whose language formats dates otherwise than this process does: the screens format them
 * in the device's own way, and a drawing that differs would be drawn afresh as the app took over.
 */
export async function drawSignedInScreen(
  path: string,
  area: Role,
  request: { cookie: string; acceptLanguage: string | undefined },
  ask: (url: string) => Promise<unknown>,
  signal?: AbortSignal,
): Promise<DrawnScreen | null> {
  if (!formatsLikeThisProcess(request.acceptLanguage)) return null
  const client = createQueryClient()
  // A failed call is not tried again here: the browser will.
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } })
  const answers = new Map<string, unknown>()
  const unasked = new Set<string>()
  const answer = (url: string) => {
    if (answers.has(url)) return { answer: answers.get(url) }
    unasked.add(url)
    throw new Unasked(url)
  }
  const app = <App client={client} Router={routerAt(path)} />
  const queries = (status: 'pending' | 'error') =>
    client.getQueryCache().findAll({ predicate: (query) => query.state.status === status })
  // Here a query is never tried again, whatever its own rule (an answer is there, or the browser
  // asks), and kept until the screen is drawn, even one its screen drops as soon as it closes.
  let timeZone: string | null | undefined
  // In the visitor's time zone and with their cookies, as the drawing: a query may read the date.
  const asVisitor = <T,>(run: () => T) =>
    inTimeZone(timeZone, () => answeringOnServer(answer, () => withRequestCookies(request.cookie, run)))
  const fetchAll = (waiting: Query[]) =>
    asVisitor(() =>
      Promise.all(
        waiting.map((query) =>
          query.fetch({ ...query.options, retry: false, gcTime: Infinity }).catch(() => undefined),
        ),
      ),
    )
  for (let drawing = 0; drawing < MAX_DRAWS && !signal?.aborted; drawing++) {
    await preloadScreens(path)
    const me = answers.has(apiPaths.me) ? MeSchema.safeParse(answers.get(apiPaths.me)).data : undefined
    if (answers.has(apiPaths.me) && !(me?.profile?.role === area && me.profile.displayName.trim() !== '')) return null
    timeZone = me?.profile?.timeZone
    const html = asVisitor(() => renderToString(app))
    const waiting = queries('pending').filter((query) => query.state.fetchStatus === 'idle' && isEnabled(query))
    // A boundary still waiting for its code (React leaves it to the browser): the code is loading.
    const suspended = html.includes(CLIENT_RENDERED)
    if (!waiting.length && !suspended) {
      if (queries('error').length) return null
      return { html, title: documentTitle(routeHandles(path)), state: dehydrate(client) }
    }
    if (suspended) await new Promise((resolve) => setTimeout(resolve, 10))
    unasked.clear()
    await fetchAll(waiting)
    if (!unasked.size) continue
    const asked = await Promise.all([...unasked].map(async (url) => [url, await ask(url)] as const))
    // A call that failed: the screen would show its failure, which the browser draws itself.
    if (asked.some(([, value]) => value === undefined)) return null
    for (const [url, value] of asked) answers.set(url, value)
    // The queries that failed for want of an answer ask again, now that it is here.
    const retried = queries('error')
    for (const query of retried) query.reset()
    await fetchAll(retried)
  }
  return null
}

/** Whether the browser's first language (its Accept-Language) is the one this process formats in. */
function formatsLikeThisProcess(acceptLanguage: string | undefined): boolean {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim()
  if (!first) return false
  return first.toLowerCase() === new Intl.DateTimeFormat().resolvedOptions().locale.toLowerCase()
}

/** Whether a query's screen lets it run (`enabled`, as its observer gave it). */
function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false
}

/**
 * Runs `draw` with the process's dates in the visitor's time zone, so that the screen's days and
 * times are theirs. `draw` is synchronous: nothing else runs in the process meanwhile.
 */
function inTimeZone<T>(timeZone: string | null | undefined, draw: () => T): T {
  // Node reads its time zone from TZ again whenever it is set (this module runs only in Node).
  const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env
  if (!env || !timeZone || !isTimeZone(timeZone)) return draw()
  const before = env.TZ
  env.TZ = timeZone
  try {
    return draw()
  } finally {
    if (before === undefined) delete env.TZ
    else env.TZ = before
  }
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}
