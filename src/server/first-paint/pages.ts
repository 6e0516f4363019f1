import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { apiPaths } from '#shared/api-paths.ts'
import { paths, type Role } from '#shared/paths.ts'

/*
 * The web app's page, with what the route being opened needs next in it (docs/first-paint.md).
 * Without it the browser learns of each piece only once the one before has run: the entry script,
 * then the sign-in check, then the signed-in frame's chunk, then the screen's chunk, then the
 * screen's data. The page names the route's chunks (`modulepreload`), so they download beside the
 * entry script, and carries the answers to the first API calls (or preloads those it lacks).
 */

/** The build's manifest (Vite's `build.manifest`): each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>

const SIGNED_IN_FRAME = 'src/client/app/signed-in-layout.tsx'
const ROUTE_GUARD = 'src/client/features/auth/components/route-guard.tsx'
const screen = (file: string) => `src/client/app/routes/${file}`
/** A screen behind the route guard: the guard, the signed-in frame, the screen. */
const guarded = (file: string) => [ROUTE_GUARD, SIGNED_IN_FRAME, screen(file)]

/**
 * A preloaded screen: its path, the router's modules for it, the API calls it makes first, and the
 * role whose screen the server draws for a signed-in visitor of that role.
 */
type PreloadedScreen = { path: string; modules: string[]; data?: (params: string[]) => string[]; drawnFor?: Role }

/** The answers a session's page reads first: a session id in the path is a UUID or nothing is asked ahead. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The screens worth fetching ahead: the public pages and the ones a lifter or coach opens first.
 * Each names the router's module for it, and the gym screens the calls they wait on before they
 * paint, exactly as the app asks for them (a browser test checks the app asks none of them again;
 * a build test that the router imports each module).
 */
export const PRELOADED_SCREENS: PreloadedScreen[] = [
  { path: paths.root.path, modules: [screen('welcome.tsx')] },
  { path: paths.welcome.path, modules: [screen('welcome.tsx')] },
  { path: paths.auth.login.path, modules: [screen('auth/auth-page.tsx')] },
  {
    path: paths.client.home.path,
    modules: guarded('client/home.tsx'),
    drawnFor: 'client',
    // The plans, the last sessions, the coach's card, the unread comments and the habits: /home paints once they are in.
    data: () => [
      apiPaths.plans.list({ completed: false }),
      apiPaths.sessions.list({ limit: 3 }),
      apiPaths.profile.coach,
      apiPaths.sessions.unreadComments,
      apiPaths.habits.list(),
    ],
  },
  {
    path: paths.client.session.path,
    modules: guarded('client/session.tsx'),
    drawnFor: 'client',
    data: ([sessionId]) => (sessionId && UUID.test(sessionId) ? [apiPaths.sessions.one(sessionId)] : []),
  },
  { path: paths.client.progress.path, modules: guarded('client/progress.tsx') },
  { path: paths.client.chat.path, modules: guarded('client/chat.tsx') },
  // An open route: no guard, the signed-in frame once the visitor is known.
  { path: paths.open.summary.path, modules: [SIGNED_IN_FRAME, screen('summary.tsx')] },
  { path: paths.coach.dashboard.path, modules: guarded('coach/dashboard.tsx'), drawnFor: 'coach' },
  { path: paths.coach.clients.path, modules: guarded('coach/clients.tsx') },
]

/**
 * A matcher of '/session/:sessionId': the parameters' values when `path` has the same segments
 * (each parameter one non-empty segment, a trailing slash allowed), or null.
 */
function matcherOf(route: string): (path: string) => string[] | null {
  const expected = route.split('/')
  return (path) => {
    const segments = (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).split('/')
    if (segments.length !== expected.length) return null
    const params: string[] = []
    for (const [index, segment] of expected.entries()) {
      const actual = segments[index] ?? ''
      if (segment.startsWith(':')) {
        if (!actual) return null
        params.push(actual)
      } else if (actual !== segment) return null
    }
    return params
  }
}

