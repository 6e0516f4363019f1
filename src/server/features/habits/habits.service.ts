/* Daily habits: set by a coach or the lifter, ticked by the lifter (docs/habits.md). */
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'
import { addDays } from '#shared/calendar-days.ts'
import { meets } from '#shared/habits.ts'
import {
  HABIT_BACKFILL_DAYS,
  HABIT_WINDOW_DAYS,
  MAX_HABITS,
  habitsApiText,
  type Habit,
  type HabitChange,
  type HabitInput,
  type Habits,
  type HabitsQueryInput,
} from '#shared/schemas/habits.ts'
import type { Actor } from '#server/access/actor.ts'
import { clientOfRequest, isActiveCoachOf } from '#server/access/coaching.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { habitEntries, habits } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { todayOfPerson } from '#server/lib/local-time.ts'

/** Archived habits listed at most (the newest first). */
const ARCHIVED_LISTED = 50
/** How far back the streak before the window is followed. */
const STREAK_DAYS = 366

const lifterToday = (db: Db, lifterId: string) => todayOfPerson(db, lifterId)

const lifterOf = (db: Db, actor: Actor, clientId: string | undefined) =>
  clientOfRequest(db, actor, clientId, habitsApiText)

type HabitRow = typeof habits.$inferSelect

async function habitRow(db: Db, id: string): Promise<HabitRow> {
  const [row] = await db.select().from(habits).where(eq(habits.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: habitsApiText.notFound })
  return row
}

/** A habit is set and changed by its lifter and by their active coach. */
async function assertCanSet(db: Db, actor: Actor, lifterId: string): Promise<void> {
  if (actor.id === lifterId && actor.role === 'client') return
  if (actor.role === 'coach' && (await isActiveCoachOf(db, actor.id, lifterId))) return
  throw new AppError('FORBIDDEN', { message: habitsApiText.notYourClient })
}

/** GET /api/habits: the lifter's habits with their last weeks of days and the streak before them. */
export async function listHabits(db: Db, actor: Actor, query: HabitsQueryInput): Promise<Habits> {
  const lifterId = await lifterOf(db, actor, query.clientId)
  const today = await lifterToday(db, lifterId)
  const windowStart = addDays(today, -(HABIT_WINDOW_DAYS - 1))
  const active = await db
    .select()
    .from(habits)
    .where(and(eq(habits.clientId, lifterId), isNull(habits.archivedAt)))
    .orderBy(asc(habits.position), asc(habits.createdAt))
    .limit(MAX_HABITS)
  const archived =
    query.archived === '1'
      ? await db
          .select()
          .from(habits)
          .where(and(eq(habits.clientId, lifterId), isNotNull(habits.archivedAt)))
          .orderBy(desc(habits.archivedAt))
          .limit(ARCHIVED_LISTED)
      : []
  const rows = [...active, ...archived]
  const ids = rows.map((row) => row.id)
  const entries = ids.length
    ? await db
        .select({
          habitId: habitEntries.habitId,
          entryOn: habitEntries.entryOn,
          value: habitEntries.value,
          met: habitEntries.met,
        })
        .from(habitEntries)
        .where(and(inArray(habitEntries.habitId, ids), sql`${habitEntries.entryOn} >= ${windowStart}::date`))
    : []
  const before = await streaksBefore(db, ids, windowStart)
  const byHabit = new Map<string, Habit['entries']>()
  for (const entry of entries) {
    const days = byHabit.get(entry.habitId) ?? {}
    days[entry.entryOn] = { value: entry.value, met: entry.met }
    byHabit.set(entry.habitId, days)
  }
  return {
    today,
    windowStart,
    habits: rows.map((row) => ({
      ...toHabit(row),
      entries: byHabit.get(row.id) ?? {},
      streakBefore: before.get(row.id) ?? 0,
    })),
  }
}

/**
 * For each habit, the met days in a row that end the day before `windowStart`: in a run of
 * consecutive days, a day's distance from `windowStart` equals its place counted back.
 */
