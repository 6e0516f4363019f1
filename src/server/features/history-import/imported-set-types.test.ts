import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { MovementPageSchema } from '#shared/schemas/movements.ts'
import { lifetimeTotals, sessionImports, setLogs, workoutSessions } from '#server/db/schema/index.ts'
import { fillReviewCounts } from '#server/features/sessions/review.service.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

/*
 * The migration that gives sets imported before sets had types their type: the types lived in the
 * notes then ('Warm-up', 'Warm-up · felt easy'). Its SQL runs here on sets written the old way.
 */

let t: TestContext
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const MIGRATION = readFileSync(resolve('drizzle/0032_imported_set_types.sql'), 'utf8')

/** A finished free session of back squats with these sets (load, reps, note), marked imported or not. */
async function session(lifter: SignedIn, squatId: string, sets: [number, number, string | null][], imported: boolean) {
  const send = async (method: string, path: string, body: unknown) => {
    const res = await t.app.request(path, { method, headers: jsonHeaders(lifter), body: JSON.stringify(body) })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
    return (await res.json()) as { id: string }
  }
  const started = await send('POST', '/api/sessions', {})
  const key = randomUUID()
  const exercise = {
    key,
    movementId: squatId,
    movementName: 'Back squat',
    tracking: 'weight_reps',
    prescriptionId: null,
    targets: [],
    superset: null,
    restSeconds: null,
    notes: null,
  }
  await send('PATCH', `/api/sessions/${started.id}`, { exercises: [exercise] })
  for (const [index, [loadKg, reps, note]] of sets.entries()) {
    await send('PUT', `/api/sessions/${started.id}/sets/${randomUUID()}`, {
      exerciseKey: key,
      setNumber: index + 1,
      reps,
      loadKg,
      note,
      editedAt: new Date().toISOString(),
    })
  }
  await send('POST', `/api/sessions/${started.id}/finish`, {})
  if (imported)
    await t.db
      .insert(sessionImports)
      .values({ clientId: lifter.id, importKey: randomUUID(), sessionId: started.id, source: 'strong' })
  return started.id
}

const setsOf = (sessionId: string) =>
  t.db
    .select({ setType: setLogs.setType, note: setLogs.note })
    .from(setLogs)
    .where(eq(setLogs.sessionId, sessionId))
    .orderBy(setLogs.setNumber)

test('imported sets whose note named their type get that type, keep the lifter’s words, and the totals recount', async () => {
  const lifter = await signIn(t, { role: 'client' })
  const squatId =
    MovementPageSchema.parse(
      await (await t.app.request('/api/movements?q=back%20squat', { headers: lifter.headers })).json(),
    ).items[0]?.id ?? ''
  const imported = await session(
    lifter,
    squatId,
    [
      [120, 5, 'Warm-up'],
      [60, 5, 'Warm-up · felt easy'],
      [100, 5, 'Paused'],
      [80, 8, 'Drop set'],
      [90, 5, 'To failure · grinder'],
      [70, 5, 'Warm-ups are boring'],
    ],
    true,
  )
  // Logged in the app, or imported with types: a note that says 'Warm-up' is the lifter's own words.
  const own = await session(lifter, squatId, [[50, 5, 'Warm-up']], false)
  const typed = await session(lifter, squatId, [[40, 5, 'Warm-up']], true)
  await t.db.update(setLogs).set({ setType: 'drop' }).where(eq(setLogs.sessionId, typed))
  const fives = () =>
    t.db
      .select({ sets: lifetimeTotals.sets, best: lifetimeTotals.bestLoadKg })
      .from(lifetimeTotals)
      .where(
        and(eq(lifetimeTotals.clientId, lifter.id), eq(lifetimeTotals.movementId, squatId), eq(lifetimeTotals.reps, 5)),
      )
  expect(await fives()).toEqual([{ sets: 7, best: 120 }])

  for (const statement of MIGRATION.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement))

  expect(await setsOf(imported)).toEqual([
    { setType: 'warmup', note: null },
    { setType: 'warmup', note: 'felt easy' },
    { setType: 'working', note: 'Paused' },
    { setType: 'drop', note: null },
    { setType: 'failure', note: 'grinder' },
    { setType: 'working', note: 'Warm-ups are boring' },
  ])
  expect(await setsOf(own)).toEqual([{ setType: 'working', note: 'Warm-up' }])
  expect(await setsOf(typed)).toEqual([{ setType: 'drop', note: 'Warm-up' }])
  // The two warm-ups no longer count: 120 kg was a warm-up, so the best five is 100 kg.
  expect(await fives()).toEqual([{ sets: 5, best: 100 }])

  // Run again, it finds nothing more to change.
  for (const statement of MIGRATION.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement))
  expect((await setsOf(imported)).map((s) => s.setType)).toEqual([
    'warmup',
    'warmup',
    'working',
    'drop',
    'failure',
    'working',
  ])
})

test('a finished session with a warm-up has its stored counts cleared, and worked out again by the new pairing', async () => {
  const lifter = await signIn(t, { role: 'client' })
  const squatId =
    MovementPageSchema.parse(
      await (await t.app.request('/api/movements?q=back%20squat', { headers: lifter.headers })).json(),
    ).items[0]?.id ?? ''
  const send = async (method: string, path: string, body: unknown) => {
    const res = await t.app.request(path, { method, headers: jsonHeaders(lifter), body: JSON.stringify(body) })
    expect(res.status, await res.clone().text()).toBeLessThan(300)
  }
  const started = (await (
    await t.app.request('/api/sessions', { method: 'POST', headers: jsonHeaders(lifter), body: '{}' })
  ).json()) as { id: string }
  const key = randomUUID()
  const five = { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }
  const exercise = {
    key,
    movementId: squatId,
    movementName: 'Back squat',
    tracking: 'weight_reps',
    prescriptionId: randomUUID(),
    targets: [five, five],
    superset: null,
    restSeconds: null,
    notes: null,
  }
  await send('PATCH', `/api/sessions/${started.id}`, { exercises: [exercise] })
  for (const [setNumber, loadKg, setType] of [
    [1, 60, 'warmup'],
    [2, 100, 'working'],
    [3, 100, 'working'],
  ] as const) {
    await send('PUT', `/api/sessions/${started.id}/sets/${randomUUID()}`, {
      exerciseKey: key,
      setNumber,
      reps: 5,
      loadKg,
      setType,
      editedAt: new Date().toISOString(),
    })
  }
  await send('POST', `/api/sessions/${started.id}/finish`, {})
  // As the earlier pairing stored them: the warm-up took the first prescribed set.
  await t.db
    .update(workoutSessions)
    .set({ setsPrescribed: 2, setsAsPrescribed: 1 })
    .where(eq(workoutSessions.id, started.id))

  for (const statement of MIGRATION.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement))
  const counts = () =>
    t.db
      .select({ prescribed: workoutSessions.setsPrescribed, asPrescribed: workoutSessions.setsAsPrescribed })
      .from(workoutSessions)
      .where(eq(workoutSessions.id, started.id))
  expect(await counts()).toEqual([{ prescribed: null, asPrescribed: null }])
  expect(await fillReviewCounts(t.db, [started.id])).toEqual(
    new Map([[started.id, { prescribed: 2, asPrescribed: 2 }]]),
  )
  expect(await counts()).toEqual([{ prescribed: 2, asPrescribed: 2 }])
})
