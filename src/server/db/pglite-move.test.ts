import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { eq, sql } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { copyPgliteFolder } from './pglite-move.ts'
import * as schema from './schema/index.ts'

/**
 * An earlier release's data folder (PGlite) copied into a real PostgreSQL database: every table
 * of schema public compared row for row in PostgreSQL's own text form, which tells apart what a
 * looser comparison would not (a jsonb `null` and SQL NULL, 100.250 and 100.25, microseconds).
 */

const migrationsFolder = resolve('drizzle')
const adminUrl = process.env.TEST_DATABASE_URL
const createdDatabases: string[] = []
let folder: string

/** A note a lifter could type: quotes, a newline, an emoji, a backslash, and what looks like SQL. */
const AWKWARD = `He said "PR!" -- it's O'Brien's\nnext line 💪 back\\slash {a,b} NULL \t tab`
const MICROSECONDS = '2025-03-04 18:30:12.345678+00'
const SESSIONS = 60
const SETS_PER_SESSION = 45

async function createDatabase(): Promise<string> {
  const name = `coachline_move_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  createdDatabases.push(name)
  const url = new URL(adminUrl ?? '')
  url.pathname = `/${name}`
  return url.toString()
}

const openFolder = () => new PGlite(folder, { extensions: { pg_trgm } })

beforeAll(async () => {
  if (!adminUrl) {
    const start = 'scripts/throwaway-postgres.sh start'
    throw new Error(`TEST_DATABASE_URL is not set: this test copies into a real PostgreSQL server (${start} gives one)`)
  }
  folder = mkdtempSync(join(tmpdir(), 'coachline-pglite-move-'))
  const source = openFolder()
  try {
    await migratePglite(drizzlePglite({ client: source }), { migrationsFolder })
    await fillLivedIn(drizzlePglite({ client: source, schema }))
  } finally {
    await source.close()
  }
})

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true })
  if (!adminUrl || !createdDatabases.length) return
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    for (const name of createdDatabases) await admin.query(`drop database if exists ${name} with (force)`)
  } finally {
    await admin.end()
  }
})

type Query = <Row>(text: string) => Promise<Row[]>

function only<Row>(rows: Row[]): Row {
  expect(rows).toHaveLength(1)
  return rows[0] as Row
}

/** Every row of every table of schema public, as PostgreSQL writes the row out, sorted. */
async function everyRow(query: Query): Promise<Map<string, string[]>> {
  const tables = await query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`,
  )
  const rows = new Map<string, string[]>()
  for (const { name } of tables) {
    const found = await query<{ row: string }>(`select t::text as row from "${name}" t`)
    rows.set(name, found.map((r) => r.row).sort())
  }
  return rows
}

async function onTarget<T>(url: string, use: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // PGlite writes timestamps in UTC: the same zone here, so equal rows read the same.
    await client.query(`set timezone = 'UTC'`)
    return await use(async (text) => (await client.query(text)).rows)
  } finally {
    await client.end()
  }
}

async function onFolder<T>(use: (query: Query) => Promise<T>): Promise<T> {
  const source = openFolder()
  try {
    await source.exec(`set timezone = 'UTC'`)
    return await use(async <Row>(text: string) => (await source.query<Row>(text)).rows)
  } finally {
    await source.close()
  }
}

