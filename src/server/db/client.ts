import { sql, type SQL } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { postgresNotifications, type Notifications } from './notifications.ts'
import * as schema from './schema/index.ts'

type Schema = typeof schema
/** The one database handle type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  /** The connection string (for a second connection of its own: a backup, a test). */
  url: string
  /** Applies the migrations not applied yet; resolves to how many it applied. */
  migrate: (migrationsFolder: string) => Promise<number>
  ping: () => Promise<void>
  /** LISTEN/NOTIFY: what one server process announces, every process hears. */
  notifications: Notifications
  /** Ends the pool (and the embedded server, given `ms` to stop before it is made to). */
  close: (ms?: number) => Promise<void>
}

export type DatabaseOptions = {
  url: string
  poolSize?: number
  /** A statement running longer is cancelled (SQLSTATE 57014); 0 for none. */
  statementTimeoutMs?: number
  /** A transaction left idle this long is ended with its connection; 0 for none. */
  idleInTransactionTimeoutMs?: number
}

// Any fixed number works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 7_219_004_113

/** A pool on a PostgreSQL server: the embedded one (embedded-postgres.ts) or DATABASE_URL's. */
export async function openDatabase({
  url,
  poolSize = 10,
  statementTimeoutMs = 0,
  idleInTransactionTimeoutMs = 0,
}: DatabaseOptions): Promise<Database> {
  // A server that stopped answering (paused, unplugged) fails a request in 5 s instead of
  // holding it forever; keep-alive finds a connection whose server vanished.
  // JIT compilation off: our queries are short, and on the aggregates over a lifter's history
  // (records, progress) PostgreSQL spent more compiling them (250-330 ms) than running them.
  // The time limits hold on every connection, so one slow statement or forgotten transaction
  // cannot hold rows or a connection for long (docs/database.md#time-limits).
  const settings = [
    '-c jit=off',
    `-c statement_timeout=${statementTimeoutMs}`,
    `-c idle_in_transaction_session_timeout=${idleInTransactionTimeoutMs}`,
  ]
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    keepAlive: true,
    options: settings.join(' '),
  })
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => {})
  const db = drizzle({ client: pool, schema }) as unknown as Db
  const notifications = postgresNotifications(url)
  return {
    db,
    url,
    // Several app servers may start at once against one database: one migrates, the others wait.
    migrate: async (migrationsFolder) => {
      const client = await pool.connect()
      try {
        // A migration on a big table may take longer than any request may.
        await client.query('set statement_timeout = 0')
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
        try {
          const before = await appliedMigrations(client)
          await migrate(drizzle({ client, schema }), { migrationsFolder })
          return (await appliedMigrations(client)) - before
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
        }
      } finally {
        await client.query('reset statement_timeout').catch(() => {})
        client.release()
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    notifications,
    close: async () => {
      await notifications.close()
      await pool.end()
    },
  }
}

/** How many migrations the database has had (none before the first created drizzle's table). */
async function appliedMigrations(client: pg.PoolClient): Promise<number> {
  const { rows } = await client.query<{ found: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as found",
  )
  if (!rows[0]?.found) return 0
  const counted = await client.query<{ applied: number }>(
    'select count(*)::int as applied from drizzle.__drizzle_migrations',
  )
  return counted.rows[0]?.applied ?? 0
}

/** Rows of a raw SQL query. */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] }
  return result.rows
}

/** Values as one PostgreSQL array of `type`, one parameter each (for `unnest` and `= any`); empty is fine. */
export const sqlArray = (values: readonly string[], type: 'text' | 'uuid'): SQL =>
  sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`

/** A transaction's handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
