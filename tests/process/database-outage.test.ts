import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { freePort, startBuiltServer, type BuiltServer } from '../helpers/built-server.ts'
import { lifterWithSession, logSet, setIdsOf, type Lifter } from '../helpers/lifter.ts'

// A real PostgreSQL server, stopped and started again under the running app: set logging answers
// 503 meanwhile (never 500), recovers without restarting the app, and loses no acknowledged set;
// the web app's page is still served.
const hasPostgres =
  existsSync('/usr/bin/initdb') ||
  (existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)))
const required = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1'
const script = 'scripts/throwaway-postgres.sh'
const pgDir = mkdtempSync(join(tmpdir(), 'coachline-outage-pg-'))
const pg = (...args: string[]) =>
  execFileSync('bash', [script, ...args], { env: { ...process.env, PG_TEST_DIR: pgDir }, encoding: 'utf8' }).trim()

let server: BuiltServer | undefined

beforeAll(async () => {
  if (!hasPostgres) return
  const url = pg('start', String(await freePort()))
  server = await startBuiltServer({ DATABASE_URL: url })
})
afterAll(async () => {
  await server?.stop()
  if (hasPostgres) pg('stop')
})

test.runIf(hasPostgres || required)(
  'set logging while PostgreSQL stops and starts again: 503 meanwhile, then recovery, no set lost',
  async () => {
    expect(hasPostgres, 'no PostgreSQL server binaries (initdb): apt-get install postgresql').toBe(true)
    const url = server!.url
    const lifters = await Promise.all(Array.from({ length: 6 }, () => lifterWithSession(url)))
    const acknowledged = new Map<Lifter, string[]>(lifters.map((l) => [l, []]))
    const statuses: number[] = []
    const retryAfter = new Set<string | null>()
    let running = true

    const loops = lifters.map(async (lifter) => {
      for (let n = 1; running; n++) {
        const id = crypto.randomUUID()
        const status = await logSet(url, lifter, id, n, (res) => {
          if (res.status === 503) retryAfter.add(res.headers.get('retry-after'))
        })
        statuses.push(status)
        if (status === 200) acknowledged.get(lifter)!.push(id)
        await new Promise((r) => setTimeout(r, status === 200 ? 30 : 200))
      }
    })

    await new Promise((r) => setTimeout(r, 1000))
    const before = statuses.length
    pg('pause')
    // Meanwhile the web app's page still comes, without the answers it carries when the database
    // gives them: the app asks for them itself once it runs. Who the lifter is may come with it, as
    // the server keeps signed-in users and their profiles in memory for a while.
    const [page] = await Promise.all([
      fetch(`${url}/home`, { headers: { cookie: lifters[0]!.cookie } }),
      new Promise((r) => setTimeout(r, 3000)),
    ])
    pg('resume')
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('<div id="root"></div>')
    const carried = /<script[^>]*id="page-answers"[^>]*>(.*?)<\/script>/s.exec(html)?.[1]
    expect(Object.keys(carried ? (JSON.parse(carried) as object) : {}).filter((call) => call !== '/api/me')).toEqual([])
    const resumedAt = statuses.length
    // Recovery by itself: every lifter logs again without the app being restarted.
    const deadline = Date.now() + 30_000
    const okSince = () => statuses.slice(resumedAt).filter((s) => s === 200).length
    while (okSince() < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
    running = false
    await Promise.all(loops)

    const counts = statuses.reduce<Record<number, number>>((all, s) => ({ ...all, [s]: (all[s] ?? 0) + 1 }), {})
    expect(before, 'sets logged before the outage').toBeGreaterThan(20)
    expect(Object.keys(counts).map(Number).sort(), JSON.stringify(counts)).toEqual([200, 503])
    expect([...retryAfter]).toEqual(['5'])
    expect(okSince()).toBeGreaterThanOrEqual(30)
    for (const lifter of lifters) {
      const stored = await setIdsOf(url, lifter)
      expect(acknowledged.get(lifter)!.filter((id) => !stored.has(id))).toEqual([])
    }
  },
)
