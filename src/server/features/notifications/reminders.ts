import { sql } from 'drizzle-orm'
import { paths } from '#shared/paths.ts'
import { notificationText, type NotificationKind } from '#shared/schemas/notifications.ts'
import { queryRows, sqlArray, type Db } from '#server/db/client.ts'
import { reminderChecks } from '#server/db/schema/index.ts'
import { dayBefore, localTime, shortDate } from '#server/lib/local-time.ts'
import type { Logger } from '#server/lib/logger.ts'
import { claimMinute, finishRound, repeatEvery } from '#server/lib/rounds.ts'
import type { DueWorkout, MissedTwo } from '#server/features/clients/clients.service.ts'
import type { DueCheckIn } from '#server/features/check-ins/check-ins.service.ts'
import { enqueueNotification, type Notification } from './notifications.service.ts'

/** How often a server looks whether this minute's sweep is still to run (one server runs each minute's). */
const SWEEP_EVERY_MS = 15_000
/**
 * Today's workout is announced from the lifter's minute until this many minutes after it (the
 * minute passed while no server ran); later, the morning it was meant for has gone.
 */
const LATE_BY_MINUTES = 180
/** 08:00, the person's time: when coaches hear of missed workouts, and lifters who chose no reminder time. */
const MORNING = 8 * 60
/** People looked at per query. */
const PAGE = 500
/**
 * Sent notifications are kept this long, longer than the 28 days a client's missed workouts are
 * looked back over: a reminder's key (its date) keeps it from being made twice while it is kept.
 */
const KEEP_SENT_DAYS = 35

const REMINDER_KINDS = [
  'workoutReminder',
  'missedWorkout',
  'clientMissed',
  'checkIns',
] as const satisfies NotificationKind[]
type ReminderKind = (typeof REMINDER_KINDS)[number]

/**
 * Where the sweep learns of planned workouts: the features that own plans and clients give it
 * (clients.service.ts), as this one sits below them.
 */
export type WorkoutSource = {
  /** The workouts due to these lifters over the last 28 days up to `today`, of the plan each trains now. */
  trainedDueWorkouts: (db: Db, lifterIds: readonly string[], today: string) => Promise<DueWorkout[]>
  /** The active clients of these coaches who have just missed two planned workouts in a row. */
  clientsWhoMissedTwo: (db: Db, coachIds: readonly string[], now: Date) => Promise<MissedTwo[]>
  /** The check-ins due to these lifters on `date` that are not in yet (check-ins.service.ts). */
  checkInsDueOn: (db: Db, lifterIds: readonly string[], date: string) => Promise<DueCheckIn[]>
}

type Candidate = {
  id: string
  role: 'coach' | 'client' | null
  time_zone: string | null
  workout_reminder_minute: number | null
  /** Every kind any of their devices hears of. */
  kinds: NotificationKind[]
  /** The date each reminder kind was last looked into for them. */
  checked: Partial<Record<ReminderKind, string>>
}

/** A reminder kind due to be looked into for a person now, on their own date. */
type Check = { userId: string; kind: ReminderKind; date: string }

/**
 * One minute's sweep (docs/notifications.md#reminders), run by the one server that claims the
 * minute: today's workout at the lifter's chosen time on the days their plan has one, yesterday's
 * missed workout the next morning, a check-in on its due day, and to a coach, a client who has
 * just missed two in a row.
 * Each person is looked at once a day per kind, from its time on; each reminder is one row of the
 * outbox with a key of its own (its date), so a second sweep, or a second server, never makes it
 * again. Answers how many notifications it made.
 */
