import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { openDatabase, type Database, type DatabaseOptions } from './client.ts'
import { lockDataDir } from './data-dir-lock.ts'
import { SERVER_FOLDER, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres.ts'
import { stopLeftover } from './embedded-postgres-process.ts'
import { copyPgliteFolder } from './pglite-move.ts'

type Log = Parameters<typeof startEmbeddedPostgres>[0]['log']

export type EmbeddedDatabase = Database & { server: EmbeddedPostgres }

/**
 * The default database: takes the data folder (one app per folder), moves an earlier release's
 * data into the new server once, starts the server and opens a pool on it. Closing ends the pool,
 * then the server, then gives the folder back.
 */
export async function openEmbeddedDatabase(
  options: { dataDir: string; log: Log; migrationsFolder: string } & Omit<DatabaseOptions, 'url'>,
): Promise<EmbeddedDatabase> {
  const { log, migrationsFolder, ...pool } = options
  const lock = lockDataDir(options.dataDir)
  const dataDir = lock.dataDir
  let server: EmbeddedPostgres | null = null
  try {
    const move = movingState(dataDir)
    if (move.kind === 'copy') {
      // A move cut short starts over on a new server; one still running there (its app was
      // killed mid-move) is stopped first, not left running on deleted files.
      const cluster = join(dataDir, SERVER_FOLDER)
      await stopLeftover(cluster, log)
      rmSync(cluster, { recursive: true, force: true })
    }
    server = await startEmbeddedPostgres({ dataDir, log })
    if (move.kind === 'copy') await copyEarlierRelease(dataDir, server.url, migrationsFolder, log)
    if (move.kind !== 'none') finishMove(dataDir, log)
    const database = await openDatabase({ ...pool, url: server.url })
    const running = server
    return {
      ...database,
      server: running,
      close: async (ms) => {
        try {
          await database.close()
          await running.stop(ms)
        } finally {
          lock.release()
        }
      },
    }
  } catch (error) {
    await server?.stop().catch(() => {})
    lock.release()
    throw error
  }
}

/*
 * An earlier release kept PGlite's files at the root of the data folder. They are copied into the
 * new server once, then moved into a backup folder. A file in the data folder records how far the
 * move got, so a move cut short (a kill, a power cut) is taken up again at the next start.
 */
const MOVE_FILE = '.moving-from-pglite.json'
type MoveRecord = { state: 'copying' } | { state: 'copied'; backup: string }
type MoveState = { kind: 'none' } | { kind: 'copy' } | { kind: 'finish' }

/** What the earlier release left: PostgreSQL's layout, which PGlite kept too. */
const isPgliteEntry = (name: string) =>
  name === 'PG_VERSION' || name === 'base' || name === 'global' || /^(pg_|postgresql\.|postmaster\.)/.test(name)

export class DataDirConflictError extends Error {}

function movingState(dataDir: string): MoveState {
  const record = readMoveRecord(dataDir)
  if (record?.state === 'copied') return { kind: 'finish' }
  const earlier = existsSync(join(dataDir, 'PG_VERSION'))
  if (!earlier && !record) return { kind: 'none' }
  if (!earlier) {
    // The record without the files: nothing left to move.
    rmSync(join(dataDir, MOVE_FILE), { force: true })
    return { kind: 'none' }
  }
  if (existsSync(join(dataDir, SERVER_FOLDER, 'PG_VERSION')) && !record) {
    // Both an earlier release's files and a server of this one, and no move under way: which one
    // holds the data the operator wants is theirs to say; nothing is deleted.
    throw new DataDirConflictError(
      `The data folder ${dataDir} holds both an earlier release's database (PG_VERSION, base/ ...) and this release's (${SERVER_FOLDER}/). ` +
        'Move one of them out of the folder, then start again.',
    )
  }
  return { kind: 'copy' }
}

async function copyEarlierRelease(dataDir: string, url: string, migrationsFolder: string, log: Log): Promise<void> {
  log.info(`moving the database of an earlier release (PGlite) in ${dataDir} into the PostgreSQL server`)
  writeMoveRecord(dataDir, { state: 'copying' })
  const started = Date.now()
  const copied = await copyPgliteFolder({
    pgliteDir: dataDir,
    targetUrl: url,
    migrationsFolder: resolve(migrationsFolder),
  })
  const backup = `pglite-backup-${new Date().toISOString().replace(/[:.]/g, '-')}`
  writeMoveRecord(dataDir, { state: 'copied', backup })
  log.info(`copied ${copied.rows} rows of ${copied.tables} tables in ${Date.now() - started} ms`)
}

function finishMove(dataDir: string, log: Log): void {
  const record = readMoveRecord(dataDir)
  if (record?.state !== 'copied') return
  const backup = join(dataDir, record.backup)
  mkdirSync(backup, { recursive: true })
  for (const name of readdirSync(dataDir)) if (isPgliteEntry(name)) renameSync(join(dataDir, name), join(backup, name))
  rmSync(join(dataDir, MOVE_FILE), { force: true })
  log.warn(
    `the earlier release's database files are kept, untouched since the copy, in ${backup}: delete that folder once you no longer need it`,
  )
}

function readMoveRecord(dataDir: string): MoveRecord | null {
  try {
    return JSON.parse(readFileSync(join(dataDir, MOVE_FILE), 'utf8')) as MoveRecord
  } catch {
    return null
  }
}

function writeMoveRecord(dataDir: string, record: MoveRecord): void {
  const file = join(dataDir, MOVE_FILE)
  writeFileSync(`${file}.tmp`, JSON.stringify(record), { mode: 0o600 })
  renameSync(`${file}.tmp`, file)
}
