/*
 * One process of the embedded server: launched with its log, waited on until it answers, and
 * shut down; and a server that an earlier run left behind on the cluster, found and stopped.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createWriteStream, existsSync, readFileSync, renameSync, statSync } from 'node:fs'
import { platform } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { RunAs } from './embedded-postgres-binaries.ts'

export type Log = { info: (message: string) => void; warn: (message: string) => void; error: (message: string) => void }

/** How long a start (crash recovery included) may take before it counts as failed. */
const START_TIMEOUT_MS = 60_000

/** A server process and the last lines it wrote, for the message when it cannot start. */
type Running = { child: ChildProcess; tail: () => string }

const LOG_FILE = 'server.log'
/** What the server says while it starts or stops, or of a client that went away: not news. */
const EXPECTED_FATAL =
  /the database system is (starting up|shutting down|in recovery mode)|connection to client lost|terminating connection due to administrator command/
const MAX_LOG_BYTES = 10 * 1024 * 1024

export function run(
  postgres: string,
  cluster: string,
  settings: Record<string, string>,
  owner: RunAs,
  log: Log,
): Running {
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

export async function waitUntilReady(url: string, { child, tail }: Running): Promise<void> {
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

/**
 * Fast shutdown (sessions ended, a checkpoint written); past `ms`, immediate shutdown (recovery at
 * the next start, nothing committed lost); then SIGKILL.
 */
export async function shutDown(child: ChildProcess, ms: number): Promise<void> {
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
