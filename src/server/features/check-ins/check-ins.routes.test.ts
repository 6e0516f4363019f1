import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { addDays } from '#shared/calendar-days.ts'
import {
  CheckInDetailSchema,
  CheckInSchema,
  CheckInsSchema,
  OpenCheckInsSchema,
  ScheduleSchema,
  FormSchema,
  checkInsApiText,
  type CheckInForm,
  type Question,
} from '#shared/schemas/check-ins.ts'
import { DashboardSchema } from '#shared/schemas/clients.ts'
import { bodyWeights, checkIns, checkInSchedules, coachClients, profiles } from '#server/db/schema/index.ts'
import { sharpChanges } from './check-ins.service.ts'
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
let form: CheckInForm

/** The lifter's today and its ISO weekday: their time zone is UTC here. */
const today = () => new Date().toISOString().slice(0, 10)
const weekdayOf = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1

const QUESTIONS: Question[] = [
  { id: 'sleep', kind: 'scale', label: 'How did you sleep?', required: true },
  { id: 'weight', kind: 'bodyWeight', label: 'Body weight' },
  { id: 'steps', kind: 'number', label: 'Average steps', unit: 'steps' },
  { id: 'travel', kind: 'yesNo', label: 'Travelling this week?' },
  { id: 'wins', kind: 'longText', label: 'Wins of the week' },
  { id: 'photos', kind: 'photos', label: 'Photos' },
]

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

async function photoOf(who: SignedIn, pose: string): Promise<string> {
  const body = new FormData()
  const png = await sharp({ create: { width: 30, height: 40, channels: 3, background: '#777' } })
    .png()
    .toBuffer()
  body.set('file', new Blob([png]), 'p.png')
  body.set('pose', pose)
  body.set('takenOn', today())
  const { 'content-type': _json, ...headers } = jsonHeaders(who)
  const res = await ok<{ id: string }>(t.app.request('/api/progress-photos', { method: 'POST', headers, body }), 201)
  return res.id
}

async function schedule(startsOn: string, who = lifter) {
  return ScheduleSchema.parse(
    await ok(
      send(coach, 'POST', '/api/check-ins/schedules', {
        clientId: who.id,
        formId: form.id,
        cadence: 'weekly',
        weekday: weekdayOf(startsOn),
        startsOn,
      }),
      201,
    ),
  )
}

beforeAll(async () => {
  t = await createTestApp()
  ;[coach, lifter, otherCoach, stranger] = await Promise.all([
    signIn(t, { role: 'coach', displayName: 'Coach Ana' }),
    signIn(t, { displayName: 'Lifter Lou' }),
    signIn(t, { role: 'coach' }),
    signIn(t),
  ])
  await t.db.insert(coachClients).values({ coachId: coach.id, clientId: lifter.id, status: 'active' })
  await t.db.update(profiles).set({ timeZone: 'UTC' })
  form = FormSchema.parse(
    await ok(send(coach, 'POST', '/api/check-ins/forms', { name: 'Weekly check-in', questions: QUESTIONS }), 201),
  )
})
afterAll(() => t.close())

