import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { createApp } from './app.ts'
import { createAuth } from './auth.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { openEmbeddedDatabase } from '#server/db/embedded-database.ts'
import { prepareDatabase } from './prepare-database.ts'
import { checkMailSetup, isLoopbackHost, publicUrl, type Env } from '#server/lib/env.ts'
import { scheduleMessageDigests } from '#server/features/chat/chat.digest.ts'
import { scheduleNotifications } from '#server/features/notifications/push-worker.ts'
import { scheduleReminders } from '#server/features/notifications/reminders.ts'
import { loadPushConfig, type UnreadCount } from '#server/features/notifications/push-config.ts'
import { unreadMessageCount } from '#server/features/chat/chat.service.ts'
import { clientsWhoMissedTwo, trainedDueWorkouts } from '#server/features/clients/clients.service.ts'
import { checkInsDueOn } from '#server/features/check-ins/check-ins.service.ts'
import { unreadComments } from '#server/features/sessions/comments.service.ts'
import { createChatHub } from '#server/features/chat/chat.hub.ts'
import { createPhotoStore } from '#server/features/photos/photos.service.ts'
import { createMailer } from '#server/features/mail/mailer.ts'
import { createLogger, type Logger } from '#server/lib/logger.ts'
import { createSignInCache } from '#server/middleware/sign-in-cache.ts'
import { getOrCreateSecret } from '#server/lib/secrets.ts'

/**
 * Opens the database (the embedded PostgreSQL server of DATA_DIR, or DATABASE_URL's), applies the
 * migrations and seeds the built-ins.
 */
export async function openAppDatabase(
  env: Env,
  logger: Logger,
  options: { poolSize?: number } = {},
): Promise<Database> {
  const pool = {
    poolSize: options.poolSize ?? env.DATABASE_POOL_SIZE,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  }
  const database = env.DATABASE_URL
    ? await openDatabase({ ...pool, url: env.DATABASE_URL })
    : await openEmbeddedDatabase({
        ...pool,
        dataDir: env.DATA_DIR,
        migrationsFolder: env.MIGRATIONS_DIR,
        log: embeddedServerLog(logger),
      })
  try {
    await prepareDatabase(database, resolve(env.MIGRATIONS_DIR))
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

/** The embedded server's messages, as lines of the app's log. */
function embeddedServerLog(logger: Logger) {
  return {
    info: (message: string) => logger.info(message),
    warn: (message: string) => logger.warn(message),
    error: (message: string) => logger.error(message),
  }
}

/** Everything the server needs besides the socket: used by `start` and by the tests. */
export async function buildApp(env: Env, database: Database, options: { logger?: Logger } = {}) {
  checkMailSetup(env)
  const logger = options.logger ?? createLogger(env.LOG_LEVEL)
  const origin = publicUrl(env)
  const secret = env.AUTH_SECRET ?? (await getOrCreateSecret(database.db, 'auth_secret'))
  const trustedOrigins = [origin]
  // On this machine the same server answers as localhost, 127.0.0.1 and [::1].
  if (!env.PUBLIC_URL && isLoopbackHost(env.HOST)) {
    for (const host of ['localhost', '127.0.0.1', '[::1]']) trustedOrigins.push(`http://${host}:${env.PORT}`)
  }
  if (env.NODE_ENV === 'development') trustedOrigins.push('http://localhost:5173', 'http://127.0.0.1:5173')
  const mailer = createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, logger })
  const signInCache = await createSignInCache(database.db, database.notifications)
  const onSignInSessionsChanged = () => signInCache.invalidate()
  const photos = createPhotoStore(env)
  const auth = createAuth({
    db: database.db,
    baseURL: origin,
    secret,
    trustedOrigins: [...new Set(trustedOrigins)],
    mailer,
    logger,
    onSignInSessionsChanged,
    photos,
  })
  const chat = await createChatHub(database.db, database.notifications, logger)
  const push = await loadPushConfig(database.db, env, { unreadCount: unreadTotal })
  const app = createApp({
    db: database.db,
    auth,
    env,
    logger,
    mailer,
    signInCache,
    chat,
    push,
    photos,
    trustedOrigins: [...new Set(trustedOrigins)],
  })
  return { app, auth, logger, mailer, signInCache, chat, push, photos }
}

export type RunningServer = {
  url: string
  port: number
  stop: () => Promise<void>
}

/** What the app's icon counts, which each push carries: messages and comments unread for the person. */
const unreadTotal: UnreadCount = async (db, who) => {
  const [messages, comments] = await Promise.all([unreadMessageCount(db, who), unreadComments(db, who)])
  return messages + comments.count
}

