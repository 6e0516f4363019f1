import { createHash, randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNotNull, isNull, not, or, sql } from 'drizzle-orm'
import ical, { ICalEventTransparency } from 'ical-generator'
import { apiPaths } from '#shared/api-paths.ts'
import { paths } from '#shared/paths.ts'
import { dateOfPlanDay, isoDateOfPlanDay } from '#shared/plan-schedule.ts'
import { calendarApiText, type CalendarFeedAddress, type CalendarFeedStatus } from '#shared/schemas/calendar.ts'
import { deloadSets } from '#shared/schemas/progression.ts'
import { formatSetsSummary } from '#shared/sets-summary.ts'
import type { Actor } from '#server/access/actor.ts'
import { activeClientIds } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import { calendarFeeds, planWorkouts, profiles, trainingPlans, workoutSessions } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { movesOf } from '#server/features/plans/plans.service.ts'
import { loadExercises } from '#server/prescriptions/prescriptions.ts'

/*
 * The calendar feed (docs/calendar-feed.md). The address holds 32 random bytes; the table keeps
 * their SHA-256, so a leaked database gives no working address, and the address is shown once.
 */

const SECRET_BYTES = 32
/** 32 bytes in base64url: 43 characters of A-Z a-z 0-9 - _. Anything else is no feed. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/
/** A coach's feed reaches back this far: their clients' plans run on, the distant past is noise. */
const COACH_DAYS_BACK = 28
const DAY_MS = 86_400_000

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex')

export async function feedStatus(db: Db, actor: Actor): Promise<CalendarFeedStatus> {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, actor.id))
  return { enabled: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null }
}

/** Turns the feed on, or gives it a new address: the previous address stops working at once. */
export async function createFeed(db: Db, actor: Actor, baseUrl: string): Promise<CalendarFeedAddress> {
  const secret = randomBytes(SECRET_BYTES).toString('base64url')
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId: actor.id, tokenHash: hashSecret(secret) })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashSecret(secret), createdAt: sql`now()` } })
    .returning({ createdAt: calendarFeeds.createdAt })
  if (!row) throw new Error('upsert returned nothing')
  const url = `${baseUrl}${apiPaths.calendar.feed(secret)}`
  return { url, webcalUrl: url.replace(/^https?:/, 'webcal:'), createdAt: row.createdAt.toISOString() }
}

/** Turns the feed off: its address answers 404 from now on. */
export async function revokeFeed(db: Db, actor: Actor): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, actor.id))
}

type FeedPlan = {
  id: string
  name: string
  startDate: string | null
  trainingDays: number[] | null
  deloadWeeks: number[]
  deload: (typeof trainingPlans.$inferSelect)['deload']
  /** The lifter's name, in a coach's feed. */
  clientName: string | null
}

const planColumns = {
  id: trainingPlans.id,
  name: trainingPlans.name,
  startDate: trainingPlans.startDate,
  trainingDays: trainingPlans.trainingDays,
  deloadWeeks: trainingPlans.deloadWeeks,
  deload: trainingPlans.deload,
}

/**
 * The plans a feed shows. A client's: their active plans with a start date, the one their coach
 * assigned and one they started themselves (a lifter may train both). A coach's: the active plans
 * they assigned to their active clients (a coach trains no plan of their own in the app).
 */
async function plansOf(db: Db, actor: Actor): Promise<FeedPlan[]> {
  const scheduled = and(eq(trainingPlans.status, 'active'), isNotNull(trainingPlans.startDate))
  if (actor.role === 'coach') {
    return db
      .select({ ...planColumns, clientName: profiles.displayName })
      .from(trainingPlans)
      .innerJoin(profiles, eq(profiles.id, trainingPlans.clientId))
      .where(
        and(
          scheduled,
          eq(trainingPlans.ownerId, actor.id),
          sql`${trainingPlans.clientId} in ${activeClientIds(actor.id)}`,
        ),
      )
      .orderBy(asc(trainingPlans.id))
  }
  const rows = await db
    .select(planColumns)
    .from(trainingPlans)
    .where(
      and(
        scheduled,
        or(
          eq(trainingPlans.clientId, actor.id),
          and(
            eq(trainingPlans.ownerId, actor.id),
            isNull(trainingPlans.clientId),
            not(trainingPlans.assigned),
            not(trainingPlans.isTemplate),
          ),
        ),
      ),
    )
    .orderBy(asc(trainingPlans.id))
  return rows.map((row) => ({ ...row, clientName: null }))
}

