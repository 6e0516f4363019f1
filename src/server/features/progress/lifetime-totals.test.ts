import { randomUUID } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ProgressSchema } from '#shared/schemas/progress.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { movements } from '#server/db/schema/index.ts'
import { createTestApp, jsonHeaders, signIn, type TestContext } from '../../../../tests/helpers/test-app.ts'
import { countsAsWork, SET_TYPES, type SetType } from '#shared/set-types.ts'

// The lifetime totals are kept by the database's own triggers on every change of a set or a
// session. These tests change sets and sessions every way the app (or an import, or an account
// deletion) can, straight in SQL, and after each change hold the totals to what the sets say,
// counted here in JavaScript from the raw rows.

let t: TestContext
let moves: string[] = []

type Total = {
  client_id: string
  movement_id: string
  reps: number
  sets: number
  last_at: string
  best_load_kg: number | null
  best_at: string | null
}
type RawSet = {
  client_id: string
  movement_id: string
  reps: number | null
  load_kg: string | number | null
  completed: boolean
  set_type: SetType
  deleted_at: unknown
  status: string
  started_at: string | Date
}

const iso = (value: string | Date) => new Date(value).toISOString()

/** The totals as the product defines them: the sets that count as work (done, not deleted, not warm-ups) of completed sessions. */
async function expectedTotals(clients: string[]): Promise<Total[]> {
  const rows = await queryRows<RawSet>(
    t.db,
    sql`select l.client_id, l.movement_id, l.reps, l.load_kg, l.completed, l.set_type, l.deleted_at, s.status, s.started_at
        from set_logs l join workout_sessions s on s.id = l.session_id where s.client_id in ${clients}`,
  )
  const totals = new Map<string, Total>()
  for (const row of rows) {
    if (
      !countsAsWork({ completed: row.completed, setType: row.set_type }) ||
      row.deleted_at !== null ||
      row.status !== 'completed'
    )
      continue
    const reps = row.reps !== null && row.reps >= 1 && row.reps <= 12 ? row.reps : 0
    const key = `${row.client_id}|${row.movement_id}|${reps}`
    const at = iso(row.started_at)
    const total = totals.get(key) ?? {
      client_id: row.client_id,
      movement_id: row.movement_id,
      reps,
      sets: 0,
      last_at: at,
      best_load_kg: null,
      best_at: null,
    }
    total.sets += 1
    if (at > total.last_at) total.last_at = at
    const load = row.load_kg === null ? null : Number(row.load_kg)
    if (reps > 0 && load !== null && load > 0) {
      if (
        total.best_load_kg === null ||
        load > total.best_load_kg ||
        (load === total.best_load_kg && total.best_at !== null && at < total.best_at)
      ) {
        total.best_load_kg = load
        total.best_at = at
      }
    }
    totals.set(key, total)
  }
  return sorted([...totals.values()])
}

async function storedTotals(clients: string[]): Promise<Total[]> {
  const rows = await queryRows<Total>(t.db, sql`select * from lifetime_totals where client_id in ${clients}`)
  return sorted(
    rows.map((row) => ({
      ...row,
      reps: Number(row.reps),
      sets: Number(row.sets),
      last_at: iso(row.last_at),
      best_load_kg: row.best_load_kg === null ? null : Number(row.best_load_kg),
      best_at: row.best_at === null ? null : iso(row.best_at),
    })),
  )
}

const sorted = (totals: Total[]) =>
  totals.sort((a, b) =>
    `${a.client_id}${a.movement_id}${a.reps}`.localeCompare(`${b.client_id}${b.movement_id}${b.reps}`),
  )

/** A small random generator with a seed, so a failure replays the same way. */
function seeded(seed: number) {
  let state = seed
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  }
}

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString()

async function newSession(clientId: string, status: 'in_progress' | 'completed', startedAt: string): Promise<string> {
  const id = randomUUID()
  await t.db.execute(
    sql`insert into workout_sessions (id, client_id, title, exercises, status, started_at) values (${id}, ${clientId}, 'Training', '[]'::jsonb, ${status}, ${startedAt}::timestamptz)`,
  )
  return id
}

