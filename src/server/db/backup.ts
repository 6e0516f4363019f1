import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import pg from 'pg'
import { to as copyTo } from 'pg-copy-streams'
import {
  CREATE_MIGRATIONS_SCHEMA,
  CREATE_MIGRATIONS_TABLE,
  drained,
  END_OF_COPY,
  FIRST_LINE,
  MARK_COPY,
  MARK_STATEMENT,
  MIGRATIONS_SCHEMA,
  MIGRATIONS_TABLE,
  type Counts,
} from './backup-format.ts'

/*
 * A backup is a plain SQL file laid out as pg_dump's plain format lays one out, so that psql
 * restores it as it would restore pg_dump's (the embedded server ships no pg_dump, and an
 * operator may hold only psql). The schema is not read back from the catalog: Drizzle's
 * migrations own it, so the file replays them as written, and the app started on the restored
 * database finds each one applied. Then comes the data, table by table as COPY blocks, and the
 * sequences' values.
 *
 * psql needs no help to read the file; restoreBackup does: migrations hold `;` inside function
 * bodies, so a line of its own before each statement (MARK_STATEMENT, or MARK_COPY before a COPY
 * and its rows) says where the statement starts. psql reads those lines as comments.
 */

/** The database's applied migrations are not the folder's: replaying the folder would not rebuild its schema. */
export class MigrationsMismatchError extends Error {
  constructor(reason: string) {
    super(`Cannot back up this database with these migrations: ${reason}.`)
    this.name = 'MigrationsMismatchError'
  }
}

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`

type Migration = { tag: string; statements: string[]; when: number }

function readMigrations(migrationsFolder: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  // Drizzle's own reader, so the statements are exactly those its migrator applies.
  return readMigrationFiles({ migrationsFolder }).map((migration, i) => ({
    tag: journal.entries[i]?.tag ?? `migration ${i}`,
    statements: migration.sql,
    when: migration.folderMillis,
  }))
}

type Applied = { created_at: string | null }

/**
 * The folder must hold exactly the migrations the database applied, no more and no fewer, by the
 * time each was made (as Drizzle's migrator compares them). A migration whose text was edited
 * since the database applied it still counts as applied: the file rebuilds the text this version
 * of the app runs with.
 */
function checkMigrations(folder: Migration[], applied: Applied[]): void {
  const tagOf = (when: string | null) => folder.find((m) => String(m.when) === when)?.tag ?? `one made at ${when}`
  for (let i = 0; i < Math.max(folder.length, applied.length); i++) {
    const mine = folder[i]
    const theirs = applied[i]
    if (!mine && theirs) {
      throw new MigrationsMismatchError(
        `the database has ${applied.length - folder.length} migration(s) newer than the folder's newest, ` +
          `${folder.at(-1)?.tag ?? 'none'}: back it up with the Coachline version that migrated it`,
      )
    }
    if (mine && !theirs) {
      const advice = 'start the app on it once, then back it up'
      throw new MigrationsMismatchError(`the database lacks the folder's migrations from ${mine.tag} on: ${advice}`)
    }
    if (mine && theirs && String(mine.when) !== theirs.created_at) {
      throw new MigrationsMismatchError(
        `the database applied ${tagOf(theirs.created_at)} where the folder has ${mine.tag}`,
      )
    }
  }
}

/** One piece of a migration as psql and restoreBackup run it: ended by `;`, its own marker line kept out. */
function asStatement(text: string, tag: string): string | null {
  const trimmed = text.trim()
  if (!trimmed) return null
  if (trimmed.split('\n').some((line) => line === MARK_STATEMENT || line === MARK_COPY)) {
    throw new Error(`Migration ${tag} holds a line the backup uses as a marker; change that line`)
  }
  // After a comment line, a `;` of its own line ends the statement; an empty statement is harmless.
  return trimmed.endsWith(';') ? trimmed : `${trimmed}\n;`
}

const NEWLINE = 0x0a

function countLines(chunk: Buffer): number {
  let count = 0
  for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) count++
  return count
}

type Table = { schema: string; name: string; columns: string[] }
type BackupOptions = { migrationsFolder: string }

/**
 * Writes the whole database as a plain SQL dump, as pg_dump's plain format lays it out.
 *
 * The dump reads one snapshot, so it is consistent however busy the app is. The output is not
 * ended: the caller ends it (a file) or leaves it open (stdout). Fails before writing a line when
 * the database's applied migrations are not exactly those of `migrationsFolder`. Counts the COPY
 * blocks written (Drizzle's record of migrations among them) and their rows.
 */
