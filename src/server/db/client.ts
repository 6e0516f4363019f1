import type { PGlite } from '@electric-sql/pglite'
import { sql, type SQL } from 'drizzle-orm'
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres'
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { lockDataDir } from './data-dir-lock.ts'
import { openPgliteThread, type PgliteThread } from './pglite-thread.ts'
import { pgliteNotifications, postgresNotifications, type Notifications } from './notifications.ts'
import * as schema from './schema/index.ts'

type Schema = typeof schema
/** The one database handle type: PGlite and node-postgres both give a PgDatabase. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  migrate: (migrationsFolder: string) => Promise<void>
  ping: () => Promise<void>
  /** LISTEN/NOTIFY: what one server process announces, every process hears. */
  notifications: Notifications
  /** Resolves when the database is gone for good (the embedded database's thread died); never on PostgreSQL, which reconnects. */
  lost: Promise<Error>
  close: () => Promise<void>
}

export type DatabaseOptions = { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite'; dataDir: string | null } // null: in memory

// Any fixed number works; it only has to be the same in every process that migrates.
const MIGRATION_LOCK_ID = 7_219_004_113

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    // A server that stopped answering (paused, unplugged) fails a request in 5 s instead of
    // holding it forever; keep-alive finds a connection whose server vanished.
    // JIT compilation off: our queries are short, and on the aggregates over a lifter's history
    // (records, progress) PostgreSQL spent more compiling them (250-330 ms) than running them.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, connectionTimeoutMillis: 5_000, keepAlive: true, options: '-c jit=off' })
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {})
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db
    const notifications = postgresNotifications(options.url)
    return {
      db,
      kind: 'postgres',
      // Several app servers may start at once against one database: one migrates, the others wait.
      migrate: async (migrationsFolder) => {
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID])
          try {
            await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder })
          } finally {
            await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID])
          }
        } finally {
          client.release()
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`)
      },
      notifications,
      lost: new Promise<Error>(() => {}),
      close: async () => {
        await notifications.close()
        await pool.end()
      },
    }
  }

  // One process per data folder, checked before PGlite reads a byte of it (throws DataDirInUseError).
  const lock = options.dataDir ? lockDataDir(options.dataDir) : null
  let thread: PgliteThread
  try {
    // On a thread of its own: PGlite's queries run synchronously on the thread that calls them.
    thread = await openPgliteThread(lock?.dataDir ?? null)
  } catch (error) {
    lock?.release()
    throw error
  }
  // Drizzle's PGlite driver uses query, exec and transaction, which the thread's client answers.
  const client = thread as unknown as PGlite
  const db = drizzlePglite({ client, schema }) as unknown as Db
  const notifications = pgliteNotifications(thread)
  return {
    db,
    kind: 'pglite',
    migrate: async (migrationsFolder) => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder })
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    notifications,
    lost: thread.lost,
    close: async () => {
      try {
        await notifications.close()
        await thread.close()
      } finally {
        lock?.release()
      }
    },
  }
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
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
