import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { notificationText, type NotificationKind } from '#shared/schemas/notifications.ts'
import { openDatabase } from '#server/db/client.ts'
import { coachClients, pushOutbox, reminderChecks, scheduledRounds } from '#server/db/schema/index.ts'
import { claimMinute, finishRound } from '#server/lib/rounds.ts'
import { buildApp } from '#server/server.ts'
import {
  PUSH_SERVICE_CA,
  startPushService,
  type PushService,
  type Subscriber,
} from '../../../../tests/helpers/push-service.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'
import { CLAIM_MS, claimDue } from './push-outbox.ts'
import { sendDueNotifications } from './push-worker.ts'
import { sweepReminders } from './reminders.ts'
import { clientsWhoMissedTwo, trainedDueWorkouts } from '#server/features/clients/clients.service.ts'
import { checkInsDueOn } from '#server/features/check-ins/check-ins.service.ts'

/** The planned workouts and the check-ins due, from the features that own them, as the server wires them. */
const workouts = { trainedDueWorkouts, clientsWhoMissedTwo, checkInsDueOn }

let t: TestContext
let push: PushService
let coach: SignedIn
let squatId: string
const logger = pino({ level: 'silent' })

const DAY_MS = 86_400_000
/** Today's date in UTC, and the dates around it. */
const today = new Date().toISOString().slice(0, 10)
const dateFrom = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)
/** An instant of a day (by its offset from today), at HH:MM UTC. */
const at = (days: number, time: string) => new Date(`${dateFrom(days)}T${time}:00Z`)

const call = async (who: SignedIn, method: string, path: string, body?: unknown) => {
  const res = await t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300)
  return text ? (JSON.parse(text) as Record<string, unknown>) : null
}

/** A lifter of the coach, in a time zone, with a device that hears of these kinds and a reminder time. */
async function lifter(
  options: {
    timeZone?: string
    reminder?: string | null
    kinds?: NotificationKind[]
    name?: string
    coachedBy?: SignedIn
  } = {},
): Promise<SignedIn & { phone: Subscriber; coach: SignedIn }> {
  const who = await signIn(t, { role: 'client', displayName: options.name ?? 'Lifter Lee' })
  const theirCoach = options.coachedBy ?? coach
  await t.db.insert(coachClients).values({ coachId: theirCoach.id, clientId: who.id })
  await call(who, 'PATCH', '/api/profile', { timeZone: options.timeZone ?? 'UTC' })
  await call(who, 'PUT', '/api/notifications/settings', {
    quietHours: null,
    workoutReminder: options.reminder === undefined ? '07:30' : options.reminder,
  })
  const phone = push.subscriber(`reminders-${who.id}`)
  await call(who, 'POST', '/api/notifications/devices', {
    endpoint: phone.endpoint,
    keys: phone.keys,
    kinds: options.kinds ?? ['workoutReminder', 'missedWorkout'],
  })
  return { ...who, phone, coach: theirCoach }
}

/**
 * The coach's plan of one week whose days follow one another from `startDate`, titled in order,
 * assigned to the lifter. Answers its planned workouts' ids by day.
 */
async function planFor(who: SignedIn & { coach: SignedIn }, startDate: string, titles: string[]): Promise<string[]> {
  const coach = who.coach
  const plan = (await call(coach, 'POST', '/api/plans', { name: 'Block', weeks: 1, daysPerWeek: titles.length })) as {
    id: string
  }
  for (const [i, title] of titles.entries()) {
    const { version } = (await call(coach, 'GET', `/api/plans/${plan.id}`)) as { version: number }
    await call(coach, 'PUT', `/api/plans/${plan.id}/days/1/${i + 1}`, {
      version,
      workout: { title, exercises: [{ movementId: squatId, sets: [{ reps: { min: 5, max: 5 } }] }] },
    })
  }
  const assigned = (await call(coach, 'POST', `/api/plans/${plan.id}/assign`, {
    clientId: who.id,
    startDate,
    trainingDays: null,
  })) as { id: string }
  const { workouts } = (await call(who, 'GET', `/api/plans/${assigned.id}`)) as {
    workouts: { id: string; day: number }[]
  }
  return titles.map((_, i) => workouts.find((w) => w.day === i + 1)?.id ?? '')
}

