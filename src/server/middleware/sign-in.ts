import { createMiddleware } from 'hono/factory'
import type { Role } from '#shared/paths.ts'
import type { Profile } from '#shared/schemas/profiles.ts'
import { eq } from 'drizzle-orm'
import { SESSION_ABSOLUTE_SECONDS, SESSION_COOKIE, type AuthSession } from '#server/auth.ts'
import { sessions } from '#server/db/schema/index.ts'
import type { AppEnv } from '#server/context.ts'
import { getProfile } from '#server/features/profiles/profiles.service.ts'
import { AppError } from '#server/lib/app-error.ts'

/**
 * Reads the session from its cookie. Requests without the cookie skip better-auth entirely:
 * its getSession costs two queries (docs/stack-notes.md#better-auth), and a signed-in request finds its answer in
 * the session cache for a few seconds (decision 010). A session older than its absolute
 * lifetime (30 days) is ended here, however recently it was used.
 */
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null)
  c.set('session', null)
  const found = await lookupSession(c.var, c.req.raw.headers, (renewed) => c.header('set-cookie', renewed, { append: true }))
  if (found) {
    c.set('user', found.user)
    c.set('session', found.session)
  }
  await next()
})

/** The valid session of these request headers, or null; also for a long-lived stream re-checking its caller. */
export async function lookupSession(
  { auth, db, sessionCache: cache }: Pick<AppEnv['Variables'], 'auth' | 'db' | 'sessionCache'>,
  requestHeaders: Headers,
  setCookie: (cookie: string) => void = () => {},
): Promise<AuthSession | null> {
  const cookie = requestHeaders.get('cookie')
  if (!cookie?.includes(SESSION_COOKIE)) return null
  let result = cache.get(cookie)
  if (!result) {
    const store = cache.begin(cookie)
    const { headers, response } = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true })
    // better-auth extends a session once a day; the browser gets the renewed cookie.
    for (const renewed of headers.getSetCookie()) setCookie(renewed)
    if (response && !isPastAbsoluteLifetime(response.session.createdAt)) store(response)
    result = response ?? undefined
  }
  if (result && isPastAbsoluteLifetime(result.session.createdAt)) {
    cache.evict(cookie)
    await db.delete(sessions).where(eq(sessions.id, result.session.id))
    return null
  }
  return result ?? null
}

function isPastAbsoluteLifetime(createdAt: Date, now = Date.now()): boolean {
  return now - createdAt.getTime() > SESSION_ABSOLUTE_SECONDS * 1000
}

type SignedInEnv = AppEnv & {
  Variables: AppEnv['Variables'] & { user: NonNullable<AppEnv['Variables']['user']> }
}
type ProfiledEnv = SignedInEnv & { Variables: SignedInEnv['Variables'] & { profile: Profile } }

export const requireUser = createMiddleware<SignedInEnv>(async (c, next) => {
  if (!c.var.user) throw new AppError('UNAUTHENTICATED')
  await next()
})

/** Signed in with a profile, and, when given, the profile has this role. */
export function requireProfile(role?: Role) {
  return createMiddleware<ProfiledEnv>(async (c, next) => {
    const user = c.var.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    const profile = await getProfile(c.var.db, user.id)
    if (!profile) throw new AppError('FORBIDDEN', { message: 'Create your profile first' })
    if (role && profile.role !== role) throw new AppError('FORBIDDEN', { message: `Only a ${role} may do this` })
    c.set('profile', profile)
    await next()
  })
}
