/*
 * Restoring a backup that writeBackup (backup.ts) made: read a line at a time, run statement by
 * statement and COPY block by COPY block, all of it in one transaction.
 */
import { StringDecoder } from 'node:string_decoder'
import pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import {
  COPY_STATEMENT,
  drained,
  END_OF_COPY,
  FIRST_LINE,
  FIRST_LINE_PATTERN,
  FORMAT,
  LAST_LINE_PATTERN,
  MARK_COPY,
  MARK_STATEMENT,
  MIGRATIONS_SCHEMA,
  type Counts,
} from './backup-format.ts'

/** Rows of one COPY block go to the server in pieces of about this size, not one write a row. */
const COPY_BATCH_CHARS = 64 * 1024

/** A file or stream that is not a backup restoreBackup can read; nothing was changed. */
export class NotABackupError extends Error {
  constructor(reason: string) {
    super(`This is not a Coachline backup it can restore: ${reason}.`)
    this.name = 'NotABackupError'
  }
}

/** The database to restore into already has tables; nothing was changed. */
export class DatabaseNotEmptyError extends Error {
  constructor(tables: string[]) {
    const named = tables.slice(0, 5).join(', ') + (tables.length > 5 ? `, and ${tables.length - 5} more` : '')
    super(`The database to restore into already has tables (${named}): restore into a new, empty database.`)
    this.name = 'DatabaseNotEmptyError'
  }
}

/** The lines of a stream, read as they come: a line at a time, never the whole stream. */
class LineReader {
  private readonly chunks: AsyncIterator<string | Buffer>
  private readonly decoder = new StringDecoder('utf8')
  private lines: string[] = []
  private index = 0
  private partial: string[] = []
  private ended = false
  /** The number of the line `next` returned last, counted from 1. */
  line = 0

  constructor(input: NodeJS.ReadableStream) {
    this.chunks = input[Symbol.asyncIterator]()
  }

  async next(): Promise<string | null> {
    while (this.index >= this.lines.length) {
      if (this.ended) return null
      const chunk = await this.chunks.next()
      const text = chunk.done ? this.decoder.end() : this.decode(chunk.value)
      this.ended = Boolean(chunk.done)
      const cut = text.lastIndexOf('\n')
      // A long line may arrive in many chunks: its pieces wait in a list, joined once.
      if (cut === -1 && !this.ended) {
        if (text) this.partial.push(text)
        continue
      }
      const whole = this.partial.join('') + (this.ended ? text : text.slice(0, cut))
      this.partial = this.ended || cut === text.length - 1 ? [] : [text.slice(cut + 1)]
      this.lines = whole || !this.ended ? whole.split('\n') : []
      this.index = 0
    }
    this.line++
    return this.lines[this.index++]!
  }

  private decode(chunk: string | Buffer): string {
    return typeof chunk === 'string' ? chunk : this.decoder.write(chunk)
  }
}

const isSql = (line: string) => {
  const text = line.trim()
  return text !== '' && !text.startsWith('--')
}

/**
 * Loads a dump made by writeBackup into an EMPTY database (no tables).
 *
 * All of it or nothing: one transaction, committed only when the file was read to its last line
 * and every table's row count matched. Refuses, changing nothing, a database that has tables and
 * a stream that is not such a backup. Restoring needs a superuser (see the file's header).
 */