describe('copyPgliteFolder', () => {
  test('copies every row of every table exactly; totals stay, sequences go on', { timeout: 120_000 }, async () => {
    const targetUrl = await createDatabase()
    const result = await copyPgliteFolder({ pgliteDir: folder, targetUrl, migrationsFolder })

    const source = await onFolder(async (query) => {
      const { last } = only(await query<{ last: string }>('select last_value::text as last from messages_seq_seq'))
      return { rows: await everyRow(query), lastSeq: BigInt(last) }
    })
    const target = await onTarget(targetUrl, everyRow)
    expect([...target.keys()]).toEqual([...source.rows.keys()])
    for (const [table, rows] of source.rows) expect(target.get(table), table).toEqual(rows)

    const counts = [...source.rows.values()].map((rows) => rows.length)
    expect(result).toEqual({ tables: counts.length, rows: counts.reduce((a, b) => a + b, 0) })
    const filled = [...source.rows].filter(([, rows]) => rows.length > 0).map(([table]) => table)
    expect(filled).toEqual(expect.arrayContaining(FILLED_TABLES))
    expect(source.rows.get('set_logs')?.length).toBeGreaterThan(SESSIONS * SETS_PER_SESSION)

    await onTarget(targetUrl, async (query) => {
      // The totals are the folder's, not counted again by the copy's inserts: one set, one count.
      const totals = only(
        await query<{ sets: string; counting: string }>(
          `select (select sum(sets) from lifetime_totals)::text as sets,
             (select count(*) from set_logs l join workout_sessions s on s.id = l.session_id
              where l.completed and l.deleted_at is null and s.status = 'completed')::text as counting`,
        ),
      )
      expect(totals.sets).toBe(totals.counting)
      expect(Number(totals.sets)).toBeGreaterThan(2000)

      const awkward = only(
        await query(
          `select l.note, l.load_kg::text as load, l.target_load_kg::text as exact, l.edited_at::text as edited,
             (select progression = 'null'::jsonb from training_plans where name = 'Template') as json_null
           from set_logs l where l.note is not null and l.load_kg = 102.5`,
        ),
      )
      expect(awkward).toEqual({ note: AWKWARD, load: '102.5', exact: '100.250', edited: MICROSECONDS, json_null: true })

      // The chat goes on after the highest seq ever handed out (the last message was deleted).
      const message = only(
        await query<{ seq: string }>(
          `insert into messages (id, coach_id, client_id, sender_id, body)
           select gen_random_uuid(), coach_id, client_id, client_id, 'after the move' from messages limit 1
           returning seq::text as seq`,
        ),
      )
      expect(BigInt(message.seq)).toBe(source.lastSeq + 1n)

      // The triggers are on again for the app: a set logged now counts at once.
      await query(
        `insert into set_logs (id, session_id, exercise_key, movement_id, set_number, reps, load_kg, edited_at)
         select gen_random_uuid(), l.session_id, l.exercise_key, l.movement_id, 99, 20, 1, now()
         from set_logs l join workout_sessions s on s.id = l.session_id and s.status = 'completed' limit 1`,
      )
      const after = only(await query<{ sets: string }>('select sum(sets)::text as sets from lifetime_totals'))
      expect(BigInt(after.sets)).toBe(BigInt(totals.sets) + 1n)
    })
  })

  test('copies into a migrated database with no rows; no trigger fires', { timeout: 60_000 }, async () => {
    const targetUrl = await createDatabase()
    const client = new pg.Client({ connectionString: targetUrl })
    await client.connect()
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder })
      // Migrated, no rows: what a copy that rolled back leaves. A trigger of our own on every table,
      // outside schema public, records every insert and truncate it sees.
      await client.query(`
        create schema canary;
        create table canary.fired (tbl text);
        create function canary.fire() returns trigger language plpgsql as $$
        begin insert into canary.fired values (tg_table_name); return null; end $$;
        do $$ declare t text; begin
          for t in select tablename from pg_tables where schemaname = 'public' loop
            execute format('create trigger canary after insert or truncate on public.%I
              execute function canary.fire()', t);
          end loop;
        end $$;
      `)
      const result = await copyPgliteFolder({ pgliteDir: folder, targetUrl, migrationsFolder })
      expect(result.rows).toBeGreaterThan(SESSIONS * SETS_PER_SESSION)
      expect((await client.query('select tbl from canary.fired')).rows).toEqual([])
    } finally {
      await client.end()
    }
  })

  test('refuses a database that already holds rows, and leaves them as they were', { timeout: 60_000 }, async () => {
    const targetUrl = await createDatabase()
    const client = new pg.Client({ connectionString: targetUrl })
    await client.connect()
    try {
      await migrateNodePg(drizzleNodePg({ client }), { migrationsFolder })
      await client.query(`insert into users (id, name, email) values ('someone', 'Someone', 'someone@example.test')`)
      await client.query(`insert into profiles (id, role, display_name) values ('someone', 'coach', 'Someone')`)
    } finally {
      await client.end()
    }
    const before = await onTarget(targetUrl, everyRow)

    const copy = copyPgliteFolder({ pgliteDir: folder, targetUrl, migrationsFolder })
    await expect(copy).rejects.toThrow(/is not empty: table (users|profiles) has rows/)
    expect(await onTarget(targetUrl, everyRow)).toEqual(before)
  })
})

