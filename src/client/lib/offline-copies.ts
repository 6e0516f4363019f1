/**
 * The device's copies of what the gym's screens read, for when there is no signal
 * (docs/product.md#offline-logging): the last answer to each of these GETs, kept in one cache that
 * the service worker answers from when the network fails. The worker keeps what passes through
 * it; the app keeps what the worker never saw: the answers the page carried, and those of a page
 * the worker does not control yet (the first visit, before it installed). Nothing is kept for a
 * signed-out visitor, and a sign-out deletes every copy.
 *
 * No imports: vite.config.ts gives the worker's route the same pattern.
 */

/** The cache both keep their copies in. */
export const OFFLINE_CACHE = 'coachline-api'

/**
 * The kept GETs, as a path or a whole address (origin, path; the query is part of the copy's
 * address, not of this list): who is signed in; the plans (home, the calendar, previews), the
 * sessions list, last time's numbers, the coach's card and the workouts; the habits and the check-ins due; the chat's conversations
 * and pages. One literal for the app and the worker's route, so the lint step's ReDoS rules check it.
 */
export const keptAddress =
  /^(?:https?:\/\/[^/?#]+)?\/api\/(?:me|profile|profile\/coach|plans|plans\/(?:workouts\/)?[0-9a-f-]{36}|sessions|sessions\/movement-stats|workouts(?:\/[0-9a-f-]{36})?|habits|check-ins\/open|chat\/conversations|chat\/[^/?#]+\/messages)(?:\?.*)?$/

/** Whether the device keeps the answer to a GET of this path and query, and this answer. */
export function isKept(path: string, answer: unknown): boolean {
  if (!keptAddress.test(path)) return false
  // Who-am-I answered 'nobody': a signed-out visitor, for whom nothing is kept.
  if (/^\/api\/me(?:\?|$)/.test(path)) return Boolean((answer as { user?: unknown } | null)?.user)
  return true
}

/** The browser's Cache Storage, where there is one (this module also runs in Node: the build, unit tests). */
type Caches = {
  open(name: string): Promise<{ put(path: string, response: Response): Promise<void> }>
  delete(name: string): Promise<boolean>
}
const browserCaches = () => (globalThis as { caches?: Caches }).caches

/** Bumped by a sign-out: an answer asked for before it belongs to the user who left. */
let generation = 0
/** The writes and deletes, in order: a delete comes after every write asked before it. */
let work: Promise<unknown> = Promise.resolve()

/**
 * For a GET about to be asked: keeps its answer as the worker would, unless a sign-out comes
 * between the asking and the answer. Call it before asking, so a late answer is known for one.
 */
export function copyKeeper(path: string): (answer: unknown) => void {
  const asked = generation
  return (answer) => {
    const caches = browserCaches()
    if (!caches || !isKept(path, answer)) return
    const body = JSON.stringify(answer)
    work = work
      .then(async () => {
        if (asked !== generation) return
        const cache = await caches.open(OFFLINE_CACHE)
        // The date lets the worker tell the copy's age (it keeps copies two weeks).
        await cache.put(
          path,
          new Response(body, { headers: { 'content-type': 'application/json', date: new Date().toUTCString() } }),
        )
      })
      .catch(() => undefined)
  }
}

/** Whether the service worker sees the app's calls now (it keeps their answers itself). */
export function workerSeesCalls(): boolean {
  return Boolean(
    (globalThis as { navigator?: { serviceWorker?: { controller?: unknown } } }).navigator?.serviceWorker?.controller,
  )
}

/** A sign-out: every copy goes, and no answer asked for before it is kept afterwards. */
export function forgetOfflineCopies(): Promise<void> {
  generation += 1
  const forgotten = work.then(() => browserCaches()?.delete(OFFLINE_CACHE)).catch(() => false)
  work = forgotten
  return forgotten.then(() => undefined)
}
