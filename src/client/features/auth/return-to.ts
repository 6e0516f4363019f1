import { homeHrefFor, type Role } from '#shared/paths.ts'

const KEY = 'coachline-return-to'
const MAX_AGE_MS = 24 * 60 * 60 * 1000

/**
 * An invite opened while signed out survives signing in, creating an account and confirming it
 * (even in another tab): the invite page leaves its address here, and signing in comes back to it.
 */
export function rememberReturnTo(path: string): void {
  localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }))
}

export function forgetReturnTo(): void {
  localStorage.removeItem(KEY)
}

/** Where a signed-in user lands: the invite they were opening (only ever an /invite/ page), or their home. */
export function landingHref(role: Role): string {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null')
    if (saved && typeof saved === 'object' && 'path' in saved && 'at' in saved) {
      const { path, at } = saved as { path: unknown; at: unknown }
      if (
        typeof path === 'string' &&
        /^\/invite\/[\w-]+$/.test(path) &&
        typeof at === 'number' &&
        Date.now() - at < MAX_AGE_MS
      )
        return path
    }
  } catch {
    // A broken entry is no entry.
  }
  return homeHrefFor(role)
}
