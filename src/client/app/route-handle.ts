/**
 * What a route tells the shell: its title, and whether the phone's tab bar stays hidden (the
 * gym screen wants the whole screen for its sets and the rest banner).
 */
export type RouteHandle = { title: string; noTabBar?: boolean }

/** The browser tab's title for the matched routes: the deepest one's title that has one. */
export function documentTitle(matches: readonly { handle?: unknown }[]): string {
  const title = [...matches]
    .reverse()
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .find(Boolean)
  return title ? `${title} · Coachline` : 'Coachline'
}
