import { randomUUID } from 'node:crypto'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { apiTokenText } from '#shared/schemas/api-tokens.ts'
import { CalendarFeedAddressSchema, CalendarFeedStatusSchema } from '#shared/schemas/calendar.ts'
import { MovementPageSchema } from '#shared/schemas/movements.ts'
import { PlanSchema, PlanSummarySchema, PlanWorkoutDetailSchema } from '#shared/schemas/plans.ts'
import { SessionSchema } from '#shared/schemas/sessions.ts'
import { coachClients } from '#server/db/schema/index.ts'
import {
  createTestApp,
  jsonHeaders,
  signIn,
  withToken,
  type SignedIn,
  type TestContext,
} from '../../../../tests/helpers/test-app.ts'

let t: TestContext
let coach: SignedIn
let client: SignedIn
let squatId: string
/** The assigned plan's workouts by "week:day". */
let workoutIds: Record<string, string>

const send = async (who: SignedIn | undefined, method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: jsonHeaders(who),
    body: body === undefined ? undefined : JSON.stringify(body),
  })

async function ok<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const answer = await res
  expect(answer.status, await answer.clone().text()).toBe(status)
  return (await answer.json()) as T
}

const turnOn = async (who: SignedIn) =>
  CalendarFeedAddressSchema.parse(await ok(send(who, 'POST', '/api/calendar'), 201))
/** A calendar app's request: the address alone, no cookie, no origin. */
const fetchFeed = (url: string) => t.app.request(new URL(url).pathname)

type FeedEvent = { uid: string; date: string; summary: string; description: string; url: string }

/** The feed as a calendar app reads it, parsed by ical.js. */
async function readFeed(url: string): Promise<{ text: string; events: FeedEvent[]; calendar: ICAL.Component }> {
  const res = await fetchFeed(url)
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8')
  const text = await res.text()
  const calendar = new ICAL.Component(ICAL.parse(text))
  const events = calendar
    .getAllSubcomponents('vevent')
    .map((vevent) => {
      const event = new ICAL.Event(vevent)
      return {
        uid: event.uid,
        date: event.startDate.toString(),
        summary: event.summary,
        description: event.description,
        url: String(vevent.getFirstPropertyValue('url')),
      }
    })
    .sort((a, b) => a.date.localeCompare(b.date))
  return { text, events, calendar }
}

async function fillDay(who: SignedIn, planId: string, week: number, day: number, title: string, notes?: string) {
  const { version } = PlanSummarySchema.parse(await ok(send(who, 'GET', `/api/plans/${planId}`)))
  const workout = {
    title,
    notes,
    exercises: [
      {
        movementId: squatId,
        sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }, { reps: { min: 5, max: 5 } }],
      },
    ],
  }
  await ok(send(who, 'PUT', `/api/plans/${planId}/days/${week}/${day}`, { version, workout }))
}

beforeAll(async () => {
  t = await createTestApp()
  coach = await signIn(t, { role: 'coach', displayName: 'Coach Cal' })
  client = await signIn(t, { role: 'client', displayName: 'Dana Lift' })
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: client.id })
  squatId = MovementPageSchema.parse(await ok(send(coach, 'GET', '/api/movements?q=back%20squat'))).items[0]?.id ?? ''

  // Two weeks of three days on Monday, Wednesday and Friday; week 2 is a deload week.
  const plan = PlanSummarySchema.parse(
    await ok(send(coach, 'POST', '/api/plans', { name: 'Base block', weeks: 2, daysPerWeek: 3 }), 201),
  )
  await ok(
    send(coach, 'PATCH', `/api/plans/${plan.id}`, {
      version: plan.version,
      deloadWeeks: [2],
      deload: { loadPercent: 10, setsRemoved: 1 },
    }),
  )
  await fillDay(coach, plan.id, 1, 1, 'Lower A, heavy; top set', 'Brace hard,\nthen drive; no bounce')
  await fillDay(coach, plan.id, 1, 2, 'Upper A')
  await fillDay(coach, plan.id, 1, 3, 'Lower B')
  await fillDay(coach, plan.id, 2, 1, 'Lower A (deload)')
  // Started on a Wednesday: day 1 is that Wednesday, day 2 Friday, day 3 the Monday after.
  const assigned = PlanSummarySchema.parse(
    await ok(
      send(coach, 'POST', `/api/plans/${plan.id}/assign`, {
        clientId: client.id,
        startDate: '2026-12-02',
        trainingDays: [1, 3, 5],
      }),
      201,
    ),
  )
  const full = PlanSchema.parse(await ok(send(client, 'GET', `/api/plans/${assigned.id}`)))
  workoutIds = Object.fromEntries(full.workouts.map((w) => [`${w.week}:${w.day}`, w.id]))
})
afterAll(() => t.close())

