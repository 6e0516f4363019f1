import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, test } from 'vitest'
import { AppError } from '#server/lib/app-error.ts'
import { wallTimeOf } from './cell-values.ts'
import { parseExport } from './parse-export.ts'
import type { ParsedHistory } from './parsed-history.ts'

const fixture = (name: string) => new Uint8Array(readFileSync(resolve('tests/fixtures/history-import', name)))
const bytes = (text: string) => new TextEncoder().encode(text)
const kg = { unit: 'kg' as const, timeZone: 'UTC' }

const STRONG_HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE'

function setsOf(parsed: ParsedHistory, exercise: string) {
  return parsed.sessions.flatMap((session) =>
    session.exercises.filter((e) => e.name === exercise).flatMap((e) => e.sets),
  )
}

function refusal(run: () => unknown): AppError {
  try {
    run()
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('Strong', () => {
  test('reads sessions, set kinds, notes, timed and distance sets, and skips rest timers', () => {
    const parsed = parseExport(fixture('strong.csv'), kg)
    expect(parsed.source).toBe('strong')
    expect(parsed.problems).toEqual([])
    expect(parsed.sessions.map((s) => s.title)).toEqual(['Push Day', 'Pull Day', 'Conditioning'])
    expect(parsed.setCount).toBe(12)
    const [push] = parsed.sessions
    expect(push?.startedAt.toISOString()).toBe('2023-05-14T08:03:11.000Z')
    expect(push?.completedAt.toISOString()).toBe('2023-05-14T09:08:11.000Z')
    expect(push?.notes).toBe('Felt strong, slept 8h')
    const bench = setsOf(parsed, 'Bench Press (Barbell)')
    expect(bench.map((s) => [s.setType, s.loadKg, s.reps, s.rpe])).toEqual([
      ['warmup', 40, 10, null],
      ['working', 80, 5, 8],
      ['working', 82.5, 5, 8.5],
      ['drop', 60, 8, null],
    ])
    // The type is the set's own, not written into its note.
    expect(bench[0]?.note).toBeNull()
    expect(bench[1]?.note).toBe('Paused first rep')
    // A quoted note over two lines, with doubled quotes inside.
    expect(setsOf(parsed, 'Overhead Press (Barbell)')[0]?.note).toBe('Coach said "easy",\nkeep the elbows in')
    expect(setsOf(parsed, 'Plank')[0]).toMatchObject({ reps: null, loadKg: null, durationSeconds: 60 })
    expect(setsOf(parsed, 'Deadlift (Barbell)')[1]).toMatchObject({ setType: 'failure', note: null, rpe: 10 })
    expect(setsOf(parsed, 'Atlas Stone Load')[0]).toMatchObject({
      loadKg: 100,
      reps: null,
      distanceMeters: 20,
      durationSeconds: 45,
    })
    expect(Object.fromEntries(parsed.exercises.map((e) => [e.name, e.tracking]))).toMatchObject({
      'Bench Press (Barbell)': 'weight_reps',
      Plank: 'time',
      'Atlas Stone Load': 'weight_reps',
    })
  })

  test('weights in pounds when the upload says so, and distances in miles', () => {
    const parsed = parseExport(
      bytes(
        `${STRONG_HEADER}\n2023-05-14 08:03:11,Run,30m,Running,1,0,0,3.1,1800,,,\n2023-05-14 08:03:11,Run,30m,Curl,1,45,10,0,0,,,`,
      ),
      {
        unit: 'lb',
        timeZone: 'UTC',
      },
    )
    expect(setsOf(parsed, 'Running')[0]).toMatchObject({ distanceMeters: 4989, durationSeconds: 1800, reps: null })
    expect(setsOf(parsed, 'Curl')[0]?.loadKg).toBe(20.412)
    expect(parsed.exercises.find((e) => e.name === 'Running')?.tracking).toBe('distance_time')
  })

  test("an older export: ';' separators, decimal commas, a unit per row, CRLF and a BOM", () => {
    const parsed = parseExport(fixture('strong-semicolon.csv'), { unit: 'lb', timeZone: 'UTC' })
    expect(parsed.problems).toEqual([])
    expect(setsOf(parsed, 'Squat (Barbell)').map((s) => s.loadKg)).toEqual([102.5, 102.5])
    expect(setsOf(parsed, 'Leg Press')[0]?.loadKg).toBe(99.79)
    expect(parsed.sessions[0]?.completedAt.toISOString()).toBe('2019-01-11T13:33:54.000Z')
  })

  test('CRLF line endings, a BOM and the time zone of the lifter', () => {
    const text = `\uFEFF${STRONG_HEADER}\r\n2023-07-02 07:30:00,Legs,1h,Squat (Barbell),1,100,5,0,0,,,\r\n`
    const parsed = parseExport(bytes(text), { unit: 'kg', timeZone: 'Europe/Berlin' })
    // Berlin is UTC+2 in July.
    expect(parsed.sessions[0]?.startedAt.toISOString()).toBe('2023-07-02T05:30:00.000Z')
    const winter = parseExport(bytes(text.replace('2023-07-02', '2023-01-02')), {
      unit: 'kg',
      timeZone: 'Europe/Berlin',
    })
    expect(winter.sessions[0]?.startedAt.toISOString()).toBe('2023-01-02T06:30:00.000Z')
  })

  test('UTF-16 with a BOM and Windows-1252 text are read', () => {
    const text = `${STRONG_HEADER}\n2023-05-14 08:03:11,Müller's Tag,45m,Curl,1,20,10,0,0,Très bien,,`
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...new Uint8Array(new Uint16Array([...text].map((ch) => ch.charCodeAt(0))).buffer),
    ])
    expect(parseExport(utf16, kg).sessions[0]?.title).toBe("Müller's Tag")
    const latin = new Uint8Array([...text].map((ch) => ch.charCodeAt(0)))
    const parsed = parseExport(latin, kg)
    expect(parsed.sessions[0]?.title).toBe("Müller's Tag")
    expect(setsOf(parsed, 'Curl')[0]?.note).toBe('Très bien')
  })

  test('12-hour times and the other date forms', () => {
    expect(wallTimeOf('2024-03-01 7:05:12\u202fPM')).toEqual({
      year: 2024,
      month: 3,
      day: 1,
      hour: 19,
      minute: 5,
      second: 12,
    })
    expect(wallTimeOf('2024-03-01 12:05:12 AM')?.hour).toBe(0)
    expect(wallTimeOf('14 May 2023, 08:03')).toEqual({ year: 2023, month: 5, day: 14, hour: 8, minute: 3, second: 0 })
    expect(wallTimeOf('May 14, 2023, 8:03 PM')?.hour).toBe(20)
    expect(wallTimeOf('2023-02-30 08:00:00')).toBeNull()
    expect(wallTimeOf('2023-05-14 25:00:00')).toBeNull()
    expect(wallTimeOf('yesterday')).toBeNull()
  })

  test('bad rows are reported by the line they start on, and nothing of them is kept', () => {
    const parsed = parseExport(fixture('strong-bad-rows.csv'), kg)
    expect(parsed.problems).toEqual([
      { line: 3, message: 'Reps must be a whole number from 0 to 1000' },
      { line: 4, message: 'Reps must be a whole number from 0 to 1000' },
      { line: 6, message: 'Weight must be a number from 0 to 1500 kg' },
      { line: 7, message: 'Date must be a date and time like 2023-05-14 08:03:11' },
      { line: 8, message: 'RPE must be from 1 to 10 in steps of 0.5' },
      { line: 9, message: 'This row has 11 columns; the first line names 12' },
    ])
    expect(parsed.setCount).toBe(1)
  })

  test('a huge cell, an unclosed quote and a file of another app are refused with a clear message', () => {
    const huge = refusal(() =>
      parseExport(bytes(`${STRONG_HEADER}\n2023-05-14 08:03:11,A,1h,Curl,1,20,10,0,0,${'x'.repeat(70_000)},,`), kg),
    )
    expect(huge.status).toBe(400)
    expect(huge.message).toMatch(/^Line 2: the values of this row are longer than 65,536 characters together/)
    const unclosed = refusal(() =>
      parseExport(bytes(`${STRONG_HEADER}\n2023-05-14 08:03:11,"A,1h,Curl,1,20,10,0,0,,,`), kg),
    )
    expect(unclosed.message).toMatch(/quoted value opened on this line is never closed/)
    expect(refusal(() => parseExport(bytes('name,price\nbread,2'), kg)).message).toMatch(
      /not an export from Strong or Hevy/,
    )
    expect(refusal(() => parseExport(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), kg)).message).toMatch(
      /not text/,
    )
    expect(refusal(() => parseExport(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]), kg)).message).toMatch(
      /zip archive/,
    )
    expect(refusal(() => parseExport(new Uint8Array(), kg)).message).toBe('The file is empty')
  })

  test('an unclosed quote is reported on the line where it opens, not at the end of the file', () => {
    const rows = Array.from({ length: 1000 }, () => '2023-05-14 08:03:11,A,1h,Curl,1,20,10,0,0,,,').join('\n')
    const quoteOnLine2 = refusal(() =>
      parseExport(bytes(`${STRONG_HEADER}\n2023-05-14 08:03:11,"A,1h,Curl,1,20,10,0,0,,,\n${rows}`), kg),
    )
    expect(quoteOnLine2.message).toMatch(/^Line 2: a quoted value opened on this line is never closed/)
    const quoteOnLine5 = refusal(() =>
      parseExport(
        bytes(
          `${STRONG_HEADER}\n${rows.split('\n').slice(0, 2).join('\r\n')}\r\n\r\n2023-05-14 08:03:11,"A,1h,Curl,1,20,10,0,0,,,\r\n${rows}`,
        ),
        kg,
      ),
    )
    expect(quoteOnLine5.message).toMatch(/^Line 5: /)
  })

  test('the length limit is on a whole row, and its message says so', () => {
    // Twelve values of 6,000 characters: none is long, the row is.
    const long = Array.from({ length: 12 }, () => 'y'.repeat(6000)).join(',')
    const error = refusal(() =>
      parseExport(
        bytes(
          `${STRONG_HEADER}\n2023-05-14 08:03:11,A,1h,Curl,1,20,10,0,0,,,\n${long}\n2023-05-14 08:03:11,A,1h,Curl,2,20,10,0,0,,,`,
        ),
        kg,
      ),
    )
    expect(error.message).toBe(
      'Line 3: the values of this row are longer than 65,536 characters together, so the file is not read further',
    )
  })

  test('a file of junk is refused after a few hundred bad values, naming the first ones, without reading on', () => {
    // 4 MB of one-column rows, and of rows of empty cells: each row is a bad row.
    for (const junk of ['a\n', ',\n', ',,,,,,,,,,,\n']) {
      const error = refusal(() =>
        parseExport(bytes(`${STRONG_HEADER}\n${junk.repeat(Math.floor((4 * 1024 * 1024) / junk.length))}`), kg),
      )
      expect(error.status).toBe(400)
      expect(error.message).toMatch(
        /^More than 200 rows of this file cannot be read, so it is not read further: is it an export from Strong or Hevy\? Line 2: /,
      )
    }
  })

  test('a file with more rows than the limit is refused, even of rows that hold no set', () => {
    const error = refusal(() =>
      parseExport(bytes(`${STRONG_HEADER}\n${',,,,Rest Timer,,,,,,,\n'.repeat(200_001)}`), kg),
    )
    expect(error.message).toBe('A file holds at most 200,000 rows: export a shorter period')
  })

  test('a file naming more different exercises than the limit is refused', () => {
    const rows = Array.from({ length: 1001 }, (_, i) => `2023-05-14 08:03:11,A,1h,Exercise ${i},1,20,10,0,0,,,`).join(
      '\n',
    )
    expect(refusal(() => parseExport(bytes(`${STRONG_HEADER}\n${rows}`), kg)).message).toMatch(
      /^A file names at most 1,000 different exercises/,
    )
  })

  test('an explicit offset from UTC wins over the time zone chosen for the upload', () => {
    const newYork = { unit: 'kg' as const, timeZone: 'America/New_York' }
    const at = (date: string) =>
      parseExport(
        bytes(`${STRONG_HEADER}\n${date},A,1h,Curl,1,20,10,0,0,,,`),
        newYork,
      ).sessions[0]?.startedAt.toISOString()
    expect(at('2023-05-14T08:03:11Z')).toBe('2023-05-14T08:03:11.000Z')
    expect(at('2023-05-14T08:03:11+09:00')).toBe('2023-05-13T23:03:11.000Z')
    expect(at('2023-05-14 08:03:11-0230')).toBe('2023-05-14T10:33:11.000Z')
    // Without an offset the chosen zone still decides (New York is 4 hours behind UTC in May).
    expect(at('2023-05-14 08:03:11')).toBe('2023-05-14T12:03:11.000Z')
    expect(wallTimeOf('2023-05-14T08:03:11+15:00')).toBeNull()
    expect(wallTimeOf('2023-05-14T08:03:11+05:99')).toBeNull()
    // A session's key is its time as written without the offset, as before offsets were read:
    // a file imported then is recognised now.
    const key = (date: string) =>
      parseExport(bytes(`${STRONG_HEADER}\n${date},A,1h,Curl,1,20,10,0,0,,,`), newYork).sessions[0]?.key
    expect(key('2023-05-14T08:03:11Z')).toBe(key('2023-05-14T08:03:11'))
  })

  test('a file of damaged rows is still previewed up to 200 rows, however many problems each has', () => {
    // Each row has four problems (date, set order, weight, reps): 150 rows, 600 problems.
    const rows = Array.from({ length: 150 }, () => 'yesterday,A,1h,Curl,first,heavy,many,0,0,,,').join('\n')
    const parsed = parseExport(bytes(`${STRONG_HEADER}\n${rows}`), kg)
    expect(parsed.problems).toHaveLength(600)
    expect(new Set(parsed.problems.map((p) => p.line)).size).toBe(150)
  })

  test('notes longer than 2,000 characters are cut, not refused', () => {
    const parsed = parseExport(
      bytes(`${STRONG_HEADER}\n2023-05-14 08:03:11,A,1h,Curl,1,20,10,0,0,${'n'.repeat(3000)},,`),
      kg,
    )
    expect(setsOf(parsed, 'Curl')[0]?.note).toHaveLength(2000)
  })
})

