import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client.ts'
import { lockDataDir } from '../../src/server/db/data-dir-lock.ts'
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts'
import { prepareDatabase } from '../../src/server/prepare-database.ts'

export type TestDatabaseServer = {
  /** A database on the server where tests may create and drop their own. */
  adminUrl: string
  /** A database with the migrations applied and the built-ins seeded, to copy for each test file. */
  template: string
}

declare module 'vitest' {
  interface ProvidedContext {
    testDatabase: TestDatabaseServer
  }
}

/** Durability off: a test server's data is thrown away, and its tests run faster. */
const TEST_SETTINGS = { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL's (the CI's real-server run), or else
 * the bundled server the app runs by default, in a temporary folder. The migrations run once, into
 * a template that each test file copies in a moment.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl = process.env.TEST_DATABASE_URL
  let server: EmbeddedPostgres | null = null
  let dataDir: string | null = null
  let release = () => {}
  if (!adminUrl) {
    dataDir = mkdtempSync(join(tmpdir(), 'coachline-test-'))
    release = lockDataDir(dataDir).release
    const log = { info: () => {}, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) }
    server = await startEmbeddedPostgres({ dataDir, log, settings: TEST_SETTINGS })
    adminUrl = server.url
  }
  const template = `coachline_template_${randomBytes(4).toString('hex')}`
  await run(adminUrl, `create database ${template}`)
  const url = new URL(adminUrl)
  url.pathname = `/${template}`
  const database = await openDatabase({ url: url.toString(), poolSize: 1 })
  try {
    await prepareDatabase(database, resolve('drizzle'))
  } finally {
    await database.close()
  }
  project.provide('testDatabase', { adminUrl, template })
  return async () => {
    await run(adminUrl, `drop database if exists ${template} with (force)`).catch(() => {})
    await server?.stop()
    release()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  }
}

async function run(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}