describe('a weekly check-in, from the form to the comment', () => {
  let checkInId: string
  let scheduleId: string

  test('the coach sends the form weekly from today; it is open for the lifter today', async () => {
    const made = await schedule(today())
    scheduleId = made.id
    expect(made.open).toEqual({ dueOn: today(), late: false, submitted: false })
    expect(made.nextDueOn).toBe(addDays(today(), 7))
    const open = OpenCheckInsSchema.parse(await ok(send(lifter, 'GET', '/api/check-ins/open')))
    expect(open.open).toEqual([
      { scheduleId, name: 'Weekly check-in', questions: form.questions, dueOn: today(), late: false },
    ])
  })

  test('answers that do not fit their question are refused and nothing is kept', async () => {
    const base = { id: randomUUID(), scheduleId, dueOn: today() }
    const cases: [Record<string, unknown>, number, string][] = [
      [{ sleep: 7 }, 400, checkInsApiText.answers],
      [{ sleep: 2.5 }, 400, checkInsApiText.answers],
      [{ sleep: 3, weight: 4 }, 400, checkInsApiText.answers],
      [{ sleep: 3, travel: 'yes' }, 400, checkInsApiText.answers],
      [{ weight: 80 }, 400, checkInsApiText.required],
      [{ sleep: 3, photos: { front: randomUUID() } }, 409, checkInsApiText.photoUnknown],
    ]
    for (const [answers, status, message] of cases) {
      const res = await send(lifter, 'POST', '/api/check-ins', { ...base, answers })
      expect(res.status, JSON.stringify(answers)).toBe(status)
      expect(JSON.stringify(await res.json())).toContain(message)
    }
    const strangersPhoto = await photoOf(stranger, 'front')
    const res = await send(lifter, 'POST', '/api/check-ins', {
      ...base,
      answers: { sleep: 3, photos: { front: strangersPhoto } },
    })
    expect(res.status).toBe(409)
    expect(await t.db.select().from(checkIns).where(eq(checkIns.clientId, lifter.id))).toEqual([])
    // Not the open day, and not the lifter's own schedule.
    expect(
      (await send(lifter, 'POST', '/api/check-ins', { ...base, dueOn: addDays(today(), 7), answers: { sleep: 3 } }))
        .status,
    ).toBe(409)
    expect((await send(stranger, 'POST', '/api/check-ins', { ...base, answers: { sleep: 3 } })).status).toBe(403)
    expect((await send(coach, 'POST', '/api/check-ins', { ...base, answers: { sleep: 3 } })).status).toBe(403)
  })

  test('the lifter sends answers and three photos; a repeat is kept once; the body weight is the day’s reading', async () => {
    const photos = {
      front: await photoOf(lifter, 'front'),
      side: await photoOf(lifter, 'side'),
      back: await photoOf(lifter, 'back'),
    }
    checkInId = randomUUID()
    const body = {
      id: checkInId,
      scheduleId,
      dueOn: today(),
      answers: { sleep: 4, weight: 81.4, steps: 9200, travel: false, wins: 'Squatted 120 for a triple', photos },
    }
    const created = CheckInSchema.parse(await ok(send(lifter, 'POST', '/api/check-ins', body), 201))
    expect(created).toMatchObject({ id: checkInId, late: false, name: 'Weekly check-in', answers: body.answers })
    CheckInSchema.parse(await ok(send(lifter, 'POST', '/api/check-ins', body), 200))
    const again = await send(lifter, 'POST', '/api/check-ins', { ...body, id: randomUUID() })
    expect(again.status).toBe(409)
    expect((await t.db.select().from(checkIns).where(eq(checkIns.clientId, lifter.id))).length).toBe(1)
    const [reading] = await t.db
      .select()
      .from(bodyWeights)
      .where(and(eq(bodyWeights.clientId, lifter.id), eq(bodyWeights.measuredOn, today())))
    expect(reading?.weightKg).toBe(81.4)
    expect(OpenCheckInsSchema.parse(await ok(send(lifter, 'GET', '/api/check-ins/open'))).open).toEqual([])
    const [listed] = z
      .array(ScheduleSchema)
      .parse(await ok(send(coach, 'GET', `/api/check-ins/schedules?clientId=${lifter.id}`)))
    expect(listed?.open?.submitted).toBe(true)
  })

  test('the coach reads it with the earlier answers and comments; the lifter sees the comment; others see nothing', async () => {
    // A check-in of the week before, for the trend.
    await t.db.insert(checkIns).values({
      id: randomUUID(),
      scheduleId,
      clientId: lifter.id,
      name: 'Weekly check-in',
      questions: QUESTIONS,
      answers: { sleep: 2, weight: 82 },
      dueOn: addDays(today(), -7),
      late: false,
    })
    const detail = CheckInDetailSchema.parse(await ok(send(coach, 'GET', `/api/check-ins/${checkInId}`)))
    expect(detail.earlier.map((e) => [e.dueOn, e.answers.sleep])).toEqual([[addDays(today(), -7), 2]])
    await ok(
      send(coach, 'POST', `/api/check-ins/${checkInId}/comments`, {
        body: 'Great sleep this week. Keep the steps up!',
      }),
      201,
    )
    const mine = CheckInsSchema.parse(await ok(send(lifter, 'GET', '/api/check-ins')))
    expect(mine.checkIns.map((c) => c.dueOn)).toEqual([today(), addDays(today(), -7)])
    const badCursor = await send(
      lifter,
      'GET',
      `/api/check-ins?before=${encodeURIComponent('2024-99-99~------------------------------------')}`,
    )
    expect(badCursor.status).toBe(400)
    expect(mine.checkIns[0]?.comments).toMatchObject([
      { authorName: 'Coach Ana', body: 'Great sleep this week. Keep the steps up!' },
    ])
    await ok(send(lifter, 'POST', `/api/check-ins/${checkInId}/comments`, { body: 'Thanks!' }), 201)

    for (const who of [otherCoach, stranger]) {
      expect((await send(who, 'GET', `/api/check-ins/${checkInId}`)).status).toBe(403)
      expect((await send(who, 'POST', `/api/check-ins/${checkInId}/comments`, { body: 'Hi' })).status).toBe(403)
    }
    expect((await send(otherCoach, 'GET', `/api/check-ins?clientId=${lifter.id}`)).status).toBe(403)
    expect((await send(undefined, 'GET', `/api/check-ins/${checkInId}`)).status).toBe(401)
    expect((await send(coach, 'POST', `/api/check-ins/${checkInId}/comments`, { body: ' ' })).status).toBe(400)
  })
})