describe('Hevy', () => {
  test('reads sessions with end times, set types, supersets and exercise notes', () => {
    const parsed = parseExport(fixture('hevy-workout_data.csv'), { unit: 'lb', timeZone: 'UTC' })
    expect(parsed.source).toBe('hevy')
    // The file names its unit (weight_kg), whatever the upload said.
    expect(parsed.unit).toBe('kg')
    expect(parsed.problems).toEqual([])
    const [upper, run] = parsed.sessions
    expect(upper).toMatchObject({ title: 'Upper A', notes: 'First session back' })
    expect(upper?.startedAt.toISOString()).toBe('2023-05-14T08:03:00.000Z')
    expect(upper?.completedAt.toISOString()).toBe('2023-05-14T09:10:00.000Z')
    const bench = upper?.exercises.find((e) => e.name === 'Bench Press (Barbell)')
    expect(bench).toMatchObject({ notes: 'Slight arch', superset: null })
    expect(bench?.sets.map((s) => [s.setType, s.loadKg, s.reps, s.rpe])).toEqual([
      ['warmup', 40, 10, null],
      ['working', 85, 5, 8],
      ['failure', 85, 4, 10],
    ])
    expect(upper?.exercises.filter((e) => e.superset === 'A').map((e) => e.name)).toEqual([
      'Bent Over Row (Barbell)',
      'Lateral Raise (Dumbbell)',
    ])
    expect(setsOf(parsed, 'Lateral Raise (Dumbbell)')[0]).toMatchObject({ setType: 'drop', loadKg: 12.5, note: null })
    expect(setsOf(parsed, 'Plank')[0]).toMatchObject({ durationSeconds: 75, reps: null })
    expect(run?.exercises[0]?.sets[0]).toMatchObject({ distanceMeters: 5250, durationSeconds: 1860 })
  })

  test('an imperial export: weight_lbs and distance_miles', () => {
    const parsed = parseExport(fixture('hevy-imperial.csv'), kg)
    expect(parsed.unit).toBe('lb')
    expect(setsOf(parsed, 'Squat (Barbell)').map((s) => [s.loadKg, s.rpe])).toEqual([
      [102.058, 7.5],
      [102.058, 8],
    ])
    expect(setsOf(parsed, 'Running')[0]?.distanceMeters).toBe(3219)
  })

  test('bad set types, indexes and times are reported by line', () => {
    const header =
      'title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe'
    const rows = [
      'A,"14 May 2023, 08:03","14 May 2023, 09:00",,Curl,,,0,giant,10,10,,,',
      'A,"14 May 2023, 08:03","14 May 2023, 07:00",,Curl,,,1,normal,10,10,,,',
      'A,"14 May 2023, 08:03","14 May 2023, 09:00",,Curl,x,,one,normal,10,10,,,',
    ]
    const parsed = parseExport(bytes([header, ...rows].join('\n')), kg)
    expect(parsed.problems).toEqual([
      { line: 2, message: 'set_type must be normal, warmup, dropset or failure' },
      { line: 3, message: 'end_time is before start_time' },
      { line: 4, message: 'set_index must be a whole number' },
      { line: 4, message: 'superset_id must be a number' },
    ])
  })

  test('the same workout has the same key in any time zone, and different workouts differ', () => {
    const a = parseExport(fixture('hevy-workout_data.csv'), kg)
    const b = parseExport(fixture('hevy-workout_data.csv'), { unit: 'kg', timeZone: 'America/New_York' })
    expect(a.sessions.map((s) => s.key)).toEqual(b.sessions.map((s) => s.key))
    expect(new Set(a.sessions.map((s) => s.key)).size).toBe(2)
  })
})
