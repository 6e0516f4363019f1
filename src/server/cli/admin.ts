/**
 * Operators' commands:  npm run admin -- set-role <email> <coach|client>
 *
 * With DATABASE_URL it works on the database directly. On the embedded database it goes
 * through the running server when there is one (PGlite allows one process per data folder),
 * and opens the data folder itself only when no server has it open.
 */
import { existsSync, readFileSync } from 'node:fs'
import { ROLES } from '#shared/schemas/profiles.ts'
import { openDatabase } from '#server/db/client.ts'
import { DataDirInUseError } from '#server/db/data-dir-lock.ts'
import { parseEnv, type Env } from '#server/env.ts'
import { setRoleByEmail } from '#server/features/profiles/profiles.service.ts'
import { AppError } from '#server/lib/app-error.ts'
import { adminHandleFile, openAppDatabase, type AdminHandle } from '#server/server.ts'

const USAGE = 'usage: npm run admin -- set-role <email> <coach|client>'

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

function runningServer(env: Env): AdminHandle | null {
  const file = adminHandleFile(env)
  if (!existsSync(file)) return null
  const handle = JSON.parse(readFileSync(file, 'utf8')) as AdminHandle
  try {
    process.kill(handle.pid, 0)
    return handle
  } catch {
    return null // a server that died without cleaning up
  }
}

async function setRoleThroughServer(handle: AdminHandle, email: string, role: string) {
  const res = await fetch(`${handle.url}/api/admin/set-role`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${handle.secret}` },
    body: JSON.stringify({ email, role }),
  })
  const body = (await res.json()) as { message?: string; displayName?: string; role?: string }
  if (!res.ok) fail(body.message ?? `the server answered ${res.status}`)
  return body
}

async function setRoleDirectly(env: Env, email: string, role: (typeof ROLES)[number]) {
  // On the embedded database this takes the data folder's lock too: a server starting right now
  // (not yet answering) has it, and the command must not open the folder beside it.
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 })
    : await openAppDatabase(env).catch((error: unknown) => {
        if (error instanceof DataDirInUseError) fail(`${error.message}\nIf it is starting, try again in a moment.`)
        throw error
      })
  try {
    return await setRoleByEmail(database.db, email, role)
  } catch (error) {
    if (error instanceof AppError) fail(error.message)
    throw error
  } finally {
    await database.close()
  }
}

const [command, email, role] = process.argv.slice(2)
if (command !== 'set-role' || !email || !role) fail(USAGE, 2)
if (!(ROLES as readonly string[]).includes(role)) fail(`The role must be coach or client, not "${role}".\n${USAGE}`, 2)

const env = parseEnv()
const handle = env.DATABASE_URL ? null : runningServer(env)
const profile = handle ? await setRoleThroughServer(handle, email, role) : await setRoleDirectly(env, email.trim().toLowerCase(), role as (typeof ROLES)[number])
console.log(`${email} is now a ${profile.role}${profile.displayName ? ` (${profile.displayName})` : ''}.`)
