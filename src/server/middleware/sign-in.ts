import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import { apiPaths } from '#shared/api-paths.ts'
import type { Role } from '#shared/paths.ts'
import type { Profile } from '#shared/schemas/profiles.ts'
import { eq } from 'drizzle-orm'
import type { AuthSession } from '#server/auth.ts'
import { SIGN_IN_ABSOLUTE_SECONDS, SIGN_IN_COOKIE } from '#server/lib/sign-in-settings.ts'
import { sessions } from '#server/db/schema/index.ts'
import type { AppEnv } from '#server/context.ts'
import { apiTokenText } from '#shared/schemas/api-tokens.ts'
import { countTokenCall, findTokenCaller, getProfile, tokenExists } from '#server/access/callers.ts'
import { documentAccess } from '#server/lib/api-doc.ts'
import { AppError } from '#server/lib/app-error.ts'

/**
 * Reads the caller: a personal API token (docs/api.md) when the request carries one, else the
 * sign-in session from its cookie. Requests without the cookie skip better-auth entirely:
 * its getSession costs two queries (docs/stack-notes.md#better-auth), and a signed-in request finds its answer in
 * the sign-in cache for a few seconds (decision 010). A sign-in session older than its absolute
 * lifetime (30 days) is ended here, however recently it was used.
 */
export const loadSignInSession = createMiddleware<AppEnv>(async (c, next) => {
  c.set('user', null)
  c.set('session', null)
  c.set('apiToken', null)
  const bearer = bearerTokenOf(c.req.header('authorization'))
  if (bearer !== null) {
    await loadTokenCaller(c, bearer)
    return next()
  }
  const found = await lookupSignInSession(c.var, c.req.raw.headers, (renewed) =>
    c.header('set-cookie', renewed, { append: true }),
  )
  if (found) {
    c.set('user', found.user)
    c.set('session', found.session)
  }
  await next()
})

/** The valid sign-in session of these request headers, or null; also for a long-lived stream re-checking its caller. */
async function lookupSignInSession(
  { auth, db, signInCache: cache }: Pick<AppEnv['Variables'], 'auth' | 'db' | 'signInCache'>,
  requestHeaders: Headers,
  setCookie: (cookie: string) => void = () => {},
): Promise<AuthSession | null> {
  const cookie = requestHeaders.get('cookie')
  if (!cookie?.includes(SIGN_IN_COOKIE)) return null
  let result = cache.get(cookie)
  if (!result) {
    const found = await cache.shared(cookie, async () => {
      const store = cache.begin(cookie)
      const { headers, response } = await auth.api.getSession({ headers: requestHeaders, returnHeaders: true })
      if (response && !isPastAbsoluteLifetime(response.session.createdAt)) store(response)
      return { response, renewed: headers.getSetCookie() }
    })
    // better-auth extends a sign-in session once a day; the browser gets the renewed cookie.
    for (const renewed of found.renewed) setCookie(renewed)
    result = found.response ?? undefined
  }
  if (result && isPastAbsoluteLifetime(result.session.createdAt)) {
    cache.evict(cookie)
    await db.delete(sessions).where(eq(sessions.id, result.session.id))
    return null
  }
  return result ?? null
}

/** The value of an `Authorization: Bearer <value>` header ('' when empty), or null for none or another scheme. */
function bearerTokenOf(header: string | undefined): string | null {
  const value = header?.trim() ?? ''
  const space = value.indexOf(' ')
  const scheme = space === -1 ? value : value.slice(0, space)
  if (scheme.toLowerCase() !== 'bearer') return null
  return space === -1 ? '' : value.slice(space + 1).trim()
}

/**
 * A token stands for its user on every route a signed-in user may call, with the same
 * authorization; a cookie sent beside it is ignored, so the call is the token's alone. A `read`
 * token makes GET requests only, better-auth's sign-in endpoints take no token, and each token
 * has its own rate limit.
 */