describe("a client's feed", () => {
  test('is off until turned on; turning it on gives an https and a webcal address', async () => {
    expect(CalendarFeedStatusSchema.parse(await ok(send(client, 'GET', '/api/calendar')))).toEqual({
      enabled: false,
      createdAt: null,
    })
    const address = await turnOn(client)
    expect(address.url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(address.webcalUrl).toBe(address.url.replace('http://', 'webcal://'))
    expect(CalendarFeedStatusSchema.parse(await ok(send(client, 'GET', '/api/calendar')))).toEqual({
      enabled: true,
      createdAt: address.createdAt,
    })
    // Only its hash is kept: the secret appears nowhere in the database.
    const secret = address.url.split('/').at(-1)?.replace('.ics', '') ?? ''
    const rows = await t.db.execute(`select * from calendar_feeds`)
    expect(JSON.stringify(rows)).not.toContain(secret)
  })

  test('holds each planned workout on its date (Mon/Wed/Fri from a Wednesday start), with its exercises and a link to its preview', async () => {
    const { events } = await readFeed((await turnOn(client)).url)
    expect(events.map((e) => [e.date, e.summary])).toEqual([
      ['2026-12-02', 'Lower A, heavy; top set'],
      ['2026-12-04', 'Upper A'],
      ['2026-12-07', 'Lower B'],
      ['2026-12-09', 'Lower A (deload)'],
    ])
    const [first, , , deload] = events
    expect(first?.description).toBe(
      [
        'Base block · week 1, day 1',
        '',
        'Back squat: 2 × 5',
        '',
        'Brace hard,',
        'then drive; no bounce',
        '',
        `Open in Coachline: http://127.0.0.1:3000/workout/preview/${workoutIds['1:1']}`,
      ].join('\n'),
    )
    expect(first?.url).toBe(`http://127.0.0.1:3000/workout/preview/${workoutIds['1:1']}`)
    // The deload takes a set off: the lifter reads what they will train.
    expect(deload?.description).toContain('Base block · week 2, day 1 · deload week')
    expect(deload?.description).toContain('Back squat: 1 × 5')
    expect(new Set(events.map((e) => e.uid)).size).toBe(4)
  })

  test('is valid iCalendar: CRLF lines of at most 75 octets, VERSION, PRODID, DTSTAMP, all-day dates, escaped text', async () => {
    const { text, calendar } = await readFeed((await turnOn(client)).url)
    expect(text.endsWith('\r\n')).toBe(true)
    const lines = text.split('\r\n').slice(0, -1)
    expect(lines.every((line) => !line.includes('\n') && !line.includes('\r'))).toBe(true)
    expect(lines.every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true)
    expect(lines[0]).toBe('BEGIN:VCALENDAR')
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
    expect(String(calendar.getFirstPropertyValue('prodid'))).toContain('Coachline')
    for (const vevent of calendar.getAllSubcomponents('vevent')) {
      expect(vevent.getFirstPropertyValue('dtstamp')).toBeTruthy()
      expect(vevent.getFirstProperty('dtstart')?.type).toBe('date')
    }
    // Commas, semicolons and newlines are escaped in the text as sent.
    const unfolded = text.replaceAll('\r\n ', '')
    expect(unfolded).toContain('SUMMARY:Lower A\\, heavy\\; top set')
    expect(unfolded).toContain('Brace hard\\,\\nthen drive\\; no bounce')
  })

  test('keeps each event’s UID from one fetch to the next, and notes a completed workout', async () => {
    const url = (await turnOn(client)).url
    const before = await readFeed(url)
    const session = SessionSchema.parse(
      await ok(send(client, 'POST', '/api/sessions', { planWorkoutId: workoutIds['1:2'] }), 201),
    )
    const key = session.exercises[0]?.key ?? ''
    await ok(
      send(client, 'PUT', `/api/sessions/${session.id}/sets/${randomUUID()}`, {
        exerciseKey: key,
        setNumber: 1,
        reps: 5,
        loadKg: 100,
        editedAt: new Date().toISOString(),
      }),
    )
    await ok(send(client, 'POST', `/api/sessions/${session.id}/finish`, {}))
    const after = await readFeed(url)
    expect(after.events.map((e) => e.uid)).toEqual(before.events.map((e) => e.uid))
    const today = new Date().toISOString().slice(0, 10)
    expect(after.events.find((e) => e.summary === 'Upper A')?.description).toContain(`Done: completed ${today}.`)
    expect(after.events.find((e) => e.summary === 'Lower B')?.description).not.toContain('Done')
  })

  test('holds a moved workout on its new date, saying where it came from, and on its own again once put back', async () => {
    const url = (await turnOn(client)).url
    const planId = PlanWorkoutDetailSchema.parse(
      await ok(send(client, 'GET', `/api/plans/workouts/${workoutIds['1:3']}`)),
    ).plan.id
    const date = [new Date().toISOString().slice(0, 10), '2026-12-03'].sort()[1] ?? ''
    await ok(send(client, 'PUT', `/api/plans/${planId}/days/1/3/date`, { date }))
    const moved = (await readFeed(url)).events.find((e) => e.summary === 'Lower B')
    expect(moved?.date).toBe(date)
    expect(moved?.description).toContain('Moved from 2026-12-07.')
    await ok(send(client, 'PUT', `/api/plans/${planId}/days/1/3/date`, { date: '2026-12-07' }))
    const back = (await readFeed(url)).events.find((e) => e.summary === 'Lower B')
    expect(back?.date).toBe('2026-12-07')
    expect(back?.description).not.toContain('Moved')
  })

  test('shows a plan the lifter started themselves beside their coach’s', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const own = PlanSummarySchema.parse(
      await ok(send(lifter, 'POST', '/api/plans', { name: 'My block', weeks: 1, daysPerWeek: 2 }), 201),
    )
    await fillDay(lifter, own.id, 1, 1, 'Squat day')
    await fillDay(lifter, own.id, 1, 2, 'Squat day 2')
    const url = (await turnOn(lifter)).url
    expect((await readFeed(url)).events).toEqual([])
    await ok(send(lifter, 'POST', `/api/plans/${own.id}/start`, { startDate: '2026-12-07', trainingDays: [2, 4] }))
    expect((await readFeed(url)).events.map((e) => [e.date, e.summary])).toEqual([
      ['2026-12-08', 'Squat day'],
      ['2026-12-10', 'Squat day 2'],
    ])
  })
})