describe('late and ended', () => {
  test('a check-in sent after its day is accepted and marked late', async () => {
    const late = await signIn(t)
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: late.id, status: 'active' })
    await t.db.update(profiles).set({ timeZone: 'UTC' }).where(eq(profiles.id, late.id))
    const made = await schedule(addDays(today(), -1), late)
    // The schedule began yesterday; its first check-in was due then.
    expect(made.open).toEqual({ dueOn: addDays(today(), -1), late: true, submitted: false })
    const sent = CheckInSchema.parse(
      await ok(
        send(late, 'POST', '/api/check-ins', {
          id: randomUUID(),
          scheduleId: made.id,
          dueOn: addDays(today(), -1),
          answers: { sleep: 3 },
        }),
        201,
      ),
    )
    expect(sent.late).toBe(true)
  })

  test('a deleted form stops its schedules; the check-ins in stay readable', async () => {
    const other = FormSchema.parse(
      await ok(send(coach, 'POST', '/api/check-ins/forms', { name: 'Monthly', questions: [QUESTIONS[0]] }), 201),
    )
    expect((await send(otherCoach, 'DELETE', `/api/check-ins/forms/${other.id}`)).status).toBe(403)
    await ok(send(coach, 'DELETE', `/api/check-ins/forms/${form.id}`), 204)
    expect(
      z.array(ScheduleSchema).parse(await ok(send(coach, 'GET', `/api/check-ins/schedules?clientId=${lifter.id}`))),
    ).toEqual([])
    expect(OpenCheckInsSchema.parse(await ok(send(lifter, 'GET', '/api/check-ins/open'))).open).toEqual([])
    expect(
      CheckInsSchema.parse(await ok(send(coach, 'GET', `/api/check-ins?clientId=${lifter.id}`))).checkIns,
    ).toHaveLength(2)
    const forms = z.array(FormSchema).parse(await ok(send(coach, 'GET', '/api/check-ins/forms')))
    expect(forms.map((f) => f.name)).toEqual(['Monthly'])
  })

  test('bad forms and schedules are refused', async () => {
    const cases: unknown[] = [
      { name: '', questions: QUESTIONS },
      { name: 'No questions', questions: [] },
      { name: 'Twice', questions: [QUESTIONS[0], QUESTIONS[0]] },
      { name: 'Odd kind', questions: [{ id: 'a', kind: 'essay', label: 'Write' }] },
      { name: 'No label', questions: [{ id: 'a', kind: 'scale', label: ' ' }] },
    ]
    for (const body of cases) expect((await send(coach, 'POST', '/api/check-ins/forms', body)).status).toBe(400)
    expect((await send(lifter, 'POST', '/api/check-ins/forms', { name: 'Mine', questions: QUESTIONS })).status).toBe(
      403,
    )
    const monthly = z.array(FormSchema).parse(await ok(send(coach, 'GET', '/api/check-ins/forms')))[0]!
    const schedules: unknown[] = [
      { clientId: lifter.id, formId: monthly.id, cadence: 'weekly', startsOn: today() },
      { clientId: lifter.id, formId: monthly.id, cadence: 'weekly', weekday: 8, startsOn: today() },
      { clientId: lifter.id, formId: monthly.id, cadence: 'every', everyDays: 1, startsOn: today() },
      { clientId: lifter.id, formId: monthly.id, cadence: 'every', everyDays: 14, startsOn: addDays(today(), -30) },
    ]
    for (const body of schedules) expect((await send(coach, 'POST', '/api/check-ins/schedules', body)).status).toBe(400)
    const theirs = { clientId: stranger.id, formId: monthly.id, cadence: 'every', everyDays: 14, startsOn: today() }
    expect((await send(coach, 'POST', '/api/check-ins/schedules', theirs)).status).toBe(403)
    const notMine = { clientId: lifter.id, formId: monthly.id, cadence: 'every', everyDays: 14, startsOn: today() }
    expect((await send(otherCoach, 'POST', '/api/check-ins/schedules', notMine)).status).toBe(403)
  })
})