async function streaksBefore(db: Db, ids: string[], windowStart: string): Promise<Map<string, number>> {
  if (!ids.length) return new Map()
  const rows = await queryRows<{ habit_id: string; n: number }>(
    db,
    sql`
      select habit_id, count(*)::int as n from (
        select habit_id,
          (${windowStart}::date - entry_on) - row_number() over (partition by habit_id order by entry_on desc) as gap
        from habit_entries
        where habit_id in ${sql`(${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`}
          and met and entry_on < ${windowStart}::date and entry_on >= ${addDays(windowStart, -STREAK_DAYS)}::date
      ) days
      where gap = 0
      group by habit_id`,
  )
  return new Map(rows.map((row) => [row.habit_id, row.n]))
}

function toHabit(row: HabitRow): Omit<Habit, 'entries' | 'streakBefore'> {
  return {
    id: row.id,
    clientId: row.clientId,
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    target: row.kind === 'amount' ? row.target : null,
    startsOn: row.startsOn,
    archived: row.archivedAt !== null,
    setBy: row.createdBy === row.clientId ? 'lifter' : 'coach',
  }
}

/** POST /api/habits: a coach sets one for a client, a client for themselves; it starts on the lifter's today. */
export async function addHabit(db: Db, actor: Actor, input: HabitInput): Promise<Habit> {
  const lifterId = input.clientId ?? actor.id
  if (actor.role === 'coach' && !input.clientId)
    throw new AppError('VALIDATION_FAILED', {
      message: habitsApiText.clientRequired,
      fields: { clientId: [habitsApiText.clientRequired] },
    })
  await assertCanSet(db, actor, lifterId)
  const today = await lifterToday(db, lifterId)
  const row = await db.transaction(async (tx) => {
    // One at a time per lifter, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`habits:${lifterId}`}))`)
    const [{ n = 0, last = -1 } = {}] = await queryRows<{ n: number; last: number }>(
      tx as unknown as Db,
      sql`select count(*)::int as n, coalesce(max(position), -1)::int as last from habits
          where client_id = ${lifterId} and archived_at is null`,
    )
    if (n >= MAX_HABITS) throw new AppError('CONFLICT', { message: habitsApiText.tooMany })
    const [added] = await tx
      .insert(habits)
      .values({
        clientId: lifterId,
        createdBy: actor.id,
        name: input.name,
        kind: input.kind,
        unit: input.unit ?? '',
        target: input.kind === 'amount' ? (input.target ?? null) : null,
        position: last + 1,
        startsOn: today,
      })
      .returning()
    return added as HabitRow
  })
  return { ...toHabit(row), entries: {}, streakBefore: 0 }
}

/** PATCH /api/habits/:id. A new target counts from now on: days already met stay met. */
export async function changeHabit(db: Db, actor: Actor, id: string, change: HabitChange): Promise<Habit> {
  const row = await habitRow(db, id)
  await assertCanSet(db, actor, row.clientId)
  if (change.archived === false && row.archivedAt) {
    const [active] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from habits where client_id = ${row.clientId} and archived_at is null`,
    )
    if ((active?.n ?? 0) >= MAX_HABITS) throw new AppError('CONFLICT', { message: habitsApiText.tooMany })
  }
  const [changed] = await db
    .update(habits)
    .set({
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.unit === undefined ? {} : { unit: change.unit }),
      ...(change.target === undefined || row.kind !== 'amount' ? {} : { target: change.target }),
      ...(change.archived === undefined ? {} : { archivedAt: change.archived ? (row.archivedAt ?? new Date()) : null }),
    })
    .where(eq(habits.id, id))
    .returning()
  return { ...toHabit(changed as HabitRow), entries: {}, streakBefore: 0 }
}

/** The habit the lifter ticks, and the days they may tick: from its start (or the day before it, below) until today. */
async function tickable(db: Db, actor: Actor, id: string, date: string): Promise<HabitRow> {
  const row = await habitRow(db, id)
  if (row.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: habitsApiText.onlyLifter })
  if (row.archivedAt) throw new AppError('CONFLICT', { message: habitsApiText.archived })
  const today = await lifterToday(db, actor.id)
  // A day ahead of the server's idea of the lifter's today: their device may be in a zone east of the one last reported.
  if (date > addDays(today, 1) || date < addDays(today, -HABIT_BACKFILL_DAYS))
    throw new AppError('VALIDATION_FAILED', { message: habitsApiText.date, fields: { date: [habitsApiText.date] } })
  // The habit may have been set late in the lifter's day by the server's clock, and early in it
  // by the device's: a tick of the day before its start moves the start back that day, no more.
  if (date < addDays(row.startsOn, -1) || date < addDays(row.createdAt.toISOString().slice(0, 10), -1))
    throw new AppError('VALIDATION_FAILED', {
      message: habitsApiText.beforeStart,
      fields: { date: [habitsApiText.beforeStart] },
    })
  return row
}

/** PUT /api/habits/:id/entries/:date: the day's value (1 for a tick); the same PUT twice is one. */
export async function putEntry(db: Db, actor: Actor, id: string, date: string, value: number) {
  const row = await tickable(db, actor, id, date)
  if (row.kind === 'check' && value !== 0 && value !== 1)
    throw new AppError('VALIDATION_FAILED', {
      message: habitsApiText.checkValue,
      fields: { value: [habitsApiText.checkValue] },
    })
  const met = meets(row.kind, row.target, value)
  await db.transaction(async (tx) => {
    await tx
      .insert(habitEntries)
      .values({ habitId: id, entryOn: date, value, met })
      .onConflictDoUpdate({ target: [habitEntries.habitId, habitEntries.entryOn], set: { value, met } })
    if (date < row.startsOn) await tx.update(habits).set({ startsOn: date }).where(eq(habits.id, id))
  })
  return { date, value, met }
}

/** DELETE /api/habits/:id/entries/:date: the day back to nothing logged. */
export async function deleteEntry(db: Db, actor: Actor, id: string, date: string): Promise<void> {
  await tickable(db, actor, id, date)
  await db.delete(habitEntries).where(and(eq(habitEntries.habitId, id), eq(habitEntries.entryOn, date)))
}
