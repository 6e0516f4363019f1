import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export type Figure = { name: string; count: number; median: number; p95: number; p99: number; perSecond: number }

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

export type BenchServer = { url: string; stop: () => Promise<void> }

/** The real built server (dist/server/index.js) on a fresh database: PGlite in a temporary folder, or DATABASE_URL. */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'coachline-bench-'))
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child: ChildProcess = spawn('node', ['dist/server/index.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ENABLE_TEST_API: '1', LOG_LEVEL: 'error', DATABASE_URL: '', SMTP_URL: '', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    if (await fetch(`${url}/api/health`).then((r) => r.ok, () => false)) break
    if (Date.now() > deadline) throw new Error('the server did not start in 60 s')
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

/** A signed-in coach (through the test fixtures API the bench server enables on loopback). */
export async function signInCoach(url: string): Promise<string> {
  const res = await fetch(`${url}/api/testing/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${Date.now()}@example.test`, role: 'coach', displayName: 'Bench Coach' }),
  })
  if (res.status !== 201) throw new Error(`could not create the bench coach: ${res.status} ${await res.text()}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

/** Runs `count` tasks, `concurrency` at a time. */
export async function pool(count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await task(next++)
    }),
  )
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/** Times `count` requests made `concurrency` at a time; every answer must be 2xx. */
export async function measure(name: string, count: number, concurrency: number, request: (i: number) => Promise<Response>): Promise<Figure> {
  const latencies: number[] = []
  const started = performance.now()
  await pool(count, concurrency, async (i) => {
    const t0 = performance.now()
    const res = await request(i)
    await res.arrayBuffer()
    latencies.push(performance.now() - t0)
    if (!res.ok) throw new Error(`${name}: answer ${res.status}`)
  })
  const seconds = (performance.now() - started) / 1000
  latencies.sort((a, b) => a - b)
  return { name, count, median: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), perSecond: count / seconds }
}

export function report(title: string, figures: Figure[], floor?: Figure): void {
  console.log(`\n${title}`)
  console.log('  figure                                     n    median     p95     p99    req/s   median / floor')
  for (const f of figures) {
    const ratio = floor && f !== floor ? `${(f.median / floor.median).toFixed(1)}x` : floor === f ? '(floor)' : ''
    console.log(
      `  ${f.name.padEnd(40)} ${String(f.count).padStart(5)} ${f.median.toFixed(2).padStart(7)}ms ${f.p95.toFixed(2).padStart(6)}ms ${f.p99.toFixed(2).padStart(6)}ms ${f.perSecond.toFixed(0).padStart(7)}   ${ratio}`,
    )
  }
}