async function loadTokenCaller(c: Context<AppEnv>, secret: string): Promise<void> {
  const { db, env } = c.var
  const caller = await findTokenCaller(db, secret)
  if (!caller) throw new AppError('UNAUTHENTICATED', { message: apiTokenText.unknownToken })
  await countTokenCall(db, caller.token.id, env.RATE_LIMIT_API_TOKEN_PER_MINUTE)
  if (c.req.path.startsWith(apiPaths.auth.prefix))
    throw new AppError('FORBIDDEN', { message: apiTokenText.notForSignIn })
  if (caller.token.scope === 'read' && c.req.method !== 'GET' && c.req.method !== 'HEAD')
    throw new AppError('FORBIDDEN', { message: apiTokenText.readOnly })
  c.set('user', caller.user)
  c.set('apiToken', caller.token)
}

/** Whether the caller of a long-lived stream may still listen: their token still exists, or their sign-in session is still valid. */
export function stillSignedIn(
  { auth, db, signInCache, apiToken }: Pick<AppEnv['Variables'], 'auth' | 'db' | 'signInCache' | 'apiToken'>,
  requestHeaders: Headers,
): () => Promise<boolean> {
  if (apiToken) return () => tokenExists(db, apiToken.id)
  return async () => (await lookupSignInSession({ auth, db, signInCache }, requestHeaders)) !== null
}

function isPastAbsoluteLifetime(createdAt: Date, now = Date.now()): boolean {
  return now - createdAt.getTime() > SIGN_IN_ABSOLUTE_SECONDS * 1000
}

type SignedInEnv = AppEnv & {
  Variables: AppEnv['Variables'] & { user: NonNullable<AppEnv['Variables']['user']> }
}
type ProfiledEnv = SignedInEnv & { Variables: SignedInEnv['Variables'] & { profile: Profile } }

export const requireUser = documentAccess(
  createMiddleware<SignedInEnv>(async (c, next) => {
    if (!c.var.user) throw new AppError('UNAUTHENTICATED')
    await next()
  }),
  { user: true },
)

/**
 * Signed in with a sign-in session, not an API token (docs/api.md#what-only-a-sign-in-session-may-do):
 * a token that leaks must not mint a credential that outlives it (another token, a calendar feed
 * address) nor change the account's role or coach. Before requireProfile where both apply, so a
 * token always hears this refusal.
 */
export const requireSignInSession = documentAccess(
  createMiddleware<SignedInEnv>(async (c, next) => {
    if (!c.var.user) throw new AppError('UNAUTHENTICATED')
    if (c.var.apiToken) throw new AppError('FORBIDDEN', { message: apiTokenText.sessionOnly })
    await next()
  }),
  { session: true },
)

/** The signed-in user's profile (null before they make one), from the sign-in cache when it has it. */
export async function profileOfUser(
  { db, signInCache: cache }: Pick<AppEnv['Variables'], 'db' | 'signInCache'>,
  userId: string,
): Promise<Profile | null> {
  const cached = cache.profile(userId)
  if (cached) return cached
  const keep = cache.beginProfile(userId)
  const profile = await getProfile(db, userId)
  if (profile) keep(profile)
  return profile
}

/**
 * For the routes that change the user's own profile: once a call other than a read is done, this
 * process forgets the profile it kept, so the user's next call reads the change (other
 * processes hear of it from the database).
 */
export const forgetChangedProfile = createMiddleware<AppEnv>(async (c, next) => {
  try {
    await next()
  } finally {
    if (c.req.method !== 'GET' && c.var.user) c.var.signInCache.forgetProfile(c.var.user.id)
  }
})

/** Signed in with a profile, and, when given, the profile has this role. */
export function requireProfile(role?: Role) {
  const middleware = createMiddleware<ProfiledEnv>(async (c, next) => {
    const user = c.var.user
    if (!user) throw new AppError('UNAUTHENTICATED')
    const profile = await profileOfUser(c.var, user.id)
    if (!profile) throw new AppError('FORBIDDEN', { message: 'Create your profile first' })
    if (role && profile.role !== role) throw new AppError('FORBIDDEN', { message: `Only a ${role} may do this` })
    c.set('profile', profile)
    await next()
  })
  return documentAccess(middleware, role ? { profile: true, role } : { profile: true })
}
