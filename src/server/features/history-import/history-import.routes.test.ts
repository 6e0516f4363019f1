import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import {
  ImportPreviewSchema,
  ImportStreamLineSchema,
  type ImportPreview,
  type ImportStreamLine,
  type MappingEntry,
} from '#shared/schemas/history-import.ts'
import { ProgressSchema } from '#shared/schemas/progress.ts'
import { queryRows } from '#server/db/client.ts'
import { movements, sessionImports, workoutSessions } from '#server/db/schema/index.ts'
import { createTestApp, signIn, type SignedIn, type TestContext } from '../../../../tests/helpers/test-app.ts'
import { knownNames } from './known-names.ts'

let t: TestContext

const fixture = (name: string) => readFileSync(resolve('tests/fixtures/history-import', name))
const ORIGIN = 'http://127.0.0.1:3000'

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

function form(file: Uint8Array | string, fields: Record<string, string> = {}, name = 'strong.csv'): FormData {
  const data = new FormData()
  data.set('file', new File([file], name, { type: 'text/csv' }))
  for (const [key, value] of Object.entries(fields)) data.set(key, value)
  return data
}

const post = (who: SignedIn | undefined, path: string, body: FormData | string, contentType?: string) =>
  t.app.request(path, {
    method: 'POST',
    headers: { origin: ORIGIN, ...(who?.headers ?? {}), ...(contentType ? { 'content-type': contentType } : {}) },
    body,
  })

async function preview(
  who: SignedIn,
  file: Uint8Array | string,
  fields: Record<string, string> = {},
): Promise<ImportPreview> {
  const res = await post(who, '/api/history-import/preview', form(file, fields))
  expect(res.status, await res.clone().text()).toBe(200)
  return ImportPreviewSchema.parse(await res.json())
}

async function importFile(
  who: SignedIn,
  file: Uint8Array | string,
  mapping: MappingEntry[],
  fields: Record<string, string> = {},
): Promise<ImportStreamLine[]> {
  const res = await post(who, '/api/history-import', form(file, { ...fields, mapping: JSON.stringify(mapping) }))
  expect(res.status, await res.clone().text()).toBe(200)
  expect(res.headers.get('content-type')).toContain('application/x-ndjson')
  return (await res.text())
    .trim()
    .split('\n')
    .map((line) => ImportStreamLineSchema.parse(JSON.parse(line)))
}

/** Each exercise to its suggestion, or a new movement of its own when there is none. */
const suggestedMapping = (p: ImportPreview): MappingEntry[] =>
  p.exercises.map((e) =>
    e.suggested && e.suggestions[0]
      ? { name: e.name, movementId: e.suggestions[0].id }
      : { name: e.name, create: { name: e.name, tracking: e.tracking } },
  )

async function rowCounts(clientId: string) {
  const [row] = await queryRows<{ sessions: number; sets: number; movements: number; imports: number }>(
    t.db,
    sql`select
      (select count(*)::int from workout_sessions where client_id = ${clientId}) as sessions,
      (select count(*)::int from set_logs l join workout_sessions s on s.id = l.session_id where s.client_id = ${clientId}) as sets,
      (select count(*)::int from movements where owner_id = ${clientId}) as movements,
      (select count(*)::int from session_imports where client_id = ${clientId}) as imports`,
  )
  return row
}

