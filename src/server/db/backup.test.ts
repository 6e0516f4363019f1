import { execFile } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream, existsSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Readable, Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { promisify } from 'node:util'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { createTestApp, jsonHeaders, signIn, type SignedIn, type TestContext } from '../../../tests/helpers/test-app.ts'
import { MigrationsMismatchError, writeBackup } from './backup.ts'
import { DatabaseNotEmptyError, NotABackupError, restoreBackup } from './backup-restore.ts'
import { coachClients } from './schema/index.ts'

// A backup is only worth its restore: these tests fill a database through the real app, back it
// up, restore it elsewhere and compare every row, on the test run's PostgreSQL server.
const { adminUrl } = inject('testDatabase')
const migrationsFolder = resolve('drizzle')
const journalText = readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')
const journal = JSON.parse(journalText) as { entries: unknown[] }
const psql = ['/usr/local/bin/psql', '/usr/lib/postgresql/15/bin/psql'].find((path) => existsSync(path))
// Every character COPY's text format escapes, and one outside the Basic Multilingual Plane.
const AWKWARD = 'Knees "out", it\'s\ttab\nnew line \\ backslash \\N \r 💪'
const RECORD = 'drizzle.__drizzle_migrations'

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await use(client)
  } finally {
    await client.end()
  }
}

function query<Row extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<Row[]> {
  return withClient(url, async (client) => (await client.query<Row>(text, values)).rows)
}

/** Every row of every table a backup holds, each as its JSON text, table by table, sorted. */
const everyRow = (url: string) =>
  withClient(url, async (client) => {
    const tables = await client.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND (n.nspname = 'public' OR format('%s.%s', n.nspname, c.relname) = $1)
        ORDER BY 1`,
      [RECORD],
    )
    const rows: Record<string, string[]> = {}
    for (const { name } of tables.rows) {
      const found = await client.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${name} t`)
      rows[name] = found.rows.map((r) => r.row).sort()
    }
    return rows
  })

async function tablesOf(url: string): Promise<string[]> {
  const sql = "SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace"
  const rows = await query<{ name: string }>(url, sql)
  return rows.map((r) => r.name)
}

