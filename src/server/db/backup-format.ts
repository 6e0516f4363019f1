/*
 * The lines a backup file is made of, as writeBackup (backup.ts) writes them and restoreBackup
 * (backup-restore.ts) reads them, and what both of them need besides.
 */

export const FORMAT = 1
export const FIRST_LINE = `-- Coachline database backup, format ${FORMAT}`
export const FIRST_LINE_PATTERN = /^-- Coachline database backup, format (\d+)$/
export const MARK_STATEMENT = '-- coachline:statement'
export const MARK_COPY = '-- coachline:copy'
export const LAST_LINE_PATTERN = /^-- Coachline database backup complete: (\d+) tables, (\d+) rows$/
/** COPY's text format ends a table's rows with this line; a row's own backslashes are doubled. */
export const END_OF_COPY = '\\.'
export const COPY_STATEMENT = /^COPY .+ FROM stdin;$/

// Drizzle's migrator keeps its record here and creates it so (drizzle-orm/pg-core/dialect.js).
export const MIGRATIONS_SCHEMA = 'drizzle'
export const MIGRATIONS_TABLE = '__drizzle_migrations'
export const CREATE_MIGRATIONS_SCHEMA = `CREATE SCHEMA IF NOT EXISTS "${MIGRATIONS_SCHEMA}";`
export const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_SCHEMA}"."${MIGRATIONS_TABLE}" (
	id SERIAL PRIMARY KEY,
	hash text NOT NULL,
	created_at bigint
);`

/** COPY blocks (Drizzle's record of migrations among them) and their rows. */
export type Counts = { tables: number; rows: number }

/** Waits until the stream takes more, failing if it fails or closes first. */
export function drained(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const settle = (error?: Error) => {
      stream.removeListener('drain', onDrain)
      stream.removeListener('error', onError)
      stream.removeListener('close', onClose)
      if (error) reject(error)
      else resolve()
    }
    const onDrain = () => settle()
    const onError = (error: Error) => settle(error)
    const onClose = () => settle(new Error('The stream closed before the backup was through'))
    stream.on('drain', onDrain)
    stream.on('error', onError)
    stream.on('close', onClose)
  })
}
