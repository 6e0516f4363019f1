import { hydrate, type QueryClient } from '@tanstack/react-query'
import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from '#client/app/provider.tsx'
import { preloadScreens } from '#client/app/router.tsx'
import { markSignedOut } from '#client/features/auth/api/auth-queries.ts'
import { afterFirstPaint } from '#client/first-paint/after-first-paint.ts'
import { carryPageAnswers } from '#client/first-paint/page-answers.ts'
import { holdInstallPrompt } from '#client/features/install/install-prompt.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { applyTheme } from '#client/lib/theme.ts'
import './styles.css'

applyTheme()
// The browser's install prompt waits for the app's offer after a workout.
holdInstallPrompt()
// The locale data every date on the screens needs, loaded off the main thread (see the worker).
try {
  new Worker(new URL('./lib/intl-warmup.worker.ts', import.meta.url), { type: 'module', name: 'intl-warmup' })
} catch {
  // A browser without module workers formats its first date a little later, nothing more.
}

const root = document.getElementById('root')
if (!root) throw new Error('#root is missing from index.html')
// The answers to the first API calls, when the server put them into the page.
const answers = document.getElementById('page-answers')
if (answers) {
  carryPageAnswers(answers.textContent)
  answers.remove()
}

// Web Vitals for /debug/perf-sessions, measured without weighing on the first screen (a chunk
// that cannot load, after a deploy or with no signal, leaves them unmeasured).
void afterFirstPaint()
  .then(() => import('#client/lib/web-vitals.ts'))
  .then((m) => m.startWebVitals())
  .catch(() => {})

const client = createQueryClient()
const app = <App client={client} Router={BrowserRouter} />
// The first render is a transition: React draws it in slices, not in one long task.
const draw = () => startTransition(() => createRoot(root).render(app))
const drawn = root.dataset.prerendered
if (drawn !== 'signed-out' && drawn !== 'signed-in') draw()
else {
  // The server sent this page already drawn (docs/first-paint.md#taking-the-page-over):
  // a public page for a browser with no session, or a signed-in screen with the data it was drawn with.
  if (drawn === 'signed-out') markSignedOut(client)
  else takeDrawnState(client)
  if (!openedWithState()) {
    // React takes over the HTML it finds, once the screen's code is in, so it takes the whole page
    // over at once.
    void preloadScreens(location.pathname)
      .catch(() => {})
      .then(() => hydrateRoot(root, app, { onRecoverableError }))
  } else {
    // A reload of a page opened with state (the sign-up tab, an invite's email): the server drew
    // it without, so the browser draws it afresh.
    root.replaceChildren()
    draw()
  }
}

/**
 * React found the drawing unlike its first render (a minute turned between the two) and drew that
 * part afresh: correct, so not an error of the page's, which public/prerendered.js would take for
 * an app that failed to start.
 */
function onRecoverableError(error: unknown): void {
  console.warn('The page was drawn afresh as the app took it over:', error)
}

/** The page was opened with router state (the sign-up tab, an invite's email), which the server never sees. */
function openedWithState(): boolean {
  return Boolean((history.state as { usr?: unknown } | null)?.usr)
}

/**
 * The data a signed-in screen was drawn with, into the app's cache, so that its first render draws
 * the same. It is as old as the page, and without what only this device holds (sets logged with no
 * signal): the screens ask for their data again as the app takes over.
 */
function takeDrawnState(into: QueryClient): void {
  const state = document.getElementById('page-state')
  try {
    hydrate(into, JSON.parse(state?.textContent ?? 'null'))
    void into.invalidateQueries(undefined, { cancelRefetch: false })
  } catch {
    // A page cut short: the screen asks for its data, and React draws it afresh where it differs.
  }
  state?.remove()
}
