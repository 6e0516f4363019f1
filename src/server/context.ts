import type { ApiTokenScope } from '#shared/schemas/api-tokens.ts'
import type { Auth, AuthSession, AuthUser } from './auth.ts'
import type { Db } from '#server/db/client.ts'
import type { Env } from '#server/lib/env.ts'
import type { Mailer } from '#server/features/mail/mailer.ts'
import type { ChatHub } from '#server/features/chat/chat.hub.ts'
import type { PushConfig } from '#server/features/notifications/push-config.ts'
import type { PhotoStore } from '#server/features/photos/photos.service.ts'
import type { Logger } from '#server/lib/logger.ts'
import type { SignInCache } from '#server/middleware/sign-in-cache.ts'

/** What every request handler can read from `c.var`. */
export type AppVariables = {
  db: Db
  auth: Auth
  env: Env
  logger: Logger
  mailer: Mailer
  requestId: string
  signInCache: SignInCache
  chat: ChatHub
  /** How the server sends Web Push (its VAPID identity). */
  push: PushConfig
  /** Where progress photos' images are kept (the data folder, or S3-compatible storage). */
  photos: PhotoStore
  user: AuthUser | null
  session: AuthSession['session'] | null
  /** Set when the caller authenticated with a personal API token instead of a sign-in session. */
  apiToken: { id: string; scope: ApiTokenScope } | null
}

export type AppEnv = { Variables: AppVariables }
