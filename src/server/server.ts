import type { AddressInfo } from 'node:net'
import { resolve } from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { createApp } from './app.ts'
import { createAuth } from './auth.ts'
import { openDatabase, type Database } from './db/client.ts'
import { publicUrl, type Env } from './env.ts'
import { createLogger } from './lib/logger.ts'
import { getOrCreateSecret } from './lib/secrets.ts'

/** Opens the database (PGlite in DATA_DIR, or DATABASE_URL) and applies the migrations. */
export async function openAppDatabase(env: Env): Promise<Database> {
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: resolve(env.DATA_DIR) })
  try {
    await database.migrate(resolve(env.MIGRATIONS_DIR))
  } catch (error) {
    await database.close()
    throw error
  }
  return database
}

/** Everything the server needs besides the socket: used by `start` and by the tests. */
export async function buildApp(env: Env, database: Database, logger = createLogger(env.LOG_LEVEL)) {
  const origin = publicUrl(env)
  const secret = env.AUTH_SECRET ?? (await getOrCreateSecret(database.db, 'auth_secret'))
  const trustedOrigins = [origin]
  if (env.NODE_ENV === 'development') trustedOrigins.push('http://localhost:5173', 'http://127.0.0.1:5173')
  const auth = createAuth({
    db: database.db,
    baseURL: origin,
    secret,
    trustedOrigins,
    rateLimit: env.NODE_ENV === 'production',
  })
  const app = createApp({ db: database.db, auth, env, logger })
  return { app, auth, logger }
}

export type RunningServer = {
  url: string
  port: number
  stop: () => Promise<void>
}

/** Starts the HTTP server; `stop` lets in-flight requests finish, then closes the database. */
export async function start(env: Env): Promise<RunningServer> {
  const logger = createLogger(env.LOG_LEVEL)
  const database = await openAppDatabase(env)
  const { app } = await buildApp(env, database, logger)

  const server = await new Promise<ServerType>((resolveServer, reject) => {
    const s = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, () => resolveServer(s))
    s.once('error', reject)
  })
  const port = (server.address() as AddressInfo).port
  const url = publicUrl({ ...env, PORT: port })
  logger.info({ url, database: database.kind }, 'Coachline is listening')

  let stopping: Promise<void> | null = null
  const stop = () =>
    (stopping ??= (async () => {
      logger.info('shutting down: finishing in-flight requests')
      const closed = new Promise<void>((done) => server.close(() => done()))
      if ('closeIdleConnections' in server) server.closeIdleConnections()
      const timeout = new Promise<'timeout'>((done) => setTimeout(() => done('timeout'), env.SHUTDOWN_TIMEOUT_MS).unref())
      if ((await Promise.race([closed, timeout])) === 'timeout') {
        logger.warn('shutdown timeout: closing remaining connections')
        if ('closeAllConnections' in server) server.closeAllConnections()
      }
      await database.close()
      logger.info('database closed; bye')
    })())

  return { url, port, stop }
}
