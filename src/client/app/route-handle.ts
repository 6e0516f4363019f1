/** What a route tells the shell: its title, and for screens still to be built, what they will do. */
export type RouteHandle = { title: string; placeholder?: string }
