/**
 * Moves the data of an earlier release's embedded database (a PGlite data folder) into a real
 * PostgreSQL database, once. Both sides are first brought to the current schema by our own
 * migrations, so the copy is table for table and column for column; it runs in one transaction on
 * the target, which either ends up with every row of the folder or, on any error, with none.
 */
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'

/** Rows fetched from the folder and inserted into the target at a time: a long history never sits in memory whole. */
const BATCH_ROWS = 2000

type Run = <Row>(text: string, params?: unknown[]) => Promise<Row[]>

/** A column the copy writes: generated columns are left out, the target computes them. */
type Column = { name: string; type: string }
type Table = { name: string; columns: Column[]; identityAlways: boolean }

type Options = {
  /** The earlier release's data folder: it is migrated to the current schema, then only read. */
  pgliteDir: string
  /** An empty database (no rows) on a server where the role is a superuser. */
  targetUrl: string
  /** The SQL migrations (./drizzle), applied to both sides. */
  migrationsFolder: string
}

/** Copies every row of an earlier release's PGlite data folder into an empty PostgreSQL database. */
export async function copyPgliteFolder(options: Options): Promise<{ tables: number; rows: number }> {
  const { pgliteDir, targetUrl, migrationsFolder } = options
  // Loaded here, not with the module: the app imports this file, and only a move needs PGlite.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ])
  // pg_trgm: the migrations create it and its trigram indexes, and PGlite loads it only when asked.
  const source = new PGlite(pgliteDir, { extensions: { pg_trgm } })
  const target = new pg.Client({ connectionString: targetUrl })
  try {
    // A folder of an older release lacks the newest migrations: its rows take the current shape first.
    await migratePglite(drizzlePglite({ client: source }), { migrationsFolder })
    await target.connect()
    const runTarget: Run = async (text, params) => (await target.query(text, params)).rows
    await refuseRows(runTarget)
    await migrateNodePg(drizzleNodePg({ client: target }), { migrationsFolder })
    await refuseNewerSource(runOn(source), runTarget)
    return await source.transaction(async (tx) => {
      // One snapshot of the folder for the whole copy, so each count matches the rows read.
      await tx.exec('set transaction isolation level repeatable read')
      return await copyInOneTransaction(tx, target)
    })
  } finally {
    await target.end().catch(() => {})
    await source.close()
  }
}

async function copyInOneTransaction(tx: Transaction, target: pg.Client) {
  const runSource = runOn(tx)
  const runTarget: Run = async (text, params) => (await target.query(text, params)).rows
  // Text forms that read back the same on any server, whatever either session was set to.
  await tx.exec(`
    set local datestyle = 'ISO, YMD';
    set local intervalstyle = 'iso_8601';
    set local bytea_output = 'hex';
  `)
  const sourceTables = await tablesOf(runSource)
  const targetTables = new Map((await tablesOf(runTarget)).map((table) => [table.name, table]))
  for (const table of sourceTables) sameColumns(table, targetTables.get(table.name))

  await target.query('begin')
  try {
    // Replica: no trigger fires (the lifetime totals would count copied sets a second time, and
    // set_logs.client_id would be looked up again) and foreign keys impose no order on the tables.
    await target.query('set local session_replication_role = replica')
    // Rows a migration writes, it wrote into the folder too: they would come twice. (Today's two
    // derive theirs from other tables, still empty here, so this truncates nothing yet.)
    const everyTable = [...targetTables.keys()].map(quote).join(', ')
    if (everyTable) await target.query(`truncate table ${everyTable}`)
    let rows = 0
    for (const { name } of sourceTables) {
      const table = targetTables.get(name) as Table
      const copied = await copyTable(tx, runTarget, table)
      const [inFolder, landed] = [await countRows(runSource, name), await countRows(runTarget, name)]
      if (copied !== inFolder || landed !== inFolder) {
        throw new Error(`Table ${name}: the PGlite folder has ${inFolder} rows, ${copied} were read, ${landed} landed`)
      }
      rows += copied
    }
    await copySequences(runSource, runTarget)
    await target.query('commit')
    return { tables: sourceTables.length, rows }
  } catch (error) {
    await target.query('rollback').catch(() => {})
    throw error
  }
}

/**
 * Each value travels as its text form, which PostgreSQL reads back exactly (pg_dump relies on
 * it): microseconds, numerics, arrays, and a jsonb `null`, which json_populate_recordset would
 * turn into SQL NULL. The JSON batch is built by the folder's database and never parsed here, so
 * no value passes through a JavaScript number.
 */
