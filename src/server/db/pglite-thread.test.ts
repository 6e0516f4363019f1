import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { isDatabaseUnavailable, isUniqueViolation } from '#server/lib/db-errors.ts'
import { openDatabase, queryRows, type Database } from './client.ts'
import { openPgliteThread } from './pglite-thread.ts'

// The embedded database on its own thread (db/pglite-thread.ts), driven through drizzle as the app does.
let database: Database
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite', dataDir: null })
  await database.db.execute(sql`create table thread_test (id int primary key, note text, at timestamptz default now(), data jsonb, raw bytea)`)
})
afterAll(() => database.close())

const count = async () => Number((await queryRows<{ n: string }>(database.db, sql`select count(*) as n from thread_test`))[0]?.n)

describe('PGlite on its own thread', () => {
  test('values cross both ways as they are stored', async () => {
    await database.db.execute(sql`insert into thread_test (id, note, data, raw) values (1, ${'ünïcode ✓'}, ${JSON.stringify({ sets: [1, 2] })}::jsonb, ${Buffer.from([0, 255])})`)
    const [row] = await queryRows<{ note: string; at: string; data: unknown; raw: Uint8Array; big: bigint | number }>(
      database.db,
      sql`select note, at, data, raw, 9007199254740993::int8 as big from thread_test where id = 1`,
    )
    expect(row?.note).toBe('ünïcode ✓')
    expect(row?.data).toEqual({ sets: [1, 2] })
    expect([...(row?.raw ?? [])]).toEqual([0, 255])
    // Timestamps stay text for drizzle to read, as on one thread.
    expect(typeof row?.at).toBe('string')
    await database.db.execute(sql`delete from thread_test`)
  })

  test('a transaction never interleaves with other queries: they wait for its end and see only what it committed', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let inserted: () => void = () => {}
    const didInsert = new Promise<void>((resolve) => (inserted = resolve))
    const order: string[] = []
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_test (id) values (10)`)
      inserted()
      await gate
      await tx.execute(sql`insert into thread_test (id) values (11)`)
      order.push('committing')
    })
    await didInsert
    const outside = count().then((n) => {
      order.push('outside read')
      return n
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(order).toEqual([])
    release()
    await transaction
    expect(await outside).toBe(2)
    expect(order).toEqual(['committing', 'outside read'])
    await database.db.execute(sql`delete from thread_test`)
  })

  test('an error fails only its own query, keeps its PostgreSQL code, and a failed transaction is rolled back', async () => {
    await database.db.execute(sql`insert into thread_test (id) values (20)`)
    const results = await Promise.allSettled([
      database.db.execute(sql`insert into thread_test (id) values (20)`),
      database.db.execute(sql`insert into thread_test (id) values (21)`),
      database.db.execute(sql`select nonsense from nowhere`),
      database.db.execute(sql`insert into thread_test (id) values (22)`),
    ])
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled'])
    expect(isUniqueViolation((results[0] as PromiseRejectedResult).reason)).toBe(true)
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`insert into thread_test (id) values (23)`)
        await tx.execute(sql`insert into thread_test (id) values (20)`)
      }),
    ).rejects.toSatisfy(isUniqueViolation)
    expect(await count()).toBe(3)
    await database.db.execute(sql`delete from thread_test`)
  })
})

test('when the thread dies, every pending and later query fails as unavailable and the loss is announced', async () => {
  // A thread of its own, stopped the way a crash stops it.
  const thread = await openPgliteThread(null)
  const pending = thread.query('select pg_sleep(0.5)')
  await thread.worker.terminate()
  await expect(pending).rejects.toSatisfy(isDatabaseUnavailable)
  await expect(thread.query('select 1')).rejects.toSatisfy(isDatabaseUnavailable)
  expect((await thread.lost).message).toMatch(/embedded database has stopped/)
  expect(thread.closed).toBe(true)
  await thread.close()
})