describe('importing a Strong export', () => {
  test('preview, import, then sessions, sets and records appear; the same file again adds nothing', async () => {
    const lifter = await signIn(t)
    const file = fixture('strong.csv')
    const p = await preview(lifter, file, { unit: 'kg', timeZone: 'Europe/London' })
    expect(p).toMatchObject({
      source: 'strong',
      unit: 'kg',
      sessions: 3,
      sets: 12,
      alreadyImported: 0,
      problems: [],
      problemCount: 0,
    })
    const byName = Object.fromEntries(p.exercises.map((e) => [e.name, e]))
    // The library's trigram search suggests the built-ins.
    expect(byName['Bench Press (Barbell)']).toMatchObject({ sets: 4, suggested: true })
    expect(byName['Bench Press (Barbell)']?.suggestions[0]).toMatchObject({ name: 'Bench press', own: false })
    expect(byName['Deadlift (Barbell)']?.suggestions[0]?.name).toBe('Deadlift')
    expect(byName['Lat Pulldown (Cable)']?.suggestions[0]?.name).toBe('Lat pulldown')
    expect(byName.Plank).toMatchObject({ tracking: 'time', suggested: true })
    expect(byName['Atlas Stone Load']?.suggested).toBe(false)
    expect(await rowCounts(lifter.id)).toEqual({ sessions: 0, sets: 0, movements: 0, imports: 0 })

    const lines = await importFile(lifter, file, suggestedMapping(p), { unit: 'kg', timeZone: 'Europe/London' })
    expect(lines.at(-1)).toEqual({
      type: 'done',
      result: { source: 'strong', sessions: 3, sets: 12, skipped: 0, movementsCreated: 1 },
    })
    expect(lines.filter((line) => line.type === 'progress').at(-1)).toEqual({ type: 'progress', done: 12, total: 12 })
    expect(await rowCounts(lifter.id)).toEqual({ sessions: 3, sets: 12, movements: 1, imports: 3 })

    // The history lists them as finished sessions, in the lifter's time zone's hours.
    const list = (await (await t.app.request('/api/sessions?limit=10', { headers: lifter.headers })).json()) as {
      id: string
      title: string
      status: string
      startedAt: string
    }[]
    expect(list.map((s) => [s.title, s.status])).toEqual([
      ['Conditioning', 'completed'],
      ['Pull Day', 'completed'],
      ['Push Day', 'completed'],
    ])
    expect(list[2]?.startedAt).toBe('2023-05-14T07:03:11.000Z')
    const push = (await (await t.app.request(`/api/sessions/${list[2]?.id}`, { headers: lifter.headers })).json()) as {
      notes: string
      exercises: { movementName: string }[]
      sets: { note: string | null; loadKg: number; rpe: number | null; setType: string }[]
    }
    expect(push.notes).toBe('Felt strong, slept 8h')
    expect(push.exercises.map((e) => e.movementName)).toEqual(['Bench press', 'Overhead press', 'Plank'])
    expect(push.sets.filter((s) => s.setType === 'warmup').map((s) => s.loadKg)).toEqual([40])

    // Records and progress count them as any finished session (the warm-up aside).
    const progress = ProgressSchema.parse(
      await (await t.app.request('/api/progress', { headers: lifter.headers })).json(),
    )
    const bench = progress.records.find((r) => r.name === 'Bench press')
    expect(bench?.byReps).toContainEqual({ reps: 5, loadKg: 82.5, date: '2023-05-14' })
    expect(bench?.bestE1rm).toMatchObject({ loadKg: 82.5, reps: 5 })
    expect(progress.movements.map((m) => m.name)).toContain('Deadlift')

    // The same file again: nothing new, and the preview says so.
    expect((await preview(lifter, file, { unit: 'kg', timeZone: 'Europe/London' })).alreadyImported).toBe(3)
    const again = await importFile(lifter, file, suggestedMapping(p), { unit: 'kg', timeZone: 'Europe/London' })
    expect(again.at(-1)).toEqual({
      type: 'done',
      result: { source: 'strong', sessions: 0, sets: 0, skipped: 3, movementsCreated: 0 },
    })
    expect(await rowCounts(lifter.id)).toEqual({ sessions: 3, sets: 12, movements: 1, imports: 3 })

    // The movement made for the first import is the lifter's own, and is suggested next time.
    const next = await preview(lifter, file)
    const sled = next.exercises.find((e) => e.name === 'Atlas Stone Load')
    expect(sled?.suggested).toBe(true)
    expect(sled?.suggestions[0]).toMatchObject({ name: 'Atlas Stone Load', own: true })
  })

  test('a file with bad rows names their lines and writes nothing', async () => {
    const lifter = await signIn(t)
    const file = fixture('strong-bad-rows.csv')
    const p = await preview(lifter, file)
    expect(p.problemCount).toBe(6)
    expect(p.problems[0]).toEqual({ line: 3, message: 'Reps must be a whole number from 0 to 1000' })
    const res = await post(
      lifter,
      '/api/history-import',
      form(file, {
        mapping: JSON.stringify([
          { name: 'Bench Press (Barbell)', create: { name: 'Bench', tracking: 'weight_reps' } },
        ]),
      }),
    )
    expect(res.status).toBe(400)
    const body = ApiErrorBodySchema.parse(await res.json())
    expect(body.message).toContain('6 rows of the file cannot be imported; nothing was written')
    expect(body.message).toContain('Line 3: Reps must be a whole number')
    expect(body.fields?.['line.9']).toEqual(['This row has 11 columns; the first line names 12'])
    expect(await rowCounts(lifter.id)).toEqual({ sessions: 0, sets: 0, movements: 0, imports: 0 })
  })
})

