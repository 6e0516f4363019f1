import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Db } from './db/client.ts'
import * as schema from './db/schema/index.ts'

export const SESSION_COOKIE_PREFIX = 'coachline'
/** The session cookie's name; with HTTPS better-auth prefixes it with __Secure-. */
export const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`
/** The header our server sets from the socket's address; better-auth keys rate limits by it. */
export const CLIENT_IP_HEADER = 'x-client-ip'

export type AuthOptions = {
  db: Db
  baseURL: string
  secret: string
  trustedOrigins: string[]
  rateLimit: boolean
}

export function createAuth({ db, baseURL, secret, trustedOrigins, rateLimit }: AuthOptions) {
  return betterAuth({
    appName: 'Coachline',
    baseURL,
    basePath: '/api/auth',
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: { enabled: rateLimit, storage: 'memory' },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: baseURL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
  })
}

export type Auth = ReturnType<typeof createAuth>
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
export type AuthUser = AuthSession['user']