describe('turning the feed off and making a new address', () => {
  test('a revoked address answers 404; the status says off', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const { url } = await turnOn(lifter)
    expect((await fetchFeed(url)).status).toBe(200)
    expect((await send(lifter, 'DELETE', '/api/calendar')).status).toBe(204)
    const gone = await fetchFeed(url)
    expect(gone.status).toBe(404)
    ApiErrorBodySchema.parse(await gone.json())
    expect(CalendarFeedStatusSchema.parse(await ok(send(lifter, 'GET', '/api/calendar'))).enabled).toBe(false)
    // Turning it off twice is no error.
    expect((await send(lifter, 'DELETE', '/api/calendar')).status).toBe(204)
  })

  test('a new address works and the old one answers 404', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const old = await turnOn(lifter)
    const fresh = await turnOn(lifter)
    expect(fresh.url).not.toBe(old.url)
    expect((await fetchFeed(old.url)).status).toBe(404)
    expect((await fetchFeed(fresh.url)).status).toBe(200)
  })

  test('each user manages only their own feed', async () => {
    const { url } = await turnOn(client)
    const other = await signIn(t, { role: 'client' })
    expect((await send(other, 'DELETE', '/api/calendar')).status).toBe(204)
    expect((await fetchFeed(url)).status).toBe(200)
    expect((await send(undefined, 'POST', '/api/calendar')).status).toBe(401)
  })
})

