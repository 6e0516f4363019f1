/** What a route tells the shell: its title. */
export type RouteHandle = { title: string }