/** The lifter trains a planned workout: one set, and the session finished. */
async function train(who: SignedIn, planWorkoutId: string) {
  const session = (await call(who, 'POST', '/api/sessions', { planWorkoutId })) as {
    id: string
    exercises: { key: string }[]
  }
  await call(who, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
    exerciseKey: session.exercises[0]?.key,
    setNumber: 1,
    reps: 5,
    loadKg: 100,
    editedAt: new Date().toISOString(),
  })
  await call(who, 'POST', `/api/sessions/${session.id}/finish`, {})
}

/** One sweep at `now` as its own minute (each test's clock is its own), then one round of sends. */
async function sweepAndSend(now: Date) {
  await t.db.delete(scheduledRounds)
  const made = await sweepReminders({ db: t.db, workouts, now })
  await sendDueNotifications({ db: t.db, push: t.push, logger, now })
  return made
}

beforeAll(async () => {
  push = await startPushService()
  t = await createTestApp({ PUSH_SERVICE_HOSTS: push.host, PUSH_SERVICE_CA })
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Carla' })
  const found = (await call(coach, 'GET', '/api/movements?q=back%20squat')) as { items: { id: string }[] }
  squatId = found.items[0]?.id ?? ''
})
afterAll(async () => {
  await t.close()
  await push.close()
})

describe('today’s workout', () => {
  test('is announced at the lifter’s time on a day their plan has one, once, opening their home', async () => {
    const lee = await lifter({ reminder: '07:30' })
    await planFor(lee, dateFrom(0), ['Lower A', 'Upper A'])
    expect(await sweepAndSend(at(0, '07:29'))).toBe(0)
    expect(lee.phone.received()).toEqual([])
    await sweepAndSend(at(0, '07:30'))
    await sweepAndSend(at(0, '07:31'))
    await sweepAndSend(at(0, '09:00'))
    expect(lee.phone.received()).toEqual([
      {
        title: notificationText.todayTitle('Lower A'),
        body: notificationText.todayBody(0),
        url: '/home',
        tag: `workoutReminder:${dateFrom(0)}`,
        kind: 'workoutReminder',
        badge: 0,
      },
    ])
    // The next day has its own workout, announced in its turn, with the one missed the day before.
    await sweepAndSend(at(1, '07:30'))
    expect(
      lee.phone
        .received()
        .slice(1)
        .map((n) => (n as { title: string }).title)
        .sort(),
    ).toEqual([notificationText.missedTitle('Lower A'), notificationText.todayTitle('Upper A')])
  })

  test('goes by the lifter’s own clock and date, in their time zone', async () => {
    // 07:30 in Tokyo is 22:30 UTC the day before: their today is UTC's tomorrow.
    const kenji = await lifter({ timeZone: 'Asia/Tokyo', reminder: '07:30' })
    await planFor(kenji, dateFrom(1), ['Pull day'])
    await sweepAndSend(at(0, '07:30'))
    expect(kenji.phone.received()).toEqual([])
    await sweepAndSend(at(0, '22:30'))
    expect(kenji.phone.received()).toMatchObject([{ title: notificationText.todayTitle('Pull day') }])
  })

  test('is not announced when it is done already, on a rest day, without a reminder time, or to a device that does not hear of it', async () => {
    const early = await lifter({ reminder: '18:00' })
    const [first] = await planFor(early, dateFrom(0), ['Lower A'])
    await train(early, first ?? '')
    const resting = await lifter({ reminder: '07:30' })
    await planFor(resting, dateFrom(1), ['Lower A'])
    const unset = await lifter({ reminder: null })
    await planFor(unset, dateFrom(0), ['Lower A'])
    const deaf = await lifter({ reminder: '07:30', kinds: ['chat'] })
    await planFor(deaf, dateFrom(0), ['Lower A'])
    for (const time of ['07:30', '18:00', '20:00']) await sweepAndSend(at(0, time))
    for (const who of [early, resting, unset, deaf]) expect(who.phone.received()).toEqual([])
  })

  test('a reminder time the server missed (none running) is still announced within three hours, and not after', async () => {
    const late = await lifter({ reminder: '06:00' })
    await planFor(late, dateFrom(0), ['Lower A'])
    const later = await lifter({ reminder: '05:00' })
    await planFor(later, dateFrom(0), ['Lower A'])
    // No sweep ran from 05:00 until 08:30.
    await sweepAndSend(at(0, '08:30'))
    expect(late.phone.received()).toMatchObject([{ title: notificationText.todayTitle('Lower A') }])
    expect(later.phone.received()).toEqual([])
  })

  test('a new reminder time is looked at afresh, but today’s reminder is never made twice', async () => {
    const lee = await lifter({ reminder: '09:00' })
    await planFor(lee, dateFrom(0), ['Lower A'])
    await sweepAndSend(at(0, '08:00')) // looked at, not yet due
    await call(lee, 'PUT', '/api/notifications/settings', { quietHours: null, workoutReminder: '10:00' })
    await sweepAndSend(at(0, '10:00'))
    expect(lee.phone.received()).toHaveLength(1)
    await call(lee, 'PUT', '/api/notifications/settings', { quietHours: null, workoutReminder: '11:00' })
    await sweepAndSend(at(0, '11:00'))
    expect(lee.phone.received()).toHaveLength(1)
  })
})

