import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export type BuiltServer = { url: string; stop: () => Promise<void> }

export type ServerOptions = {
  /** Extra environment: DATABASE_URL, limits, LOG_LEVEL... */
  env?: Record<string, string>
  /** The data folder to use (kept afterwards); without it, a fresh temporary one removed by `stop`. */
  dataDir?: string
  /** The port to listen on; without it, a free one. */
  port?: number
  /** Where the server's stdout goes: the test's own (default), a pipe the test holds, or nowhere. */
  stdout?: 'inherit' | 'pipe' | 'ignore'
  /** Keep what the server writes to stderr (see `stderr()`) instead of passing it through. */
  captureStderr?: boolean
  /** How long `startBuiltServer` waits for it to answer (default 60 s). */
  healthTimeoutMs?: number
}

/** A spawned server process, healthy or not. */
export type ServerProcess = {
  url: string
  port: number
  dataDir: string
  child: ChildProcess
  /** Resolves when the process has exited, with its code (null when a signal ended it) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** What the server wrote to stderr so far (with `captureStderr`). */
  stderr: () => string
}

/** Spawns dist/server/index.js without waiting for it to answer (see `waitHealthy`). */
export async function spawnBuiltServer(options: ServerOptions = {}): Promise<ServerProcess> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'coachline-built-'))
  const port = options.port ?? (await freePort())
  const child = spawn('node', ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ENABLE_TEST_API: '1',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
      SMTP_URL: '',
      ...options.env,
    },
    stdio: ['ignore', options.stdout ?? 'inherit', options.captureStderr ? 'pipe' : 'inherit'],
  })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode })
    else child.once('exit', (code, signal) => resolve({ code, signal }))
  })
  return { url: `http://127.0.0.1:${port}`, port, dataDir, child, exited, stderr: () => stderr }
}

/** Waits until the server answers its health check; throws if it exits first. */
export async function waitHealthy(server: ServerProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const { exitCode, signalCode } = server.child
    if (exitCode !== null || signalCode !== null)
      throw new Error(`the server exited with ${exitCode ?? signalCode}: ${server.stderr()}`)
    if (
      await fetch(`${server.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    if (Date.now() > deadline) throw new Error(`the server did not become healthy in ${timeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * The real built server (dist/server/index.js) on a free port with a fresh temporary DATA_DIR and
 * the test fixtures API, as the browser tests and the benchmarks use it. `env` may point it at a
 * real PostgreSQL (DATABASE_URL) or change limits. `stop` sends SIGTERM and waits for the exit;
 * it removes the data folder only when it made it.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  options: Omit<ServerOptions, 'env'> = {},
): Promise<BuiltServer & ServerProcess> {
  const server = await spawnBuiltServer({ ...options, env })
  try {
    await waitHealthy(server, options.healthTimeoutMs)
  } catch (error) {
    server.child.kill('SIGKILL')
    throw error
  }
  return {
    ...server,
    stop: async () => {
      server.child.kill('SIGTERM')
      await server.exited
      if (!options.dataDir) rmSync(server.dataDir, { recursive: true, force: true })
    },
  }
}
