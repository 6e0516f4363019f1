import { getConnInfo } from '@hono/node-server/conninfo'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { API_ROOT, apiPaths, apiRoutes } from '#shared/api-paths.ts'
import type { ApiErrorBody } from '#shared/errors.ts'
import { dataExportApiText, RESTORE_MAX_BYTES } from '#shared/schemas/data-export.ts'
import { type Auth } from './auth.ts'
import { CLIENT_IP_HEADER } from '#server/lib/sign-in-settings.ts'
import type { AppEnv } from './context.ts'
import type { Db } from '#server/db/client.ts'
import { isLocalOnly, isLoopbackHost, publicUrl, type Env } from '#server/lib/env.ts'
import { dataExportRoutes } from '#server/features/data-export/data-export.routes.ts'
import { createApiDocsRoutes } from '#server/features/api-docs/api-docs.routes.ts'
import { apiTokensRoutes } from '#server/features/api-tokens/api-tokens.routes.ts'
import { notificationsRoutes } from '#server/features/notifications/notifications.routes.ts'
import { accountRoutes } from '#server/features/auth/account.routes.ts'
import { calendarRoutes } from '#server/features/calendar/calendar.routes.ts'
import { chatRoutes } from '#server/features/chat/chat.routes.ts'
import type { ChatHub } from '#server/features/chat/chat.hub.ts'
import type { PushConfig } from '#server/features/notifications/push-config.ts'
import { clientsRoutes } from '#server/features/clients/clients.routes.ts'
import { handleAuthRequest } from '#server/features/auth/auth-gate.ts'
import { healthRoutes } from '#server/features/health/health.routes.ts'
import type { Mailer } from '#server/features/mail/mailer.ts'
import { movementsRoutes } from '#server/features/movements/movements.routes.ts'
import { plansRoutes } from '#server/features/plans/plans.routes.ts'
import { createProgressionRoutes } from '#server/features/plans/progression.routes.ts'
import { bestE1rms } from '#server/features/sessions/review.service.ts'
import { outboxRoutes } from '#server/features/mail/outbox.routes.ts'
import { meRoutes, profileRoutes } from '#server/features/profiles/profiles.routes.ts'
import { bodyWeightsRoutes, progressRoutes } from '#server/features/progress/progress.routes.ts'
import { progressPhotosRoutes } from '#server/features/photos/photos.routes.ts'
import { habitsRoutes } from '#server/features/habits/habits.routes.ts'
import { gymsRoutes } from '#server/features/gyms/gyms.routes.ts'
import { checkInsRoutes } from '#server/features/check-ins/check-ins.routes.ts'
import type { PhotoStore } from '#server/features/photos/photos.service.ts'
import { MAX_PHOTO_BYTES, photosApiText } from '#shared/schemas/progress-photos.ts'
import { sessionsRoutes } from '#server/features/sessions/sessions.routes.ts'
import { testingRoutes } from '#server/features/testing/testing.routes.ts'
import { invitesRoutes } from '#server/features/invites/invites.routes.ts'
import { historyImportRoutes } from '#server/features/history-import/history-import.routes.ts'
import { historyImportApiText, MAX_IMPORT_BYTES } from '#shared/schemas/history-import.ts'
import { workoutsRoutes } from '#server/features/workouts/workouts.routes.ts'
import { AppError, codeForStatus } from '#server/lib/app-error.ts'
import {
  DATABASE_UNAVAILABLE,
  RETRY_AFTER_SECONDS,
  STATEMENT_TIMED_OUT,
  isDatabaseUnavailable,
  isInvalidTextError,
  isStatementTimeout,
  isTooManyParameters,
  isUniqueViolation,
} from '#server/lib/db-errors.ts'
import { servePages } from '#server/first-paint/page-routes.ts'
import type { Logger } from '#server/lib/logger.ts'
import type { SignInCache } from '#server/middleware/sign-in-cache.ts'
import { admission } from '#server/middleware/admission.ts'
import { loadSignInSession } from '#server/middleware/sign-in.ts'

export type AppDeps = {
  db: Db
  auth: Auth
  env: Env
  logger: Logger
  mailer: Mailer
  signInCache: SignInCache
  chat: ChatHub
  push: PushConfig
  photos: PhotoStore
  trustedOrigins: string[]
}

/** Largest request body the API accepts, but for the uploads below. */
export const MAX_BODY_BYTES = 1024 * 1024