describe('missed workouts', () => {
  test('the lifter hears of yesterday’s missed workout the next morning, at their reminder time or else at 08:00', async () => {
    const withTime = await lifter({ reminder: '06:15' })
    await planFor(withTime, dateFrom(-1), ['Lower A', 'Upper A'])
    const without = await lifter({ reminder: null })
    const [done] = await planFor(without, dateFrom(-2), ['Lower A', 'Upper A', 'Lower B'])
    await train(without, done ?? '')
    await sweepAndSend(at(0, '06:15'))
    expect(withTime.phone.received()).toEqual([
      {
        title: notificationText.missedTitle('Lower A'),
        body: notificationText.missedBody,
        url: '/home',
        tag: `missedWorkout:${dateFrom(-1)}`,
        kind: 'missedWorkout',
        badge: 0,
      },
      expect.objectContaining({ title: notificationText.todayTitle('Upper A') }),
    ])
    expect(without.phone.received()).toEqual([])
    await sweepAndSend(at(0, '08:00'))
    await sweepAndSend(at(0, '12:00'))
    expect(without.phone.received()).toMatchObject([{ title: notificationText.missedTitle('Upper A') }])
    expect(withTime.phone.received()).toHaveLength(2)
  })

  test('a workout done late, the day after, is not called missed', async () => {
    const lee = await lifter({ reminder: '07:00' })
    const [yesterday] = await planFor(lee, dateFrom(-1), ['Lower A'])
    await train(lee, yesterday ?? '')
    await sweepAndSend(at(0, '07:00'))
    expect(lee.phone.received()).toEqual([])
  })

  test('the coach hears once, at 08:00 their time, of a client who has just missed two in a row', async () => {
    const cole = await signIn(t, { role: 'coach', displayName: 'Coach Cole' })
    await call(cole, 'PATCH', '/api/profile', { timeZone: 'UTC' })
    const coachPhone = push.subscriber(`coach-${cole.id}`)
    await call(cole, 'POST', '/api/notifications/devices', {
      endpoint: coachPhone.endpoint,
      keys: coachPhone.keys,
      kinds: ['clientMissed'],
    })
    const dana = await lifter({ name: 'Dana Lift', kinds: [], coachedBy: cole })
    const [first] = await planFor(dana, dateFrom(-3), ['Lower A', 'Upper A', 'Lower B', 'Upper B', 'Full'])
    await train(dana, first ?? '')
    // Trained on days 1 and 3, missed day 2: a client who missed one is not told of.
    const once = await lifter({ name: 'Otto Once', kinds: [], coachedBy: cole })
    const [d1, , d3] = await planFor(once, dateFrom(-3), ['Lower A', 'Upper A', 'Lower B'])
    await train(once, d1 ?? '')
    await train(once, d3 ?? '')

    await sweepAndSend(at(0, '07:59'))
    expect(coachPhone.received()).toEqual([])
    await sweepAndSend(at(0, '08:00'))
    await sweepAndSend(at(0, '15:00'))
    const dateOf = (days: number) =>
      new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
        at(days, '00:00'),
      )
    expect(coachPhone.received()).toEqual([
      {
        title: notificationText.clientMissedTitle('Dana Lift'),
        body: notificationText.clientMissedBody(`Upper A on ${dateOf(-2)}`, `Lower B on ${dateOf(-1)}`),
        url: `/coach/clients/${dana.id}`,
        tag: `clientMissed:${dana.id}:${dateFrom(-1)}`,
        kind: 'clientMissed',
        badge: 0,
      },
    ])
    // Missing a third is the same run of misses: the coach is not told again.
    await sweepAndSend(at(1, '08:00'))
    expect(coachPhone.received()).toHaveLength(1)
  })
})

