import { expect, test } from 'vitest'
import { startBuiltServer, type ServerProcess } from '../helpers/built-server.ts'
import { cleanUpAfterEach, databaseServerPid, isAlive } from '../helpers/process-cleanup.ts'
import { lifterWithSession, logSet, setIdsOf, type Lifter } from '../helpers/lifter.ts'

// The app on its default database: the PostgreSQL server it runs and supervises in DATA_DIR.

const cleanup = cleanUpAfterEach()

async function until(check: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

/** Lifters logging sets in a loop until `stop`; what the server acknowledged, and every status it answered. */
function logging(url: string, lifters: Lifter[]) {
  const acknowledged = new Set<string>()
  const statuses = new Map<number, number>()
  let stopped = false
  const loops = lifters.map(async (lifter) => {
    for (let i = 0; !stopped; i++) {
      const setId = crypto.randomUUID()
      const status = await logSet(url, lifter, setId, i).catch(() => 0)
      statuses.set(status, (statuses.get(status) ?? 0) + 1)
      if (status === 200 || status === 201) acknowledged.add(setId)
      // A refused set waits as the app's offline queue would, a moment before the next.
      else await new Promise((r) => setTimeout(r, 100))
    }
  })
  return {
    acknowledged,
    statuses,
    stop: async () => {
      stopped = true
      await Promise.all(loops)
    },
  }
}

async function storedSets(url: string, lifters: Lifter[]): Promise<Set<string>> {
  const all = new Set<string>()
  for (const lifter of lifters) for (const id of await setIdsOf(url, lifter)) all.add(id)
  return all
}

test('the database server killed mid-logging: the app answers 503 meanwhile, starts it again itself, and loses no acknowledged set', async () => {
  const dataDir = cleanup.dataDir('coachline-db-kill-')
  const server = cleanup.track(await startBuiltServer({}, { dataDir }))
  const lifters = await Promise.all(Array.from({ length: 4 }, () => lifterWithSession(server.url)))
  const load = logging(server.url, lifters)
  try {
    await until(() => load.acknowledged.size >= 100, 30_000, '100 sets acknowledged')
    const killed = databaseServerPid(dataDir)
    expect(killed).not.toBeNull()
    process.kill(killed as number, 'SIGKILL')
    const before = load.acknowledged.size
    // Back by itself: a new server process, and sets acknowledged again.
    await until(() => load.acknowledged.size >= before + 100, 60_000, '100 more sets acknowledged after the kill')
    const restarted = databaseServerPid(dataDir)
    expect(restarted).not.toBeNull()
    expect(restarted).not.toBe(killed)
  } finally {
    await load.stop()
  }
  expect(load.statuses.get(503), 'the sets sent while it was down were answered 503').toBeGreaterThan(0)
  expect([...load.statuses.keys()].sort(), 'only 200 and 503, never a 500').toEqual([200, 503])
  const stored = await storedSets(server.url, lifters)
  expect([...load.acknowledged].filter((id) => !stored.has(id))).toEqual([])
  expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
})

test('SIGTERM stops the app and its database server within the shutdown budget', async () => {
  const budget = 3000
  const dataDir = cleanup.dataDir('coachline-db-term-')
  const server = cleanup.track(await startBuiltServer({ SHUTDOWN_TIMEOUT_MS: String(budget) }, { dataDir }))
  const lifters = [await lifterWithSession(server.url)]
  const load = logging(server.url, lifters)
  await until(() => load.acknowledged.size >= 20, 30_000, '20 sets acknowledged')
  const database = databaseServerPid(dataDir)
  expect(database).not.toBeNull()
  const started = performance.now()
  server.child.kill('SIGTERM')
  const { code } = await server.exited
  const took = performance.now() - started
  await load.stop()
  expect(code).toBe(0)
  expect(took).toBeLessThan(budget + 2000)
  expect(isAlive(database as number), 'the database server stopped with the app').toBe(false)

  // Stopped cleanly: the next start needs no recovery and finds every acknowledged set.
  const next = cleanup.track(await startBuiltServer({}, { dataDir }))
  const stored = await storedSets(next.url, lifters)
  expect([...load.acknowledged].filter((id) => !stored.has(id))).toEqual([])
})

test('after a SIGKILL of the app, the next start stops the database server left running and runs its own', async () => {
  const dataDir = cleanup.dataDir('coachline-db-left-')
  const first: ServerProcess = cleanup.track(await startBuiltServer({}, { dataDir }))
  const lifter = await lifterWithSession(first.url)
  const setId = crypto.randomUUID()
  expect(await logSet(first.url, lifter, setId, 1)).toBe(200)
  const leftover = databaseServerPid(dataDir)
  first.child.kill('SIGKILL')
  await first.exited
  expect(leftover !== null && isAlive(leftover), 'the killed app could not stop its server').toBe(true)

  const next = cleanup.track(await startBuiltServer({}, { dataDir }))
  expect(isAlive(leftover as number), 'the server left running was stopped: never two on one folder').toBe(false)
  const own = databaseServerPid(dataDir)
  expect(own).not.toBeNull()
  expect(own).not.toBe(leftover)
  expect(await setIdsOf(next.url, lifter)).toEqual(new Set([setId]))
})

test('a statement that would take minutes is cancelled at the time limit while health and set logs are answered within a second', async () => {
  const limitMs = 1500
  const server = cleanup.track(await startBuiltServer({ DATABASE_STATEMENT_TIMEOUT_MS: String(limitMs) }))
  const lifter = await lifterWithSession(server.url)
  const slow = Array.from({ length: 3 }, async () => {
    const started = performance.now()
    const res = await fetch(`${server.url}/api/testing/slow-statement`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"seconds":300}',
    })
    return { status: res.status, body: await res.text(), ms: performance.now() - started }
  })
  const others: { status: number; ms: number }[] = []
  let done = false
  void Promise.all(slow).finally(() => (done = true))
  for (let i = 0; !done; i++) {
    const started = performance.now()
    const status =
      i % 2
        ? (await fetch(`${server.url}/api/health`)).status
        : await logSet(server.url, lifter, crypto.randomUUID(), i)
    others.push({ status, ms: performance.now() - started })
    await new Promise((r) => setTimeout(r, 50))
  }
  for (const answer of await Promise.all(slow)) {
    expect(answer.status, answer.body).toBe(503)
    expect(answer.body).toContain('took too long')
    expect(answer.ms).toBeGreaterThanOrEqual(limitMs - 100)
    expect(answer.ms).toBeLessThan(limitMs + 3000)
  }
  expect(others.length).toBeGreaterThan(5)
  expect(others.filter((o) => o.status !== 200)).toEqual([])
  expect(Math.max(...others.map((o) => o.ms))).toBeLessThan(1000)
})