/** Routes that take a file, with their own limit on the body (the file and a few form fields) and what a refusal says. */
const UPLOAD_BODY_LIMITS: Record<string, { maxSize: number; message: string }> = {
  [apiPaths.historyImport.run]: { maxSize: MAX_IMPORT_BYTES + 256 * 1024, message: historyImportApiText.tooLarge },
  [apiPaths.dataExport.restore]: { maxSize: RESTORE_MAX_BYTES, message: dataExportApiText.tooLarge },
  [apiPaths.progressPhotos.add]: { maxSize: MAX_PHOTO_BYTES + 64 * 1024, message: photosApiText.tooLarge },
}
/** The upload limit of a path (the route or one below it), if it takes a file. */
export const uploadLimitOf = (path: string) =>
  Object.entries(UPLOAD_BODY_LIMITS).find(([prefix]) => path === prefix || path.startsWith(`${prefix}/`))?.[1]

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Radix and sonner set inline styles at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // A coach's demo video plays in the player of its host, in its privacy-enhanced mode (demo-embed.ts).
  frameSrc: ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
}

export function createApp({ db, auth, env, logger, mailer, signInCache, chat, push, photos, trustedOrigins }: AppDeps) {
  const api = new Hono<AppEnv>()
    .use(requireTrustedOrigin(trustedOrigins))
    .route(apiRoutes.health.mount, healthRoutes)
    .route(apiRoutes.me.mount, meRoutes)
    .route(apiRoutes.profile.mount, profileRoutes)
    .route(apiRoutes.account.mount, accountRoutes)
    .route(apiRoutes.movements.mount, movementsRoutes)
    .route(apiRoutes.plans.mount, plansRoutes)
    .route(apiRoutes.progression.mount, createProgressionRoutes(bestE1rms))
    .route(apiRoutes.clients.mount, clientsRoutes)
    .route(apiRoutes.workouts.mount, workoutsRoutes)
    .route(apiRoutes.invites.mount, invitesRoutes)
    .route(apiRoutes.sessions.mount, sessionsRoutes)
    .route(apiRoutes.progress.mount, progressRoutes)
    .route(apiRoutes.bodyWeights.mount, bodyWeightsRoutes)
    .route(apiRoutes.progressPhotos.mount, progressPhotosRoutes)
    .route(apiRoutes.habits.mount, habitsRoutes)
    .route(apiRoutes.gyms.mount, gymsRoutes)
    .route(apiRoutes.checkIns.mount, checkInsRoutes)
    .route(apiRoutes.chat.mount, chatRoutes)
    .route(apiRoutes.calendar.mount, calendarRoutes)
    .route(apiRoutes.dataExport.mount, dataExportRoutes)
    .route(apiRoutes.historyImport.mount, historyImportRoutes)
    .route(apiRoutes.tokens.mount, apiTokensRoutes)
    .route(apiRoutes.notifications.mount, notificationsRoutes)
    .route(
      apiRoutes.apiDocs.mount,
      createApiDocsRoutes(() => app, publicUrl(env)),
    )

  // Outbox links sign people in, and the test API makes accounts: both exist only on a server
  // reachable from this machine alone, and answer only requests addressed to a loopback name
  // (a page on another site cannot reach them through DNS rebinding).
  if (mailer.kind === 'outbox' && isLocalOnly(env))
    api.use(`${apiRoutes.dev.mount}/*`, requireLoopbackHostHeader).route(apiRoutes.dev.mount, outboxRoutes)
  if (env.ENABLE_TEST_API && isLocalOnly(env))
    api.use(`${apiRoutes.testing.mount}/*`, requireLoopbackHostHeader).route(apiRoutes.testing.mount, testingRoutes)

  const app = new Hono<AppEnv>()

  app.use(requestId())
  app.use(async (c, next) => {
    c.set('db', db)
    c.set('auth', auth)
    c.set('env', env)
    c.set('logger', logger)
    c.set('mailer', mailer)
    c.set('signInCache', signInCache)
    c.set('chat', chat)
    c.set('push', push)
    c.set('photos', photos)
    const started = performance.now()
    await next()
    logger.info(
      {
        reqId: c.var.requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    )
  })
  app.use(
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      xFrameOptions: 'DENY',
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
    }),
  )
  const limitOf = (maxSize: number, message: string) =>
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', { message })
      },
    })
  const apiBodyLimit = limitOf(MAX_BODY_BYTES, `Request body must be at most ${MAX_BODY_BYTES} bytes`)
  const uploadBodyLimits = new Map(
    Object.values(UPLOAD_BODY_LIMITS).map((limit) => [limit, limitOf(limit.maxSize, limit.message)]),
  )
  app.use(`${API_ROOT}/*`, (c, next) => {
    const upload = uploadLimitOf(c.req.path)
    const limit = (upload && uploadBodyLimits.get(upload)) || apiBodyLimit
    return limit(c, next)
  })
  app.use(`${API_ROOT}/*`, async (c, next) => {
    c.header('Cache-Control', 'no-store')
    await next()
  })

  app.use(`${API_ROOT}/*`, admission(env.API_CONCURRENCY))
  app.use(`${API_ROOT}/*`, loadSignInSession)
  app.on(['GET', 'POST'], `${apiPaths.auth.prefix}*`, async (c) =>
    handleAuthRequest(c, await authRequest(c.req.raw, c, env.TRUST_PROXY)),
  )
  app.route(API_ROOT, api)

  servePages(app, { env, logger })

  app.notFound(() => {
    throw new AppError('NOT_FOUND')
  })

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.status >= 500) logger.error({ reqId: c.var.requestId, err, cause: err.cause }, err.message)
      if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds))
      return answerError(c, err.toBody(), err.status)
    }
    if (isTooManyParameters(err)) {
      logger.warn(
        { reqId: c.var.requestId, err },
        'a statement with too many parameters: a list that was not sent in chunks',
      )
      const body: ApiErrorBody = {
        code: 'BAD_REQUEST',
        message: 'The request holds more items than the server takes at once',
      }
      return c.json(body, 400)
    }
    if (isStatementTimeout(err)) {
      logger.warn(
        { reqId: c.var.requestId, err, path: c.req.path },
        'a statement ran past the time limit and was cancelled',
      )
      return answerError(c, { code: 'UNAVAILABLE', message: STATEMENT_TIMED_OUT }, 503)
    }
    if (isDatabaseUnavailable(err)) {
      logger.warn({ reqId: c.var.requestId, err }, 'database unavailable')
      return answerError(c, { code: 'UNAVAILABLE', message: DATABASE_UNAVAILABLE }, 503)
    }
    if (isInvalidTextError(err)) {
      const body: ApiErrorBody = { code: 'BAD_REQUEST', message: 'Text must not contain NUL characters' }
      return c.json(body, 400)
    }
    if (isUniqueViolation(err)) {
      const body: ApiErrorBody = { code: 'CONFLICT', message: 'This changed at the same moment elsewhere. Try again.' }
      return c.json(body, 409)
    }
    if (err instanceof HTTPException && err.status < 500) {
      const body: ApiErrorBody = { code: codeForStatus(err.status), message: err.message || 'Bad request' }
      return c.json(body, err.status)
    }
    logger.error({ reqId: c.var.requestId, err }, 'unhandled error')
    const body: ApiErrorBody = { code: 'INTERNAL', message: 'Something went wrong' }
    return c.json(body, 500)
  })

  return app
}

