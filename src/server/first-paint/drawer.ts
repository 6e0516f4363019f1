import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Role } from '#shared/paths.ts'
import type { DrawnScreen } from './pages.ts'

/**
 * The app's own screens, built for Node (src/client/prerender.tsx, built by `npm run build` beside
 * the client), with which the server draws a signed-in visitor's first screen
 * (docs/first-paint.md#drawn-pages).
 */
type Drawer = {
  loadScreens(paths: readonly string[]): Promise<unknown>
  drawSignedInScreen(
    path: string,
    area: Role,
    request: { cookie: string; acceptLanguage: string | undefined },
    ask: (url: string) => Promise<unknown>,
    signal?: AbortSignal,
  ): Promise<DrawnScreen | null>
}

/**
 * The drawer of the build in `clientDist`, with the code of the `screens` it draws, loaded on first use; null when that build has none (a
 * client built without `npm run build`, or the development server), and every page is then the
 * browser's to draw.
 */
export function loadDrawer(
  clientDist: string,
  nodeEnv: string,
  screens: readonly string[],
  onError: (err: unknown) => void,
): () => Promise<Drawer | null> {
  const file = resolve(clientDist, '..', 'prerender', 'prerender.js')
  let loading: Promise<Drawer | null> | undefined
  return () =>
    (loading ??= (async () => {
      if (!existsSync(file)) return null
      // React picks its build by NODE_ENV when first loaded: the production one draws what the
      // browser's production build takes over, several times faster than the development one.
      process.env.NODE_ENV ??= nodeEnv
      const drawer = (await import(pathToFileURL(file).href)) as Drawer
      // The screens' code too: a first drawing that loaded it would take longer than a page waits.
      await drawer.loadScreens(screens)
      return drawer
    })().catch((err: unknown) => {
      // A build whose drawer does not load: every page is the browser's to draw, and the log says why.
      onError(err)
      return null
    }))
}