export async function restoreBackup(url: string, input: NodeJS.ReadableStream): Promise<Counts> {
  const lines = new LineReader(input)
  const first = await lines.next()
  const format = first === null ? null : FIRST_LINE_PATTERN.exec(first)
  if (!format) throw new NotABackupError(`it does not start with "${FIRST_LINE}"`)
  if (Number(format[1]) !== FORMAT) {
    throw new NotABackupError(`its format is ${format[1]}, and this version of Coachline reads format ${FORMAT}`)
  }

  const client = new pg.Client({ connectionString: url })
  client.on('error', () => {})
  await client.connect()
  let line = 0
  try {
    await client.query('SET statement_timeout = 0; SET lock_timeout = 0; SET idle_in_transaction_session_timeout = 0')
    await client.query('BEGIN')
    const existing = await client.query<{ name: string }>(
      `SELECT n.nspname || '.' || c.relname AS name
         FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'f') AND n.nspname IN ('public', $1)
        ORDER BY 1`,
      [MIGRATIONS_SCHEMA],
    )
    if (existing.rows.length) throw new DatabaseNotEmptyError(existing.rows.map((r) => r.name))

    let tables = 0
    let rows = 0
    let statement: string[] = []
    let statementLine = 0
    const run = async () => {
      line = statementLine
      if (statement.some(isSql)) await client.query(statement.join('\n'))
      statement = []
    }
    for (;;) {
      const text = await lines.next()
      if (text === null) break
      if (text === MARK_STATEMENT || text === MARK_COPY) {
        await run()
        statementLine = lines.line + 1
        if (text === MARK_COPY) {
          line = statementLine
          rows += await copyRows(client, lines)
          tables++
        }
        continue
      }
      statement.push(text)
    }
    while (statement.length && statement.at(-1)!.trim() === '') statement.pop()
    const last = LAST_LINE_PATTERN.exec(statement.pop() ?? '')
    if (!last) throw new NotABackupError('it is cut short (its last line is not the one a backup ends with)')
    await run()
    if (Number(last[1]) !== tables || Number(last[2]) !== rows) {
      throw new NotABackupError(`it promises ${last[1]} tables and ${last[2]} rows, but holds ${tables} and ${rows}`)
    }
    await client.query('COMMIT')
    // A restored database is sampled before the app plans a query on it (statistics.ts); the
    // restore is committed, so a failure here leaves the sampling to autovacuum.
    await client.query('ANALYZE').catch(() => {})
    return { tables, rows }
  } catch (error) {
    if (!(error instanceof pg.DatabaseError)) throw error
    const hint = error.code === '42501' ? ' (restoring needs a superuser)' : ''
    // For a bad row, PostgreSQL names the table, the row's line within its block and the column.
    const where = error.where ? ` (${error.where})` : ''
    throw new Error(`Restoring failed at line ${line} of the backup${hint}: ${error.message}${where}`, { cause: error })
  } finally {
    // Closing the connection rolls back whatever the failed restore had done.
    await client.end()
  }
}

/** Streams one COPY block's rows, up to its END_OF_COPY line, to the server; resolves to their count. */
async function copyRows(client: pg.Client, lines: LineReader): Promise<number> {
  const statement = await lines.next()
  if (statement === null || !COPY_STATEMENT.test(statement)) {
    throw new NotABackupError(`line ${lines.line} should be a COPY statement and is not`)
  }
  const target = client.query(copyFrom(statement.slice(0, -1)))
  // Watched from the start, so that an error the server sends while rows still go out is kept.
  const done = new Promise<void>((resolve, reject) => {
    target.on('finish', resolve)
    target.on('error', reject)
  })
  done.catch(() => {})
  let batch: string[] = []
  let size = 0
  const flush = async () => {
    if (!batch.length) return
    const ok = target.write(`${batch.join('\n')}\n`)
    batch = []
    size = 0
    if (!ok) await Promise.race([drained(target), done])
  }
  try {
    for (;;) {
      const text = await lines.next()
      if (text === null) throw new NotABackupError(`it is cut short inside the rows of ${statement}`)
      if (text === END_OF_COPY) break
      batch.push(text)
      size += text.length + 1
      if (size >= COPY_BATCH_CHARS) await flush()
    }
    await flush()
  } catch (error) {
    // Abandons the COPY (the server receives CopyFail) so that the connection can close cleanly.
    target.destroy()
    await done.catch(() => {})
    throw error
  }
  target.end()
  await done
  return target.rowCount
}
