import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { monthsBefore } from '../src/client/lib/dates.ts'
import { embeddedUrl } from '../src/server/db/embedded-postgres.ts'
import type { Exec } from './history-sql.ts'
import { explainSlowest } from './scale-explain.ts'
import type { BenchServer, BenchTarget } from './lib.ts'
import { quote, send, sqlClient, startServer } from './lib.ts'
import { LIFTERS, LONG_YEARS, ROSTER, load, throughApi, type Size, type World } from './scale-world.ts'

/**
 * Flat as history grows: the calls of the screens a lifter and a coach open every day, timed on a
 * database of ~1,000,000 logged sets (1,000 lifters with a year of training, one lifter with four
 * years, a coach with 200 clients) beside the same calls on a small one of ~1,800 sets (the same
 * coach and roster, the lifter with the last three months of the same four years). What the
 * screens show of the recent past is the same in both: the plan and its sessions, the roster's
 * latest session each, and the lifter's last three months of training and year of body weights
 * (the progress page's and the e1RM chart's windows). What differs is the history before them, so
 * a ratio above 1 is the cost of history. Both servers run at once and each call alternates between
 * them, so a busy machine slows both alike.
 */

/**
 * Timed calls per figure and database. The p95 of 200 is the tenth slowest: one scheduling
 * hiccup of a few milliseconds no longer decides the figure of a call that takes five.
 */
const COUNT = Number(process.env.BENCH_SCALE_COUNT ?? 200)
/** A folder to keep the loaded databases in, and take them from on the next run (saves the load). */
const KEEP = process.env.BENCH_SCALE_KEEP
const TARGET_RATIO = 1.3

type Loaded = { world: World; sets: number; lifterSets: number; loadSeconds: number }

/** One database of one size: made, or taken from BENCH_SCALE_KEEP. */
type Store = {
  /** A server on it (the caller stops it). */
  start: () => Promise<BenchServer>
  /** The database's address while `server`, one that `start` made, runs (SQL beside the app's). */
  urlOf: (server: BenchServer) => string
  drop: () => Promise<void>
  fresh: boolean
  metaFile: string | null
}

