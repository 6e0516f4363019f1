import { hash, verify } from '@node-rs/argon2'
import { betterAuth } from 'better-auth'
import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { magicLink } from 'better-auth/plugins'
import { apiPaths } from '#shared/api-paths.ts'
import { paths } from '#shared/paths.ts'
import { accountDeletionText, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '#shared/schemas/auth.ts'
import type { Db } from '#server/db/client.ts'
import * as schema from '#server/db/schema/index.ts'
import { profiles } from '#server/db/schema/index.ts'
import type { PhotoStore } from '#server/features/photos/photos.service.ts'
import type { Mailer } from '#server/features/mail/mailer.ts'
import { confirmEmail, magicLinkEmail, resetPasswordEmail } from '#server/features/mail/templates.ts'
import { CLIENT_IP_HEADER, SIGN_IN_COOKIE_PREFIX } from '#server/lib/sign-in-settings.ts'
import type { Logger } from '#server/lib/logger.ts'

/** Sessions slide for 7 days of inactivity and end 30 days after sign-in whatever happens. */
const SIGN_IN_IDLE_SECONDS = 7 * 24 * 60 * 60
const MAGIC_LINK_SECONDS = 15 * 60
const RESET_LINK_SECONDS = 60 * 60
const CONFIRM_LINK_SECONDS = 60 * 60

// argon2id with OWASP's first recommended setting (19 MiB, 2 passes); better-auth's scrypt default is weaker.
const ARGON2 = { algorithm: 2, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const

export type AuthOptions = {
  db: Db
  baseURL: string
  secret: string
  trustedOrigins: string[]
  mailer: Mailer
  logger: Logger
  /** A sign-in session ended or a user changed (the sign-in cache must forget what it holds). */
  onSignInSessionsChanged: () => Promise<void>
  /** Where the user's progress photos are: deleted with the account. */
  photos: PhotoStore
}

/** Emailed links open the app's pages; only those pages' POSTs spend the token (mail scanners only GET). */
const emailLinks = {
  confirm: (origin: string, token: string) =>
    `${origin}${paths.auth.callback.getHref()}?type=signup&token=${encodeURIComponent(token)}`,
  magicLink: (origin: string, token: string) =>
    `${origin}${paths.auth.callback.getHref()}?type=magiclink&token=${encodeURIComponent(token)}`,
  reset: (origin: string, token: string) =>
    `${origin}${paths.auth.reset.getHref()}?type=recovery&token=${encodeURIComponent(token)}`,
}

export function createAuth({
  db,
  baseURL,
  secret,
  trustedOrigins,
  mailer,
  logger,
  onSignInSessionsChanged,
  photos,
}: AuthOptions) {
  // A mail failure must neither fail the request nor tell the caller whether the address exists.
  const send = async (message: Parameters<Mailer['send']>[0]) => {
    try {
      await mailer.send(message)
    } catch (err) {
      logger.error({ err, to: message.to, subject: message.subject }, 'mail could not be sent')
    }
  }

  return betterAuth({
    appName: 'Coachline',
    baseURL,
    basePath: apiPaths.auth.base,
    secret,
    trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password, ARGON2),
        verify: ({ hash: stored, password }) => verify(stored, password),
      },
      sendResetPassword: async ({ user, token }) => {
        await send(resetPasswordEmail(user.email, emailLinks.reset(baseURL, token)))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: CONFIRM_LINK_SECONDS,
      sendVerificationEmail: async ({ user, token }) => {
        await send(confirmEmail(user.email, emailLinks.confirm(baseURL, token)))
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_SECONDS,
        storeToken: 'hashed',
        sendMagicLink: async ({ email, token }) => {
          await send(magicLinkEmail(email, emailLinks.magicLink(baseURL, token)))
        },
      }),
    ],
    verification: {
      // Reset tokens are kept hashed; expired rows stay so that /auth/reset can say 'expired'.
      storeIdentifier: 'hashed',
      disableCleanup: true,
    },
    databaseHooks: {
      session: { delete: { after: onSignInSessionsChanged } },
      user: { update: { after: onSignInSessionsChanged }, delete: { after: onSignInSessionsChanged } },
    },
    user: {
      deleteUser: {
        enabled: true,
        // A client deletes their account, and with it everything of theirs (the database's
        // cascades) and their photos' files: removed first, so that no photo outlives the account
        // if the deletion stops half-way, and again after, for one added meanwhile.
        beforeDelete: async (user) => {
          const [profile] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, user.id))
          if (profile?.role === 'coach') throw new APIError('BAD_REQUEST', { message: accountDeletionText.coachesKeep })
          await photos.removeAll(user.id)
        },
        afterDelete: async (user) => {
          await photos.removeAll(user.id)
          logger.info({ userId: user.id }, 'account deleted')
        },
      },
    },
    session: {
      expiresIn: SIGN_IN_IDLE_SECONDS,
      updateAge: 24 * 60 * 60,
    },
    // Our own limiter runs in front of better-auth (features/auth/auth-gate.ts).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SIGN_IN_COOKIE_PREFIX,
      useSecureCookies: baseURL.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips its origin check when it detects a test run; ours stays on everywhere.
      disableOriginCheck: false,
    },
    telemetry: { enabled: false },
    // A failure that is not one of better-auth's own answers (the database went away, a bug)
    // reaches our error handler, which answers 503 or logs it, instead of an empty 500.
    onAPIError: { throw: true },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, `better-auth: ${message}`),
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
export type AuthSession = NonNullable<Awaited<ReturnType<Auth['api']['getSession']>>>
export type AuthUser = AuthSession['user']
