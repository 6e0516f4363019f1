/**
 * What a route tells the shell: its title, and whether the phone's tab bar stays hidden (the
 * gym screen wants the whole screen for its sets and the rest banner).
 */
export type RouteHandle = { title: string; noTabBar?: boolean }

/** The browser tab's title for a route's title. */
export const documentTitle = (title: string | undefined) => (title ? `${title} · Coachline` : 'Coachline')
