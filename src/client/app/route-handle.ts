import { createContext, useContext } from 'react'

/**
 * What a route tells the shell: its title, and whether the phone's tab bar stays hidden (the
 * gym screen wants the whole screen for its sets and the rest banner).
 */
export type RouteHandle = { title: string; noTabBar?: boolean }

/** The handles of the routes the current address matches, outermost first (set by `AppRoutes`). */
export const RouteHandles = createContext<readonly (RouteHandle | undefined)[]>([])

export const useRouteHandles = () => useContext(RouteHandles)

/** The browser tab's title for the matched routes: the deepest one's title that has one. */
export function documentTitle(handles: readonly (RouteHandle | undefined)[]): string {
  const title = [...handles]
    .reverse()
    .map((handle) => handle?.title)
    .find(Boolean)
  return title ? `${title} · Coachline` : 'Coachline'
}