describe('the names of Strong’s and Hevy’s lists', () => {
  const strongFile = (names: readonly string[]) =>
    [
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
      ...names.map(
        (name, i) =>
          `2023-05-${String(1 + (i % 28)).padStart(2, '0')} 08:00:00,"Day","1h","${name.replaceAll('"', '""')}","1",20,5,0,0,"","",`,
      ),
    ].join('\n')

  test('the common ones land on the built-in they are, chosen: Squat (Barbell) is a back squat, Triceps Dip a dip', async () => {
    const lifter = await signIn(t)
    const p = await preview(
      lifter,
      strongFile(['Squat (Barbell)', 'Lunge (Dumbbell)', 'Triceps Dip', 'Bent Over Row (Barbell)', 'Atlas Stone Load']),
      {
        unit: 'kg',
        timeZone: 'UTC',
      },
    )
    const first = Object.fromEntries(p.exercises.map((e) => [e.name, e.suggested ? e.suggestions[0]?.name : null]))
    expect(first).toEqual({
      'Squat (Barbell)': 'Back squat',
      'Lunge (Dumbbell)': 'Forward lunge',
      'Triceps Dip': 'Dip',
      'Bent Over Row (Barbell)': 'Barbell row',
      'Atlas Stone Load': null,
    })
  })

  test('every name of the list is suggested first as its built-in', async () => {
    const lifter = await signIn(t)
    const slugs = new Map(
      (await t.db.select({ slug: movements.slug, name: movements.name }).from(movements)).map((m) => [m.slug, m.name]),
    )
    const names = knownNames()
    for (let start = 0; start < names.length; start += 100) {
      const chunk = names.slice(start, start + 100)
      const p = await preview(lifter, strongFile(chunk.map(([name]) => name)), { unit: 'kg', timeZone: 'UTC' })
      const chosen = Object.fromEntries(p.exercises.map((e) => [e.name, e.suggested ? e.suggestions[0]?.name : null]))
      expect(chosen).toEqual(Object.fromEntries(chunk.map(([name, slug]) => [name, slugs.get(slug)])))
    }
  })

  test('a movement of the lifter’s own with the very name still comes first', async () => {
    const lifter = await signIn(t)
    const mine = await t.db
      .insert(movements)
      .values({
        ownerId: lifter.id,
        name: 'Triceps Dip',
        pattern: 'vertical push',
        tracking: 'reps',
        searchText: 'triceps dip',
      })
      .returning({ id: movements.id })
    const p = await preview(lifter, strongFile(['Triceps Dip']), { unit: 'kg', timeZone: 'UTC' })
    expect(p.exercises[0]?.suggestions[0]).toMatchObject({ id: mine[0]?.id, own: true })
  })
})

describe('importing a Hevy export', () => {
  test('sessions with supersets and set types; again adds nothing', async () => {
    const lifter = await signIn(t)
    const file = fixture('hevy-workout_data.csv')
    const p = await preview(lifter, file)
    expect(p).toMatchObject({ source: 'hevy', unit: 'kg', sessions: 2, sets: 7 })
    // One name mapped by hand, one new movement named by the lifter.
    const bench = await t.db
      .select({ id: movements.id })
      .from(movements)
      .where(eq(movements.slug, 'paused-bench-press'))
    const mapping = suggestedMapping(p).map((entry) =>
      entry.name === 'Bench Press (Barbell)'
        ? { name: entry.name, movementId: bench[0]?.id ?? '' }
        : entry.name === 'Running'
          ? { name: 'Running', create: { name: 'Easy run', tracking: 'distance_time' as const } }
          : entry,
    )
    const lines = await importFile(lifter, file, mapping)
    expect(lines.at(-1)).toMatchObject({ type: 'done', result: { source: 'hevy', sessions: 2, sets: 7, skipped: 0 } })
    const [upper] = await t.db
      .select()
      .from(workoutSessions)
      .where(and(eq(workoutSessions.title, 'Upper A'), eq(workoutSessions.clientId, lifter.id)))
    expect(upper?.exercises.map((e) => [e.movementName, e.superset, e.notes])).toEqual([
      ['Paused bench press', null, 'Slight arch'],
      [expect.any(String), 'A', null],
      [expect.any(String), 'A', null],
      ['Plank', null, null],
    ])
    expect(upper?.completedAt?.toISOString()).toBe('2023-05-14T09:10:00.000Z')
    const run = (await t.db.select().from(movements).where(eq(movements.ownerId, lifter.id))).map((m) => [
      m.name,
      m.tracking,
      m.aliases,
    ])
    expect(run).toEqual([['Easy run', 'distance_time', ['Running']]])

    const again = await importFile(lifter, file, mapping)
    expect(again.at(-1)).toMatchObject({
      type: 'done',
      result: { sessions: 0, sets: 0, skipped: 2, movementsCreated: 0 },
    })
    const [{ count }] = (await t.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessionImports)
      .where(eq(sessionImports.clientId, lifter.id))) as [{ count: number }]
    expect(count).toBe(2)
  })
})

