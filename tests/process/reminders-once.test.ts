import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { notificationText } from '../../src/shared/schemas/notifications.ts'
import { freePort, spawnBuiltServer, waitHealthy, type ServerProcess } from '../helpers/built-server.ts'
import { signIn } from '../helpers/lifter.ts'
import { cleanUpAfterEach } from '../helpers/process-cleanup.ts'
import { PUSH_SERVICE_CA, startPushService, type PushService, type Subscriber } from '../helpers/push-service.ts'

// Built servers sharing real PostgreSQL databases, with a push service of the test's own: a
// lifter's reminder, due at a minute of the wall clock, reaches their phone exactly once, whether
// two servers share the database while one of them is killed across that minute, or the only
// server is killed before it and started again after.
const hasPostgres =
  existsSync('/usr/bin/initdb') ||
  (existsSync('/usr/lib/postgresql') &&
    readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)))
const required = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1'
const pgDir = mkdtempSync(join(tmpdir(), 'coachline-reminders-pg-'))
const throwaway = (...args: string[]) =>
  execFileSync('bash', ['scripts/throwaway-postgres.sh', ...args], {
    env: { ...process.env, PG_TEST_DIR: pgDir },
    encoding: 'utf8',
  }).trim()

const cleanup = cleanUpAfterEach()
let databases: { shared: string; alone: string }
let push: PushService

beforeAll(async () => {
  if (!hasPostgres) return
  const url = throwaway('start', String(await freePort()))
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query('create database shared')
  await admin.query('create database alone')
  await admin.end()
  const named = (name: string) => Object.assign(new URL(url), { pathname: `/${name}` }).toString()
  databases = { shared: named('shared'), alone: named('alone') }
  push = await startPushService()
})
afterAll(async () => {
  await push?.close()
  if (hasPostgres) throwaway('stop')
})

/** A built server on one of the databases, trusting the test's push service; killed after the test. */
async function server(database: string): Promise<ServerProcess> {
  const started = cleanup.track(
    await spawnBuiltServer({
      env: { DATABASE_URL: database, PUSH_SERVICE_HOSTS: push.host, PUSH_SERVICE_CA },
      stdout: 'ignore',
    }),
  )
  await waitHealthy(started)
  return started
}

const json = (url: string, cookie: string) => ({ cookie, origin: url, 'content-type': 'application/json' })

async function send(url: string, cookie: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: json(url, cookie),
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`)
  return text ? (JSON.parse(text) as Record<string, unknown>) : null
}

/**
 * A self-coached lifter in UTC whose own plan has a workout every day from today, a phone that
 * hears of today's workout, and the reminder at `time`.
 */
async function lifterRemindedAt(url: string, time: string, phone: Subscriber): Promise<void> {
  const { cookie } = await signIn(url, 'client')
  await send(url, cookie, 'PATCH', '/api/profile', { timeZone: 'UTC' })
  const movements = (await send(url, cookie, 'GET', '/api/movements?q=back%20squat&limit=1')) as {
    items: { id: string }[]
  }
  const plan = (await send(url, cookie, 'POST', '/api/plans', { name: 'Every day', weeks: 1, daysPerWeek: 7 })) as {
    id: string
  }
  for (let day = 1; day <= 7; day++) {
    const { version } = (await send(url, cookie, 'GET', `/api/plans/${plan.id}`)) as { version: number }
    await send(url, cookie, 'PUT', `/api/plans/${plan.id}/days/1/${day}`, {
      version,
      workout: {
        title: `Day ${day}`,
        exercises: [{ movementId: movements.items[0]?.id, sets: [{ reps: { min: 5, max: 5 } }] }],
      },
    })
  }
  await send(url, cookie, 'POST', `/api/plans/${plan.id}/start`, {
    startDate: new Date().toISOString().slice(0, 10),
    trainingDays: [1, 2, 3, 4, 5, 6, 7],
  })
  await send(url, cookie, 'POST', '/api/notifications/devices', {
    endpoint: phone.endpoint,
    keys: phone.keys,
    kinds: ['workoutReminder'],
  })
  await send(url, cookie, 'PUT', '/api/notifications/settings', { quietHours: null, workoutReminder: time })
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())))

async function until(check: () => boolean, deadline: number): Promise<void> {
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250))
}

test.runIf(hasPostgres || required)(
  'a reminder due at a minute is sent once: by two servers on one database, and by a server restarted across the minute',
  async () => {
    expect(hasPostgres, 'no PostgreSQL server binaries (initdb): apt-get install postgresql').toBe(true)
    let first = await server(databases.shared)
    const second = await server(databases.shared)
    let alone = await server(databases.alone)

    // The minute the reminders are for: far enough ahead to set everything up first, and not
    // today's last (the reminder is for today's workout).
    const minute = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000
    const time = new Date(minute).toISOString().slice(11, 16)
    expect(time, 'too close to midnight UTC to test today’s reminder: run again after it').not.toBe('00:00')
    const sharedPhone = push.subscriber('shared-lifter')
    const alonePhone = push.subscriber('alone-lifter')
    await lifterRemindedAt(second.url, time, sharedPhone)
    await lifterRemindedAt(alone.url, time, alonePhone)

    // Just before the minute, one of the shared database's servers and the other database's only
    // server are killed; both start again just after it.
    await sleepUntil(minute - 3_000)
    for (const killed of [first, alone]) {
      killed.child.kill('SIGKILL')
      await killed.exited
    }
    expect(sharedPhone.received()).toEqual([])
    expect(alonePhone.received()).toEqual([])
    await sleepUntil(minute + 5_000)
    first = await server(databases.shared)
    alone = await server(databases.alone)

    // A server's sweep runs every 15 s and its sends every 5 s: both reminders are out well
    // within a minute. Then every server gets more rounds to send any of them again.
    await until(() => sharedPhone.received().length > 0 && alonePhone.received().length > 0, minute + 60_000)
    await new Promise((resolve) => setTimeout(resolve, 20_000))
    for (const phone of [sharedPhone, alonePhone])
      expect(phone.received()).toEqual([
        {
          title: notificationText.todayTitle('Day 1'),
          body: notificationText.todayBody(0),
          url: '/home',
          tag: `workoutReminder:${new Date(minute).toISOString().slice(0, 10)}`,
          kind: 'workoutReminder',
          badge: 0,
        },
      ])
    expect(push.requests.filter((r) => r.path.endsWith('shared-lifter'))).toHaveLength(1)
    expect(push.requests.filter((r) => r.path.endsWith('alone-lifter'))).toHaveLength(1)
  },
  240_000,
)
