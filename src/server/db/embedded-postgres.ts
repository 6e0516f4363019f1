import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chownSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync } from 'node:fs'
import { tmpdir, userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { findBinaries, letServerReach, runAs, type Binaries, type RunAs } from './embedded-postgres-binaries.ts'
import { run, shutDown, stopLeftover, waitUntilReady, type Log } from './embedded-postgres-process.ts'

/**
 * The PostgreSQL server that `npm start` runs itself when DATABASE_URL is unset: its files in
 * DATA_DIR/postgres, reachable only through a Unix socket in a private folder (no TCP port), and
 * supervised by the app: started (initialised on first run), restarted when it dies, stopped on
 * shutdown. The app reaches it through the same node-postgres pool as any DATABASE_URL. Only one
 * app may own a data folder at a time (data-dir-lock.ts); that owner alone starts and stops it.
 * The settings and the reasons for them: docs/database.md.
 */

/** The cluster's folder inside DATA_DIR. */
export const SERVER_FOLDER = 'postgres'
/** The role and the database the app uses. */
const ROLE = 'coachline'
const DATABASE = 'coachline'
/** Only names the socket file: no TCP port is opened. */
const PORT = 5432

/** Settings for a small machine (1-2 GB), each given on the command line so an upgrade changes them. */
const SETTINGS: Record<string, string> = {
  listen_addresses: '',
  port: String(PORT),
  unix_socket_permissions: '0700',
  max_connections: '50',
  shared_buffers: '128MB',
  effective_cache_size: '512MB',
  work_mem: '8MB',
  maintenance_work_mem: '64MB',
  max_wal_size: '512MB',
  autovacuum: 'on',
  // A new gym's tables grow from nothing to thousands of rows in minutes: its statistics follow
  // within 15 s of passing autovacuum's threshold rather than a minute (docs/database.md).
  autovacuum_naptime: '15s',
  // A statement or an idle transaction is never left to hold the server for long; the app's
  // connections set their own, shorter limits (client.ts), and a backup sets none.
  statement_timeout: '5min',
  idle_in_transaction_session_timeout: '5min',
  TimeZone: 'UTC',
  lc_messages: 'C',
  // Its log goes to DATA_DIR/postgres/server.log, and its fatal errors to the app's log too.
  logging_collector: 'off',
  log_min_messages: 'warning',
  log_min_error_statement: 'panic',
}

/** A folder of the server's own, owned by the user it runs as. */
function ownFolder(path: string, owner: RunAs): void {
  mkdirSync(path, { recursive: true, mode: 0o700 })
  if (owner) chownSync(path, owner.uid, owner.gid)
}

/**
 * Where the socket goes: the cluster's own folder, unless that path is too long for a socket name
 * (about 100 bytes), then a private folder named after the data folder in the temp folder.
 */
function socketFolder(dataDir: string): string {
  const own = join(resolve(dataDir), SERVER_FOLDER)
  if (Buffer.byteLength(join(own, `.s.PGSQL.${PORT}`)) <= 100) return own
  const hash = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 16)
  return join(tmpdir(), `coachline-${hash}`)
}

/** The connection string of the embedded server of a data folder (for the app, the CLI and backups). */
export function embeddedUrl(dataDir: string): string {
  return `postgresql://${ROLE}@localhost/${DATABASE}?host=${encodeURIComponent(socketFolder(dataDir))}`
}

export type EmbeddedPostgres = {
  url: string
  /** Stops the server (fast shutdown), escalating if it takes longer than `ms`; supervision ends. */
  stop: (ms?: number) => Promise<void>
}

/** Pauses between restarts after the server died, growing while it keeps failing. */
const RESTART_DELAYS_MS = [100, 500, 1000, 2000, 5000]

