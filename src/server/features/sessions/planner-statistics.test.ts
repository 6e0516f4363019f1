import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { lastSetsSql } from './report.service.ts'
import { createTestApp, signIn, type TestContext } from '../../../../tests/helpers/test-app.ts'
import { queryRows, type Db } from '#server/db/client.ts'

const run = promisify(execFile)

type PlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Shared Hit Blocks': number
  'Shared Read Blocks': number
  Plans?: PlanNode[]
}

/** The plan PostgreSQL ran `query` with, and the pages it touched. */
async function planOf(db: Db, query: ReturnType<typeof sql>): Promise<{ pages: number; scans: string[] }> {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    db,
    sql`explain (analyze, buffers, format json) ${query}`,
  )
  const plan = row?.['QUERY PLAN'][0].Plan
  if (!plan) throw new Error('no plan')
  const scans: string[] = []
  const walk = (node: PlanNode) => {
    if (node['Relation Name']) scans.push(`${node['Node Type']} on ${node['Relation Name']}`)
    node.Plans?.forEach(walk)
  }
  walk(plan)
  return { pages: plan['Shared Hit Blocks'] + plan['Shared Read Blocks'], scans }
}

/** A lifter's movements, most trained first, and how many sets the database holds. */
async function lifterOf(db: Db, clientId: string) {
  const movements = await queryRows<{ movement_id: string }>(
    db,
    sql`select movement_id from set_logs where client_id = ${clientId} group by movement_id order by count(*) desc limit 4`,
  )
  return movements.map((m) => m.movement_id)
}

/**
 * The planner's picture of the tables a lifter's screens read: the rows it believes each holds,
 * against the rows there are, and whether it has sampled their columns at all.
 */
async function expectFreshStatistics(db: Db) {
  const tables = ['set_logs', 'workout_sessions', 'lifetime_totals']
  for (const table of tables) {
    const [row] = await queryRows<{ believed: number; actual: number; sampled: number }>(
      db,
      sql`select (select reltuples::float8 from pg_class where oid = ${table}::regclass) as believed,
            (select count(*)::int from ${sql.identifier(table)}) as actual,
            (select count(*)::int from pg_stats where schemaname = 'public' and tablename = ${table}) as sampled`,
    )
    const { believed = 0, actual = 0, sampled = 0 } = row ?? {}
    // Autovacuum's own measure of a table that changed enough to sample again: 50 rows and a tenth.
    expect(Math.abs(believed - actual), `${table}: ${believed} rows believed, ${actual} there`).toBeLessThanOrEqual(
      50 + 0.1 * actual,
    )
    if (actual > 50) expect(sampled, `${table} has column statistics`).toBeGreaterThan(0)
  }
}

/**
 * What a lifter with history sees first: the 'last time' figures of the logger, for four
 * movements, read in a bounded number of pages (a few dozen) however much history there is.
 */
async function expectLastTimeBounded(db: Db, clientId: string) {
  const movementIds = await lifterOf(db, clientId)
  expect(movementIds.length).toBe(4)
  const { pages, scans } = await planOf(db, lastSetsSql(clientId, movementIds))
  // An index probe of each session's sets, plain or through a bitmap, never a scan of them all.
  expect(scans).not.toContain('Seq Scan on set_logs')
  expect(pages).toBeLessThan(200)
}

// Each test on a database of its own: what one loads must not sample the other's tables.
describe('planner statistics after the demo', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  test('after npm run demo, the planner has sampled what it wrote, and a lifter’s last-time figures read a few pages', async () => {
    await run('node_modules/.bin/tsx', ['src/server/cli/demo.ts'], {
      env: { ...process.env, DATABASE_URL: t.database.url, LOG_LEVEL: 'silent' },
    })
    const [maya] = await queryRows<{ id: string }>(t.db, sql`select id from profiles where display_name = 'Maya Chen'`)
    if (!maya) throw new Error('the demo made no Maya Chen')
    await expectFreshStatistics(t.db)
    await expectLastTimeBounded(t.db, maya.id)
  }, 120_000)
})

describe('planner statistics after an import', () => {
  let t: TestContext
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  test('after importing a year of history into a new account, the planner has sampled it, and its last-time figures read a few pages', async () => {
    const lifter = await signIn(t)
    const res = await t.app.request('/api/history-import', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:3000', ...lifter.headers },
      body: strongYear(),
    })
    expect(res.status, await res.clone().text()).toBe(200)
    expect(await res.text()).toContain('"type":"done"')
    await expectFreshStatistics(t.db)
    await expectLastTimeBounded(t.db, lifter.id)
  }, 120_000)
})

/** A Strong export of a year: three sessions a week of four exercises of five sets, and its mapping. */
function strongYear(): FormData {
  const exercises = ['Squat (Barbell)', 'Bench Press (Barbell)', 'Deadlift (Barbell)', 'Overhead Press (Barbell)']
  const lines = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  ]
  const start = Date.parse('2025-01-06T18:00:00Z')
  for (let session = 0; session < 156; session++) {
    const date = new Date(start + Math.floor(session / 3) * 7 * 86_400_000 + (session % 3) * 2 * 86_400_000)
      .toISOString()
      .replace('T', ' ')
      .slice(0, 19)
    for (const [i, name] of exercises.entries()) {
      for (let set = 1; set <= 5; set++)
        lines.push(`${date},"Day ${session % 3}","1h","${name}","${set}",${60 + i * 10 + (session % 20)},5,0,0,"","",8`)
    }
  }
  const form = new FormData()
  form.set('file', new File([lines.join('\n')], 'strong.csv', { type: 'text/csv' }))
  form.set('unit', 'kg')
  form.set('timeZone', 'UTC')
  form.set('mapping', JSON.stringify(exercises.map((name) => ({ name, create: { name, tracking: 'weight_reps' } }))))
  return form
}
