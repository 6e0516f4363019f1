import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import {
  AWKWARD,
  makeEarlierReleaseFolder,
  MICROSECONDS,
  SESSIONS,
  SETS_PER_SESSION,
} from '../../../tests/helpers/earlier-release-folder.ts'
import { everyRow, onPgliteFolder, onServer, type Query } from '../../../tests/helpers/every-row.ts'
import { copyPgliteFolder } from './pglite-move.ts'

/**
 * An earlier release's data folder (PGlite) copied into a real PostgreSQL database: every table
 * of schema public compared row for row in PostgreSQL's own text form, which tells apart what a
 * looser comparison would not (a jsonb `null` and SQL NULL, 100.250 and 100.25, microseconds).
 */

const migrationsFolder = resolve('drizzle')
const { adminUrl } = inject('testDatabase')
const createdDatabases: string[] = []
let folder: string

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
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.toString()
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'coachline-pglite-move-'))
  await makeEarlierReleaseFolder(folder, migrationsFolder)
})

afterAll(async () => {
  if (folder) rmSync(folder, { recursive: true, force: true })
  if (!createdDatabases.length) return
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    for (const name of createdDatabases) await admin.query(`drop database if exists ${name} with (force)`)
  } finally {
    await admin.end()
  }
})

function only<Row>(rows: Row[]): Row {
  expect(rows).toHaveLength(1)
  return rows[0] as Row
}

const onTarget = onServer
const onFolder = <T>(use: (query: Query) => Promise<T>) => onPgliteFolder(folder, use)

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
