import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { createApp } from './app.ts'
import { createAuth } from './auth.ts'
import { openDatabase, type Database } from '#server/db/client.ts'
import { prepareDatabase } from './prepare-database.ts'
import { checkMailSetup, isLoopbackHost, publicUrl, type Env } from './env.ts'
import { scheduleMessageDigests } from '#server/features/chat/chat.digest.ts'
import { createChatHub } from '#server/features/chat/chat.hub.ts'
import { createMailer } from '#server/features/mail/mailer.ts'
import { createLogger, type Logger } from '#server/lib/logger.ts'
import { createSessionCache } from '#server/middleware/sign-in-cache.ts'
import { getOrCreateSecret } from '#server/lib/secrets.ts'

/** Opens the database (PGlite in DATA_DIR, or DATABASE_URL), applies the migrations and seeds the built-ins. */
export async function openAppDatabase(env: Env): Promise<Database> {
  const database = env.DATABASE_URL ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL }) : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR) })
  try {
    await prepareDatabase(database, resolve(env.MIGRATIONS_DIR))
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

/** Everything the server needs besides the socket: used by `start` and by the tests. */
export async function buildApp(env: Env, database: Database, options: { logger?: Logger; adminSecret?: string } = {}) {
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
  const sessionCache = await createSessionCache(database.db, database.notifications)
  const onSessionsChanged = () => sessionCache.invalidate()
  const auth = createAuth({ db: database.db, baseURL: origin, secret, trustedOrigins: [...new Set(trustedOrigins)], mailer, logger, onSessionsChanged })
  const chat = await createChatHub(database.db, database.notifications, logger)
  const app = createApp({
    db: database.db,
    databaseKind: database.kind,
    auth,
    env,
    logger,
    mailer,
    sessionCache,
    chat,
    trustedOrigins: [...new Set(trustedOrigins)],
    adminSecret: options.adminSecret,
  })
  return { app, auth, logger, mailer, sessionCache, chat }
}

/** How the admin CLI finds the running server of a data folder, and the secret it must show. */
export type AdminHandle = { pid: number; url: string; secret: string }

/**
 * PGlite allows one process per data folder, so while a server runs the CLI must go through it:
 * the server leaves its address and a fresh secret in a file only this machine's user can read.
 */
export function adminHandleFile(env: Pick<Env, 'DATA_DIR'>): string {
  return join(resolve(env.DATA_DIR), '.admin.json')
}

function writeAdminHandle(env: Env, url: string, secret: string): void {
  const file = adminHandleFile(env)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify({ pid: process.pid, url, secret } satisfies AdminHandle), { mode: 0o600 })
}

export type RunningServer = {
  url: string
  port: number
  stop: () => Promise<void>
  /** Resolves when the database is gone for good (the embedded database's thread died): the process should exit. */
  databaseLost: Promise<Error>
}

/** Starts the HTTP server; `stop` lets in-flight requests finish, then closes the database. */
export async function start(env: Env): Promise<RunningServer> {
  checkMailSetup(env)
  const logger = createLogger(env.LOG_LEVEL)
  const database = await openAppDatabase(env)

  // Listen first: with PORT=0 the app's origin (for better-auth and email links) is known only then.
  let handle: (request: Request, bindings: unknown) => Response | Promise<Response> = () => new Response('Coachline is starting', { status: 503 })
  const server = await new Promise<ServerType>((resolveServer, reject) => {
    const s = serve({ fetch: (request, bindings) => handle(request, bindings), port: env.PORT, hostname: env.HOST }, () => resolveServer(s))
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
  const adminSecret = randomBytes(32).toString('base64url')
  const { app, mailer, chat } = await buildApp(listening, database, { logger, adminSecret })
  handle = (request, bindings) => app.fetch(request, bindings as never)
  const stopDigests = scheduleMessageDigests({ db: database.db, mailer, logger, origin: url })
  writeAdminHandle(env, url, adminSecret)
  logger.info({ url, database: database.kind, mail: mailer.kind }, 'Coachline is listening')
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
      // The admin CLI can no longer go through this server.
      rmSync(adminHandleFile(env), { force: true })
      // Open chat streams would hold the server open: they end now (the apps reconnect elsewhere).
      if (!(await within(chat.close(), left()))) logger.warn('shutdown timeout: chat streams still open')
      const drained = await within(Promise.all([closed, stopDigests()]), left())
      clearInterval(idleSweep)
      if (!drained) {
        logger.warn('shutdown timeout: closing remaining connections')
        if ('closeAllConnections' in server) server.closeAllConnections()
      }
      // The database goes last (requests and the digest use it until they end); a close that
      // hangs gets a short grace and is then left to the exit, which also drops the folder's lock.
      if (!(await within(database.close(), Math.max(left(), DATABASE_CLOSE_GRACE_MS)))) {
        logger.warn('shutdown timeout: the database did not close')
        return
      }
      logger.info('database closed; bye')
    })())

  return { url, port, stop, databaseLost: database.lost }
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