/** An error answer; every 503 says when to try again. */
function answerError(c: Context, body: ApiErrorBody, status: ContentfulStatusCode): Response {
  if (status === 503) c.header('Retry-After', String(RETRY_AFTER_SECONDS))
  return c.json(body, status)
}

const requireLoopbackHostHeader = createMiddleware<AppEnv>(async (c, next) => {
  // The request URL's host is the Host header the browser sent.
  if (!isLoopbackHost(new URL(c.req.url).hostname)) throw new AppError('NOT_FOUND')
  await next()
})

/**
 * Our own routes check the Origin of state-changing requests as better-auth does for its own:
 * a browser always sends it, and only the app's origins may change data with the user's cookie.
 */
function requireTrustedOrigin(trusted: string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin')
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && origin && !trusted.includes(origin)) {
      throw new AppError('FORBIDDEN', { message: 'Cross-origin request refused' })
    }
    await next()
  })
}

/**
 * better-auth keys its rate limits by a client-IP header. Our server is the edge: drop whatever
 * the client sent in that header and set it from the socket (docs/stack-notes.md#better-auth).
 */
async function authRequest(
  request: Request,
  c: Parameters<typeof getConnInfo>[0],
  trustProxy: boolean,
): Promise<Request> {
  const headers = new Headers(request.headers)
  headers.delete(CLIENT_IP_HEADER)
  // Behind a trusted proxy the client is the address the proxy appended last.
  const forwarded = trustProxy ? request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined
  try {
    const address = forwarded || getConnInfo(c).remote.address
    if (address) headers.set(CLIENT_IP_HEADER, address)
  } catch {
    // app.request() in tests has no socket.
  }
  const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer()
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal })
}
