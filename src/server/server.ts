import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { createApp } from './app.ts'
import { createAuth } from './auth.ts'
import { openDatabase, type Database } from './db/client.ts'
import { prepareDatabase } from './db/prepare.ts'
import { checkMailSetup, isLoopbackHost, publicUrl, type Env } from './env.ts'
import { scheduleMessageDigests } from './features/chat/chat.digest.ts'
import { createChatHub } from './features/chat/chat.hub.ts'
import { createMailer } from './features/mail/mailer.ts'
import { createLogger, type Logger } from './lib/logger.ts'
import { createSessionCache } from './middleware/session-cache.ts'
import { getOrCreateSecret } from './lib/secrets.ts'

/** Opens the database (PGlite in DATA_DIR, or DATABASE_URL), applies the migrations and seeds the built-ins. */
export async function openAppDatabase(env: Env): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR) })
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
  const app = createApp({ db: database.db, auth, env, logger, mailer, sessionCache, chat, trustedOrigins: [...new Set(trustedOrigins)], adminSecret: options.adminSecret })
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
}

/** Starts the HTTP server; `stop` lets in-flight requests finish, then closes the database. */
export async function start(env: Env): Promise<RunningServer> {
  checkMailSetup(env)
  const logger = createLogger(env.LOG_LEVEL)
  const database = await openAppDatabase(env)

  // Listen first: with PORT=0 the app's origin (for better-auth and email links) is known only then.
  let handle: (request: Request, bindings: unknown) => Response | Promise<Response> = () =>
    new Response('Coachline is starting', { status: 503 })
  const server = await new Promise<ServerType>((resolveServer, reject) => {
    const s = serve({ fetch: (request, bindings) => handle(request, bindings), port: env.PORT, hostname: env.HOST }, () => resolveServer(s))
    s.once('error', reject)
  }).catch(async (error: unknown) => {
    // The port is taken: give the data folder back cleanly instead of leaving it to the exit.
    await database.close()
    throw error
  })
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
      logger.info('shutting down: finishing in-flight requests')
      // Open chat streams would hold the server open: they end now (the apps reconnect elsewhere).
      await chat.close()
      await stopDigests()
      const closed = new Promise<void>((done) => server.close(() => done()))
      if ('closeIdleConnections' in server) server.closeIdleConnections()
      const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), env.SHUTDOWN_TIMEOUT_MS).unref())
      if ((await Promise.race([closed, timeout])) === 'timeout') {
        logger.warn('shutdown timeout: closing remaining connections')
        if ('closeAllConnections' in server) server.closeAllConnections()
      }
      await database.close()
      rmSync(adminHandleFile(env), { force: true })
      logger.info('database closed; bye')
    })())

  return { url, port, stop }
}
