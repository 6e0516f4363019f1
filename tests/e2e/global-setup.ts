import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

function freePort(): Promise<number> {
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

/**
 * Starts the real built server on a free port with a fresh DATA_DIR (embedded PostgreSQL),
 * and the test fixtures API that creates signed-in users directly.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'coachline-e2e-'))
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const server = spawn('node', ['dist/server/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ENABLE_TEST_API: '1', LOG_LEVEL: 'error', DATABASE_URL: '', SMTP_URL: '',
      // Low enough for the test that reaches SPEC.md's 'Too many requests'; every test uses its own email.
      RATE_LIMIT_SIGN_IN_PER_EMAIL: '5' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 30_000
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`)
    const ok = await fetch(`${baseURL}/api/health`).then((r) => r.ok, () => false)
    if (ok) break
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 30 s')
    await new Promise((r) => setTimeout(r, 200))
  }
  process.env.E2E_BASE_URL = baseURL

  return async () => {
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}