const HEADER = 'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE'

describe('a large file', () => {
  /** A Strong export of days `from` to `to` after 2020-01-01: a session a day, 20 sets over four names. */
  function strongFile(from: number, to: number): string {
    const rows = [HEADER]
    for (let session = from; session < to; session++) {
      const day = new Date(Date.UTC(2020, 0, 1) + session * 86_400_000).toISOString().slice(0, 10)
      for (let set = 0; set < 20; set++) {
        rows.push(`${day} 08:00:00,Day,1h,Exercise ${set % 4} (Barbell),${set + 1},${60 + set},5,,,,,`)
      }
    }
    return `${rows.join('\n')}\n`
  }

  test('is written whole by one request, and its new movements serve a later export of the same app', async () => {
    const lifter = await signIn(t)
    // 300 sessions of 20 sets: 6,000 sets, three statements of one transaction.
    const file = strongFile(0, 300)
    const p = await preview(lifter, file)
    expect(p).toMatchObject({ sessions: 300, sets: 6000 })
    const mapping: MappingEntry[] = p.exercises.map((e) => ({
      name: e.name,
      create: { name: e.name.replace(/ \(.*\)$/, ''), tracking: e.tracking },
    }))
    const lines = await importFile(lifter, file, mapping)
    expect(lines.at(-1)).toEqual({
      type: 'done',
      result: { source: 'strong', sessions: 300, sets: 6000, skipped: 0, movementsCreated: 4 },
    })
    // One bar for the whole file, moved after each statement.
    const progress = lines.filter((line) => line.type === 'progress')
    expect(progress).toEqual([0, 2000, 4000, 6000].map((done) => ({ type: 'progress', done, total: 6000 })))
    expect(await rowCounts(lifter.id)).toEqual({ sessions: 300, sets: 6000, movements: 4, imports: 300 })

    // A later export holds the same sessions and ten more: only those are written, with the
    // movements the first import made, not a second of each name.
    const later = await importFile(lifter, strongFile(0, 310), mapping)
    expect(later.at(-1)).toEqual({
      type: 'done',
      result: { source: 'strong', sessions: 10, sets: 200, skipped: 300, movementsCreated: 0 },
    })
    expect(await rowCounts(lifter.id)).toEqual({ sessions: 310, sets: 6200, movements: 4, imports: 310 })
  }, 60_000)
})

