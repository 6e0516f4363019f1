import { startBuiltServer, type BuiltServer } from '../tests/helpers/built-server.ts'

export type Figure = { name: string; count: number; median: number; p95: number; p99: number; perSecond: number }

export type BenchServer = BuiltServer
/** Which database the server runs on (a bench may time its driver directly). */
export type BenchTarget = { kind: 'pglite' } | { kind: 'postgres'; url: string }

/** The real built server on a fresh database: PGlite in a temporary folder, or DATABASE_URL. */
export const startServer = startBuiltServer

/** A signed-in user (through the test fixtures API the bench server enables on loopback). */
export async function signInUser(url: string, role: 'coach' | 'client'): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${url}/api/testing/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `bench-${role}-${crypto.randomUUID()}@example.test`, role, displayName: `Bench ${role}` }),
  })
  if (res.status !== 201) throw new Error(`could not create the bench ${role}: ${res.status} ${await res.text()}`)
  const { id } = (await res.json()) as { id: string }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { id, cookie }
}

export async function signInCoach(url: string): Promise<string> {
  return (await signInUser(url, 'coach')).cookie
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
export function measure(name: string, count: number, concurrency: number, request: (i: number) => Promise<Response>): Promise<Figure> {
  return measureTask(name, count, concurrency, async (i) => {
    const res = await request(i)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${name}: answer ${res.status}`)
  })
}

/** Times `count` tasks run `concurrency` at a time (a request, or a bare database call). */
export async function measureTask(name: string, count: number, concurrency: number, task: (i: number) => Promise<void>): Promise<Figure> {
  const latencies: number[] = []
  const started = performance.now()
  await pool(count, concurrency, async (i) => {
    const t0 = performance.now()
    await task(i)
    latencies.push(performance.now() - t0)
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