describe('who needs the coach', () => {
  const questions: Question[] = [
    { id: 'sleep', kind: 'scale', label: 'Sleep' },
    { id: 'weight', kind: 'bodyWeight', label: 'Body weight' },
    { id: 'steps', kind: 'number', label: 'Steps' },
    { id: 'note', kind: 'shortText', label: 'Note' },
  ]
  test.each([
    ['a scale two points down', { sleep: 4 }, { sleep: 2 }, ['Sleep']],
    ['a scale one point down', { sleep: 4 }, { sleep: 3 }, []],
    ['body weight 2% down', { weight: 80 }, { weight: 78.4 }, ['Body weight']],
    ['body weight 1.5% up', { weight: 80 }, { weight: 81.2 }, []],
    ['steps a quarter down', { steps: 8000 }, { steps: 6000 }, ['Steps']],
    ['steps a fifth up', { steps: 8000 }, { steps: 9600 }, []],
    ['a question unanswered before', {}, { sleep: 1 }, []],
    ['text never counts', { note: 'fine' }, { note: 'bad' }, []],
  ] as const)('%s', (_name, before, after, flagged) => {
    expect(sharpChanges(questions, before, after).map((c) => c.label)).toEqual(flagged)
  })

  test('the dashboard lists a missed check-in and an answer that moved sharply', async () => {
    const quiet = await signIn(t, { displayName: 'Quiet Quinn' })
    const drifting = await signIn(t, { displayName: 'Drifting Dee' })
    await t.db.insert(coachClients).values([
      { coachId: coach.id, clientId: quiet.id, status: 'active' },
      { coachId: coach.id, clientId: drifting.id, status: 'active' },
    ])
    const monthly = z.array(FormSchema).parse(await ok(send(coach, 'GET', '/api/check-ins/forms')))[0]!
    // Every 7 days from 15 days ago: due 15, 8 and 1 days ago; the one of 8 days ago is closed and missed.
    const [quietSchedule] = await t.db
      .insert(checkInSchedules)
      .values({
        formId: monthly.id,
        clientId: quiet.id,
        coachId: coach.id,
        cadence: 'every',
        everyDays: 7,
        startsOn: addDays(today(), -15),
      })
      .returning()
    const [driftSchedule] = await t.db
      .insert(checkInSchedules)
      .values({
        formId: monthly.id,
        clientId: drifting.id,
        coachId: coach.id,
        cadence: 'every',
        everyDays: 7,
        startsOn: addDays(today(), -7),
      })
      .returning()
    const sleepOnly = [{ id: 'sleep', kind: 'scale' as const, label: 'How did you sleep?' }]
    await t.db.insert(checkIns).values([
      {
        id: randomUUID(),
        scheduleId: quietSchedule!.id,
        clientId: quiet.id,
        name: 'Monthly',
        questions: sleepOnly,
        answers: { sleep: 3 },
        dueOn: addDays(today(), -15),
        late: false,
      },
      {
        id: randomUUID(),
        scheduleId: driftSchedule!.id,
        clientId: drifting.id,
        name: 'Monthly',
        questions: sleepOnly,
        answers: { sleep: 5 },
        dueOn: addDays(today(), -7),
        late: false,
      },
      {
        id: randomUUID(),
        scheduleId: driftSchedule!.id,
        clientId: drifting.id,
        name: 'Monthly',
        questions: sleepOnly,
        answers: { sleep: 2 },
        dueOn: today(),
        late: false,
      },
    ])
    // Weekly on the weekday of two days ago, from four days ago: its first due day is open (late), not missed.
    const punctual = await signIn(t, { displayName: 'Punctual Pia' })
    await t.db.insert(coachClients).values({ coachId: coach.id, clientId: punctual.id, status: 'active' })
    await t.db.insert(checkInSchedules).values({
      formId: monthly.id,
      clientId: punctual.id,
      coachId: coach.id,
      cadence: 'weekly',
      weekday: weekdayOf(addDays(today(), -2)),
      startsOn: addDays(today(), -4),
    })
    const dashboard = DashboardSchema.parse(await ok(send(coach, 'GET', `/api/clients/dashboard?today=${today()}`)))
    const reasonsOf = (id: string) => dashboard.needsYou.find((c) => c.clientId === id)?.reasons
    expect(reasonsOf(punctual.id)).toBeUndefined()
    expect(reasonsOf(quiet.id)).toEqual([{ kind: 'missed_check_ins', count: 1 }])
    expect(reasonsOf(drifting.id)).toEqual([
      { kind: 'check_in_changed', changes: [{ label: 'How did you sleep?', question: 'scale', from: 5, to: 2 }] },
    ])
  })
})