/** The day a completed session answered each planned workout (plan, week and day; the first one). */
async function completedDays(db: Db, planIds: readonly string[]): Promise<Map<string, Date>> {
  if (!planIds.length) return new Map()
  const rows = await db
    .select({
      planId: workoutSessions.planId,
      week: workoutSessions.week,
      day: workoutSessions.day,
      completedAt: sql<Date>`min(${workoutSessions.completedAt})`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(workoutSessions)
    .where(
      and(
        inArray(workoutSessions.planId, [...planIds]),
        eq(workoutSessions.status, 'completed'),
        isNotNull(workoutSessions.completedAt),
      ),
    )
    .groupBy(workoutSessions.planId, workoutSessions.week, workoutSessions.day)
  return new Map(rows.map((r) => [`${r.planId}:${r.week}:${r.day}`, r.completedAt]))
}

/**
 * The feed behind an address (`<secret>.ics`) as iCalendar text: one all-day event per planned
 * workout on its date, with a UID per planned workout so a calendar app updates an event when the
 * plan moves instead of adding another. An unknown, revoked or malformed address is a 404.
 */
export async function feedByAddress(db: Db, file: string, baseUrl: string, now = new Date()): Promise<string> {
  const secret = FEED_FILE.exec(file)?.[1]
  if (!secret) throw new AppError('NOT_FOUND', { message: calendarApiText.notFound })
  const [owner] = await db
    .select({ id: calendarFeeds.userId, role: profiles.role })
    .from(calendarFeeds)
    .innerJoin(profiles, eq(profiles.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, hashSecret(secret)))
  if (!owner) throw new AppError('NOT_FOUND', { message: calendarApiText.notFound })
  const actor: Actor = { id: owner.id, role: owner.role }
  const plans = await plansOf(db, actor)
  const ids = plans.map((p) => p.id)
  const workouts = ids.length
    ? await db
        .select({
          id: planWorkouts.id,
          planId: planWorkouts.planId,
          week: planWorkouts.week,
          day: planWorkouts.day,
          title: planWorkouts.title,
          notes: planWorkouts.notes,
        })
        .from(planWorkouts)
        .where(inArray(planWorkouts.planId, ids))
        .orderBy(asc(planWorkouts.week), asc(planWorkouts.day))
    : []
  const moves = await movesOf(db, ids)
  const from =
    actor.role === 'coach'
      ? Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - COACH_DAYS_BACK * DAY_MS
      : -Infinity
  const dated = workouts.flatMap((w) => {
    const plan = plans.find((p) => p.id === w.planId)
    if (!plan?.startDate) return []
    const date = dateOfPlanDay(
      { startDate: plan.startDate, trainingDays: plan.trainingDays, moves: moves.get(plan.id) },
      w.week,
      w.day,
    )
    const movedFrom = moves.get(plan.id)?.some((m) => m.week === w.week && m.day === w.day)
      ? isoDateOfPlanDay({ startDate: plan.startDate, trainingDays: plan.trainingDays }, w.week, w.day)
      : null
    return date.getTime() >= from ? [{ ...w, plan, date, movedFrom }] : []
  })
  const [exercises, done] = await Promise.all([
    loadExercises(
      db,
      'planWorkout',
      dated.map((w) => w.id),
    ),
    completedDays(db, ids),
  ])

  const calendar = ical({
    name: actor.role === 'coach' ? 'Coachline: clients’ workouts' : 'Coachline: my training',
    prodId: { company: 'Coachline', product: 'Calendar feed', language: 'EN' },
    ttl: 60 * 60,
  })
  for (const w of dated) {
    const deload = w.plan.deloadWeeks.includes(w.week)
    const completed = done.get(`${w.plan.id}:${w.week}:${w.day}`)
    const url = `${baseUrl}${actor.role === 'coach' ? paths.open.workoutReadonly.getHref(w.id) : paths.client.workoutPreview.getHref(w.id)}`
    const lines = [
      `${w.plan.name} · week ${w.week}, day ${w.day}${deload ? ' · deload week' : ''}`,
      ...(w.movedFrom ? [`Moved from ${w.movedFrom}.`] : []),
      ...(completed ? [`Done: completed ${completed.toISOString().slice(0, 10)}.`] : []),
      '',
      ...(exercises.get(w.id) ?? []).map(
        (e) => `${e.movementName}: ${formatSetsSummary(deload ? deloadSets(e.sets, w.plan.deload) : e.sets)}`,
      ),
      ...(w.notes ? ['', w.notes] : []),
      '',
      `Open in Coachline: ${url}`,
    ]
    calendar.createEvent({
      id: `plan-workout-${w.id}@coachline`,
      start: w.date,
      allDay: true,
      stamp: now,
      summary: w.plan.clientName ? `${w.plan.clientName}: ${w.title}` : w.title,
      description: lines.join('\n'),
      url,
      transparency: ICalEventTransparency.TRANSPARENT,
    })
  }
  // RFC 5545 ends every content line with CRLF, the last one too; ical-generator leaves it off.
  const text = calendar.toString()
  return text.endsWith('\r\n') ? text : `${text}\r\n`
}
