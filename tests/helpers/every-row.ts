import pg from 'pg'
import { openEarlierReleaseFolder } from './earlier-release-folder.ts'

/** One way to ask a database for rows: a PostgreSQL server or a PGlite folder. */
export type Query = <Row>(text: string) => Promise<Row[]>

/**
 * Every row of every table of schema public, as PostgreSQL writes the row out, sorted: this tells
 * apart what a looser comparison would not (a jsonb `null` and SQL NULL, 100.250 and 100.25,
 * microseconds).
 */
export async function everyRow(query: Query): Promise<Map<string, string[]>> {
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

/** Queries on a PostgreSQL server, timestamps written in UTC as PGlite writes them, so equal rows read the same. */
export async function onServer<T>(url: string, use: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`set timezone = 'UTC'`)
    return await use(async (text) => (await client.query(text)).rows)
  } finally {
    await client.end()
  }
}

/** Queries on an earlier release's PGlite folder, timestamps in UTC. */
export async function onPgliteFolder<T>(dir: string, use: (query: Query) => Promise<T>): Promise<T> {
  const source = openEarlierReleaseFolder(dir)
  try {
    await source.exec(`set timezone = 'UTC'`)
    return await use(async <Row>(text: string) => (await source.query<Row>(text)).rows)
  } finally {
    await source.close()
  }
}