export async function sweepReminders({
  db,
  workouts,
  logger,
  now = new Date(),
}: {
  db: Db
  workouts: WorkoutSource
  logger?: Logger
  now?: Date
}): Promise<number> {
  if (!(await claimMinute(db, 'reminders', now))) return 0
  try {
    await forgetOldSent(db, now)
    let made = 0
    let after = ''
    for (;;) {
      const page = await candidates(db, after)
      try {
        made += await remindPage(db, workouts, page, now)
      } catch (err) {
        // One page that fails (its people are looked at again next minute) holds up none after it.
        logger?.error({ err }, 'notifications: a page of reminders failed')
      }
      const last = page.at(-1)
      if (!last || page.length < PAGE) return made
      after = last.id
    }
  } finally {
    await finishRound(db, 'reminders', now)
  }
}

/**
 * The next page of people, in id order after `after`, with a device that hears of a reminder kind:
 * read from the devices (an index on their person), so people with none cost nothing.
 */
function candidates(db: Db, after: string): Promise<Candidate[]> {
  return queryRows<Candidate>(
    db,
    sql`
      with people as (
        select distinct s.user_id from push_subscriptions s
        where s.user_id > ${after} and s.kinds && ${sqlArray(REMINDER_KINDS, 'text')}
        order by s.user_id
        limit ${PAGE}
      )
      select people.user_id as id, p.role, p.time_zone, p.workout_reminder_minute,
        array(select distinct k from push_subscriptions s, unnest(s.kinds) k where s.user_id = people.user_id) as kinds,
        (select coalesce(jsonb_object_agg(c.kind, to_char(c.checked_on, 'YYYY-MM-DD')), '{}'::jsonb)
          from reminder_checks c where c.user_id = people.user_id) as checked
      from people left join profiles p on p.id = people.user_id
      order by people.user_id`,
  )
}

/** The reminder kinds due to be looked into for a person at `now`: from their time on, once on each of their dates. */
function dueChecks(person: Candidate, now: Date): Check[] {
  const { date, minute } = localTime(now, person.time_zone)
  const due = (kind: ReminderKind, from: number | null, until = 24 * 60): Check[] =>
    from !== null &&
    person.kinds.includes(kind) &&
    (person.checked[kind] ?? '') < date &&
    minute >= from &&
    minute < until
      ? [{ userId: person.id, kind, date }]
      : []
  const reminder = person.workout_reminder_minute
  if (person.role === null) return []
  if (person.role === 'coach') return due('clientMissed', MORNING)
  return [
    ...due('workoutReminder', reminder, reminder === null ? undefined : reminder + LATE_BY_MINUTES),
    ...due('missedWorkout', reminder ?? MORNING),
    ...due('checkIns', reminder ?? MORNING),
  ]
}

