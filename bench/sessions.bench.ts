import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../src/server/db/client.ts'
import { prepareDatabase } from '../src/server/db/prepare.ts'
import { setLogs } from '../src/server/db/schema/index.ts'
import { measure, measureTask, pool, report, signInUser, type BenchServer, type BenchTarget } from './lib.ts'

const CLIENTS = 50
const SETS = 2000

/**
 * Set logging under load (issue 7): 50 clients, each in their own session, logging sets over HTTP
 * at once; beside it, the floor: the same row inserted straight through the same database driver.
 */
export async function benchSessions(server: BenchServer, label: string, target: BenchTarget): Promise<void> {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => signInUser(server.url, 'client')))
  const first = clients[0]
  if (!first) throw new Error('no bench clients')
  const headersOf = (cookie: string) => ({ cookie, 'content-type': 'application/json', origin: server.url })
  const movement = ((await (await fetch(`${server.url}/api/movements?q=back%20squat&limit=1`, { headers: headersOf(first.cookie) })).json()) as { items: { id: string; name: string }[] }).items[0]
  if (!movement) throw new Error('no movement to log')
  const sessions = await Promise.all(
    clients.map(async ({ cookie }) => {
      const headers = headersOf(cookie)
      const session = (await (await fetch(`${server.url}/api/sessions`, { method: 'POST', headers, body: '{}' })).json()) as { id: string }
      const key = crypto.randomUUID()
      const exercise = { key, movementId: movement.id, movementName: movement.name, tracking: 'weight_reps', prescriptionId: null, superset: null, restSeconds: 90, notes: null, targets: [] }
      const patched = await fetch(`${server.url}/api/sessions/${session.id}`, { method: 'PATCH', headers, body: JSON.stringify({ exercises: [exercise] }) })
      if (!patched.ok) throw new Error(`could not prepare a session: ${patched.status}`)
      return { id: session.id, key, headers }
    }),
  )

  const body = (key: string, i: number) => JSON.stringify({ exerciseKey: key, setNumber: 1 + (i % 50), reps: 5, loadKg: 100 + (i % 20), rpe: 8, editedAt: new Date().toISOString() })
  const logged = await measure(`log a set (PUT, ${CLIENTS} clients at once)`, SETS, CLIENTS, (i) => {
    const session = sessions[i % CLIENTS]
    if (!session) throw new Error('no session')
    return fetch(`${server.url}/api/sessions/${session.id}/sets/${crypto.randomUUID()}`, { method: 'PUT', headers: session.headers, body: body(session.key, i) })
  })
  const alone = await measure('log a set (one client at a time)', 300, 1, (i) => {
    const session = sessions[0]
    if (!session) throw new Error('no session')
    return fetch(`${server.url}/api/sessions/${session.id}/sets/${crypto.randomUUID()}`, { method: 'PUT', headers: session.headers, body: body(session.key, i) })
  })
  const replayed = await measure('replay the same set (idempotent)', 500, CLIENTS, (i) => {
    const session = sessions[i % CLIENTS]
    if (!session) throw new Error('no session')
    const id = `00000000-0000-4000-8000-${String(i % CLIENTS).padStart(12, '0')}`
    return fetch(`${server.url}/api/sessions/${session.id}/sets/${id}`, { method: 'PUT', headers: session.headers, body: JSON.stringify({ exerciseKey: session.key, setNumber: 1, reps: 5, loadKg: 100, editedAt: '2026-01-01T00:00:00.000Z' }) })
  })

  const floor = await bareInserts(target, first.id, movement.id, sessions[0]?.id ?? '')
  report(`${label}: set logging at ${CLIENTS} concurrent clients (target: p99 under 25 ms, throughput at least 50% of the floor)`, [floor, logged, alone, replayed], floor)
  console.log(`  throughput: ${logged.perSecond.toFixed(0)} sets/s over HTTP = ${((100 * logged.perSecond) / floor.perSecond).toFixed(0)}% of the bare insert's ${floor.perSecond.toFixed(0)}/s`)
}

/** The floor: the same set_logs row inserted through the same driver, 50 at a time, no HTTP, no checks. */
async function bareInserts(target: BenchTarget, userId: string, movementId: string, sessionId: string) {
  let database: Database
  let cleanup = () => {}
  let session = sessionId
  let movement = movementId
  if (target.kind === 'postgres') {
    database = await openDatabase({ kind: 'postgres', url: target.url })
  } else {
    // The server's PGlite belongs to its process; the floor gets its own, prepared the same way.
    const dir = mkdtempSync(join(tmpdir(), 'coachline-bench-floor-'))
    database = await openDatabase({ kind: 'pglite', dataDir: dir })
    await prepareDatabase(database, resolve('drizzle'))
    cleanup = () => rmSync(dir, { recursive: true, force: true })
    await database.db.execute(sql`insert into users (id, name, email, email_verified) values (${userId}, 'Floor', ${`floor-${userId}@example.test`}, true)`)
    const rows = await database.db.execute(sql`insert into workout_sessions (client_id, title, exercises) values (${userId}, 'Floor', '[]'::jsonb) returning id`)
    session = String((rows as unknown as { rows: { id: string }[] }).rows[0]?.id)
    const found = await database.db.execute(sql`select id from movements where owner_id is null limit 1`)
    movement = String((found as unknown as { rows: { id: string }[] }).rows[0]?.id)
  }
  try {
    await pool(20, 5, async () => {
      await database.db.insert(setLogs).values(row(session, movement, 0))
    })
    return await measureTask('floor: bare INSERT of the row (driver)', SETS, CLIENTS, async (i) => {
      await database.db.insert(setLogs).values(row(session, movement, i))
    })
  } finally {
    await database.close()
    cleanup()
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