/** Every chunk a module needs, its own first, leaving out the entry's (the page already loads them). */
function chunksOf(manifest: Manifest, module: string, skip: Set<string>, into: Set<string>): void {
  const entry = manifest[module]
  if (!entry || entry.isEntry || skip.has(module)) return
  skip.add(module)
  into.add(entry.file)
  for (const imported of entry.imports ?? []) chunksOf(manifest, imported, skip, into)
}

function entryChunks(manifest: Manifest): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    for (const imported of manifest[key]?.imports ?? []) visit(imported)
  }
  for (const [key, entry] of Object.entries(manifest)) if (entry.isEntry) visit(key)
  return seen
}

/** Text for an attribute or an element's content. */
const escapeHtml = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;')

/** A public page as the build drew it for a visitor who is not signed in (src/client/prerender.tsx). */
type PrerenderedPage = { title: string; html: string }

/** Who asks for a page: a browser with no session cookie is known to be signed out. */
type Visitor = 'signed-out' | 'maybe-signed-in'

/**
 * What a drawn page runs instead of the app (public/prerendered.js): its theme, set before it shows,
 * and the app, started on the visitor's first interaction, with a tap or a form sent before then
 * held and replayed.
 */
const BEFORE_APP_SCRIPT = '<script src="/prerendered.js"></script>'
/** The built page's entry script and its service-worker registration, which a drawn page leaves to prerendered.js. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/
const REGISTER_SW_SCRIPT = /<script id="vite-plugin-pwa:register-sw"[^>]*><\/script>/

/** A hint for one of the app's script files: fetched ahead (`prefetch`) or also parsed (`modulepreload`). */
const scriptLink = (rel: 'prefetch' | 'modulepreload', file: string) =>
  `<link rel="${rel}" crossorigin href="${escapeHtml(file)}">`

/** The pages of the web app, as the server sends them. */
export type IndexPages = {
  /**
   * The API calls the app makes first on this path, exactly as it makes them: the sign-in check,
   * and a gym screen's first data. The server may ask them itself and put the answers in the page.
   */
  callsFor(path: string): string[]
  /**
   * The page for a path and visitor: the built index.html with the route's hints in its head; for a
   * signed-out visitor of a public page, that page already drawn
   * (docs/first-paint.md#drawn-pages); otherwise `answers` (to calls of
   * callsFor) carried in the page, and the calls without one preloaded.
   */
  page(path: string, visitor: Visitor, answers?: ReadonlyMap<string, unknown>): string
  /** The role whose screen at this path the server draws for a signed-in visitor, or null. */
  drawnFor(path: string): Role | null
  /** The routes of the screens the server draws ('/session/:sessionId'). */
  drawnScreens: string[]
  /** The page of a screen the server drew for a signed-in visitor (src/client/prerender.tsx). */
  drawnPage(path: string, drawn: DrawnScreen): string
}

/** A signed-in screen as the server drew it, and the data it drew it with (TanStack Query's dehydrated cache). */
export type DrawnScreen = { title: string; html: string; state: unknown }

/** Where a drawn page carries the data it was drawn with (read by main.tsx). */
const STATE_ID = 'page-state'

/** Where the page carries its answers (read by src/client/first-paint/page-answers.ts). */
const ANSWERS_ID = 'page-answers'

/**
 * The web app's pages, read from its build. Null when the app is not built. Without a manifest
 * (an older build) every path gets the plain page.
 */
