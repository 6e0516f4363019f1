import type { ReactNode } from 'react'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router'
import { paths } from '#shared/paths.ts'
import { App } from '#client/app/provider.tsx'
import { documentTitle } from '#client/app/route-handle.ts'
import { routeHandles } from '#client/app/router.tsx'
import { createQueryClient } from '#client/lib/query-client.ts'
import { markSignedOut } from '#client/features/auth/api/auth-queries.ts'

/*
 * The public pages as a visitor who is not signed in first sees them, rendered to HTML when the
 * app is built (scripts/prerender-pages.mjs). The server sends this HTML inside the page to such
 * visitors, so the page shows before any script has loaded; main.tsx then hydrates it
 * (docs/performance.md#pages-that-show-before-the-script).
 */

/** The pages rendered ahead: the same for every visitor who is not signed in. */
export const PRERENDERED_PATHS = [paths.root.path, paths.welcome.path, paths.auth.login.path]

export type PrerenderedPage = { title: string; html: string }

export async function prerenderPage(path: string): Promise<PrerenderedPage> {
  const client = createQueryClient()
  markSignedOut(client)
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>
  const { prelude } = await prerender(<App client={client} Router={Router} />)
  return { title: documentTitle(routeHandles(path)), html: await new Response(prelude).text() }
}
