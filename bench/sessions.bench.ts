import { openDatabase } from '../src/server/db/client.ts'
import { setLogs } from '../src/server/db/schema/index.ts'
import { measurePaced, measureTask, pool, report, send, signInUser, type BenchServer, type BenchTarget } from './lib.ts'

const CLIENTS = 50
const SETS = 2000
const WARM_UP = 1000

/**
 * Set logging under load (docs/product.md#measured-budgets): 50 clients, each in their own session, logging sets over HTTP
 * at once; beside it, the floor: the same row inserted straight through the same database driver,
 * 50 at a time. Decision 010 says why latency is measured with paced clients and throughput
 * without pauses.
 */
export async function benchSessions(server: BenchServer, label: string, target: BenchTarget): Promise<void> {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => signInUser(server.url, 'client')))
  const first = clients[0]
  if (!first) throw new Error('no bench clients')
  const headersOf = (cookie: string) => ({ cookie, 'content-type': 'application/json', origin: server.url })
  const movement = (
    (await (
      await fetch(`${server.url}/api/movements?q=back%20squat&limit=1`, { headers: headersOf(first.cookie) })
    ).json()) as { items: { id: string; name: string }[] }
  ).items[0]
  if (!movement) throw new Error('no movement to log')
  const sessions = await Promise.all(
    clients.map(async ({ cookie }) => {
      const headers = headersOf(cookie)
      const session = (await (
        await fetch(`${server.url}/api/sessions`, { method: 'POST', headers, body: '{}' })
      ).json()) as { id: string }
      const key = crypto.randomUUID()
      const exercise = {
        key,
        movementId: movement.id,
        movementName: movement.name,
        tracking: 'weight_reps',
        prescriptionId: null,
        superset: null,
        restSeconds: 90,
        notes: null,
        targets: [],
      }
      const patched = await fetch(`${server.url}/api/sessions/${session.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ exercises: [exercise] }),
      })
      if (!patched.ok) throw new Error(`could not prepare a session: ${patched.status}`)
      return { id: session.id, key, headers }
    }),
  )

  const body = (key: string, i: number) =>
    JSON.stringify({
      exerciseKey: key,
      setNumber: 1 + (i % 50),
      reps: 5,
      loadKg: 100 + (i % 20),
      rpe: 8,
      editedAt: new Date().toISOString(),
    })
  const logSet = async (client: number, i: number, setId: string = crypto.randomUUID()) => {
    const session = sessions[client % CLIENTS]
    if (!session) throw new Error('no session')
    const res = await send(`${server.url}/api/sessions/${session.id}/sets/${setId}`, {
      method: 'PUT',
      headers: session.headers,
      body: body(session.key, i),
    })
    if (res.status !== 200) throw new Error(`log a set: answer ${res.status} ${res.body}`)
  }

  // The server's JIT and the database's caches warm up first, as the floor's do.
  await measureTask('warm-up', WARM_UP, CLIENTS, (i) => logSet(i, i))
  // The latency a lifter feels while 50 others log too: each sends a set, rests a random 0-0.4 s
  // (a real rest is minutes), sends the next; about 250 sets a second in all.
  const paced = await measurePaced(`log a set (${CLIENTS} clients, ~0.2 s apart)`, CLIENTS, SETS / CLIENTS, 200, logSet)
  // Throughput: all 50 send their next set the moment the last one is answered. The latency of
  // this figure is queueing (50 requests always in flight), reported but not the target.
  const saturated = await measureTask(`log a set (${CLIENTS} clients, no pause)`, SETS, CLIENTS, (i) => logSet(i, i))
  const alone = await measureTask('log a set (one client at a time)', 300, 1, (i) => logSet(0, i))
  const replayed = await measureTask('replay the same set (idempotent)', 500, CLIENTS, async (i) => {
    const session = sessions[i % CLIENTS]
    if (!session) throw new Error('no session')
    const id = `00000000-0000-4000-8000-${String(i % CLIENTS).padStart(12, '0')}`
    const res = await send(`${server.url}/api/sessions/${session.id}/sets/${id}`, {
      method: 'PUT',
      headers: session.headers,
      body: JSON.stringify({
        exerciseKey: session.key,
        setNumber: 1,
        reps: 5,
        loadKg: 100,
        editedAt: '2026-01-01T00:00:00.000Z',
      }),
    })
    if (res.status !== 200) throw new Error(`replay: answer ${res.status}`)
  })

  const floor = await bareInserts(target, movement.id, sessions[0]?.id ?? '')
  report(
    `${label}: set logging at ${CLIENTS} concurrent clients (target: p99 under 25 ms, throughput at least 50% of the floor)`,
    [floor, paced, saturated, alone, replayed],
    floor,
  )
  console.log(
    `  latency with ${CLIENTS} clients logging: median ${paced.median.toFixed(1)} ms, p95 ${paced.p95.toFixed(1)} ms, p99 ${paced.p99.toFixed(1)} ms (target p99 < 25 ms: ${paced.p99 < 25 ? 'met' : 'NOT met'})`,
  )
  const share = (100 * saturated.perSecond) / floor.perSecond
  console.log(
    `  throughput: ${saturated.perSecond.toFixed(0)} sets/s over HTTP = ${share.toFixed(0)}% of the bare insert's ${floor.perSecond.toFixed(0)}/s (target >= 50%: ${share >= 50 ? 'met' : 'NOT met'})`,
  )
}

/**
 * The floor: the same set_logs row inserted through the same driver, 50 at a time, no HTTP, no
 * checks, into the server's own database (either target takes a pool beside the app's).
 */
async function bareInserts(target: BenchTarget, movementId: string, sessionId: string) {
  const database = await openDatabase({ url: target.url })
  try {
    await pool(WARM_UP, CLIENTS, async (i) => {
      await database.db.insert(setLogs).values(row(sessionId, movementId, i))
    })
    return await measureTask('floor: bare INSERT of the row (driver)', SETS, CLIENTS, async (i) => {
      await database.db.insert(setLogs).values(row(sessionId, movementId, i))
    })
  } finally {
    await database.close()
  }
}

const row = (sessionId: string, movementId: string, i: number) => ({
  id: crypto.randomUUID(),
  sessionId,
  exerciseKey: 'floor',
  movementId,
  setNumber: 1 + (i % 50),
  reps: 5,
  loadKg: 100 + (i % 20),
  rpe: 8,
  completed: true,
  editedAt: new Date(),
})