describe('check-ins', () => {
  test('a check-in is announced once on its due day, at the reminder time, opening it; one sent is not', async () => {
    const cleo = await lifter({ reminder: '18:00', kinds: ['checkIns'] })
    const form = (await call(coach, 'POST', '/api/check-ins/forms', {
      name: 'Weekly check-in',
      questions: [{ id: 'sleep', kind: 'scale', label: 'Sleep' }],
    })) as { id: string }
    const schedule = (await call(coach, 'POST', '/api/check-ins/schedules', {
      clientId: cleo.id,
      formId: form.id,
      cadence: 'every',
      everyDays: 2,
      startsOn: dateFrom(0),
    })) as { id: string }
    expect(await sweepAndSend(at(0, '17:59'))).toBe(0)
    await sweepAndSend(at(0, '18:00'))
    await sweepAndSend(at(0, '20:00'))
    expect(cleo.phone.received()).toEqual([
      {
        title: notificationText.checkInDue('Weekly check-in'),
        body: notificationText.checkInDueBody,
        url: `/check-ins/${schedule.id}`,
        tag: `checkInDue:${schedule.id}:${dateFrom(0)}`,
        kind: 'checkIns',
        badge: 0,
      },
    ])
    // The next day nothing is due; the day after, one is, and it is in before the reminder time.
    await sweepAndSend(at(1, '18:00'))
    await call(cleo, 'POST', '/api/check-ins', {
      id: randomUUID(),
      scheduleId: schedule.id,
      dueOn: dateFrom(0),
      answers: { sleep: 4 },
    })
    expect(cleo.phone.received()).toHaveLength(1)
    // The coach's comment reaches the lifter's phone, opening their check-ins.
    const { checkIns } = (await call(coach, 'GET', `/api/check-ins?clientId=${cleo.id}`)) as {
      checkIns: { id: string }[]
    }
    await call(coach, 'POST', `/api/check-ins/${checkIns[0]?.id}/comments`, { body: 'Good week' })
    await sendDueNotifications({ db: t.db, push: t.push, logger, now: new Date(Date.now() + 60_000) })
    expect(cleo.phone.received().at(-1)).toMatchObject({
      title: notificationText.checkInCommented('Coach Carla'),
      body: 'Good week',
      url: '/check-ins',
      kind: 'checkIns',
    })
  })
})

