import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../../../tests/helpers/test-app.ts'
import type { Database } from './client.ts'
import { notify, postgresNotifications } from './notifications.ts'

let database: Database & { url: string }
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database.close())

async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms
  while (!check()) {
    if (Date.now() > deadline) throw new Error('not within time')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('LISTEN/NOTIFY', () => {
  test('what one side notifies, a listener hears, once per notification; after stop, nothing', async () => {
    const heard: string[] = []
    const stop = await database.notifications.listen('coachline_test_channel', {
      onMessage: (payload) => heard.push(payload),
    })
    await notify(database.db, 'coachline_test_channel', 'one')
    await database.db.transaction(async (tx) => notify(tx, 'coachline_test_channel', 'two'))
    // A notification in a rolled-back transaction is never delivered.
    await database.db
      .transaction(async (tx) => {
        await notify(tx, 'coachline_test_channel', 'never')
        tx.rollback()
      })
      .catch(() => {})
    await eventually(() => heard.length >= 2)
    stop()
    await notify(database.db, 'coachline_test_channel', 'after stop')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(heard).toEqual(['one', 'two'])
    await expect(notify(database.db, 'Not A Channel; drop table x', '')).rejects.toThrow(/not a channel name/)
  })

  test('a lost listening connection comes back by itself and says so (the gap)', async () => {
    const notifications = postgresNotifications(database.url)
    const heard: string[] = []
    let gaps = 0
    await notifications.listen('coachline_test_gap', {
      onMessage: (payload) => heard.push(payload),
      onGap: () => (gaps += 1),
    })
    try {
      await notify(database.db, 'coachline_test_gap', 'before')
      await eventually(() => heard.includes('before'))
      // The server drops the listening connection (a restart, a failover).
      await database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%' and pid <> pg_backend_pid()`,
      )
      await eventually(() => gaps === 1)
      await notify(database.db, 'coachline_test_gap', 'after')
      await eventually(() => heard.includes('after'))
    } finally {
      await notifications.close()
    }
  })
})