/** The tables the folder below fills; every other table is compared too, empty or not. */
const FILLED_TABLES = [
  'users',
  'accounts',
  'sessions',
  'verifications',
  'profiles',
  'app_secrets',
  'outbox_messages',
  'rate_limits',
  'coach_clients',
  'movements',
  'search_words',
  'training_plans',
  'plan_workouts',
  'prescriptions',
  'progression_proposals',
  'workouts',
  'client_invites',
  'workout_sessions',
  'set_logs',
  'lifetime_totals',
  'set_log_history',
  'session_comments',
  'body_weights',
  'session_imports',
  'messages',
  'calendar_feeds',
  'api_tokens',
]

/** What an insert returned: one row. */
function first<Row>(rows: Row[]): Row {
  if (!rows[0]) throw new Error('the insert returned nothing')
  return rows[0]
}

const at = (timestamp: string) => sql`${timestamp}::timestamptz`

/** A coach with two clients (one former), a plan in use, sixty finished sessions, comments and chat. */
async function fillLivedIn(db: PgliteDatabase<typeof schema>): Promise<void> {
  const coach = `coach-${randomUUID()}`
  const client = `client-${randomUUID()}`
  const former = `former-${randomUUID()}`
  const people = [
    { id: coach, name: 'Coach Carla', email: 'carla@example.test', emailVerified: true },
    { id: client, name: `Zoë "Zed" O'Brien`, email: 'zoe@example.test', emailVerified: true },
    { id: former, name: 'Former Fred', email: 'fred@example.test' },
  ]
  await db.insert(schema.users).values(people)
  const password = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'
  const credentials = people.map((p) => ({ accountId: p.id, providerId: 'credential', userId: p.id, password }))
  await db.insert(schema.accounts).values(credentials.map((c) => ({ ...c, id: randomUUID() })))
  const expiresAt = new Date(Date.UTC(2030, 0, 1))
  await db.insert(schema.sessions).values({
    id: randomUUID(),
    token: randomUUID(),
    userId: client,
    expiresAt,
    userAgent: AWKWARD,
  })
  await db.insert(schema.verifications).values({
    id: randomUUID(),
    identifier: 'email',
    value: 'zoe@example.test',
    expiresAt,
  })
  const plates = { kg: { bar: 20, plates: [25, 20, 15, 10, 5, 2.5, 1.25], step: 2.5 } }
  await db.insert(schema.profiles).values([
    { id: coach, role: 'coach', displayName: 'Carla', plateSetups: sql`${JSON.stringify(plates)}::jsonb` },
    { id: client, role: 'client', displayName: 'Zoë', unit: 'lb', primaryGoal: AWKWARD, experienceLevel: 'Advanced' },
    { id: former, role: 'client', displayName: 'Fred', messageDigest: false },
  ])
  await db.insert(schema.appSecrets).values({ name: 'auth_secret', value: randomBytes(32).toString('base64') })
  await db.insert(schema.outboxMails).values({
    to: 'zoe@example.test',
    subject: 'Confirm',
    text: AWKWARD,
    html: '<p>Confirm</p>',
    links: ['http://127.0.0.1:3000/x?a=1&b=2'],
  })
  await db.insert(schema.rateLimits).values({ key: 'sign-in:127.0.0.1', windowStart: at(MICROSECONDS), count: 3 })
  await db.insert(schema.coachClients).values([
    { coachId: coach, clientId: client, since: at(MICROSECONDS) },
    { coachId: coach, clientId: former, status: 'archived', endedAt: new Date(Date.UTC(2025, 0, 2)) },
  ])

  const movement = (name: string, slug: string | null) => ({
    ownerId: slug ? null : coach,
    slug,
    name,
    pattern: 'squat' as const,
    tracking: 'weight_reps' as const,
    searchText: name.toLowerCase(),
  })
  const library = await db
    .insert(schema.movements)
    .values([movement('Back squat', 'back-squat'), movement('Bench press', 'bench-press')])
    .returning()
  const [squat, bench] = library.map((m) => m.id) as [string, string]
  const aliases = ['a,b', 'say "hi"', '{x}', 'NULL', '', AWKWARD]
  const tempo = first(
    await db
      .insert(schema.movements)
      .values({ ...movement('Tempo squat', null), aliases, instructions: AWKWARD })
      .returning(),
  ).id
  await db.insert(schema.searchWords).values(['back', 'squat', 'bench', 'press', 'tempo'].map((word) => ({ word })))

  const target = (kg: number) => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg' as const, value: kg }, rpe: 8 })
  const rule = { kind: 'linear', amount: 2.5, unit: 'kg', per: 'session', failures: 3, reducePercent: 10 } as const
  await db.insert(schema.trainingPlans).values({
    ownerId: coach,
    name: 'Template',
    weeks: 4,
    daysPerWeek: 3,
    isTemplate: true,
    // A jsonb null, which is not SQL NULL and must not become it.
    progression: sql`'null'::jsonb`,
  })
  const plan = first(
    await db
      .insert(schema.trainingPlans)
      .values({
        ownerId: coach,
        clientId: client,
        name: 'Strength block',
        weeks: 4,
        daysPerWeek: 3,
        deloadWeeks: [4],
        startDate: '2025-01-06',
        trainingDays: [1, 3, 5],
        assigned: true,
        status: 'active',
        progression: rule,
        deload: { loadPercent: 10, setsRemoved: 1 },
      })
      .returning(),
  )
  const grid = [1, 2, 3, 4].flatMap((week) => [1, 2, 3].map((day) => ({ week, day })))
  const cells = grid.map(({ week, day }) => ({ planId: plan.id, week, day, title: `W${week}D${day}` }))
  const planWorkouts = await db.insert(schema.planWorkouts).values(cells).returning()
  const exercises = planWorkouts.flatMap((cell) => [
    { planWorkoutId: cell.id, movementId: squat, position: 0, sets: [target(100), target(100)], restSeconds: 180 },
    { planWorkoutId: cell.id, movementId: tempo, position: 1, sets: [target(60)], tempo: '31X1', notes: AWKWARD },
  ])
  await db.insert(schema.prescriptions).values(exercises)
  const arms = { ownerId: coach, title: 'Arms', isTemplate: true }
  const workout = first(await db.insert(schema.workouts).values(arms).returning())
  await db.insert(schema.prescriptions).values({
    workoutId: workout.id,
    movementId: bench,
    position: 0,
    sets: [target(60)],
    progression: rule,
  })
  await db.insert(schema.progressionProposals).values({
    planId: plan.id,
    planWorkoutId: first(planWorkouts).id,
    movementId: squat,
    clientId: client,
    fromSets: [target(100)],
    toSets: [target(102.5)],
    reason: 'Five of five: +2.5 kg',
  })
  await db.insert(schema.clientInvites).values({
    coachId: coach,
    email: 'new@example.test',
    planId: plan.id,
    tokenHash: 'hash',
    tokenSealed: 'sealed',
    expiresAt,
  })

  // Finished sessions whose sets the totals count (the source's own triggers keep them).
  const sessionIds: string[] = []
  for (let i = 0; i < SESSIONS; i++) {
    const cell = planWorkouts[i % planWorkouts.length] ?? first(planWorkouts)
    const session = first(
      await db
        .insert(schema.workoutSessions)
        .values({
          clientId: client,
          planId: plan.id,
          planWorkoutId: cell.id,
          title: cell.title,
          planName: plan.name,
          week: cell.week,
          day: cell.day,
          exercises: [],
          status: 'completed',
          startedAt: sql`${at(MICROSECONDS)} + make_interval(days => ${i})`,
          completedAt: sql`${at(MICROSECONDS)} + make_interval(days => ${i}, mins => 75)`,
          rpe: 7.5,
          notes: i === 0 ? AWKWARD : null,
        })
        .returning(),
    )
    sessionIds.push(session.id)
    const sets = Array.from({ length: SETS_PER_SESSION }, (_, n) => ({
      id: randomUUID(),
      sessionId: session.id,
      exerciseKey: `key-${n % 3}`,
      movementId: [squat, bench, tempo][n % 3] ?? squat,
      setNumber: n + 1,
      reps: 1 + (n % 14),
      loadKg: 60 + (n % 9) * 2.5 + i * 0.25,
      rpe: 8,
      completed: n % 11 !== 5,
      deletedAt: n % 13 === 7 ? new Date(Date.UTC(2025, 5, 1)) : null,
      editedAt: at(MICROSECONDS),
    }))
    await db.insert(schema.setLogs).values(sets)
  }
  const sessionId = first(sessionIds)
  const awkward = first(
    await db
      .insert(schema.setLogs)
      .values({
        id: randomUUID(),
        sessionId,
        exerciseKey: 'key-0',
        movementId: squat,
        setNumber: 100,
        reps: 3,
        loadKg: 102.5,
        targetLoadKg: sql`'100.250'::numeric`,
        note: AWKWARD,
        editedAt: at(MICROSECONDS),
      })
      .returning(),
  )
  await db.insert(schema.workoutSessions).values([
    { clientId: client, title: 'Today', exercises: [], status: 'in_progress' },
    { clientId: client, title: 'Skipped', exercises: [], status: 'abandoned', rpe: sql`'6.25'::numeric` },
  ])
  const values = { reps: 2, loadKg: 100, note: null }
  await db.insert(schema.setLogHistory).values({ setLogId: awkward.id, sessionId, values, editedAt: new Date() })
  await db.insert(schema.sessionComments).values({ sessionId, setLogId: awkward.id, authorId: coach, body: AWKWARD })
  await db.insert(schema.bodyWeights).values([
    { clientId: client, measuredOn: '2025-03-04', weightKg: 82.35 },
    { clientId: client, measuredOn: '2025-03-05', weightKg: sql`'82.350'::numeric` },
  ])
  const imported = { clientId: client, importKey: 'strong:1', source: 'strong' as const, sessionId }
  await db.insert(schema.sessionImports).values(imported)

  const senders = [coach, client, client, coach, client]
  const chat = senders.map((senderId, n) => ({
    id: randomUUID(),
    coachId: coach,
    clientId: client,
    senderId,
    body: `message ${n} ${AWKWARD}`,
  }))
  await db.insert(schema.messages).values(chat)
  // The last message deleted: the sequence is ahead of every seq left, and must stay so.
  await db.delete(schema.messages).where(eq(schema.messages.id, chat[chat.length - 1]?.id ?? ''))
  await db.insert(schema.calendarFeeds).values({ userId: client, tokenHash: randomBytes(16).toString('hex') })
  await db.insert(schema.apiTokens).values({
    userId: client,
    name: AWKWARD,
    scope: 'read',
    tokenHash: 'token-hash',
    start: 'cl_abc',
  })
}
