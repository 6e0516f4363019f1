/**
 * npm run bench: starts the real server on a fresh embedded database (the bundled PostgreSQL it
 * runs itself), and on a separate PostgreSQL server (BENCH_DATABASE_URL, or a throwaway server
 * when PostgreSQL's binaries are installed), loads data, drives it over HTTP and prints each
 * figure with median, p95 and p99, and its ratio to a floor measured in the same run. Figures are
 * for reading, never for test assertions.
 */
import { execFileSync } from 'node:child_process'
import pg from 'pg'
import { embeddedTarget, startServer, type BenchServer, type BenchTarget } from './lib.ts'
import { benchChat } from './chat.bench.ts'
import { benchExport } from './export.bench.ts'
import { benchGym } from './gym.bench.ts'
import { benchHistoryImport } from './history-import.bench.ts'
import { benchLivedIn } from './lived-in.bench.ts'
import { benchMovementSearch } from './movements.bench.ts'
import { benchPlans } from './plans.bench.ts'
import { benchProgress } from './progress.bench.ts'
import { benchScale } from './scale.bench.ts'
import { benchSessions } from './sessions.bench.ts'
import { benchTokens } from './tokens.bench.ts'

const ALL = {
  movements: benchMovementSearch,
  plans: benchPlans,
  sessions: benchSessions,
  chat: benchChat,
  progress: benchProgress,
  export: benchExport,
  import: benchHistoryImport,
  tokens: benchTokens,
  gym: benchGym,
  scale: benchScale,
  'lived-in': benchLivedIn,
}
/** BENCH_ONLY=plans runs one of them. */
const BENCHES = Object.entries(ALL)
  .filter(([name]) => !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes(name))
  .map(([, bench]) => bench)

/** What bench/lighthouse/lighthouse.bench.ts exports to this runner. */
type LighthouseBench = { benchLighthouse: (server: BenchServer) => Promise<void> }

/** BENCH_ONLY=lighthouse: the pages' scores, once, on the embedded database (the database does not change what a page loads). */
const withLighthouse = !process.env.BENCH_ONLY || process.env.BENCH_ONLY.split(',').includes('lighthouse')

async function onEmbedded() {
  const server = await startServer()
  try {
    if (withLighthouse) {
      // Lighthouse is installed on the first run (bench/lighthouse/install.mjs), so it is loaded only
      // here, by a name the project's typecheck does not follow: without the bench's own install it
      // could not resolve Lighthouse (install.mjs typechecks that folder against it instead).
      execFileSync(process.execPath, ['bench/lighthouse/install.mjs'], { stdio: 'inherit' })
      const lighthouseBench: string = './lighthouse/lighthouse.bench.ts'
      const { benchLighthouse } = (await import(lighthouseBench)) as LighthouseBench
      await benchLighthouse(server)
    }
    for (const bench of BENCHES) await bench(server, 'embedded PostgreSQL', embeddedTarget(server))
  } finally {
    await server.stop()
  }
}

/** The throwaway server's folder; its cluster is in `data` (scripts/throwaway-postgres.sh). */
const THROWAWAY_DIR = '/tmp/coachline-bench-pg'
const THROWAWAY_ENV = { ...process.env, PG_TEST_DIR: THROWAWAY_DIR }
const throwaway = (...args: string[]) => execFileSync('scripts/throwaway-postgres.sh', args, { env: THROWAWAY_ENV })

/** A fresh database on BENCH_DATABASE_URL's server, or on a throwaway server started here. */
async function postgresTarget(): Promise<{ target: BenchTarget; done: () => Promise<void> } | null> {
  let adminUrl = process.env.BENCH_DATABASE_URL
  let started = false
  if (!adminUrl) {
    try {
      adminUrl = throwaway('start', '55499').toString().trim()
      started = true
    } catch {
      return null
    }
  }
  const name = `coachline_bench_${Date.now()}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    // Only the throwaway server's processes are known to be this bench's to measure.
    target: { kind: 'postgres', url: url.toString(), cluster: started ? `${THROWAWAY_DIR}/data` : null },
    done: async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
      if (started) throwaway('stop')
    },
  }
}

async function onPostgres() {
  if (!BENCHES.length) return
  const database = await postgresTarget()
  if (!database) {
    console.log('\nPostgreSQL server: skipped (set BENCH_DATABASE_URL or install the PostgreSQL server)')
    return
  }
  const server = await startServer({ DATABASE_URL: database.target.url })
  try {
    for (const bench of BENCHES) await bench(server, 'PostgreSQL server', database.target)
  } finally {
    await server.stop()
    await database.done()
  }
}

console.log(`Coachline benchmarks · node ${process.version} · ${new Date().toISOString()}`)
await onEmbedded()
await onPostgres()
