import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { addDays } from '#shared/calendar-days.ts'
import { habitFigures } from '#shared/habits.ts'
import {
  HabitSchema,
  HabitsSchema,
  MAX_HABITS,
  habitsApiText,
  type Habit,
  type Habits,
} from '#shared/schemas/habits.ts'
import { coachClients, habitEntries, habits, profiles } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

let t: TestContext
let coach: SignedIn
let lifter: SignedIn
let otherCoach: SignedIn
let stranger: SignedIn
/** The lifter's today: their profile's time zone is UTC here. */
const today = () => new Date().toISOString().slice(0, 10)

const send = (who: SignedIn | undefined, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res
  expect(answer.status, await answer.clone().text()).toBe(status)
  return (status === 204 ? null : await answer.json()) as T
}
const messageOf = async (res: Response) => ((await res.json()) as { message: string }).message

const listOf = async (who: SignedIn, clientId?: string) =>
  HabitsSchema.parse(await ok(send(who, 'GET', `/api/habits${clientId ? `?clientId=${clientId}` : ''}`)))
const figuresOf = (list: Habits, habit: Habit) =>
  habitFigures({
    today: list.today,
    startsOn: habit.startsOn,
    windowStart: list.windowStart,
    streakBefore: habit.streakBefore,
    metDays: new Set(
      Object.entries(habit.entries)
        .filter(([, entry]) => entry.met)
        .map(([date]) => date),
    ),
  })

beforeAll(async () => {
  t = await createTestApp()
  ;[coach, lifter, otherCoach, stranger] = await Promise.all([
    signIn(t, { role: 'coach' }),
    signIn(t),
    signIn(t, { role: 'coach' }),
    signIn(t),
  ])
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id, status: 'active' })
  await t.db.update(profiles).set({ timeZone: 'UTC' }).where(eq(profiles.id, lifter.id))
})
afterAll(() => t.close())

describe('a coach sets habits, the lifter ticks them', () => {
  let steps: Habit
  let stretch: Habit

  test('the coach sets an amount habit and a yes/no habit for their client', async () => {
    steps = HabitSchema.parse(
      await ok(
        send(coach, 'POST', '/api/habits', {
          clientId: lifter.id,
          name: ' Steps ',
          kind: 'amount',
          unit: 'steps',
          target: 8000,
        }),
        201,
      ),
    )
    stretch = HabitSchema.parse(
      await ok(
        send(coach, 'POST', '/api/habits', { clientId: lifter.id, name: 'Stretch 10 min', kind: 'check', target: 5 }),
        201,
      ),
    )
    expect(steps).toMatchObject({
      name: 'Steps',
      kind: 'amount',
      unit: 'steps',
      target: 8000,
      startsOn: today(),
      setBy: 'coach',
    })
    // A yes/no habit has no target, whatever was sent.
    expect(stretch.target).toBeNull()
    const list = await listOf(lifter)
    expect(list.habits.map((h) => h.name)).toEqual(['Steps', 'Stretch 10 min'])
    expect(list.today).toBe(today())
  })

  test('ticks and amounts count toward the figures; sending a day twice keeps it once', async () => {
    await ok(send(lifter, 'PUT', `/api/habits/${steps.id}/entries/${today()}`, { value: 6500 }))
    const again = await ok<{ met: boolean }>(
      send(lifter, 'PUT', `/api/habits/${steps.id}/entries/${today()}`, { value: 9100 }),
    )
    expect(again.met).toBe(true)
    await ok(send(lifter, 'PUT', `/api/habits/${stretch.id}/entries/${today()}`, { value: 1 }))
    await ok(send(lifter, 'PUT', `/api/habits/${stretch.id}/entries/${today()}`, { value: 1 }))
    const rows = await t.db.select().from(habitEntries).where(eq(habitEntries.habitId, stretch.id))
    expect(rows).toHaveLength(1)

    const list = await listOf(coach, lifter.id)
    const seen = list.habits.find((h) => h.id === steps.id)!
    expect(seen.entries).toEqual({ [today()]: { value: 9100, met: true } })
    expect(figuresOf(list, seen)).toMatchObject({ streak: 1, todayMet: true })
  })

  test('a yes/no day is 1 or 0; a cleared day is gone', async () => {
    const res = await send(lifter, 'PUT', `/api/habits/${stretch.id}/entries/${today()}`, { value: 3 })
    expect(res.status).toBe(400)
    expect(await messageOf(res)).toBe(habitsApiText.checkValue)
    await ok(send(lifter, 'DELETE', `/api/habits/${stretch.id}/entries/${today()}`), 204)
    const list = await listOf(lifter)
    expect(list.habits.find((h) => h.id === stretch.id)!.entries).toEqual({})
  })

  test('the streak before the window comes summed up', async () => {
    // 40 days in a row that end the day before the window, and one more day earlier that a gap cuts off.
    const list = await listOf(lifter)
    const lastBefore = addDays(list.windowStart, -1)
    const days = Array.from({ length: 40 }, (_, i) => addDays(lastBefore, -i))
    await t.db
      .update(habits)
      .set({ startsOn: addDays(lastBefore, -60) })
      .where(eq(habits.id, stretch.id))
    await t.db.insert(habitEntries).values([
      ...days.map((entryOn) => ({ habitId: stretch.id, entryOn, value: 1, met: true })),
      { habitId: stretch.id, entryOn: addDays(lastBefore, -45), value: 1, met: true },
      // Inside the window, every day up to yesterday.
      ...Array.from({ length: 34 }, (_, i) => ({
        habitId: stretch.id,
        entryOn: addDays(list.windowStart, i),
        value: 1,
        met: true,
      })),
    ])
    const after = await listOf(lifter)
    const habit = after.habits.find((h) => h.id === stretch.id)!
    expect(habit.streakBefore).toBe(40)
    expect(figuresOf(after, habit).streak).toBe(74)
  })

  test('a new target counts from then on: days met stay met', async () => {
    const changed = HabitSchema.parse(await ok(send(coach, 'PATCH', `/api/habits/${steps.id}`, { target: 10000 })))
    expect(changed.target).toBe(10000)
    const [row] = await t.db.select().from(habitEntries).where(eq(habitEntries.habitId, steps.id))
    expect(row?.met).toBe(true)
    const yesterday = addDays(today(), -1)
    const res = await ok<{ met: boolean }>(
      send(lifter, 'PUT', `/api/habits/${steps.id}/entries/${yesterday}`, { value: 9100 }),
    )
    expect(res.met).toBe(false)
  })

  test('days out of range, and days before the habit began, are refused', async () => {
    for (const [date, message] of [
      [addDays(today(), 2), habitsApiText.date],
      [addDays(today(), -61), habitsApiText.date],
      ['2026-02-30', habitsApiText.date],
      [addDays(today(), -3), habitsApiText.beforeStart],
    ] as const) {
      const res = await send(lifter, 'PUT', `/api/habits/${steps.id}/entries/${date}`, { value: 100 })
      expect(res.status, date).toBe(400)
      expect(JSON.stringify(await res.json())).toContain(message)
    }
  })

  test('an archived habit is not ticked and drops off the list, then comes back', async () => {
    await ok(send(lifter, 'PATCH', `/api/habits/${steps.id}`, { archived: true }))
    expect((await listOf(lifter)).habits.map((h) => h.id)).not.toContain(steps.id)
    const res = await send(lifter, 'PUT', `/api/habits/${steps.id}/entries/${today()}`, { value: 1 })
    expect(res.status).toBe(409)
    const withArchived = HabitsSchema.parse(await ok(send(lifter, 'GET', '/api/habits?archived=1')))
    expect(withArchived.habits.find((h) => h.id === steps.id)?.archived).toBe(true)
    await ok(send(coach, 'PATCH', `/api/habits/${steps.id}`, { archived: false }))
    expect((await listOf(lifter)).habits.map((h) => h.id)).toContain(steps.id)
  })
})