/** Starts the HTTP server; `stop` lets in-flight requests finish, then closes the database. */
export async function start(env: Env): Promise<RunningServer> {
  checkMailSetup(env)
  const logger = createLogger(env.LOG_LEVEL)
  const database = await openAppDatabase(env, logger)

  // Listen first: with PORT=0 the app's origin (for better-auth and email links) is known only then.
  let handle: (request: Request, bindings: unknown) => Response | Promise<Response> = () =>
    new Response('Coachline is starting', { status: 503 })
  const server = await new Promise<ServerType>((resolveServer, reject) => {
    const s = serve(
      { fetch: (request, bindings) => handle(request, bindings), port: env.PORT, hostname: env.HOST },
      () => resolveServer(s),
    )
    s.once('error', reject)
  }).catch(async (error: unknown) => {
    // The port is taken: give the data folder back cleanly instead of leaving it to the exit.
    await database.close()
    throw error
  })
  keepConnectionsAlive(server, env.KEEP_ALIVE_TIMEOUT_MS)
  const port = (server.address() as AddressInfo).port
  const listening = { ...env, PORT: port }
  const url = publicUrl(listening)
  const { app, mailer, chat, push } = await buildApp(listening, database, { logger })
  handle = (request, bindings) => app.fetch(request, bindings as never)
  const stopDigests = scheduleMessageDigests({ db: database.db, mailer, logger, origin: url })
  const stopNotifications = scheduleNotifications({ db: database.db, push, logger })
  const stopReminders = scheduleReminders({
    db: database.db,
    workouts: { trainedDueWorkouts, clientsWhoMissedTwo, checkInsDueOn },
    logger,
  })
  logger.info(
    { url, database: env.DATABASE_URL ? 'DATABASE_URL' : 'embedded', mail: mailer.kind },
    'Coachline is listening',
  )
  if (mailer.kind === 'outbox') logger.info(`no SMTP_URL: mail goes to the development outbox at ${url}/dev/outbox`)

  let stopping: Promise<void> | null = null
  const stop = () =>
    (stopping ??= (async () => {
      // One budget for the whole shutdown; every step below is bounded by it, so nothing that
      // hangs (a stream, a digest round waiting on SMTP, the database) keeps the process alive.
      const deadline = Date.now() + env.SHUTDOWN_TIMEOUT_MS
      const left = () => Math.max(0, deadline - Date.now())
      logger.info('shutting down: finishing in-flight requests')
      // No new connections from now on. A keep-alive connection is closed once it is idle: those
      // idle now at once, the others as their answer (or chat stream) ends, instead of staying
      // open until the client's keep-alive timeout.
      const closed = new Promise<void>((done) => server.close(() => done()))
      const closeIdle = () => {
        if ('closeIdleConnections' in server) server.closeIdleConnections()
      }
      closeIdle()
      const idleSweep = setInterval(closeIdle, IDLE_SWEEP_MS)
      void closed.then(() => clearInterval(idleSweep))
      // Open chat streams would hold the server open: they end now (the apps reconnect elsewhere).
      if (!(await within(chat.close(), left()))) logger.warn('shutdown timeout: chat streams still open')
      const drained = await within(Promise.all([closed, stopDigests(), stopNotifications(), stopReminders()]), left())
      clearInterval(idleSweep)
      if (!drained) {
        logger.warn('shutdown timeout: closing remaining connections')
        if ('closeAllConnections' in server) server.closeAllConnections()
      }
      // The database goes last (requests and the digest use it until they end); a close that
      // hangs gets a short grace and is then left to the exit, which also drops the folder's lock.
      const closeBudget = Math.max(left(), DATABASE_CLOSE_GRACE_MS)
      if (!(await within(database.close(closeBudget - DATABASE_CLOSE_GRACE_MS / 2), closeBudget))) {
        logger.warn('shutdown timeout: the database did not close')
        return
      }
      logger.info('database closed; bye')
    })())

  return { url, port, stop }
}

/**
 * Idle connections stay open `ms` for the client's next call. The time allowed for a request's
 * headers stays above it (the usual advice), so that a connection idle between calls is never
 * taken for a request whose headers are late; a whole request may take at least as long.
 */
function keepConnectionsAlive(server: ServerType, ms: number): void {
  if (!('keepAliveTimeout' in server)) return
  server.keepAliveTimeout = ms
  server.headersTimeout = ms + HEADERS_MARGIN_MS
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout)
}

/** How much longer than the keep-alive Node waits for a request's headers. */
const HEADERS_MARGIN_MS = 5000

/** While shutting down, how often connections that have become idle are closed. */
const IDLE_SWEEP_MS = 100

/** How long the database may take to close once the shutdown budget is spent. */
const DATABASE_CLOSE_GRACE_MS = 1000

/** Waits for `work` at most `ms`: true when it finished in time (its failure is thrown), false when it did not. */
async function within(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((done) => (timer = setTimeout(() => done(false), ms)))
  try {
    return await Promise.race([work.then(() => true), timeout])
  } finally {
    clearTimeout(timer)
  }
}
