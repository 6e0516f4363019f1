import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { compress } from 'hono/compress'
import { getCookie } from 'hono/cookie'
import { API_ROOT } from '#shared/api-paths.ts'
import type { AppEnv } from '#server/context.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Env } from '#server/lib/env.ts'
import type { Logger } from '#server/lib/logger.ts'
import { hasSignInCookie } from '#server/lib/sign-in-settings.ts'
import { loadDrawer } from './drawer.ts'
import { loadIndexHtml } from './pages.ts'

/** How long a page waits for what it is drawn with, or the answers it carries, before it goes without them. */
const ASK_AHEAD_MS = 500

/**
 * The web app's files and pages, after the API's routes: a built file as it is, and for any other
 * path the page, drawn or carrying its first answers (docs/first-paint.md). The server's own API
 * answers what a page is drawn with, asked through `app` with the visitor's cookie.
 */
export function servePages(app: Hono<AppEnv>, { env, logger }: { env: Env; logger: Logger }): void {
  const staticFiles = serveStatic({
    root: env.CLIENT_DIST,
    precompressed: true,
    onFound: (path, c) => {
      const hashed = path.includes('/assets/')
      c.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  // The welcome page comes from indexHtml below, with its preload hints: the static handler would
  // answer '/' with the bare index.html.
  app.use('/*', (c, next) => (c.req.path === '/' ? next() : staticFiles(c, next)))
  const indexHtml = loadIndexHtml(env.CLIENT_DIST)
  const loadDrawn = loadDrawer(env.CLIENT_DIST, env.NODE_ENV, indexHtml?.drawnScreens ?? [], (err) =>
    logger.error({ err }, 'the signed-in screens cannot be drawn on the server'),
  )
  app.get('*', compress(), async (c) => {
    const path = c.req.path
    // Unknown API paths and missing build files are 404s, never the web app.
    if (path === API_ROOT || path.startsWith(`${API_ROOT}/`) || path.startsWith('/assets/'))
      throw new AppError('NOT_FOUND')
    if (indexHtml === null) {
      throw new AppError('UNAVAILABLE', { message: 'The web app is not built: run npm run build' })
    }
    // A browser with no session cookie gets the public pages already drawn; one with a session, its
    // first answers in the page (docs/first-paint.md).
    c.header('Vary', 'Cookie')
    const cookie = c.req.header('cookie')
    if (!cookie || !hasSignInCookie(getCookie(c))) {
      c.header('Cache-Control', 'no-cache')
      return c.html(indexHtml.page(path, 'signed-out'))
    }
    const ask = askerFor(cookie)
    // The screens people open first come drawn with the visitor's own data; the others, and a
    // screen that could not be drawn in time, carry the answers to their first calls.
    const area = indexHtml.drawnFor(path)
    const drawer = area && (await loadDrawn())
    // One wait for the page, whether it is drawn or carries answers.
    const deadline = Date.now() + ASK_AHEAD_MS
    const drawn = drawer
      ? await withinAskAhead(deadline, (signal) =>
          drawer
            .drawSignedInScreen(path, area, { cookie, acceptLanguage: c.req.header('accept-language') }, ask, signal)
            .catch((err: unknown) => {
              // A screen that no longer renders outside the browser: the page works, but say so.
              logger.warn({ reqId: c.var.requestId, err, path }, 'could not draw a signed-in screen')
              return null
            }),
        )
      : null
    const answered = new Map<string, unknown>()
    if (!drawn) await withinAskAhead(deadline, () => askAll(ask, indexHtml.callsFor(path), answered))
    // What came later is the app's to ask for: a copy, so no late answer changes the page being built.
    const answers = new Map(answered)
    // What those calls set (a renewed session, a stale one cleared) reaches the browser as it would have.
    const cookies = ask.cookies()
    for (const setCookie of cookies) c.header('Set-Cookie', setCookie, { append: true })
    // Answers and cookies are the visitor's own: never kept by a cache on the way.
    c.header('Cache-Control', drawn || answers.size || cookies.length ? 'private, no-store' : 'no-cache')
    return c.html(drawn ? indexHtml.drawnPage(path, drawn) : indexHtml.page(path, 'maybe-signed-in', answers))
  })

  /**
   * GET calls asked of this server with the visitor's cookie, each once, for a page to carry their
   * answers: the answer of a success, undefined otherwise. `cookies` are those the calls set.
   */
  function askerFor(cookie: string) {
    const asked = new Map<string, Promise<unknown>>()
    const cookies = new Set<string>()
    const askServer = async (url: string): Promise<unknown> => {
      const res = await app.request(url, { headers: { cookie, accept: 'application/json' } })
      for (const setCookie of res.headers.getSetCookie()) cookies.add(setCookie)
      return res.status === 200 ? ((await res.json()) as unknown) : undefined
    }
    const ask = (url: string): Promise<unknown> => {
      const answer = asked.get(url) ?? askServer(url)
      asked.set(url, answer)
      return answer
    }
    return Object.assign(ask, { cookies: () => [...cookies] })
  }

  /** Puts the successful answers to `urls` into `answers` as they come. */
  async function askAll(ask: (url: string) => Promise<unknown>, urls: string[], answers: Map<string, unknown>) {
    await Promise.allSettled(
      urls.map(async (url) => {
        const answer = await ask(url)
        if (answer !== undefined) answers.set(url, answer)
      }),
    )
  }

  /**
   * What a page waits for, until `deadline` (ASK_AHEAD_MS after it began: a slow or absent database): null after that,
   * and `signal` tells the work to stop. The app asks for itself what the page goes without.
   */
  async function withinAskAhead<T>(deadline: number, work: (signal: AbortSignal) => Promise<T>): Promise<T | null> {
    const stop = new AbortController()
    let timer: ReturnType<typeof setTimeout> | undefined
    const late = new Promise<null>(
      (resolve) => (timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
    )
    try {
      return await Promise.race([work(stop.signal).catch(() => null), late])
    } finally {
      clearTimeout(timer)
      stop.abort()
    }
  }
}
