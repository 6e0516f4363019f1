/**
 * Operators' export and restore (docs/export-format.md):
 *   npm run data -- export <email> [--csv] > file      the JSON export (or the CSV of the sets) to stdout
 *   npm run data -- import <email> <file.json>         restores a JSON export into that account
 *
 * It works whether the app runs or not (cli/operator-database.ts). A restore here has no size limit
 * beyond the machine's memory, and no time limit on its statements.
 */
import { readFile } from 'node:fs/promises'
import { once } from 'node:events'
import { eq } from 'drizzle-orm'
import { users } from '#server/db/schema/index.ts'
import { parseEnv } from '#server/lib/env.ts'
import { exportCsv, exportJson } from '#server/features/data-export/data-export.service.ts'
import { parseExportDocument, restoreExport } from '#server/features/data-export/data-import.service.ts'
import { AppError } from '#server/lib/app-error.ts'
import { openOperatorDatabase } from './operator-database.ts'

const USAGE = 'usage: npm run data -- export <email> [--csv] > file\n       npm run data -- import <email> <file.json>'

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

const [command, email, arg] = process.argv.slice(2)
if (!email || (command !== 'export' && command !== 'import') || (command === 'import' && !arg)) fail(USAGE, 2)

const database = await openOperatorDatabase(parseEnv(), { statementTimeoutMs: 0 })
try {
  const [user] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.trim().toLowerCase()))
  if (!user) fail(`No account has the email ${email}.`)
  if (command === 'export') {
    const subject = { userId: user.id, coachId: null }
    for await (const chunk of arg === '--csv' ? exportCsv(database.db, subject) : exportJson(database.db, subject)) {
      if (!process.stdout.write(chunk)) await once(process.stdout, 'drain')
    }
  } else {
    let body: unknown
    try {
      body = JSON.parse(await readFile(arg as string, 'utf8'))
    } catch (error) {
      fail(`Could not read ${arg} as JSON: ${error instanceof Error ? error.message : String(error)}`)
    }
    const result = await restoreExport(database.db, user.id, parseExportDocument(body))
    console.error(
      `Restored into ${email}: ${result.sessions} sessions, ${result.sets} sets, ${result.plans} plans, ${result.workouts} workouts, ${result.movements} movements, ${result.comments} comments, ${result.bodyWeights} body weights.`,
    )
  }
} catch (error) {
  if (error instanceof AppError) fail(error.message)
  throw error
} finally {
  await database.close()
}