/** Looks into the due reminders of one page of people, makes the notifications, and notes the checks. */
async function remindPage(db: Db, workouts: WorkoutSource, page: Candidate[], now: Date): Promise<number> {
  const checks = page.flatMap((person) => dueChecks(person, now))
  if (!checks.length) return 0
  const notifications: Notification[] = []

  // Lifters: their plan's workouts, by their own date (one query per date among them).
  const lifterChecks = checks.filter((c) => c.kind === 'workoutReminder' || c.kind === 'missedWorkout')
  for (const date of new Set(lifterChecks.map((c) => c.date))) {
    const onDate = lifterChecks.filter((c) => c.date === date)
    const due = await workouts.trainedDueWorkouts(db, [...new Set(onDate.map((c) => c.userId))], date)
    const notDone = new Map<string, DueWorkout[]>()
    for (const workout of due)
      if (!workout.done) notDone.set(workout.clientId, [...(notDone.get(workout.clientId) ?? []), workout])
    for (const check of onDate) {
      const theirs = notDone.get(check.userId) ?? []
      const notification =
        check.kind === 'workoutReminder'
          ? todaysWorkout(
              check,
              theirs.filter((d) => d.date === date),
            )
          : missedWorkout(
              check,
              theirs.filter((d) => d.date === dayBefore(date)),
            )
      if (notification) notifications.push(notification)
    }
  }

  // Lifters: a check-in due on their date, not in yet.
  const checkInChecks = checks.filter((c) => c.kind === 'checkIns')
  for (const date of new Set(checkInChecks.map((c) => c.date))) {
    const lifters = checkInChecks.filter((c) => c.date === date).map((c) => c.userId)
    for (const due of await workouts.checkInsDueOn(db, lifters, date)) {
      const key = `checkInDue:${due.scheduleId}:${due.dueOn}`
      notifications.push({
        userId: due.clientId,
        kind: 'checkIns',
        groupKey: key,
        onceKey: key,
        title: notificationText.checkInDue(due.name),
        body: notificationText.checkInDueBody,
        url: paths.client.checkIn.getHref(due.scheduleId),
      })
    }
  }

  // Coaches: their clients who have just missed two in a row.
  const coachIds = checks.filter((c) => c.kind === 'clientMissed').map((c) => c.userId)
  for (const found of await workouts.clientsWhoMissedTwo(db, coachIds, now)) {
    const [first, second] = found.missed
    notifications.push({
      userId: found.coachId,
      kind: 'clientMissed',
      groupKey: `clientMissed:${found.clientId}:${second.date}`,
      onceKey: `clientMissed:${found.clientId}:${second.date}`,
      title: notificationText.clientMissedTitle(found.clientName || notificationText.unnamedClient),
      body: notificationText.clientMissedBody(workoutOn(first), workoutOn(second)),
      url: paths.coach.client.getHref(found.clientId),
    })
  }

  for (const notification of notifications) await enqueueNotification(db, { ...notification, dueAt: now })
  // Noted last: a sweep cut short looks again, and the reminders' keys keep what it made from being made twice.
  await db
    .insert(reminderChecks)
    .values(checks.map((c) => ({ userId: c.userId, kind: c.kind, checkedOn: c.date })))
    .onConflictDoUpdate({
      target: [reminderChecks.userId, reminderChecks.kind],
      set: { checkedOn: sql`greatest(${reminderChecks.checkedOn}, excluded.checked_on)` },
    })
  return notifications.length
}

/** Today's workout, when the plan has one not yet done. */
function todaysWorkout(check: Check, today: DueWorkout[]): Notification | null {
  const [first] = today
  if (!first) return null
  const key = `workoutReminder:${check.date}`
  return {
    userId: check.userId,
    kind: 'workoutReminder',
    groupKey: key,
    onceKey: key,
    title: notificationText.todayTitle(first.title),
    body: notificationText.todayBody(today.length - 1),
    url: paths.client.home.getHref(),
  }
}

/** Yesterday's workout, when it was not done (nor moved to another date). */
function missedWorkout(check: Check, yesterday: DueWorkout[]): Notification | null {
  const [first] = yesterday
  if (!first) return null
  const key = `missedWorkout:${first.date}`
  return {
    userId: check.userId,
    kind: 'missedWorkout',
    groupKey: key,
    onceKey: key,
    title: notificationText.missedTitle(first.title),
    body: notificationText.missedBody,
    url: paths.client.home.getHref(),
  }
}

/** "Upper A on Mon 23 Nov". */
const workoutOn = (workout: DueWorkout) => `${workout.title} on ${shortDate(workout.date)}`

/** Drops sent notifications past KEEP_SENT_DAYS, a bounded batch a minute. */
async function forgetOldSent(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - KEEP_SENT_DAYS * 86_400_000).toISOString()
  await db.execute(sql`
    delete from push_outbox where id in (
      select id from push_outbox where sent_at is not null and sent_at < ${before}::timestamptz limit 1000)`)
}

/** Runs the reminders' sweep in this process: every server tries each minute, one runs it. */
export function scheduleReminders(options: { db: Db; workouts: WorkoutSource; logger: Logger; everyMs?: number }) {
  return repeatEvery(
    options.everyMs ?? SWEEP_EVERY_MS,
    () => sweepReminders({ db: options.db, workouts: options.workouts, logger: options.logger }),
    (err) => options.logger.error({ err }, 'notifications: the reminders’ sweep failed'),
  )
}