export async function writeBackup(url: string, output: NodeJS.WritableStream, options: BackupOptions): Promise<Counts> {
  const migrations = readMigrations(options.migrationsFolder)
  // An output that fails while no write waits on it must fail the backup, not the process.
  let outputError: Error | null = null
  const onOutputError = (error: Error) => {
    outputError ??= error
  }
  output.on('error', onOutputError)
  const write = async (text: string | Buffer) => {
    if (outputError) throw outputError
    if (!output.write(text)) await drained(output)
  }

  const client = new pg.Client({ connectionString: url })
  // A connection lost while idle is reported by the next query; the event alone must not crash.
  client.on('error', () => {})
  await client.connect()
  try {
    // The server may cut long statements and idle transactions; a backup takes as long as it
    // takes, and waits on a slow output between tables.
    await client.query('SET statement_timeout = 0; SET lock_timeout = 0; SET idle_in_transaction_session_timeout = 0')
    const version = await client.query<{ num: string; text: string; database: string }>(
      `SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS text,
              current_database() AS database`,
    )
    const server = version.rows[0]!
    if (Number(server.num) >= 170_000) await client.query('SET transaction_timeout = 0')
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY')

    const tables = await listTables(client)
    const record = tables.find((t) => t.schema === MIGRATIONS_SCHEMA && t.name === MIGRATIONS_TABLE)
    if (!record) throw new MigrationsMismatchError('the database has no record of migrations (is it Coachline’s?)')
    // As pg_dump does: no one may drop or alter a table while the dump reads it.
    const everyTable = tables.map((t) => `${ident(t.schema)}.${ident(t.name)}`).join(', ')
    await client.query(`LOCK TABLE ${everyTable} IN ACCESS SHARE MODE`)
    const applied = await client.query<Applied>(
      `SELECT created_at::text AS created_at
         FROM ${ident(MIGRATIONS_SCHEMA)}.${ident(MIGRATIONS_TABLE)}
        ORDER BY created_at, id`,
    )
    checkMigrations(migrations, applied.rows)
    const publicTables = tables.filter((t) => t.schema === 'public')

    await write(header(server.text, server.database, migrations, tables.length))
    await write(`${MARK_STATEMENT}\n${CREATE_MIGRATIONS_SCHEMA}\n\n${MARK_STATEMENT}\n${CREATE_MIGRATIONS_TABLE}\n\n`)
    for (const migration of migrations) {
      await write(`--\n-- Migration ${migration.tag}\n--\n\n`)
      for (const piece of migration.statements) {
        const statement = asStatement(piece, migration.tag)
        if (statement) await write(`${MARK_STATEMENT}\n${statement}\n\n`)
      }
    }

    await write(
      '--\n-- Data, with triggers and foreign-key checks off: the totals the triggers keep are copied as they\n' +
        '-- are, and no table need come before another. Rows the migrations inserted make way for the copied ones.\n' +
        `--\n\n${MARK_STATEMENT}\nSET session_replication_role = replica;\n\n`,
    )
    if (publicTables.length) {
      const names = publicTables.map((t) => `public.${ident(t.name)}`).join(', ')
      await write(`${MARK_STATEMENT}\nTRUNCATE TABLE ${names};\n\n`)
    }
    let rows = 0
    for (const table of tables) {
      const target = `${table.schema}.${ident(table.name)}`
      const columns = table.columns.map(ident).join(', ')
      await write(`--\n-- Data for Name: ${table.name}; Type: TABLE DATA; Schema: ${table.schema}\n--\n\n`)
      await write(`${MARK_COPY}\nCOPY ${target} (${columns}) FROM stdin;\n`)
      const source = client.query(copyTo(`COPY ${target} (${columns}) TO STDOUT`))
      // COPY's text format ends every row with a newline and escapes the newlines inside values.
      for await (const chunk of source as AsyncIterable<Buffer>) {
        rows += countLines(chunk)
        await write(chunk)
      }
      await write(`${END_OF_COPY}\n\n`)
    }
    await write(`${MARK_STATEMENT}\nSET session_replication_role = DEFAULT;\n\n`)
    await write(await sequenceValues(client))
    await write(`-- Coachline database backup complete: ${tables.length} tables, ${rows} rows\n`)
    await client.query('COMMIT')
    if (outputError) throw outputError
    return { tables: tables.length, rows }
  } finally {
    output.removeListener('error', onOutputError)
    await client.end()
  }
}