async function copyTable(tx: Transaction, runTarget: Run, table: Table): Promise<number> {
  const names = table.columns.map((column) => quote(column.name))
  const texts = names.map((name) => `${name}::text`).join(', ')
  const casts = table.columns.map((column, i) => `(r ->> ${i})::${column.type}`).join(', ')
  const overriding = table.identityAlways ? 'overriding system value ' : ''
  const insert = `insert into ${quote(table.name)} (${names.join(', ')}) ${overriding}
    select ${casts} from json_array_elements($1::json) r`
  await tx.query(`declare move_rows no scroll cursor for
    select to_json(array[${texts}]::text[])::text as row from ${quote(table.name)}`)
  let copied = 0
  try {
    for (;;) {
      const { rows } = await tx.query<{ row: string }>(`fetch ${BATCH_ROWS} from move_rows`)
      if (rows.length === 0) return copied
      await runTarget(insert, [`[${rows.map((r) => r.row).join(',')}]`])
      copied += rows.length
    }
  } finally {
    await tx.query('close move_rows')
  }
}

/** Every sequence goes on from where the folder's stopped (`messages.seq` orders the chat). */
async function copySequences(runSource: Run, runTarget: Run): Promise<void> {
  const sequences = await runSource<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'S' order by 1`,
  )
  for (const { name } of sequences) {
    const qualified = `public.${quote(name)}`
    const state = `select last_value::text as last, is_called as called from ${qualified}`
    const { last, called } = await oneRow<{ last: string; called: boolean }>(runSource, state)
    await runTarget('select setval($1::regclass, $2::bigint, $3)', [qualified, last, called])
  }
}

/** The tables of schema public, with the columns a copy writes, from the catalog. */
async function tablesOf(run: Run): Promise<Table[]> {
  // Partitions are left out: their rows are read and written through their parent.
  const rows = await run<{ table: string; column: string; type: string; generated: boolean; identity: string }>(
    `select c.relname as table, a.attname as column, format_type(a.atttypid, a.atttypmod) as type,
       a.attgenerated <> '' as generated, a.attidentity as identity
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     order by c.relname, a.attnum`,
  )
  const tables = new Map<string, Table>()
  for (const row of rows) {
    const table = tables.get(row.table) ?? { name: row.table, columns: [], identityAlways: false }
    tables.set(row.table, table)
    if (row.generated) continue
    table.columns.push({ name: row.column, type: row.type })
    if (row.identity === 'a') table.identityAlways = true
  }
  return [...tables.values()]
}

/** Both sides ran the same migrations; a difference would lose data silently, so it stops the copy. */
function sameColumns(source: Table, target: Table | undefined): void {
  if (!target) throw new Error(`Table ${source.name} of the PGlite folder is not in the target database`)
  const [ours, theirs] = [source.columns.map((c) => c.name), target.columns.map((c) => c.name)]
  const differ = [...ours.filter((name) => !theirs.includes(name)), ...theirs.filter((name) => !ours.includes(name))]
  if (differ.length) throw new Error(`Table ${source.name} differs from the target in columns ${differ.join(', ')}`)
}

async function countRows(run: Run, table: string): Promise<number> {
  const { count } = await oneRow<{ count: string }>(run, `select count(*)::text as count from ${quote(table)}`)
  return Number(count)
}

async function oneRow<Row>(run: Run, text: string): Promise<Row> {
  const [row] = await run<Row>(text)
  if (!row) throw new Error(`No row answered ${text}`)
  return row
}

/**
 * The database must hold no rows: the copy truncates what the migrations wrote, and must never
 * truncate anyone's data. A database an earlier copy failed on is still empty (that copy rolled
 * back, and our migrations write no rows into empty tables), so the copy can be run again.
 */
async function refuseRows(runTarget: Run): Promise<void> {
  for (const { name } of await tablesOf(runTarget)) {
    const query = `select exists (select from ${quote(name)}) as filled`
    if ((await oneRow<{ filled: boolean }>(runTarget, query)).filled) {
      throw new Error(`The database to copy the PGlite folder into is not empty: table ${name} has rows`)
    }
  }
}

/** A folder a newer release migrated may hold what this release's schema has no place for. */
async function refuseNewerSource(runSource: Run, runTarget: Run): Promise<void> {
  const latest = 'select coalesce(max(created_at), 0)::text as at from drizzle.__drizzle_migrations'
  const source = await oneRow<{ at: string }>(runSource, latest)
  const target = await oneRow<{ at: string }>(runTarget, latest)
  if (BigInt(source.at) > BigInt(target.at)) {
    throw new Error('The PGlite folder was migrated by a newer release than this one: start that release instead')
  }
}

function runOn(db: PGlite | Transaction): Run {
  return async <Row>(text: string, params?: unknown[]) => (await db.query<Row>(text, params)).rows
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`
}