describe('refusals', () => {
  test('a coach has no training history to import into', async () => {
    const coach = await signIn(t, { role: 'coach' })
    const res = await post(coach, '/api/history-import/preview', form(fixture('strong.csv')))
    expect(res.status).toBe(403)
  })

  test('bad uploads get a clear 4xx and write nothing', async () => {
    const lifter = await signIn(t)
    const cases: [string, Response, number, RegExp][] = [
      [
        'not multipart',
        await post(lifter, '/api/history-import/preview', 'Date,Workout Name', 'text/csv'),
        415,
        /multipart\/form-data/,
      ],
      [
        'no file',
        await post(lifter, '/api/history-import/preview', (() => (new FormData().set('unit', 'kg'), new FormData()))()),
        400,
        /Choose the CSV file/,
      ],
      [
        'another CSV',
        await post(lifter, '/api/history-import/preview', form('name,price\nbread,2')),
        400,
        /not an export from Strong or Hevy/,
      ],
      [
        'an image',
        await post(lifter, '/api/history-import/preview', form(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))),
        400,
        /not text/,
      ],
      [
        'a header alone',
        await post(
          lifter,
          '/api/history-import/preview',
          form(fixture('strong.csv').toString('utf8').split('\n')[0] ?? ''),
        ),
        400,
        /no sets/,
      ],
      [
        'a bad unit',
        await post(lifter, '/api/history-import/preview', form(fixture('strong.csv'), { unit: 'stone' })),
        400,
        /Unit must be kg or lb/,
      ],
      [
        'a bad time zone',
        await post(lifter, '/api/history-import/preview', form(fixture('strong.csv'), { timeZone: 'Mars/Olympus' })),
        400,
        /Not a time zone/,
      ],
      ['no mapping', await post(lifter, '/api/history-import', form(fixture('strong.csv'))), 400, /mapping/],
      [
        'a mapping that is not JSON',
        await post(lifter, '/api/history-import', form(fixture('strong.csv'), { mapping: '{' })),
        400,
        /mapping/,
      ],
      [
        'an exercise left unmapped',
        await post(
          lifter,
          '/api/history-import',
          form(fixture('hevy-imperial.csv'), {
            mapping: JSON.stringify([{ name: 'Running', create: { name: 'Run', tracking: 'distance_time' } }]),
          }),
        ),
        400,
        /Choose a movement for "Squat \(Barbell\)"/,
      ],
      [
        "another coach's movement",
        await post(
          lifter,
          '/api/history-import',
          form(fixture('hevy-imperial.csv'), {
            mapping: JSON.stringify([
              { name: 'Running', movementId: crypto.randomUUID() },
              { name: 'Squat (Barbell)', create: { name: 'Squat', tracking: 'weight_reps' } },
            ]),
          }),
        ),
        400,
        /does not exist or is not yours/,
      ],
    ]
    for (const [label, res, status, message] of cases) {
      expect(res.status, label).toBe(status)
      expect(ApiErrorBodySchema.parse(await res.json()).message, label).toMatch(message)
    }
    expect(await rowCounts(lifter.id)).toEqual({ sessions: 0, sets: 0, movements: 0, imports: 0 })
  })

  test('a file of many exercise names is previewed with suggestions for the most used ones only', async () => {
    const lifter = await signIn(t)
    const header =
      'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE'
    // 1,000 names; the first 50 have two sets each, so they are the most used.
    const rows = Array.from(
      { length: 1000 },
      (_, i) => `2023-05-14 08:03:11,A,1h,Bench Press ${i} (Barbell),1,20,10,0,0,,,`,
    )
    const extra = Array.from(
      { length: 50 },
      (_, i) => `2023-05-14 08:03:11,A,1h,Bench Press ${i} (Barbell),2,20,10,0,0,,,`,
    )
    const p = await preview(lifter, [header, ...rows, ...extra].join('\n'))
    expect(p.exercises).toHaveLength(1000)
    expect(p.exercises.slice(0, 50).every((e) => e.sets === 2 && e.suggestions.length > 0)).toBe(true)
    expect(p.exercises.slice(0, 150).every((e) => e.suggestions.length > 0)).toBe(true)
    // The rest are mapped by searching the library.
    expect(p.exercises.slice(150).every((e) => e.suggestions.length === 0 && !e.suggested)).toBe(true)
    // One name more than the limit is refused before any query.
    const more = await post(
      lifter,
      '/api/history-import/preview',
      form([header, ...rows, '2023-05-14 08:03:11,A,1h,One too many,1,20,10,0,0,,,'].join('\n')),
    )
    expect(more.status).toBe(400)
    expect(ApiErrorBodySchema.parse(await more.json()).message).toMatch(/at most 1,000 different exercises/)
  })

  test('a lifter sends one file at a time, and a limited number an hour', async () => {
    const lifter = await signIn(t)
    const [first, second] = await Promise.all([
      post(lifter, '/api/history-import/preview', form(fixture('strong.csv'))),
      post(lifter, '/api/history-import/preview', form(fixture('strong.csv'))),
    ])
    expect([first?.status, second?.status].sort()).toEqual([200, 429])
    const busy = first?.status === 429 ? first : second
    expect(busy?.headers.get('retry-after')).toBe('5')
    expect(ApiErrorBodySchema.parse(await busy?.json()).message).toBe(
      'A file of yours is being read: wait for it, then try again',
    )
    // Another lifter is not held up by this one.
    expect((await post(await signIn(t), '/api/history-import/preview', form(fixture('strong.csv')))).status).toBe(200)

    // This hour's uploads so far (the one read) plus 59 more reach the limit of 60.
    await t.db.execute(sql`update rate_limits set count = count + 59 where key = ${`history-import:${lifter.id}`}`)
    const refused = await post(lifter, '/api/history-import/preview', form(fixture('strong.csv')))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000)
    expect(ApiErrorBodySchema.parse(await refused.json()).message).toBe(
      'You can send at most 60 files an hour: try again later',
    )
  })

  test('a file over the limit is refused with 413', async () => {
    const lifter = await signIn(t)
    const res = await post(lifter, '/api/history-import/preview', form(new Uint8Array(9 * 1024 * 1024).fill(0x41)))
    expect(res.status).toBe(413)
    expect(ApiErrorBodySchema.parse(await res.json()).code).toBe('PAYLOAD_TOO_LARGE')
  })
})
