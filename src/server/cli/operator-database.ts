import { openDatabase, type Database } from '#server/db/client.ts'
import { DataDirInUseError } from '#server/db/data-dir-lock.ts'
import { embeddedUrl } from '#server/db/embedded-postgres.ts'
import type { Env } from '#server/lib/env.ts'
import { createLogger, stdoutDestination } from '#server/lib/logger.ts'
import { openAppDatabase } from '#server/server.ts'

/**
 * The database for an operator's command (admin, data, demo, backup). With DATABASE_URL, that
 * server. On the embedded default: while the app runs, its server, through the socket in the data
 * folder; otherwise the command starts the server itself (taking the data folder, so an app
 * started meanwhile waits for nothing and exits with its message) and stops it when done.
 */
export async function openOperatorDatabase(env: Env, options: { statementTimeoutMs?: number } = {}): Promise<Database> {
  // On stderr: stdout may be the command's output (an export, a backup).
  const logger = createLogger(env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL, stdoutDestination(process.stderr))
  const limits = {
    statementTimeoutMs: options.statementTimeoutMs ?? env.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  }
  try {
    return await openAppDatabase({ ...env, ...toEnv(limits) }, logger, { poolSize: 2 })
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error
    // The app runs: its server is reached like any other, beside it.
    const database = await openDatabase({ url: embeddedUrl(env.DATA_DIR), poolSize: 2, ...limits })
    try {
      await database.ping()
    } catch {
      await database.close()
      throw new Error(
        `${error.message}\nIts database server does not answer yet: if it is starting, try again in a moment.`,
      )
    }
    return database
  }
}

function toEnv(limits: { statementTimeoutMs: number; idleInTransactionTimeoutMs: number }): Partial<Env> {
  return {
    DATABASE_STATEMENT_TIMEOUT_MS: limits.statementTimeoutMs,
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: limits.idleInTransactionTimeoutMs,
  }
}
