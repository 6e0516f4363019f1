/**
 * Operators' commands:  npm run admin -- set-role <email> <coach|client>
 *
 * It works on the database directly, whether the app runs or not (cli/operator-database.ts).
 */
import { ROLES } from '#shared/schemas/profiles.ts'
import { parseEnv } from '#server/lib/env.ts'
import { setRoleByEmail } from '#server/features/profiles/profiles.service.ts'
import { AppError } from '#server/lib/app-error.ts'
import { openOperatorDatabase } from './operator-database.ts'

const USAGE = 'usage: npm run admin -- set-role <email> <coach|client>'

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

const [command, email, role] = process.argv.slice(2)
if (command !== 'set-role' || !email || !role) fail(USAGE, 2)
if (!(ROLES as readonly string[]).includes(role)) fail(`The role must be coach or client, not "${role}".\n${USAGE}`, 2)

const database = await openOperatorDatabase(parseEnv()).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
)
try {
  const profile = await setRoleByEmail(database.db, email.trim().toLowerCase(), role as (typeof ROLES)[number])
  console.log(`${email} is now a ${profile.role}${profile.displayName ? ` (${profile.displayName})` : ''}.`)
} catch (error) {
  if (error instanceof AppError) fail(error.message)
  throw error
} finally {
  await database.close()
}