async function addSets(
  sessionId: string,
  sets: { movementId: string; reps: number | null; loadKg: number | null; completed: boolean; setType?: SetType }[],
  db: Pick<Db, 'execute'> = t.db,
) {
  const values = sets.map(
    (set, i) =>
      sql`(${randomUUID()}, ${sessionId}, ${`key-${set.movementId}`}, ${set.movementId}, ${i + 1}, ${set.reps}, ${set.loadKg}, ${set.completed}, ${set.setType ?? 'working'}, now())`,
  )
  await db.execute(
    sql`insert into set_logs (id, session_id, exercise_key, movement_id, set_number, reps, load_kg, completed, set_type, edited_at) values ${sql.join(values, sql`, `)}`,
  )
}

beforeAll(async () => {
  t = await createTestApp()
  const rows = await t.db
    .select({ id: movements.id })
    .from(movements)
    .where(inArray(movements.slug, ['back-squat', 'bench-press', 'romanian-deadlift']))
  moves = rows.map((row) => row.id)
  expect(moves).toHaveLength(3)
})
afterAll(() => t.close())

describe('lifetime totals', () => {
  test('agree with the sets after every kind of change, for 200 random changes', async () => {
    const lifters = [(await signIn(t)).id, (await signIn(t)).id]
    const random = seeded(20_261_126)
    const randomSet = () => ({
      movementId: random.pick(moves),
      reps: random.chance(0.1) ? null : random.pick([1, 3, 5, 5, 8, 12, 15]),
      loadKg: random.chance(0.1) ? null : random.pick([0, 60, 80, 100, 100, 120]),
      completed: random.chance(0.85),
      setType: random.pick(SET_TYPES),
    })
    const oneOf = async <Row>(query: ReturnType<typeof sql>) => random.pick(await queryRows<Row>(t.db, query))
    const changes: Record<string, () => Promise<unknown>> = {
      'log sets in a new session': async () =>
        addSets(await newSession(random.pick(lifters), 'in_progress', day(random.int(60))), [
          randomSet(),
          randomSet(),
          randomSet(),
        ]),
      'import a finished session with its sets': async () =>
        addSets(
          await newSession(random.pick(lifters), 'completed', day(random.int(60))),
          Array.from({ length: 1 + random.int(5) }, randomSet),
        ),
      'log a set in any session': async () => {
        const session = await oneOf<{ id: string }>(sql`select id from workout_sessions where client_id in ${lifters}`)
        if (session) await addSets(session.id, [randomSet()])
      },
      'finish a session': () =>
        t.db.execute(
          sql`update workout_sessions set status = 'completed', completed_at = now() where id in (select id from workout_sessions where client_id in ${lifters} and status = 'in_progress' limit 1)`,
        ),
      'discard a session': () =>
        t.db.execute(
          sql`update workout_sessions set status = 'abandoned' where id in (select id from workout_sessions where client_id in ${lifters} and status = 'in_progress' order by random() limit 1)`,
        ),
      'move a session in time': async () => {
        const session = await oneOf<{ id: string }>(sql`select id from workout_sessions where client_id in ${lifters}`)
        if (session)
          await t.db.execute(
            sql`update workout_sessions set started_at = ${day(random.int(60))}::timestamptz where id = ${session.id}`,
          )
      },
      'correct a set': async () => {
        const set = await oneOf<{ id: string }>(sql`select id from set_logs where client_id in ${lifters}`)
        const change = randomSet()
        if (set)
          await t.db.execute(
            sql`update set_logs set reps = ${change.reps}, load_kg = ${change.loadKg}, completed = ${change.completed} where id = ${set.id}`,
          )
      },
      'mark a set as another type (a warm-up, or work)': async () => {
        const set = await oneOf<{ id: string }>(sql`select id from set_logs where client_id in ${lifters}`)
        if (set) await t.db.execute(sql`update set_logs set set_type = ${random.pick(SET_TYPES)} where id = ${set.id}`)
      },
      'move a set to another movement': async () => {
        const set = await oneOf<{ id: string }>(sql`select id from set_logs where client_id in ${lifters}`)
        if (set) await t.db.execute(sql`update set_logs set movement_id = ${random.pick(moves)} where id = ${set.id}`)
      },
      'remove a set (kept, marked deleted)': async () => {
        const set = await oneOf<{ id: string }>(
          sql`select id from set_logs where client_id in ${lifters} and deleted_at is null`,
        )
        if (set) await t.db.execute(sql`update set_logs set deleted_at = now() where id = ${set.id}`)
      },
      'bring a removed set back': () =>
        t.db.execute(
          sql`update set_logs set deleted_at = null where id in (select id from set_logs where client_id in ${lifters} and deleted_at is not null limit 1)`,
        ),
      'delete sets for good': async () => {
        const session = await oneOf<{ id: string }>(sql`select id from workout_sessions where client_id in ${lifters}`)
        if (session) await t.db.execute(sql`delete from set_logs where session_id = ${session.id} and set_number <= 2`)
      },
      'delete a whole session': async () => {
        const session = await oneOf<{ id: string }>(sql`select id from workout_sessions where client_id in ${lifters}`)
        if (session) await t.db.execute(sql`delete from workout_sessions where id = ${session.id}`)
      },
    }
    const names = Object.keys(changes)
    const seen = new Set<string>()
    for (let step = 0; step < 200; step += 1) {
      const name = names[step < names.length ? step : random.int(names.length)] as string
      await changes[name]?.()
      const expected = await expectedTotals(lifters)
      if (expected.length) seen.add(name)
      expect(await storedTotals(lifters), `after step ${step}: ${name}`).toEqual(expected)
    }
    // The run ended with totals to keep, and grew and shrank them along the way.
    expect((await storedTotals(lifters)).length).toBeGreaterThan(3)
    expect(seen.size).toBeGreaterThan(8)

    // An account deleted: its totals go with it, the other lifter's stay.
    const [gone, kept] = lifters as [string, string]
    const keptBefore = await storedTotals([kept])
    await t.db.execute(sql`delete from users where id = ${gone}`)
    expect(await storedTotals([gone])).toEqual([])
    expect(await storedTotals([kept])).toEqual(keptBefore)
  })

  test('agree with the sets after changes made at the same time, each in its own transaction', async () => {
    const lifter = (await signIn(t)).id
    const [squat, bench] = moves as [string, string]
    const sessions = await Promise.all(
      Array.from({ length: 12 }, (_, i) => newSession(lifter, i % 3 === 0 ? 'completed' : 'in_progress', day(i))),
    )
    await Promise.all(
      sessions.map((id, i) =>
        addSets(id, [{ movementId: i % 2 ? squat : bench, reps: 5, loadKg: 100 + i, completed: true }]),
      ),
    )
    // Finishes, corrections and deletions of one lifter's sets of the same movements, all at once.
    await Promise.all(
      sessions.map((id, i) =>
        t.db.transaction(async (tx) => {
          if (i % 3 === 1) await tx.execute(sql`update workout_sessions set status = 'completed' where id = ${id}`)
          else if (i % 3 === 2) await tx.execute(sql`delete from set_logs where session_id = ${sessions[i - 2] ?? id}`)
          else await tx.execute(sql`update set_logs set load_kg = load_kg - 50 where session_id = ${id}`)
          await addSets(id, [{ movementId: i % 2 ? bench : squat, reps: 3, loadKg: 90, completed: true }], tx)
        }),
      ),
    )
    expect(await storedTotals([lifter])).toEqual(await expectedTotals([lifter]))
  })

  test('the progress page shows a correction of a finished session at once', async () => {
    const lifter = await signIn(t)
    const [squat] = moves as [string]
    const session = await newSession(lifter.id, 'completed', '2026-03-02T10:00:00Z')
    await addSets(session, [
      { movementId: squat, reps: 5, loadKg: 140, completed: true },
      { movementId: squat, reps: 5, loadKg: 120, completed: true },
    ])
    const recordOf = async () => {
      const res = await t.app.request('/api/progress?today=2026-03-09&utcOffsetMinutes=0', {
        headers: jsonHeaders(lifter),
      })
      expect(res.status).toBe(200)
      const progress = ProgressSchema.parse(await res.json())
      return progress.records.find((r) => r.movementId === squat)?.byReps.find((r) => r.reps === 5)?.loadKg
    }
    expect(await recordOf()).toBe(140)
    // The 140 was a typo for 130.
    await t.db.execute(sql`update set_logs set load_kg = 130 where session_id = ${session} and load_kg = 140`)
    expect(await recordOf()).toBe(130)
    await t.db.execute(sql`update workout_sessions set status = 'abandoned' where id = ${session}`)
    expect(await recordOf()).toBeUndefined()
  })
})
