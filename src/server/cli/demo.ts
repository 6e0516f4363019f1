/**
 * A lived-in app in one command:  npm run demo [-- --force]
 *
 * Fills the database (DATABASE_URL, or the embedded data folder, which no server may have open)
 * with a coach, five clients of distinct characters, a 12-week plan that started twelve weeks
 * ago and the sessions, comments, chat and body weights of those weeks. docs/demo.md describes
 * what it makes. The numbers come from a seeded generator: two runs differ only in their dates,
 * which end today.
 */
import { resolve } from 'node:path'
import { count, inArray } from 'drizzle-orm'
import { type Db } from '#server/db/client.ts'
import { users } from '#server/db/schema/index.ts'
import { parseEnv } from '#server/lib/env.ts'
import { openOperatorDatabase } from './operator-database.ts'
import { DEMO_PASSWORD, DEMO_COACH, DEMO_CLIENTS } from './demo/cast.ts'
import { type DemoResult, seedDemo } from './demo/seed.ts'

// ---------- the command ----------

function fail(message: string, code = 1): never {
  console.error(message)
  process.exit(code)
}

/** Why the demo must not run on this database, or null: it has users (without --force), or has the demo's. */
async function refusal(db: Db, where: string, force: boolean): Promise<string | null> {
  const [{ users: existing } = { users: 0 }] = await db.select({ users: count() }).from(users)
  if (existing > 0 && !force) {
    return `${where.charAt(0).toUpperCase()}${where.slice(1)} already has ${existing} user${existing === 1 ? '' : 's'}: the demo adds its own only to an empty database.\nRun npm run demo -- --force to add the demo users anyway, or use another DATA_DIR.`
  }
  const emails = [DEMO_COACH.email, ...DEMO_CLIENTS.map((c) => c.email)]
  const taken = (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map(
    (t) => t.email,
  )
  if (taken.includes(DEMO_COACH.email)) {
    return `The demo coach ${DEMO_COACH.email} is there already: nothing added.\nSign in as ${DEMO_COACH.email} with the password ${DEMO_PASSWORD}.`
  }
  return taken.length ? `Some demo emails are taken already (${taken.join(', ')}): nothing added.` : null
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const unknown = args.filter((a) => a !== '--force')
  if (unknown.length) fail(`Unknown argument ${unknown.join(' ')}\nusage: npm run demo [-- --force]`, 2)
  const force = args.includes('--force')
  const env = parseEnv()
  const where = env.DATABASE_URL ? 'the database of DATABASE_URL' : `the data folder ${resolve(env.DATA_DIR)}`
  const database = await openOperatorDatabase(env, { statementTimeoutMs: 0 })
  // A refusal closes the database before exiting, so the embedded one is left cleanly.
  let outcome: { refused: string } | { result: DemoResult }
  try {
    const refused = await refusal(database.db, where, force)
    outcome = refused ? { refused } : { result: await seedDemo(database.db, env) }
  } finally {
    await database.close()
  }
  if ('refused' in outcome) fail(outcome.refused)
  const { result } = outcome
  console.log(`The demo is ready in ${where} (${result.seconds.toFixed(1)} s).`)
  console.log('')
  console.log(`Sign in with the password ${DEMO_PASSWORD} as:`)
  console.log(`  ${result.coach}  (${DEMO_COACH.displayName}, the coach)`)
  for (const c of result.clients) console.log(`  ${c.email}  (${c.displayName}: ${c.summary})`)
  console.log('')
  console.log('Start the app with npm start and open it in the browser.')
}

await main()