export function loadIndexHtml(clientDist: string): IndexPages | null {
  const root = resolve(clientDist)
  let html: string
  try {
    html = readFileSync(join(root, 'index.html'), 'utf8')
  } catch {
    return null
  }
  const readBuilt = <T>(file: string, fallback: T): T => {
    try {
      return JSON.parse(readFileSync(join(root, '.vite', file), 'utf8')) as T
    } catch {
      // Not built (an older build, or a client built without `npm run build`): the page works without it.
      return fallback
    }
  }
  const manifest = readBuilt<Manifest>('manifest.json', {})
  const prerendered = readBuilt<Record<string, PrerenderedPage>>('prerendered.json', {})
  const loaded = entryChunks(manifest)
  // Same origin, credentials 'same-origin': what the app's own fetch asks, so it takes this answer.
  const fetchLink = (url: string) => `<link rel="preload" href="${escapeHtml(url)}" as="fetch" crossorigin="anonymous">`
  const screens = PRELOADED_SCREENS.map(({ path, modules, data, drawnFor }) => {
    const chunks = new Set<string>()
    const skip = new Set(loaded)
    for (const module of modules) chunksOf(manifest, module, skip, chunks)
    return {
      path,
      match: matcherOf(path),
      files: [...chunks].map((file) => `/${file}`),
      data,
      drawnFor,
    }
  })
  // (Replacer functions: a `$` in an answer is text, not a pattern of String.replace.)
  const withLinks = (links: string[], page = html) => page.replace('</head>', () => `${links.join('\n')}\n</head>`)
  // A drawn page needs no sign-in check (the app knows the answer), and its theme before it shows.
  // It runs none of the app until the visitor does something: the entry and the screen's chunks are
  // only fetched ahead (`prefetch`: into the cache at low priority, neither parsed nor run).
  const entry = ENTRY_SCRIPT.exec(html)?.[1]
  const scriptless = html.replace(ENTRY_SCRIPT, '').replace(REGISTER_SW_SCRIPT, '')
  /** A page with its screen drawn in it, and after the root what else it carries. */
  const withDrawing = (files: string[], page: PrerenderedPage, visitor: Visitor, after = '') => {
    if (!entry) return ''
    const prefetch = [entry, ...files].map((file) => scriptLink('prefetch', file))
    const prerendered = visitor === 'signed-out' ? 'signed-out' : 'signed-in'
    return withLinks([BEFORE_APP_SCRIPT, ...prefetch], scriptless)
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root" data-prerendered="${prerendered}" data-app="${escapeHtml(entry)}">${page.html}</div>${after}`,
      )
  }
  const drawn = new Map(
    Object.entries(prerendered).map(([path, page]) => [
      path,
      withDrawing(screens.find((screen) => screen.path === path)?.files ?? [], page, 'signed-out'),
    ]),
  )
  const screenOf = (path: string) => {
    for (const screen of screens) {
      const params = screen.match(path)
      if (params) return { screen, params }
    }
    return null
  }
  // Every page checks who is signed in first.
  const callsFor = (path: string) => {
    const found = screenOf(path)
    return [apiPaths.me, ...(found?.screen.data?.(found.params) ?? [])]
  }
  return {
    callsFor,
    drawnFor: (path) => (entry && screenOf(path)?.screen.drawnFor) || null,
    drawnScreens: entry ? screens.filter((screen) => screen.drawnFor).map((screen) => screen.path) : [],
    drawnPage: (path, screen) =>
      withDrawing(
        screenOf(path)?.screen.files ?? [],
        screen,
        'maybe-signed-in',
        `\n    <script type="application/json" id="${STATE_ID}">${jsonInHtml(screen.state)}</script>`,
      ),
    page(path, visitor, answers = new Map()) {
      // (An empty drawing: a build whose page has no entry script to start later; the plain page works.)
      const page =
        visitor === 'signed-out'
          ? drawn.get(path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path)
          : undefined
      if (page) return page
      const calls = callsFor(path)
      const carried = calls.filter((url) => answers.has(url))
      const links = [
        ...(screenOf(path)?.screen.files ?? []).map((file) => scriptLink('modulepreload', file)),
        ...calls.filter((url) => !answers.has(url)).map(fetchLink),
      ]
      const withAnswers = carried.length
        ? html.replace(
            '<div id="root"></div>',
            () =>
              `<div id="root"></div>\n    <script type="application/json" id="${ANSWERS_ID}">${jsonInHtml(Object.fromEntries(carried.map((url) => [url, answers.get(url)])))}</script>`,
          )
        : html
      return withLinks(links, withAnswers)
    },
  }
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c')