/**
 * Starts the server of a data folder (initialising it on first run) and keeps it running until
 * `stop`. The caller must hold the data folder's lock: a server already running on the folder can
 * then only be one left behind by an app that was killed, and it is stopped first.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string
  log: Log
  /** More settings, or others (the test runs turn durability off). */
  settings?: Record<string, string>
}): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir)
  const { log } = options
  const binaries = await findBinaries()
  const owner = await runAs()
  const cluster = join(dataDir, SERVER_FOLDER)
  if (owner) await letServerReach(dataDir, binaries, owner)
  if (!existsSync(join(cluster, 'PG_VERSION'))) await initialise(binaries, cluster, owner, log)
  const sockets = socketFolder(dataDir)
  if (sockets !== cluster) privateSocketFolder(sockets, owner)
  await stopLeftover(cluster, log)

  const url = embeddedUrl(dataDir)
  let child: ChildProcess | null = null
  // Restarts begin once the first start succeeded: a server that cannot start at all is the
  // operator's to see at once, not a loop of attempts.
  let supervising = false
  let stopping = false
  let failures = 0
  let restartTimer: NodeJS.Timeout | undefined

  const launch = async (): Promise<void> => {
    const running = run(
      binaries.postgres,
      cluster,
      { ...SETTINGS, ...options.settings, unix_socket_directories: sockets },
      owner,
      log,
    )
    const started = running.child
    child = started
    started.once('exit', (code, signal) => {
      if (child === started) child = null
      if (stopping || !supervising) return
      const delay = RESTART_DELAYS_MS[Math.min(failures, RESTART_DELAYS_MS.length - 1)]
      failures++
      log.error(`the database server stopped (${signal ?? `exit code ${code}`}); starting it again in ${delay} ms`)
      restartTimer = setTimeout(() => {
        restartTimer = undefined
        if (stopping) return
        launch().then(
          () => {
            failures = 0
            log.info('the database server is back')
          },
          (error: unknown) => log.error(`the database server did not start again: ${(error as Error).message}`),
        )
      }, delay)
    })
    await waitUntilReady(url.replace(`/${DATABASE}?`, '/postgres?'), running)
  }

  // However the app ends without stopping it (an uncaught error, a second Ctrl-C), the server
  // ends with it: an immediate shutdown, which the next start recovers from. Only a SIGKILL of the
  // app leaves it running, and the next start stops it (stopLeftover).
  const onExit = () => child?.kill('SIGQUIT')
  process.on('exit', onExit)
  try {
    await launch()
    supervising = true
    await ensureDatabase(url.replace(`/${DATABASE}?`, '/postgres?'))
  } catch (error) {
    stopping = true
    process.off('exit', onExit)
    if (child) await shutDown(child, 1000)
    throw error
  }

  return {
    url,
    stop: async (ms = 10_000) => {
      stopping = true
      clearTimeout(restartTimer)
      const running = child
      if (running) await shutDown(running, ms)
      process.off('exit', onExit)
    },
  }
}

function privateSocketFolder(path: string, owner: RunAs): void {
  ownFolder(path, owner)
  // A folder someone else made there first must not receive the socket.
  const stat = lstatSync(path)
  const expected = owner?.uid ?? userInfo().uid
  if (!stat.isDirectory() || stat.uid !== expected || (stat.mode & 0o077) !== 0) {
    throw new Error(`${path} is not a private folder of this user: remove it, or use a shorter DATA_DIR`)
  }
}

async function initialise(binaries: Binaries, cluster: string, owner: RunAs, log: Log): Promise<void> {
  // Made beside its final place and renamed when complete: a first run cut short leaves no half cluster.
  const fresh = `${cluster}.init`
  rmSync(fresh, { recursive: true, force: true })
  ownFolder(fresh, owner)
  const started = Date.now()
  const args = ['-D', fresh, '-U', ROLE, '--auth-local=trust', '--auth-host=reject', '-E', 'UTF8', '--locale=C']
  // The builtin provider: Unicode case rules and code point order on every platform, no OS locales needed.
  args.push('--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--no-instructions')
  await new Promise<void>((done, fail) => {
    const child = spawn(binaries.initdb, args, {
      ...(owner ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let output = ''
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()).slice(-4000))
    child.once('error', fail)
    child.once('exit', (code) =>
      code === 0 ? done() : fail(new Error(`initdb failed (exit code ${code}): ${output.trim()}`)),
    )
  })
  renameSync(fresh, cluster)
  log.info(`created the database server's files in ${cluster} in ${Date.now() - started} ms`)
}

async function ensureDatabase(maintenanceUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: maintenanceUrl })
  await client.connect()
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [DATABASE])
    if (!rowCount) await client.query(`create database ${DATABASE}`)
  } finally {
    await client.end()
  }
}