describe('a backup', () => {
  let t: TestContext
  let coach: SignedIn
  let client: SignedIn
  let folder: string
  let backup: string
  let written: { tables: number; rows: number }
  const databases: string[] = []

  /** A new, empty database on the test server, dropped after the tests. */
  async function newDatabase(): Promise<string> {
    const name = `coachline_backup_${randomBytes(6).toString('hex')}`
    await query(adminUrl, `CREATE DATABASE ${name}`)
    databases.push(name)
    const url = new URL(adminUrl)
    url.pathname = `/${name}`
    return url.toString()
  }

  async function call(who: SignedIn, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const init = { method, headers: jsonHeaders(who), body: body === undefined ? undefined : JSON.stringify(body) }
    const res = await t.app.request(path, init)
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300)
    return (await res.json()) as Record<string, unknown>
  }

  /** A coach and their client: a plan, a finished session of three sets, comments and chat. */
  async function fill() {
    coach = await signIn(t, { role: 'coach', displayName: 'Coach "Carla"' })
    client = await signIn(t, { role: 'client', displayName: 'Lifter Lee' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
    await call(coach, 'POST', '/api/plans', { name: 'Strength block', description: AWKWARD, weeks: 4, daysPerWeek: 3 })

    const found = await call(client, 'GET', '/api/movements?q=back%20squat&limit=1')
    const { id: movementId, name: movementName } = (found as { items: { id: string; name: string }[] }).items[0]!
    const { id: sessionId } = (await call(client, 'POST', '/api/sessions', {})) as { id: string }
    const key = randomUUID()
    const exercise = { key, movementId, movementName, tracking: 'weight_reps', prescriptionId: null, superset: null }
    const exercises = [{ ...exercise, restSeconds: 90, notes: null, targets: [] }]
    await call(client, 'PATCH', `/api/sessions/${sessionId}`, { exercises, notes: AWKWARD })
    for (const [i, loadKg] of [100, 105, 110].entries()) {
      const set = { exerciseKey: key, setNumber: i + 1, reps: 5, loadKg, rpe: 8, note: i === 1 ? AWKWARD : null }
      const editedAt = new Date().toISOString()
      await call(client, 'PUT', `/api/sessions/${sessionId}/sets/${randomUUID()}`, { ...set, editedAt })
    }
    await call(client, 'POST', `/api/sessions/${sessionId}/finish`, { rpe: 8, notes: AWKWARD })
    await call(coach, 'POST', `/api/sessions/${sessionId}/comments`, { body: AWKWARD })
    await call(client, 'POST', `/api/sessions/${sessionId}/comments`, { body: 'Thanks!' })

    for (const [i, body] of ['Welcome aboard', AWKWARD, 'See you Monday'].entries()) {
      const [from, to] = i % 2 ? [client, coach] : [coach, client]
      await call(from, 'POST', `/api/chat/${to.id}/messages`, { id: randomUUID(), body })
    }
  }

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'coachline-backup-'))
    backup = join(folder, 'backup.sql')
    t = await createTestApp()
    await fill()

    const started = performance.now()
    const output = createWriteStream(backup)
    written = await writeBackup(t.database.url, output, { migrationsFolder })
    output.end()
    await finished(output)
    const { size } = await stat(backup)
    const ms = Math.round(performance.now() - started)
    console.info(`backup: ${written.tables} tables, ${written.rows} rows, ${size} bytes in ${ms} ms`)
  })

  afterAll(async () => {
    await t?.close()
    for (const name of databases) await query(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    if (folder) await rm(folder, { recursive: true, force: true })
  })

  test('restores into an empty database with every row of every table; the app has nothing to migrate', async () => {
    const target = await newDatabase()
    expect(await restoreBackup(target, createReadStream(backup))).toEqual(written)

    const source = await everyRow(t.database.url)
    const copy = await everyRow(target)
    expect(Object.keys(copy)).toEqual(Object.keys(source))
    for (const table of Object.keys(source)) expect(copy[table], table).toEqual(source[table])
    for (const table of ['set_logs', 'lifetime_totals', 'messages', 'session_comments', 'training_plans']) {
      expect(source[`public.${table}`]?.length, table).toBeGreaterThan(0)
    }
    for (const table of ['set_logs', 'messages', 'session_comments', 'workout_sessions']) {
      expect(source[`public.${table}`]?.join('\n'), table).toContain(JSON.stringify(AWKWARD).slice(1, -1))
    }
    expect(source[RECORD]).toHaveLength(journal.entries.length)
    expect(written.rows).toBe(Object.values(source).reduce((sum, rows) => sum + rows.length, 0))

    // The triggers that keep the totals did not fire while the sets loaded: three sets, not six.
    const sum = 'SELECT sum(sets)::int AS sets FROM lifetime_totals WHERE client_id = $1'
    const totals = await query(target, sum, [client.id])
    expect(totals).toEqual([{ sets: 3 }])

    // The app's migrator, as it runs at start, finds every migration applied.
    await withClient(target, (c) => migrate(drizzle({ client: c }), { migrationsFolder }))
    expect((await everyRow(target))[RECORD]).toEqual(source[RECORD])

    // The sequence went on from the copied messages: a new one takes the next number.
    const [last] = await query<{ seq: string }>(t.database.url, 'SELECT max(seq)::text AS seq FROM messages')
    const [added] = await query<{ seq: string }>(
      target,
      `INSERT INTO messages (id, coach_id, client_id, sender_id, body)
       VALUES ($1, $2, $3, $3, 'Back again') RETURNING seq::text AS seq`,
      [randomUUID(), coach.id, client.id],
    )
    expect(BigInt(added!.seq)).toBe(BigInt(last!.seq) + 1n)
  })

  test('psql restores the same file into an empty database with every row', async (context) => {
    context.skip(!psql, 'no psql at /usr/local/bin or /usr/lib/postgresql/15/bin')
    const target = await newDatabase()
    const args = ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-d', target, '-f', backup]
    await promisify(execFile)(psql!, args)
    expect(await everyRow(target)).toEqual(await everyRow(t.database.url))
  })

  test('a database that has tables is refused, and keeps what it had', async () => {
    const target = await newDatabase()
    await query(target, "CREATE TABLE notes (body text); INSERT INTO notes VALUES ('mine')")
    await expect(restoreBackup(target, createReadStream(backup))).rejects.toThrow(DatabaseNotEmptyError)
    expect(await tablesOf(target)).toEqual(['notes'])
    expect(await query(target, 'SELECT body FROM notes')).toEqual([{ body: 'mine' }])
    expect(await query(target, "SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle'")).toEqual([])
  })

  test('a file that is not a backup, or a backup cut short, is refused and leaves the database empty', async () => {
    const target = await newDatabase()
    await expect(restoreBackup(target, Readable.from(['CREATE TABLE x (id int);\n']))).rejects.toThrow(NotABackupError)
    await expect(restoreBackup(target, Readable.from([]))).rejects.toThrow(NotABackupError)
    const text = await readFile(backup, 'utf8')
    // Inside the first table's rows, and within the last line.
    for (const end of [text.indexOf('\n\\.\n') - 10, text.length - 10]) {
      await expect(restoreBackup(target, Readable.from([text.slice(0, end)]))).rejects.toThrow(/cut short/)
    }
    expect(await tablesOf(target)).toEqual([])
    expect(await query(target, "SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle'")).toEqual([])
  })

  test('a database whose migrations are not the folder’s is not backed up: not a line is written', async () => {
    const older = join(folder, 'drizzle')
    await cp(migrationsFolder, older, { recursive: true })
    const journalPath = join(older, 'meta', '_journal.json')
    await writeFile(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, -1) }))
    const chunks: Buffer[] = []
    const output = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        chunks.push(chunk)
        done()
      },
    })
    const backingUp = writeBackup(t.database.url, output, { migrationsFolder: older })
    await expect(backingUp).rejects.toThrow(MigrationsMismatchError)
    expect(chunks).toEqual([])
  })
})
