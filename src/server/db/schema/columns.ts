import { sql, type SQL } from 'drizzle-orm'
import { check, timestamp, type PgColumn } from 'drizzle-orm/pg-core'

/** When a row was made, and when it last changed: timestamptz everywhere. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())

/** A check constraint that keeps a text column to the values of one of the shared lists. */
export function oneOf(name: string, column: PgColumn, values: readonly string[]) {
  const list: SQL = sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))
  return check(name, sql`${column} in (${list})`)
}
