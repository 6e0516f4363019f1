import { readdirSync, readFileSync } from 'node:fs'
import http from 'node:http'
import { join } from 'node:path'
import pg from 'pg'
import { embeddedUrl, SERVER_FOLDER } from '../src/server/db/embedded-postgres.ts'
import { postmasterPid } from '../src/server/db/embedded-postgres-process.ts'
import { startBuiltServer } from '../tests/helpers/built-server.ts'

export type Figure = { name: string; count: number; median: number; p95: number; p99: number; perSecond: number }

/** The built server, its process (a bench may read its memory) and its folder. */
export type BenchServer = Awaited<ReturnType<typeof startBuiltServer>>
/**
 * Which database the server runs on: the embedded PostgreSQL it runs itself in its data folder, or
 * a separate server (DATABASE_URL). Either takes clients beside the app's own pool, so a bench may
 * load data or time the driver on `url` while the app runs. `cluster` is the server's data folder
 * when the bench knows it, to find its processes (null for a server the bench was only given).
 */
export type BenchTarget = { kind: 'embedded' | 'postgres'; url: string; cluster: string | null }

/** The embedded PostgreSQL of a built server started without DATABASE_URL. */
export const embeddedTarget = (server: BenchServer): BenchTarget => ({
  kind: 'embedded',
  url: embeddedUrl(server.dataDir),
  cluster: join(server.dataDir, SERVER_FOLDER),
})

/**
 * A client of its own on a target's database, without the embedded server's 5-minute statement
 * limit: a bench's bulk load may run longer than any request may.
 */
export async function sqlClient(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, options: '-c statement_timeout=0' })
  await client.connect()
  return client
}

/**
 * The real built server on a fresh database: the embedded PostgreSQL in a temporary folder, or
 * DATABASE_URL. It may take minutes to answer on a busy machine or a folder of a million sets.
 */
export const startServer = (env: Record<string, string> = {}, options: Parameters<typeof startBuiltServer>[1] = {}) =>
  startBuiltServer(env, { healthTimeoutMs: 300_000, ...options })

/** A signed-in user (through the test fixtures API the bench server enables on loopback). */
export async function signInUser(
  url: string,
  role: 'coach' | 'client',
): Promise<{ id: string; email: string; cookie: string }> {
  const email = `bench-${role}-${crypto.randomUUID()}@example.test`
  const res = await fetch(`${url}/api/testing/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, role, displayName: `Bench ${role}` }),
  })
  if (res.status !== 201) throw new Error(`could not create the bench ${role}: ${res.status} ${await res.text()}`)
  const { id } = (await res.json()) as { id: string }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { id, email, cookie }
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

/**
 * `clients` users at once, each doing `perClient` tasks with a random pause of 0 to 2 x `pauseMs`
 * between them (a lifter's rest, compressed): the latency people feel under that load.
 */
export async function measurePaced(
  name: string,
  clients: number,
  perClient: number,
  pauseMs: number,
  task: (client: number, i: number) => Promise<void>,
): Promise<Figure> {
  const latencies: number[] = []
  const started = performance.now()
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      for (let i = 0; i < perClient; i++) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * pauseMs))
        const t0 = performance.now()
        await task(client, i)
        latencies.push(performance.now() - t0)
      }
    }),
  )
  return figure(name, latencies, (performance.now() - started) / 1000)
}

function figure(name: string, latencies: number[], seconds: number): Figure {
  latencies.sort((a, b) => a - b)
  return {
    name,
    count: latencies.length,
    median: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / seconds,
  }
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

/** Times `count` requests made `concurrency` at a time; every answer must be 2xx. */
export function measure(
  name: string,
  count: number,
  concurrency: number,
  request: (i: number) => Promise<Response>,
): Promise<Figure> {
  return measureTask(name, count, concurrency, async (i) => {
    const res = await request(i)
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`${name}: answer ${res.status}`)
  })
}

/** Times `count` tasks run `concurrency` at a time (a request, or a bare database call). */
export async function measureTask(
  name: string,
  count: number,
  concurrency: number,
  task: (i: number) => Promise<void>,
): Promise<Figure> {
  const latencies: number[] = []
  const started = performance.now()
  await pool(count, concurrency, async (i) => {
    const t0 = performance.now()
    await task(i)
    latencies.push(performance.now() - t0)
  })
  return figure(name, latencies, (performance.now() - started) / 1000)
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

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 256 })

/**
 * A plain HTTP/1.1 request on kept-alive sockets. Lighter than fetch: where the load generator
 * shares the machine's two cores with the server and the database, fetch's own cost would be
 * measured as the server's.
 */
export function send(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: keepAlive,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

/** Days as the loaders write them: UTC calendar dates, 'YYYY-MM-DD'. */
const DAY_MS = 86_400_000
export const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
export const addDays = (date: string, days: number) => dateOf(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS)
/** The Monday of a date's week. */
export const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7))
/** A text as an SQL literal, for the loaders' generated statements. */
export const quote = (value: string) => `'${value.replaceAll("'", "''")}'`

/** Built-in movements a loaded history trains, by name (the most trained first). */
export const TRAINED_MOVEMENTS = [
  'Back squat',
  'Bench press',
  'Deadlift',
  'Overhead press',
  'Romanian deadlift',
  'Front squat',
  'Incline bench press',
  'Barbell row',
  'Bulgarian split squat',
  'Hip thrust',
]

/** A coach and a client linked through the test fixtures API. */
export async function link(server: BenchServer, coachEmail: string, clientEmail: string) {
  const res = await fetch(`${server.url}/api/testing/coach-clients`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ coachEmail, clientEmail }),
  })
  if (res.status !== 201) throw new Error(`link: answer ${res.status} ${await res.text()}`)
}

