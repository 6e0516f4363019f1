/**
 * Operators' backups (docs/database.md#backups):
 *   npm run backup                          a plain SQL dump of the whole database to DATA_DIR/backups/
 *   npm run backup -- <file>                to that file ('-' for stdout)
 *   npm run backup -- --restore <file>      into an empty database: DATABASE_URL's, or a new DATA_DIR
 *
 * A backup works whether the app runs or not (cli/operator-database.ts) and reads one snapshot. A
 * restore never writes over data: it needs a database without tables, so on the embedded default
 * it goes into a data folder that has none yet, with the app stopped.
 */
import { createReadStream, createWriteStream, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import { finished } from 'node:stream/promises'
import { dirname, join, resolve } from 'node:path'
import { writeBackup } from '#server/db/backup.ts'
import { restoreBackup } from '#server/db/backup-restore.ts'
import { lockDataDir } from '#server/db/data-dir-lock.ts'
import { startEmbeddedPostgres } from '#server/db/embedded-postgres.ts'
import { parseEnv, type Env } from '#server/lib/env.ts'
import { openOperatorDatabase } from './operator-database.ts'

const USAGE = 'usage: npm run backup [-- <file> | -- - | -- --restore <file>]'

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

const say = (message: string) => console.error(message)

async function backUp(env: Env, target: string | undefined): Promise<void> {
  const file =
    target ?? join(resolve(env.DATA_DIR), 'backups', `coachline-${new Date().toISOString().replace(/[:.]/g, '-')}.sql`)
  const started = Date.now()
  const database = await openOperatorDatabase(env)
  try {
    if (file === '-') {
      await writeBackup(database.url, process.stdout, { migrationsFolder: env.MIGRATIONS_DIR })
      return
    }
    // Written beside its place and renamed when complete: a backup cut short never looks whole.
    mkdirSync(dirname(resolve(file)), { recursive: true })
    const partial = `${file}.partial`
    const output = createWriteStream(partial, { mode: 0o600 })
    try {
      const written = await writeBackup(database.url, output, { migrationsFolder: env.MIGRATIONS_DIR })
      output.end()
      await finished(output)
      renameSync(partial, file)
      const mb = (statSync(file).size / 1024 / 1024).toFixed(1)
      say(
        `Wrote ${file}: ${written.rows} rows of ${written.tables} tables, ${mb} MB, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
      )
      say(`Restore it into a new data folder with: DATA_DIR=<new folder> npm run backup -- --restore ${file}`)
    } catch (error) {
      output.destroy()
      rmSync(partial, { force: true })
      throw error
    }
  } finally {
    await database.close()
  }
}

async function restore(env: Env, file: string): Promise<void> {
  const started = Date.now()
  const input = () => createReadStream(file)
  if (env.DATABASE_URL) {
    const restored = await restoreBackup(env.DATABASE_URL, input())
    say(
      `Restored ${restored.rows} rows of ${restored.tables} tables into the database of DATABASE_URL in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    )
    return
  }
  // The data folder's own server, started for the restore alone (the app must not run on it).
  const lock = lockDataDir(env.DATA_DIR)
  try {
    const server = await startEmbeddedPostgres({
      dataDir: lock.dataDir,
      log: { info: () => {}, warn: say, error: say },
    })
    try {
      const restored = await restoreBackup(server.url, input())
      say(
        `Restored ${restored.rows} rows of ${restored.tables} tables into ${lock.dataDir} in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the app with npm start.`,
      )
    } finally {
      await server.stop()
    }
  } finally {
    lock.release()
  }
}

const args = process.argv.slice(2)
const env = parseEnv()
try {
  if (args[0] === '--restore') {
    if (args.length !== 2 || !args[1]) fail(USAGE, 2)
    await restore(env, args[1])
  } else {
    if (args.length > 1 || args[0]?.startsWith('--')) fail(USAGE, 2)
    await backUp(env, args[0])
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error))
}
