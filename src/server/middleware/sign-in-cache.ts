import { LRUCache } from 'lru-cache'
import type { Profile } from '#shared/schemas/profiles.ts'
import type { AuthSession } from '#server/auth.ts'
import type { Db } from '#server/db/client.ts'
import { notify, type Notifications } from '#server/db/notifications.ts'

/** How long a looked-up sign-in session is trusted without asking the database again. */
const SIGN_IN_CACHE_MS = 30_000
const MAX_ENTRIES = 20_000
const SIGN_IN_SESSIONS_CHANGED_CHANNEL = 'coachline_sessions_changed'
/** Carries the ids of changed profiles, or '' for all of them (a trigger on the profiles table sends it). */
const PROFILES_CHANGED_CHANNEL = 'coachline_profiles_changed'

export type SignInCache = {
  /** The sign-in session this cookie header had at most SIGN_IN_CACHE_MS ago, unless one was revoked since. */
  get: (key: string) => AuthSession | undefined
  /** Call before the lookup; the function it gives keeps the answer only if nothing was revoked meanwhile. */
  begin: (key: string) => (value: AuthSession) => void
  evict: (key: string) => void
  /**
   * Runs `load` once per key at a time: a request that arrives while a lookup of its cookie runs
   * shares that lookup (a screen opening fires several calls at once, each missing the cache).
   * An invalidation detaches running lookups, so a request made after it always looks again.
   */
  shared: <T>(key: string, load: () => Promise<T>) => Promise<T>
  /** A sign-in session ended or a user changed in this process: every process forgets what it holds. */
  invalidate: () => Promise<void>
  /** The profile of this user as read at most SIGN_IN_CACHE_MS ago, unless it changed since. */
  profile: (userId: string) => Profile | undefined
  /** Call before reading a profile; the function it gives keeps it only if no profile changed meanwhile. */
  beginProfile: (userId: string) => (value: Profile) => void
  /** This process changed the user's profile: forgotten here at once (the database's trigger tells the others). */
  forgetProfile: (userId: string) => void
}

/**
 * Remembers better-auth's answer to getSession per cookie header for a few seconds, so that logging a set
 * costs one query instead of three (decision 010). Revocation stays immediate: better-auth's
 * delete and update hooks call `invalidate`, which clears this process's cache and, through
 * LISTEN/NOTIFY, every other server's; a lost listening connection clears it too. A trigger on
 * the sessions table sends the same notification whenever a row is deleted by any other path
 * (the absolute lifetime, an operator, a cleanup), so no server trusts a sign-in session that is gone.
 *
 * It keeps the signed-in users' profiles the same way, so that a call checks its user's role
 * without a query: a trigger on the profiles table names the changed ones to every server, and the
 * routes that change a profile forget it in their own process at once (so the next call reads the
 * change, before the notification arrives).
 *
 * Both are lru-cache's caches, bounded in entries and in age; `now` is their clock (tests move it).
 */
export async function createSignInCache(
  db: Db,
  notifications: Notifications,
  { now = Date.now }: { now?: () => number } = {},
): Promise<SignInCache> {
  // ttlResolution 0: read the clock on every call rather than once a millisecond.
  const bounds = { max: MAX_ENTRIES, ttl: SIGN_IN_CACHE_MS, ttlResolution: 0, perf: { now } }
  const entries = new LRUCache<string, AuthSession>(bounds)
  const running = new Map<string, Promise<unknown>>()
  const profiles = new LRUCache<string, Profile>(bounds)
  let generation = 0
  let profileGeneration = 0
  const forgetProfiles = (ids: string) => {
    profileGeneration += 1
    if (ids === '') profiles.clear()
    else for (const id of ids.split(',')) profiles.delete(id)
  }
  const clear = () => {
    generation += 1
    entries.clear()
    running.clear()
    forgetProfiles('')
  }
  // Listens as long as the process lives (the database's close ends the connection).
  await notifications.listen(SIGN_IN_SESSIONS_CHANGED_CHANNEL, { onMessage: clear, onGap: clear })
  await notifications.listen(PROFILES_CHANGED_CHANNEL, { onMessage: forgetProfiles, onGap: clear })

  return {
    // lru-cache lets an entry go only once its time to live is past, and a sign-in session is
    // over at its very end: checked here too.
    get: (key) => {
      const found = entries.get(key)
      if (found && found.session.expiresAt.getTime() <= now()) {
        entries.delete(key)
        return undefined
      }
      return found
    },
    begin: (key) => {
      const started = generation
      return (value) => {
        if (generation !== started) return
        // Never past the sign-in session's own end.
        const left = value.session.expiresAt.getTime() - now()
        if (left > 0) entries.set(key, value, { ttl: Math.min(SIGN_IN_CACHE_MS, left) })
      }
    },
    evict: (key) => {
      entries.delete(key)
    },
    shared: <T>(key: string, load: () => Promise<T>) => {
      const existing = running.get(key)
      if (existing) return existing as Promise<T>
      const lookup = load().finally(() => {
        if (running.get(key) === lookup) running.delete(key)
      })
      running.set(key, lookup)
      return lookup
    },
    invalidate: async () => {
      clear()
      await notify(db, SIGN_IN_SESSIONS_CHANGED_CHANNEL, '')
    },
    profile: (userId) => profiles.get(userId),
    beginProfile: (userId) => {
      const started = profileGeneration
      return (value) => {
        if (profileGeneration !== started) return
        profiles.set(userId, value)
      }
    },
    forgetProfile: forgetProfiles,
  }
}