describe('who may do what', () => {
  let habitId: string
  beforeAll(async () => {
    habitId = HabitSchema.parse(
      await ok(send(lifter, 'POST', '/api/habits', { name: 'Water', kind: 'amount', unit: 'L', target: 3 }), 201),
    ).id
  })

  test('a lifter sets their own habits; the coach ticks nothing; others see nothing', async () => {
    expect((await listOf(lifter)).habits.find((h) => h.id === habitId)?.setBy).toBe('lifter')
    expect((await send(coach, 'PUT', `/api/habits/${habitId}/entries/${today()}`, { value: 3 })).status).toBe(403)
    expect((await send(stranger, 'PUT', `/api/habits/${habitId}/entries/${today()}`, { value: 3 })).status).toBe(403)
    expect((await send(otherCoach, 'GET', `/api/habits?clientId=${lifter.id}`)).status).toBe(403)
    expect((await send(otherCoach, 'PATCH', `/api/habits/${habitId}`, { target: 1 })).status).toBe(403)
    expect(
      (await send(otherCoach, 'POST', '/api/habits', { clientId: lifter.id, name: 'Mine', kind: 'check' })).status,
    ).toBe(403)
    expect((await send(stranger, 'PATCH', `/api/habits/${habitId}`, { archived: true })).status).toBe(403)
    expect((await send(coach, 'POST', '/api/habits', { name: 'No client', kind: 'check' })).status).toBe(400)
    expect((await send(undefined, 'GET', '/api/habits')).status).toBe(401)
  })

  test('bad input is refused with its reason and changes nothing', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(habits))[0]?.n
    const before = await count()
    const cases: [unknown, string][] = [
      [{ name: '', kind: 'check' }, habitsApiText.name],
      [{ name: 'x'.repeat(61), kind: 'check' }, habitsApiText.name],
      [{ name: 'Steps', kind: 'amount' }, habitsApiText.targetNeeded],
      [{ name: 'Steps', kind: 'amount', target: -1 }, habitsApiText.target],
      [{ name: 'Steps', kind: 'amount', target: 1.234 }, habitsApiText.target],
      [{ name: 'Steps', kind: 'daily' }, habitsApiText.kind],
      [{ name: 'Steps', kind: 'check', unit: 'u'.repeat(17) }, habitsApiText.unit],
    ]
    for (const [body, message] of cases) {
      const res = await send(lifter, 'POST', '/api/habits', body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(await res.json())).toContain(message)
    }
    expect(await count()).toBe(before)
  })

  test(`a lifter follows at most ${MAX_HABITS} habits at once`, async () => {
    const solo = await signIn(t)
    for (let i = 0; i < MAX_HABITS; i++)
      await ok(send(solo, 'POST', '/api/habits', { name: `Habit ${i}`, kind: 'check' }), 201)
    const res = await send(solo, 'POST', '/api/habits', { name: 'One more', kind: 'check' })
    expect(res.status).toBe(409)
    expect(await messageOf(res)).toBe(habitsApiText.tooMany)
  })
})
