import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openTestDatabase } from '../../../tests/helpers/test-app.ts'
import { isDatabaseUnavailable, isTooManyParameters } from './db-errors.ts'

let database: Awaited<ReturnType<typeof openTestDatabase>>

beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

test('a statement with more parameters than the protocol carries is bad input, not an outage', async () => {
  const names = Array.from({ length: 70_000 }, (_, i) => sql`${`name ${i}`}`)
  const failure = await database.db.execute(sql`select 1 where 'x' in (${sql.join(names, sql`, `)})`).then(
    () => null,
    (error: unknown) => error,
  )
  expect(failure).not.toBeNull()
  expect(isTooManyParameters(failure)).toBe(true)
  // Answered as an outage, the caller would be told to retry the same request forever.
  expect(isDatabaseUnavailable(failure)).toBe(false)
  // The database is as it was: the next statement runs.
  await expect(database.db.execute(sql`select 1`)).resolves.toBeDefined()
})

test('another protocol violation is still a connection fault', () => {
  const fault = Object.assign(new Error('invalid frontend message type 0'), { code: '08P01' })
  expect(isTooManyParameters(fault)).toBe(false)
  expect(isDatabaseUnavailable(fault)).toBe(true)
})
