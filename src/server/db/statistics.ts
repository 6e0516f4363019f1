import { sql } from 'drizzle-orm'
import { queryRows, type Db } from './client.ts'

/**
 * The planner's statistics (docs/database.md#planner-statistics). PostgreSQL chooses how to run a
 * query from what it last sampled of each table; a table loaded in one go and queried at once,
 * before autovacuum's next round has sampled it, is planned as if nearly empty, and a walk of a
 * few index entries becomes a scan of the lifter's whole history per row (seconds on the demo's
 * twelve weeks). Whatever loads many rows at once (migrations, the demo, an import, a restore)
 * samples what it changed before it answers.
 */

/**
 * Autovacuum's own rule (its default analyze threshold and scale factor): a table has changed
 * enough to sample again when the rows written exceed 50 plus a tenth of the rows it held.
 */
const THRESHOLD_ROWS = 50
const THRESHOLD_SHARE = 0.1

/** Samples every table of the database (after a restore, a migration, the demo). */
export async function analyzeAll(db: Db): Promise<void> {
  await withoutTimeLimit(db, sql`analyze`)
}

/**
 * Samples the tables that need it now rather than at autovacuum's next round: those never sampled
 * (a database loaded by hand, a copied folder), and those that `written` rows grew past
 * autovacuum's threshold. An import of a year into a new account samples; one into a big
 * database leaves it to autovacuum.
 */
export async function analyzeStale(db: Db, written: Readonly<Record<string, number>> = {}): Promise<string[]> {
  const tables = await queryRows<{ name: string; rows: number }>(
    db,
    sql`select c.relname as name, c.reltuples::float8 as rows from pg_class c
        where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'`,
  ).catch(() => [])
  const stale = tables
    .filter(({ name, rows }) => rows < 0 || (written[name] ?? 0) > THRESHOLD_ROWS + THRESHOLD_SHARE * rows)
    .map((t) => t.name)
  if (stale.length)
    await withoutTimeLimit(
      db,
      sql`analyze ${sql.join(
        stale.map((name) => sql.identifier(name)),
        sql`, `,
      )}`,
    )
  return stale
}

/**
 * Sampling a big table may take longer than a request's statement time limit allows. It is done
 * after what it samples was committed, so it never fails the work before it: if the database
 * cannot sample now, autovacuum does later.
 */
async function withoutTimeLimit(db: Db, statement: ReturnType<typeof sql>): Promise<void> {
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`)
      await tx.execute(statement)
    })
    .catch(() => {})
}