describe('API tokens and the feed', () => {
  // The address is a key of its own that no token revocation reaches: only a sign-in session makes, replaces or removes it.
  test('a read-write token cannot turn the feed on, make a new address or turn it off; a sign-in session can', async () => {
    const lifter = await signIn(t, { role: 'client' })
    const script = await withToken(t, lifter, 'read-write')
    const refused = async (method: string) => {
      const res = await send(script, method, '/api/calendar')
      expect(res.status, `${method} ${await res.clone().text()}`).toBe(403)
      expect(ApiErrorBodySchema.parse(await res.json()).message).toBe(apiTokenText.sessionOnly)
    }

    await refused('POST')
    expect(CalendarFeedStatusSchema.parse(await ok(send(script, 'GET', '/api/calendar')))).toEqual({
      enabled: false,
      createdAt: null,
    })

    const { url } = await turnOn(lifter)
    await refused('POST')
    await refused('DELETE')
    expect((await fetchFeed(url)).status).toBe(200)
    expect(CalendarFeedStatusSchema.parse(await ok(send(script, 'GET', '/api/calendar'))).enabled).toBe(true)

    expect((await send(lifter, 'DELETE', '/api/calendar')).status).toBe(204)
    expect((await fetchFeed(url)).status).toBe(404)
  })
})

describe('hostile addresses', () => {
  test('an unknown, malformed or huge secret answers 404, never 500', async () => {
    const { url } = await turnOn(client)
    const secret = new URL(url).pathname.split('/').at(-1)?.replace('.ics', '') ?? ''
    const tries = [
      `${'A'.repeat(43)}.ics`,
      secret,
      `${secret}.ICS`,
      `${secret}.ics.ics`,
      `${secret.slice(0, 42)}.ics`,
      `${secret}x.ics`,
      `${'x'.repeat(100_000)}.ics`,
      '.ics',
      '%00.ics',
      '%ED%A0%80.ics',
      '%E0%A4%A.ics',
      '..%2F..%2Fetc%2Fpasswd.ics',
      `${encodeURIComponent('ü'.repeat(43))}.ics`,
    ]
    for (const file of tries) {
      const res = await t.app.request(`/api/calendar/${file}`)
      expect(res.status, file.slice(0, 60)).toBe(404)
      ApiErrorBodySchema.parse(await res.json())
    }
    expect((await t.app.request(`/api/calendar/${secret}.ics?x=${'y'.repeat(10_000)}`)).status).toBe(200)
  })
})

describe("a coach's feed", () => {
  test("holds their active clients' planned workouts, named by client, linking to the read-only view", async () => {
    const { url } = await turnOn(coach)
    const { events } = await readFeed(url)
    const dana = events.filter((e) => e.summary.startsWith('Dana Lift: '))
    expect(dana.map((e) => e.summary)).toEqual([
      'Dana Lift: Lower A, heavy; top set',
      'Dana Lift: Upper A',
      'Dana Lift: Lower B',
      'Dana Lift: Lower A (deload)',
    ])
    expect(dana[0]?.url).toBe(`http://127.0.0.1:3000/workout-readonly/${workoutIds['1:1']}`)
  })

  test('drops a client once archived, and reaches back four weeks only', async () => {
    const coachTwo = await signIn(t, { role: 'coach' })
    const lifter = await signIn(t, { role: 'client', displayName: 'Old Timer' })
    await t.db.insert(coachClients).values({ coachId: coachTwo.id, clientId: lifter.id })
    const plan = PlanSummarySchema.parse(
      await ok(send(coachTwo, 'POST', '/api/plans', { name: 'Long block', weeks: 8, daysPerWeek: 1 }), 201),
    )
    for (const week of [1, 2, 3, 4, 5, 6, 7, 8]) await fillDay(coachTwo, plan.id, week, 1, `Week ${week}`)
    // Started seven weeks ago today: weeks 1 to 3 lie more than four weeks back.
    const start = new Date(Date.now() - 49 * 86_400_000).toISOString().slice(0, 10)
    await ok(
      send(coachTwo, 'POST', `/api/plans/${plan.id}/assign`, {
        clientId: lifter.id,
        startDate: start,
        trainingDays: null,
      }),
      201,
    )
    const { url } = await turnOn(coachTwo)
    expect((await readFeed(url)).events.map((e) => e.summary)).toEqual(
      ['Week 4', 'Week 5', 'Week 6', 'Week 7', 'Week 8'].map((w) => `Old Timer: ${w}`),
    )
    expect((await send(coachTwo, 'POST', `/api/clients/${lifter.id}/archive`)).status).toBe(204)
    expect((await readFeed(url)).events).toEqual([])
  })
})
