import { spawn } from 'node:child_process'
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

/**
 * The real built server (dist/server/index.js) on a free port with a fresh temporary DATA_DIR and
 * the test fixtures API, as the browser tests and the benchmarks use it. `env` may point it at a
 * real PostgreSQL (DATABASE_URL) or change limits.
 */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<BuiltServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coachline-built-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn('node', ['dist/server/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ENABLE_TEST_API: '1', LOG_LEVEL: 'error', DATABASE_URL: '', SMTP_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 60 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