describe('run once, with several servers and restarts', () => {
  test('two servers on one database sweeping the same minute make one reminder, and send it once', async () => {
    const lee = await lifter({ reminder: '07:30' })
    await planFor(lee, dateFrom(0), ['Lower A'])
    const second = await openDatabase({ url: t.database.url, poolSize: 5 })
    try {
      const other = await buildApp(t.env, second)
      await t.db.delete(scheduledRounds)
      const now = at(0, '07:30')
      const made = await Promise.all([
        sweepReminders({ db: t.db, workouts, now }),
        sweepReminders({ db: second.db, workouts, now }),
      ])
      // One of them ran the minute; the other skipped it.
      expect(made.filter((count) => count === 0)).toHaveLength(1)
      expect(made.filter((count) => count > 0)).toHaveLength(1)
      // Without the minute's claim and the day's check (a server whose clock runs a minute behind,
      // a check not yet written), the reminder's key still holds: one row in the outbox.
      await t.db.delete(scheduledRounds)
      await t.db.delete(reminderChecks).where(eq(reminderChecks.userId, lee.id))
      await sweepReminders({ db: second.db, workouts, now: at(0, '07:31') })
      const rows = await t.db
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(and(eq(pushOutbox.userId, lee.id), eq(pushOutbox.kind, 'workoutReminder')))
      expect(rows).toHaveLength(1)
      await Promise.all([
        sendDueNotifications({ db: t.db, push: t.push, logger, now }),
        sendDueNotifications({ db: second.db, push: other.push, logger, now }),
      ])
      expect(lee.phone.received()).toHaveLength(1)
    } finally {
      await second.close()
    }
  })

  test('a server restarted across the minute sends the reminder once: after the restart, and never again', async () => {
    const lee = await lifter({ reminder: '07:30' })
    await planFor(lee, dateFrom(0), ['Lower A'])
    // The server stops before 07:30; a new process on the database starts at 07:32.
    await sweepAndSend(at(0, '07:29'))
    const restarted = await openDatabase({ url: t.database.url, poolSize: 5 })
    try {
      const app = await buildApp(t.env, restarted)
      await restarted.db.delete(scheduledRounds)
      expect(await sweepReminders({ db: restarted.db, workouts, now: at(0, '07:32') })).toBe(1)
      // That server is killed again after claiming the notification, before sending it: a round
      // sends it once the claim has run out, and the rounds after send nothing.
      expect(await claimDue(restarted.db, at(0, '07:32'))).toHaveLength(1)
      const round = (now: Date) => sendDueNotifications({ db: restarted.db, push: app.push, logger, now })
      expect(await round(new Date(at(0, '07:32').getTime() + CLAIM_MS - 1000))).toBe(0)
      expect(await round(new Date(at(0, '07:32').getTime() + CLAIM_MS + 1000))).toBe(1)
      expect(await round(at(0, '07:35'))).toBe(0)
      expect(lee.phone.received()).toHaveLength(1)
    } finally {
      await restarted.close()
    }
    await sweepAndSend(at(0, '07:40'))
    expect(lee.phone.received()).toHaveLength(1)
  })

  test('a minute is claimed by one server, and none starts while the round before still runs', async () => {
    await t.db.delete(scheduledRounds)
    const minute = (n: number, seconds = 0) => new Date(at(0, '12:00').getTime() + n * 60_000 + seconds * 1000)
    expect(await claimMinute(t.db, 'reminders', minute(0))).toBe(true)
    expect(await claimMinute(t.db, 'reminders', minute(0, 30))).toBe(false)
    // Still running a minute on: the next minute waits for it.
    expect(await claimMinute(t.db, 'reminders', minute(1))).toBe(false)
    await finishRound(t.db, 'reminders', minute(0))
    expect(await claimMinute(t.db, 'reminders', minute(1, 10))).toBe(true)
    // A server killed mid-round holds the next ones back only until its lease ends.
    expect(await claimMinute(t.db, 'reminders', minute(2))).toBe(false)
    expect(await claimMinute(t.db, 'reminders', minute(7))).toBe(true)
    // A sweep ends its round: the next minute's may start.
    await t.db.delete(scheduledRounds)
    await sweepReminders({ db: t.db, workouts, now: minute(10) })
    expect(await claimMinute(t.db, 'reminders', minute(11))).toBe(true)
  })

  test('sent notifications are forgotten after five weeks, unsent ones never', async () => {
    const lee = await lifter()
    const old = new Date(Date.now() - 36 * DAY_MS)
    const row = { userId: lee.id, kind: 'chat' as const, title: 'Old', body: 'Old', url: '/chat', dueAt: old }
    await t.db.insert(pushOutbox).values([
      { ...row, groupKey: 'old-sent', sentAt: old, delivered: 1 },
      { ...row, groupKey: 'recent-sent', sentAt: new Date(Date.now() - 34 * DAY_MS), delivered: 1 },
      { ...row, groupKey: 'old-unsent' },
    ])
    await t.db.delete(scheduledRounds)
    await sweepReminders({ db: t.db, workouts })
    const left = await t.db
      .select({ groupKey: pushOutbox.groupKey })
      .from(pushOutbox)
      .where(and(eq(pushOutbox.userId, lee.id), sql`${pushOutbox.kind} = 'chat'`))
    expect(left.map((r) => r.groupKey).sort()).toEqual(['old-unsent', 'recent-sent'])
  })
})