async function storeOf(target: BenchTarget, size: Size): Promise<Store> {
  const metaFile = KEEP ? join(KEEP, `${target.kind}-${size}.json`) : null
  if (KEEP) mkdirSync(KEEP, { recursive: true })
  const fresh = !metaFile || !existsSync(metaFile)
  if (target.kind === 'embedded') {
    // A data folder of its own, with the embedded server each app server on it runs.
    const folder = KEEP ? join(KEEP, `embedded-${size}`) : null
    const dataDir = folder ?? mkdtempSync(join(tmpdir(), `coachline-bench-scale-${size}-`))
    if (fresh) rmSync(dataDir, { recursive: true, force: true })
    mkdirSync(dataDir, { recursive: true })
    return {
      fresh,
      metaFile,
      start: () => startServer({}, { dataDir }),
      urlOf: (server) => embeddedUrl(server.dataDir),
      drop: async () => {
        if (!KEEP) rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  // Kept databases are named after their folder, so two kept sets can share one PostgreSQL server.
  const name = KEEP
    ? `coachline_scale_${size}_${KEEP.replace(/[^a-z0-9]/gi, '')
        .toLowerCase()
        .slice(-20)}`
    : `coachline_scale_${size}_${Date.now()}`
  const url = new URL(target.url)
  url.pathname = `/${name}`
  const admin = new pg.Client({ connectionString: target.url })
  await admin.connect()
  try {
    if (fresh) {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}`)
    }
  } finally {
    await admin.end()
  }
  return {
    fresh,
    metaFile,
    start: () => startServer({ DATABASE_URL: url.toString() }),
    urlOf: () => url.toString(),
    drop: async () => {
      if (KEEP) return
      const again = new pg.Client({ connectionString: target.url })
      await again.connect()
      await again.query(`drop database if exists ${name} with (force)`)
      await again.end()
    },
  }
}

export async function benchScale(_server: BenchServer, label: string, target: BenchTarget): Promise<void> {
  const started = performance.now()
  const stores = { small: await storeOf(target, 'small'), big: await storeOf(target, 'big') }
  try {
    const loaded = { small: await prepare(stores.small, 'small'), big: await prepare(stores.big, 'big') }
    const servers = { small: await stores.small.start(), big: await stores.big.start() }
    // The servers stay up to the end: the EXPLAIN runs on the big one's database.
    try {
      const { results, peak } = await measure(servers, loaded)
      print(label, loaded, results, peak)
      const explain = Number(process.env.BENCH_SCALE_EXPLAIN ?? 4)
      if (explain > 0) await explainSlowest(stores.big.urlOf(servers.big), loaded.big.world, explain)
    } finally {
      await servers.small.stop()
      await servers.big.stop()
    }
    console.log(`  scenario took ${((performance.now() - started) / 1000).toFixed(0)} s in all`)
  } finally {
    await stores.small.drop()
    await stores.big.drop()
  }
}

function print(label: string, loaded: Record<Size, Loaded>, results: Row[], peak: Record<Size, number>): void {
  console.log(
    `\n${label}: flat as history grows. Big: ${loaded.big.sets.toLocaleString('en')} sets (the lifter ${loaded.big.lifterSets.toLocaleString('en')}, ` +
      `${LONG_YEARS} years), ${LIFTERS} lifters${loaded.big.loadSeconds ? `, loaded in ${loaded.big.loadSeconds.toFixed(0)} s` : ' (kept)'}; ` +
      `small: ${loaded.small.sets.toLocaleString('en')} sets (the lifter ${loaded.small.lifterSets.toLocaleString('en')}). ` +
      `Both with a coach of ${ROSTER} clients. ${COUNT} calls each, alternating.`,
  )
  // The p50 ratio beside the target's p95 one: on a busy machine a p95 is one slow moment.
  console.log(
    '  call                                          small p50   p95 |  big p50     p95 | p95 big/small  (p50)',
  )
  for (const r of results) {
    const ratio = r.big.p95 / r.small.p95
    console.log(
      `  ${r.name.padEnd(44)} ${r.small.p50.toFixed(1).padStart(8)} ${r.small.p95.toFixed(1).padStart(6)} | ${r.big.p50.toFixed(1).padStart(7)} ${r.big.p95.toFixed(1).padStart(7)} | ${ratio.toFixed(2).padStart(6)}${ratio > TARGET_RATIO ? ' over' : '     '}  (${(r.big.p50 / r.small.p50).toFixed(2)})`,
    )
  }
  const over = results.filter((r) => r.big.p95 / r.small.p95 > TARGET_RATIO)
  console.log(
    over.length
      ? `  over target (p95 ratio > ${TARGET_RATIO}): ${over.map((r) => r.name).join('; ')}`
      : `  every p95 ratio <= ${TARGET_RATIO}: met`,
  )
  console.log(`  server peak RSS while timed (VmHWM): small ${peak.small.toFixed(0)} MB, big ${peak.big.toFixed(0)} MB`)
}

/** The database of one size, loaded (or kept from an earlier run). */
async function prepare(store: Store, size: Size): Promise<Loaded> {
  if (!store.fresh && store.metaFile) return JSON.parse(readFileSync(store.metaFile, 'utf8')) as Loaded
  const first = await store.start()
  let loaded: Loaded
  try {
    const world = await throughApi(first.url)
    const loadStarted = performance.now()
    // One connection for the whole load: its steps share temporary tables.
    const client = await sqlClient(store.urlOf(first))
    try {
      const exec: Exec = async (text) => (await client.query(text)).rows as Record<string, unknown>[]
      await load(exec, world, size)
      await exec('vacuum analyze')
      const [row] = await exec(
        `select (select count(*) from set_logs)::int as sets,
           (select count(*) from set_logs l join workout_sessions s on s.id = l.session_id where s.client_id = ${quote(world.lifter.id)})::int as lifter`,
      )
      const loadSeconds = (performance.now() - loadStarted) / 1000
      loaded = { world, sets: Number(row?.sets), lifterSets: Number(row?.lifter), loadSeconds }
    } finally {
      await client.end()
    }
  } finally {
    await first.stop()
  }
  if (store.metaFile) writeFileSync(store.metaFile, JSON.stringify({ ...loaded, loadSeconds: 0 }))
  return loaded
}

/**
 * The coach, the lifter and the last weeks through the API, as the app makes them: the plan,
 * assigned from the Monday three weeks ago; every workout due before today trained but two, set by
 * set; the coach's comments and a few messages.
 */

type Stat = { p50: number; p95: number }
type Row = { name: string; small: Stat; big: Stat }

const statOf = (latencies: number[]): Stat => {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
  return { p50: at(50), p95: at(95) }
}

const statusOf = (pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number => {
  if (!pid) return NaN
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : NaN
}

/** The screens' calls, each timed alone on both databases in turn; a screen's calls side by side, timed to the last answer. */
async function measure(
  servers: Record<Size, BenchServer>,
  loaded: Record<Size, Loaded>,
): Promise<{ results: Row[]; peak: Record<Size, number> }> {
  type Task = (size: Size) => Promise<void>
  const get =
    (who: 'coach' | 'lifter', path: (w: World) => string): Task =>
    async (size) => {
      const world = loaded[size].world
      const res = await send(`${servers[size].url}${path(world)}`, { headers: { cookie: world[who].cookie } })
      if (res.status !== 200) throw new Error(`GET ${path(world)}: answer ${res.status} ${res.body.slice(0, 300)}`)
    }
  const post =
    (who: 'coach' | 'lifter', path: string, body: (w: World) => unknown): Task =>
    async (size) => {
      const world = loaded[size].world
      const res = await send(`${servers[size].url}${path}`, {
        method: 'POST',
        headers: { cookie: world[who].cookie, 'content-type': 'application/json', origin: servers[size].url },
        body: JSON.stringify(body(world)),
      })
      if (res.status < 200 || res.status > 299)
        throw new Error(`POST ${path}: answer ${res.status} ${res.body.slice(0, 300)}`)
    }
  const all =
    (...tasks: Task[]): Task =>
    async (size) => {
      await Promise.all(tasks.map((t) => t(size)))
    }
  const local = (w: World) => `today=${w.today}&utcOffsetMinutes=0`
  const home = {
    plans: get('lifter', () => '/api/plans?completed=false'),
    plan: get('lifter', (w) => `/api/plans/${w.planId}`),
    planSessions: get('lifter', (w) => `/api/sessions?planId=${w.planId}&limit=100`),
    recent: get('lifter', () => '/api/sessions?limit=3'),
    coach: get('lifter', () => '/api/profile/coach'),
    comments: get('lifter', () => '/api/sessions/comments/unread'),
    chat: get('lifter', () => '/api/chat/conversations'),
  }
  const preview = {
    workout: get('lifter', (w) => `/api/plans/workouts/${w.nextWorkoutId}`),
    stats: get('lifter', (w) => `/api/sessions/movement-stats?movementIds=${w.nextMovementIds.join(',')}`),
  }
  const progress = (who: 'coach' | 'lifter') =>
    get(who, (w) => `/api/progress?${who === 'coach' ? `clientId=${w.lifter.id}&` : ''}${local(w)}`)
  // The chart as it opens: the last 3 months.
  const e1rm = (who: 'coach' | 'lifter') =>
    get(
      who,
      (w) =>
        `/api/progress/e1rm?${who === 'coach' ? `clientId=${w.lifter.id}&` : ''}movementId=${w.nextMovementIds[0]}&since=${monthsBefore(w.today, 3)}&${local(w)}`,
    )
  const detail = {
    sessions: get('coach', (w) => `/api/sessions?clientId=${w.lifter.id}&limit=10`),
    plan: get('coach', (w) => `/api/plans/${w.planId}`),
    // The assign picker's list: the coach's own plans, not their clients' copies.
    ownPlans: get('coach', () => '/api/plans?assigned=false'),
  }
  const figures: [string, Task][] = [
    ['lifter /home: GET /api/plans', home.plans],
    ['lifter /home: GET /api/plans/:id', home.plan],
    ['lifter /home: sessions of the plan (100)', home.planSessions],
    ['lifter /home: last 3 sessions', home.recent],
    ['lifter /home: the coach card', home.coach],
    ['lifter /home: unread comments', home.comments],
    ['lifter /home: conversations', home.chat],
    ['lifter /home: all 7 at once', all(...Object.values(home))],
    ['lifter preview: the planned workout', preview.workout],
    ['lifter preview: last time (movement stats)', preview.stats],
    ['lifter preview: both at once', all(preview.workout, preview.stats)],
    [
      'lifter: start the next workout (resumes)',
      post('lifter', '/api/sessions', (w) => ({ planWorkoutId: w.nextWorkoutId })),
    ],
    ['lifter summary: session report', get('lifter', (w) => `/api/sessions/${w.lastSessionId}/report`)],
    ['lifter: progress page', progress('lifter')],
    ['lifter: e1RM series (main lift)', e1rm('lifter')],
    ['coach: roster (200 clients)', get('coach', (w) => `/api/clients?today=${w.today}`)],
    ['coach: dashboard', get('coach', (w) => `/api/clients/dashboard?today=${w.today}`)],
    ['coach: Plans page, the plans in use', get('coach', () => '/api/plans?completed=false')],
    ['coach detail: last 10 sessions', detail.sessions],
    ['coach detail: own plans to assign', detail.ownPlans],
    ['coach detail: progress', progress('coach')],
    ['coach detail: e1RM series', e1rm('coach')],
    [
      'coach detail: all at once',
      async (size) => {
        await Promise.all([
          detail.sessions(size),
          detail.plan(size),
          detail.ownPlans(size),
          progress('coach')(size).then(() => e1rm('coach')(size)),
        ])
      },
    ],
    ['coach: the lifter’s session report', get('coach', (w) => `/api/sessions/${w.lastSessionId}/report`)],
  ]
  const pids = { small: servers.small.child.pid, big: servers.big.child.pid }
  for (const size of ['small', 'big'] as const) {
    for (const [, task] of figures) for (let i = 0; i < 3; i++) await task(size)
    try {
      // 5 resets the peak resident set size (Linux 4.0 and later).
      if (pids[size]) writeFileSync(`/proc/${pids[size]}/clear_refs`, '5')
    } catch {
      // Without it, VmHWM is the peak since the server started (the load included).
    }
  }
  const results: Row[] = []
  for (const [name, task] of figures) {
    const latencies: Record<Size, number[]> = { small: [], big: [] }
    for (let i = 0; i < COUNT; i++) {
      for (const size of i % 2 ? (['big', 'small'] as const) : (['small', 'big'] as const)) {
        const t0 = performance.now()
        await task(size)
        latencies[size].push(performance.now() - t0)
      }
    }
    results.push({ name, small: statOf(latencies.small), big: statOf(latencies.big) })
  }
  return { results, peak: { small: statusOf(pids.small, 'VmHWM'), big: statusOf(pids.big, 'VmHWM') } }
}