function header(version: string, database: string, migrations: Migration[], tables: number): string {
  const span = migrations.length ? `${migrations[0]!.tag} to ${migrations.at(-1)!.tag}` : 'none'
  return [
    FIRST_LINE,
    '--',
    `-- Made ${new Date().toISOString()} in one snapshot of database ${database},`,
    `-- on PostgreSQL ${version}.`,
    `-- Schema: Coachline's ${migrations.length} migrations (${span}), replayed as written; data: ${tables} tables.`,
    '--',
    '-- Restore into a new, empty database, as a superuser: the data loads with triggers and foreign-key',
    '-- checks off (session_replication_role = replica), as pg_dump --disable-triggers does. With psql:',
    '--',
    '--   psql -v ON_ERROR_STOP=1 --single-transaction -d <empty database> -f <this file>',
    '--',
    '-- or with Coachline, in one transaction too (into DATABASE_URL, or else a new DATA_DIR):',
    '--',
    '--   npm run backup -- --restore <this file>',
    '--',
    `-- Each statement comes after a line "${MARK_STATEMENT}" (or "${MARK_COPY}" before a`,
    "-- table's rows), which psql skips as a comment and Coachline's restore needs: keep those lines.",
    "-- The file holds password hashes, sign-in sessions and the app's secrets: keep it as safe as the",
    '-- database itself.',
    '--',
    '',
    MARK_STATEMENT,
    'SET statement_timeout = 0;',
    'SET lock_timeout = 0;',
    'SET idle_in_transaction_session_timeout = 0;',
    // PostgreSQL 17 added this one; an older server would refuse to SET it.
    "SELECT pg_catalog.set_config('transaction_timeout', '0', false)",
    "  WHERE pg_catalog.current_setting('server_version_num')::integer >= 170000;",
    "SET client_encoding = 'UTF8';",
    'SET standard_conforming_strings = on;',
    // The migrations name their tables unqualified, as when the app applied them.
    "SELECT pg_catalog.set_config('search_path', 'public', false);",
    'SET check_function_bodies = false;',
    'SET xmloption = content;',
    'SET client_min_messages = warning;',
    'SET row_security = off;',
    '',
    '',
  ].join('\n')
}

/** The tables whose rows the backup holds: every table of schema public, and Drizzle's record. */
async function listTables(client: pg.Client): Promise<Table[]> {
  const result = await client.query<{ schema: string; name: string; columns: string[] | null }>(
    `SELECT n.nspname AS schema, c.relname AS name,
            array_agg(a.attname::text ORDER BY a.attnum) FILTER (WHERE a.attnum > 0) AS columns
       FROM pg_catalog.pg_class c
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_catalog.pg_attribute a
         ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE c.relkind = 'r'
        AND (n.nspname = 'public' OR (n.nspname = $1 AND c.relname = $2))
        AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                         WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      GROUP BY n.nspname, c.relname
      ORDER BY n.nspname, c.relname`,
    [MIGRATIONS_SCHEMA, MIGRATIONS_TABLE],
  )
  return result.rows.map((row) => ({ schema: row.schema, name: row.name, columns: row.columns ?? [] }))
}

/** setval for every sequence of the backup's schemas, as pg_dump ends its data. */
async function sequenceValues(client: pg.Client): Promise<string> {
  const sequences = await client.query<{ schema: string; name: string }>(
    `SELECT n.nspname AS schema, c.relname AS name
       FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'S' AND n.nspname IN ('public', $1)
        AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                         WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
      ORDER BY n.nspname, c.relname`,
    [MIGRATIONS_SCHEMA],
  )
  if (!sequences.rows.length) return ''
  const lines = ['--', '-- Sequence values', '--', '', MARK_STATEMENT]
  for (const { schema, name } of sequences.rows) {
    const qualified = `${ident(schema)}.${ident(name)}`
    const read = `SELECT last_value AS value, is_called AS called FROM ${qualified}`
    const state = await client.query<{ value: string; called: boolean }>(read)
    const { value, called } = state.rows[0]!
    lines.push(`SELECT pg_catalog.setval(${literal(qualified)}, ${value}, ${called});`)
  }
  return `${lines.join('\n')}\n\n`
}
