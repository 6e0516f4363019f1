/*
 * The sign-in session's cookie and lifetime, and the header that carries a caller's address: set
 * up in auth.ts (better-auth), and read by the middleware and the features below it.
 */

export const SIGN_IN_COOKIE_PREFIX = 'coachline'
/** The sign-in session cookie's name; with HTTPS better-auth prefixes it with __Secure-. */
export const SIGN_IN_COOKIE = `${SIGN_IN_COOKIE_PREFIX}.session_token`

/** Whether a request carries a sign-in session cookie, valid or not (its cookies by name). */
export const hasSignInCookie = (cookies: Record<string, string>) =>
  SIGN_IN_COOKIE in cookies || `__Secure-${SIGN_IN_COOKIE}` in cookies

/** The header our server sets from the socket's address; better-auth records it on sign-in sessions. */
export const CLIENT_IP_HEADER = 'x-client-ip'

/** A sign-in session ends 30 days after sign-in whatever happens (the sign-in middleware checks it); auth.ts also ends one after 7 idle days. */
export const SIGN_IN_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60