/** A process's resident memory now (VmRSS) or its peak (VmHWM), in MB, from /proc. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))
  // 'VmHWM:\t  123456 kB'
  return line ? Number.parseInt(line.slice(field.length + 1).trim(), 10) / 1024 : NaN
}

/** What a PostgreSQL server's processes (the postmaster and every process below it) use now. */
export type DatabaseUsage = { processes: number; rssMb: number; pssMb: number; cpuSeconds: number }

/**
 * The processes of the server whose data folder is `cluster`: their memory summed, and the CPU
 * they used since the server started. RSS counts the shared buffers in every process that touched
 * them, so its sum overstates; PSS (smaps_rollup) splits each shared page among the processes
 * that map it, so its sum is the server's fair share of the machine. The CPU of backends that
 * ended is in the postmaster's count of its waited-for children. Null when the server is not
 * running or /proc does not say.
 */
export function databaseUsage(cluster: string): DatabaseUsage | null {
  const postmaster = postmasterPid(cluster)
  if (!postmaster) return null
  const usage: DatabaseUsage = { processes: 0, rssMb: 0, pssMb: 0, cpuSeconds: 0 }
  for (const { pid, stat } of tree(postmaster)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      usage.rssMb += kilobytes(rollup, 'Rss') / 1024
      usage.pssMb += kilobytes(rollup, 'Pss') / 1024
      usage.processes++
    } catch {
      continue // A backend that ended between the listing and the read.
    }
    // utime and stime; for the postmaster, cutime and cstime too.
    const ticks = stat.slice(11, pid === postmaster ? 15 : 13).reduce((sum, field) => sum + Number(field), 0)
    usage.cpuSeconds += ticks / 100
  }
  return usage.processes ? usage : null
}

/** A process and every process whose parent chain leads to it, with their /proc/<pid>/stat fields after the command. */
function tree(root: number): { pid: number; stat: string[] }[] {
  const all = new Map<number, string[]>()
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // 'pid (comm) state ppid ...': the command may hold spaces, so the fields start after its ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
      const pid = Number(name)
      const ppid = Number(stat[1])
      all.set(pid, stat)
      children.set(ppid, [...(children.get(ppid) ?? []), pid])
    } catch {
      // Gone meanwhile.
    }
  }
  const found = all.has(root) ? [root] : []
  for (let i = 0; i < found.length; i++) found.push(...(children.get(found[i] ?? 0) ?? []))
  return found.map((pid) => ({ pid, stat: all.get(pid) ?? [] }))
}

/** A field of smaps_rollup ('Pss:   1234 kB'), in kB. */
function kilobytes(text: string, field: string): number {
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0)
}
