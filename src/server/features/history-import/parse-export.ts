import { createHash } from 'node:crypto'
import { CsvError, parse } from 'csv-parse/sync'
import {
  historyImportApiText,
  importRowText,
  MAX_IMPORT_EXERCISES,
  MAX_IMPORT_ROW_CHARS,
  MAX_IMPORT_ROWS,
  MAX_IMPORT_SETS,
  MAX_LISTED_PROBLEMS,
  type ImportProblem,
  type ImportSource,
} from '#shared/schemas/history-import.ts'
import type { Tracking } from '#shared/schemas/movements.ts'
import type { Unit } from '#shared/units.ts'
import { toKg } from '#shared/units.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { SetType } from '#shared/set-types.ts'

/**
 * Reads Strong's and Hevy's CSV exports (docs/import.md): the bytes as uploaded, whatever their
 * encoding and line endings, into sessions of sets, or the rows that cannot be read, each by
 * its line in the file.
 */

type ParsedSet = {
  line: number
  setType: SetType
  reps: number | null
  loadKg: number | null
  rpe: number | null
  durationSeconds: number | null
  distanceMeters: number | null
  note: string | null
}

type ParsedExercise = { name: string; notes: string | null; superset: string | null; sets: ParsedSet[] }

export type ParsedSession = {
  /** Stable across uploads of the same workout: the source, its local start time and its title, hashed. */
  key: string
  title: string
  startedAt: Date
  completedAt: Date
  notes: string | null
  exercises: ParsedExercise[]
}

type ExerciseStats = { name: string; sets: number; sessions: number; tracking: Tracking }

export type ParsedHistory = {
  source: ImportSource
  unit: Unit
  sessions: ParsedSession[]
  setCount: number
  exercises: ExerciseStats[]
  problems: ImportProblem[]
}

export type ParseOptions = { unit: Unit; timeZone: string }

/** Bad rows a file may have and still be previewed (each listed with its problems). */
const MAX_BAD_ROWS = MAX_LISTED_PROBLEMS
const TEXT_MAX = 2000
const NAME_MAX = 200
const MAX_LOAD_KG = 1500
const METERS_PER_MILE = 1609.344

/** The uploaded bytes as text: UTF-8 (with or without a BOM), UTF-16 with a BOM, or else Windows-1252. */
function decodeUpload(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new AppError('BAD_REQUEST', { message: historyImportApiText.empty })
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new AppError('BAD_REQUEST', { message: 'This is a zip archive: unzip it and choose the CSV file inside' })
  }
  let text: string
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2))
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2))
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      // Not UTF-8: an older export saved by a spreadsheet on Windows.
      text = new TextDecoder('windows-1252').decode(bytes)
    }
  }
  // Text never holds NUL; a file that does is an image, an archive or a database.
  if (text.includes('\u0000')) throw new AppError('BAD_REQUEST', { message: historyImportApiText.notText })
  return text.replace(/^\uFEFF/, '')
}

/** Whether a time zone name is one this server knows. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name })
    return true
  } catch {
    return false
  }
}

type Row = { line: number; cells: string[] }

/** Thrown from inside the CSV reader to stop it: the file has already been refused. */
class StopReading extends Error {
  constructor(readonly refusal: AppError) {
    super(refusal.message)
  }
}

/**
 * Reads the file's rows one at a time and hands each after the header to `onRow`, with the line
 * it starts on; nothing holds the rows themselves.
 */
function readRows(text: string, onHeader: (header: string[]) => void, onRow: (row: Row) => void): void {
  const firstLine = text.slice(0, text.search(/\r\n|\n|\r|$/))
  if (!firstLine.trim()) throw new AppError('BAD_REQUEST', { message: historyImportApiText.unknownLayout })
  // Strong writes ';' in locales whose decimal mark is a comma; the header tells which.
  const delimiter = [',', ';', '\t'].reduce(
    (best, candidate) => (firstLine.split(candidate).length > firstLine.split(best).length ? candidate : best),
    ',',
  )
  const buffer = Buffer.from(text)
  let header = true
  let rows = 0
  // Where the last row read whole ends, in bytes: an unfinished row begins after it.
  let rowsEndAt = 0
  try {
    parse(buffer, {
      delimiter,
      info: true,
      raw: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // csv-parse counts the characters of a row's values together (not its separators or quotes).
      max_record_size: MAX_IMPORT_ROW_CHARS,
      // Each row is handled as it is read and then dropped (null): the parser keeps no list of them.
      on_record: (entry: unknown) => {
        const { record, raw, info } = entry as { record: string[]; raw: string; info: { lines: number; bytes: number } }
        const line = info.lines - innerLineBreaks(raw)
        rowsEndAt = info.bytes
        if (header) {
          header = false
          onHeader(record.map((name) => name.trim().toLowerCase()))
        } else if (++rows > MAX_IMPORT_ROWS) {
          throw new StopReading(new AppError('BAD_REQUEST', { message: historyImportApiText.tooManyRows }))
        } else {
          onRow({ cells: record, line })
        }
        return null
      },
    })
  } catch (error) {
    if (error instanceof StopReading) throw error.refusal
    if (error instanceof CsvError)
      throw new AppError('BAD_REQUEST', { message: csvErrorMessage(error, buffer, rowsEndAt) })
    throw error
  }
  if (header) throw new AppError('BAD_REQUEST', { message: historyImportApiText.empty })
}

/** The line of `buffer` that the byte at `offset` is on (the first line is 1). */
function lineAt(buffer: Buffer, offset: number): number {
  let line = 1
  for (let i = 0; i < offset && i < buffer.length; i++) {
    if (buffer[i] === 0x0a || (buffer[i] === 0x0d && buffer[i + 1] !== 0x0a)) line++
  }
  return line
}

/** Where the row the reader stopped in begins: after the rows read whole and any blank lines after them. */
function lineOfUnfinishedRow(buffer: Buffer, rowsEndAt: number): number {
  let offset = rowsEndAt
  while (offset < buffer.length && (buffer[offset] === 0x0a || buffer[offset] === 0x0d)) offset++
  return lineAt(buffer, offset)
}

function csvErrorMessage(error: CsvError, buffer: Buffer, rowsEndAt: number): string {
  const { lines } = error as CsvError & { lines?: number }
  // csv-parse reports the line it had reached; a value never closed runs to the end of the file,
  // so that one is reported where its row begins, which is where the lifter has to look.
  const line = error.code === 'CSV_QUOTE_NOT_CLOSED' ? lineOfUnfinishedRow(buffer, rowsEndAt) : lines
  const where = line ? `Line ${line}: ` : ''
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `${where}a quoted value opened on this line is never closed, so the rest of the file cannot be read`
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return `${where}a quote inside a value must be doubled ("")`
    case 'CSV_MAX_RECORD_SIZE':
      return `${where}${historyImportApiText.rowTooLong}`
    default:
      return `${where}this is not a valid CSV row`
  }
}

const STRONG_REQUIRED = ['date', 'workout name', 'exercise name', 'set order', 'weight', 'reps']
const HEVY_REQUIRED = ['title', 'start_time', 'exercise_title', 'set_index', 'reps']

/**
 * Reads an export of either app; throws a 4xx for a file that is not one. The work is bounded by
 * the file, not by what is wrong with it: reading stops at the first row past MAX_IMPORT_ROWS,
 * the first set past MAX_IMPORT_SETS, the first exercise name past MAX_IMPORT_EXERCISES, and the
 * first bad row past MAX_BAD_ROWS (a file with that many is not an export to fix row by row).
 */
export function parseExport(bytes: Uint8Array, options: ParseOptions): ParsedHistory {
  let reader: StrongReader | HevyReader | null = null
  let columns = 0
  const stopIfHopeless = () => {
    if (reader && reader.badRowCount > MAX_BAD_ROWS) throw new StopReading(tooManyBadRows(reader.result().problems))
  }
  readRows(
    decodeUpload(bytes),
    (header) => {
      const has = (names: string[]) => names.every((name) => header.includes(name))
      reader = has(STRONG_REQUIRED)
        ? new StrongReader(header, options)
        : has(HEVY_REQUIRED)
          ? new HevyReader(header, options)
          : null
      if (!reader) throw new StopReading(new AppError('BAD_REQUEST', { message: historyImportApiText.unknownLayout }))
      columns = header.length
    },
    (row) => {
      const r = reader as StrongReader | HevyReader
      if (row.cells.length === 1 && row.cells[0]?.trim() === '') return
      if (row.cells.length !== columns) r.problem(row.line, importRowText.columns(row.cells.length, columns))
      else r.read(row)
      if (r.setCount > MAX_IMPORT_SETS)
        throw new StopReading(new AppError('BAD_REQUEST', { message: historyImportApiText.tooManySets }))
      if (r.exerciseCount > MAX_IMPORT_EXERCISES)
        throw new StopReading(new AppError('BAD_REQUEST', { message: historyImportApiText.tooManyExercises }))
      stopIfHopeless()
    },
  )
  return (reader as StrongReader | HevyReader | null)?.result() ?? throwEmpty()
}

function throwEmpty(): never {
  throw new AppError('BAD_REQUEST', { message: historyImportApiText.empty })
}

/** The refusal of a file with more bad rows than MAX_BAD_ROWS, naming the first few. */
function tooManyBadRows(problems: ImportProblem[]): AppError {
  const first = problems
    .slice(0, 3)
    .map((problem) => `Line ${problem.line}: ${problem.message}`)
    .join('; ')
  return new AppError('BAD_REQUEST', { message: `${historyImportApiText.tooManyBadRows} ${first}` })
}

/** What the two readers share: sessions by key, exercises by name, problems by line. */
abstract class Reader {
  protected readonly sessions = new Map<string, ParsedSession>()
  private readonly problems: ImportProblem[] = []
  private readonly stats = new Map<
    string,
    { sets: number; sessions: Set<string>; weight: boolean; reps: boolean; distance: boolean; time: boolean }
  >()
  private readonly zoned: ZonedClock
  private readonly moments = new Map<string, Date>()
  private readonly columns: Map<string, number>
  setCount = 0

  constructor(
    header: string[],
    protected readonly options: ParseOptions,
    private readonly source: ImportSource,
    protected readonly unit: Unit,
  ) {
    this.columns = new Map(header.map((name, index) => [name, index]))
    this.zoned = new ZonedClock(options.timeZone)
  }

  abstract read(row: Row): void

  problem(line: number, message: string): void {
    // Rows come in order, so a row's problems follow each other.
    if (this.problems.at(-1)?.line !== line) this.badRowCount += 1
    this.problems.push({ line, message })
  }

  /** Rows with at least one problem (a row may have several). */
  badRowCount = 0

  get exerciseCount(): number {
    return this.stats.size
  }

  protected cell(row: Row, column: string): string {
    const index = this.columns.get(column)
    return index === undefined ? '' : (row.cells[index] ?? '').trim()
  }

  protected hasColumn(column: string): boolean {
    return this.columns.has(column)
  }

  /** A local time as the instant it was; every row of a session repeats its time, so each is worked out once. */
  protected moment(wall: WallTime): Date {
    const text = wallText(wall)
    let moment = this.moments.get(text)
    if (!moment) {
      moment = this.zoned.toUtc(wall)
      this.moments.set(text, moment)
    }
    return moment
  }

  /** The session of a start time and title, made at its first row. */
  protected session(
    wall: WallTime,
    title: string,
    make: () => Omit<ParsedSession, 'key' | 'exercises' | 'title'>,
  ): ParsedSession {
    // The key is the time as written without its offset, as it was before offsets were read, so
    // a file imported then is recognised now.
    const local = wallText(wall, false)
    const mapKey = `${local}\n${title}`
    let session = this.sessions.get(mapKey)
    if (!session) {
      const key = createHash('sha256').update(`${this.source}\n${local}\n${title}`).digest('hex')
      session = { key, title: title || 'Workout', exercises: [], ...make() }
      this.sessions.set(mapKey, session)
    }
    return session
  }

  protected addSet(
    session: ParsedSession,
    exerciseName: string,
    set: ParsedSet,
    extra: { notes?: string | null; superset?: string | null } = {},
  ): void {
    const empty =
      set.reps === null && set.loadKg === null && set.durationSeconds === null && set.distanceMeters === null
    // A row with nothing in it (a set left blank in the app) is no set.
    if (empty) return
    let exercise = session.exercises.find((e) => e.name === exerciseName)
    if (!exercise) {
      exercise = { name: exerciseName, notes: extra.notes ?? null, superset: extra.superset ?? null, sets: [] }
      session.exercises.push(exercise)
    }
    exercise.sets.push(set)
    this.setCount += 1
    const stats = this.stats.get(exerciseName) ?? {
      sets: 0,
      sessions: new Set<string>(),
      weight: false,
      reps: false,
      distance: false,
      time: false,
    }
    stats.sets += 1
    stats.sessions.add(session.key)
    stats.weight ||= (set.loadKg ?? 0) > 0
    stats.reps ||= (set.reps ?? 0) > 0
    stats.distance ||= (set.distanceMeters ?? 0) > 0
    stats.time ||= (set.durationSeconds ?? 0) > 0
    this.stats.set(exerciseName, stats)
  }

  result(): ParsedHistory {
    const exercises = [...this.stats].map(([name, s]) => ({
      name,
      sets: s.sets,
      sessions: s.sessions.size,
      tracking: (s.weight
        ? 'weight_reps'
        : s.distance
          ? 'distance_time'
          : s.time && !s.reps
            ? 'time'
            : 'reps') as Tracking,
    }))
    const sessions = [...this.sessions.values()]
      .filter((s) => s.exercises.length > 0)
      .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
    return {
      source: this.source,
      unit: this.unit,
      sessions,
      setCount: this.setCount,
      exercises: exercises.sort((a, b) => b.sets - a.sets || a.name.localeCompare(b.name)),
      problems: this.problems.sort((a, b) => a.line - b.line),
    }
  }

  /** Shared checks of one set's values; null when a problem was reported. */
  protected values(
    line: number,
    raw: { weight: string; reps: string; distance: string; seconds: string; rpe: string },
    units: { weight: Unit; miles: boolean },
  ) {
    const problems: string[] = []
    const weight = decimal(raw.weight)
    const loadKg = weight === null || weight === 0 ? null : Number.isNaN(weight) ? NaN : toKg(weight, units.weight)
    if (Number.isNaN(loadKg ?? 0) || (loadKg ?? 0) < 0 || (loadKg ?? 0) > MAX_LOAD_KG)
      problems.push(importRowText.weight)
    const reps = whole(raw.reps)
    if (Number.isNaN(reps ?? 0) || (reps ?? 0) < 0 || (reps ?? 0) > 1000) problems.push(importRowText.reps)
    const distance = decimal(raw.distance)
    const distanceMeters =
      distance === null || distance === 0 ? null : Math.round(distance * (units.miles ? METERS_PER_MILE : 1000))
    if (Number.isNaN(distanceMeters ?? 0) || (distanceMeters ?? 0) < 0 || (distanceMeters ?? 0) > 1_000_000)
      problems.push(importRowText.distance)
    const seconds = decimal(raw.seconds)
    const durationSeconds = seconds === null || seconds === 0 ? null : Math.round(seconds)
    if (Number.isNaN(durationSeconds ?? 0) || (durationSeconds ?? 0) < 0 || (durationSeconds ?? 0) > 86_400)
      problems.push(importRowText.seconds)
    const rpeValue = decimal(raw.rpe)
    const rpe = rpeValue === null || rpeValue === 0 ? null : rpeValue
    if (rpe !== null && (Number.isNaN(rpe) || rpe < 1 || rpe > 10 || !Number.isInteger(rpe * 2)))
      problems.push(importRowText.rpe)
    for (const message of problems) this.problem(line, message)
    if (problems.length) return null
    // A timed set written with 0 reps has no reps.
    return {
      loadKg,
      reps: reps === 0 && (durationSeconds !== null || distanceMeters !== null) ? null : reps,
      distanceMeters,
      durationSeconds,
      rpe,
    }
  }
}

/**
 * Strong: one row a set, `Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,
 * Seconds,Notes,Workout Notes,RPE` (older files: no RPE or Duration, or a Weight Unit and Distance
 * Unit per row and a Workout Duration). Weights are in the lifter's unit, which the file does not
 * say: the upload's.
 */
class StrongReader extends Reader {
  constructor(header: string[], options: ParseOptions) {
    super(header, options, 'strong', options.unit)
  }

  read(row: Row): void {
    const order = this.cell(row, 'set order')
    if (/^rest\s*timer$/i.test(order)) return
    const setType = strongSetType(order)
    if (!setType) this.problem(row.line, importRowText.setOrder)
    const wall = wallTimeOf(this.cell(row, 'date'))
    if (!wall) this.problem(row.line, importRowText.date)
    const title = this.cell(row, 'workout name')
    if (title.length > NAME_MAX) this.problem(row.line, importRowText.titleTooLong)
    const exercise = exerciseName(this, row.line, this.cell(row, 'exercise name'))
    const durationText = this.cell(row, 'duration') || this.cell(row, 'workout duration')
    const duration = durationSeconds(durationText)
    if (duration === null) this.problem(row.line, importRowText.duration)
    const rowUnit = this.cell(row, 'weight unit').toLowerCase()
    const distanceUnit = this.cell(row, 'distance unit').toLowerCase()
    const units = {
      weight: rowUnit === 'lbs' || rowUnit === 'lb' ? ('lb' as const) : rowUnit === 'kg' ? ('kg' as const) : this.unit,
      miles: distanceUnit ? distanceUnit.startsWith('mi') : this.unit === 'lb',
    }
    const values = this.values(
      row.line,
      {
        weight: this.cell(row, 'weight'),
        reps: this.cell(row, 'reps'),
        distance: this.cell(row, 'distance'),
        seconds: this.cell(row, 'seconds'),
        rpe: this.cell(row, 'rpe'),
      },
      units,
    )
    if (!setType || !wall || !exercise || duration === null || !values || title.length > NAME_MAX) return
    const startedAt = this.moment(wall)
    const session = this.session(wall, title, () => ({
      startedAt,
      completedAt: new Date(startedAt.getTime() + duration * 1000),
      notes: text(this.cell(row, 'workout notes')),
    }))
    session.notes ??= text(this.cell(row, 'workout notes'))
    this.addSet(session, exercise, { line: row.line, setType, ...values, note: text(this.cell(row, 'notes')) })
  }
}

/**
 * Hevy: `title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,
 * set_type,weight_kg,reps,distance_km,duration_seconds,rpe`; an imperial lifter's file has
 * weight_lbs and distance_miles instead, so the file names its own unit.
 */
class HevyReader extends Reader {
  private readonly supersets = new Map<ParsedSession, Map<string, string>>()

  constructor(header: string[], options: ParseOptions) {
    super(
      header,
      options,
      'hevy',
      header.includes('weight_lbs') ? 'lb' : header.includes('weight_kg') ? 'kg' : options.unit,
    )
  }

  read(row: Row): void {
    const wall = wallTimeOf(this.cell(row, 'start_time'))
    if (!wall) this.problem(row.line, importRowText.hevyDate)
    const endText = this.cell(row, 'end_time')
    const end = endText ? wallTimeOf(endText) : null
    if (endText && !end) this.problem(row.line, importRowText.hevyDate.replace('start_time', 'end_time'))
    const title = this.cell(row, 'title')
    if (title.length > NAME_MAX) this.problem(row.line, importRowText.titleTooLong)
    const exercise = exerciseName(this, row.line, this.cell(row, 'exercise_title'))
    const index = whole(this.cell(row, 'set_index'))
    if (index === null || Number.isNaN(index) || index < 0) this.problem(row.line, importRowText.setIndex)
    const type = this.cell(row, 'set_type').toLowerCase() || 'normal'
    const setType = HEVY_SET_TYPES[type]
    if (!setType) this.problem(row.line, importRowText.setType)
    const supersetId = this.cell(row, 'superset_id')
    if (supersetId && !/^\d+(\.0+)?$/.test(supersetId)) this.problem(row.line, importRowText.superset)
    const values = this.values(
      row.line,
      {
        weight: this.cell(row, this.hasColumn('weight_lbs') ? 'weight_lbs' : 'weight_kg'),
        reps: this.cell(row, 'reps'),
        distance: this.cell(row, this.hasColumn('distance_miles') ? 'distance_miles' : 'distance_km'),
        seconds: this.cell(row, 'duration_seconds'),
        rpe: this.cell(row, 'rpe'),
      },
      { weight: this.unit, miles: this.hasColumn('distance_miles') },
    )
    if (
      !wall ||
      (endText && !end) ||
      !exercise ||
      !setType ||
      index === null ||
      Number.isNaN(index) ||
      index < 0 ||
      !values ||
      title.length > NAME_MAX
    )
      return
    if (supersetId && !/^\d+(\.0+)?$/.test(supersetId)) return
    const startedAt = this.moment(wall)
    const completedAt = end ? this.moment(end) : startedAt
    if (completedAt < startedAt) {
      this.problem(row.line, importRowText.endBeforeStart)
      return
    }
    const session = this.session(wall, title, () => ({
      startedAt,
      completedAt,
      notes: text(this.cell(row, 'description')),
    }))
    this.addSet(
      session,
      exercise,
      { line: row.line, setType, ...values, note: null },
      { notes: text(this.cell(row, 'exercise_notes')), superset: this.letter(session, supersetId) },
    )
  }

  /** Hevy numbers supersets across the app; a session names its own A, B, C... in order of appearance. */
  private letter(session: ParsedSession, id: string): string | null {
    if (!id) return null
    const letters = this.supersets.get(session) ?? new Map<string, string>()
    this.supersets.set(session, letters)
    if (!letters.has(id) && letters.size < 26) letters.set(id, String.fromCharCode(65 + letters.size))
    return letters.get(id) ?? null
  }
}

/** Hevy's set_type column, as our set types. */
const HEVY_SET_TYPES: Record<string, SetType | undefined> = {
  normal: 'working',
  warmup: 'warmup',
  dropset: 'drop',
  failure: 'failure',
}

/** Strong's Set Order: a number for a working set, W, D or F (with or without a number) for a warm-up, a drop set or a set to failure. */
function strongSetType(order: string): SetType | null {
  if (/^\d+(\.0+)?$/.test(order)) return 'working'
  const letter = /^([wdf])\d*$/i.exec(order)?.[1]?.toLowerCase()
  return letter === 'w' ? 'warmup' : letter === 'd' ? 'drop' : letter === 'f' ? 'failure' : null
}

function exerciseName(reader: Reader, line: number, name: string): string | null {
  const clean = name.replace(/\s+/g, ' ')
  if (!clean) reader.problem(line, importRowText.exercise)
  else if (clean.length > NAME_MAX) reader.problem(line, importRowText.exerciseTooLong)
  else return clean
  return null
}

/** Free text as stored: trimmed, empty as null, at most 2,000 characters (longer notes are cut). */
function text(value: string): string | null {
  const trimmed = value.trim()
  return trimmed ? trimmed.slice(0, TEXT_MAX) : null
}

/** A number as the apps write it ('62.5', '62,5' where the decimal mark is a comma); null when empty, NaN when not a number. */
function decimal(value: string): number | null {
  if (value === '') return null
  return /^\d+([.,]\d+)?$/.test(value) ? Number(value.replace(',', '.')) : NaN
}

/** A whole number ('8', or '8.0' as some exports write it); NaN for anything else. */
function whole(value: string): number | null {
  const number = decimal(value)
  return number === null || Number.isInteger(number) ? number : NaN
}

/** The line breaks inside a record's raw text (a quoted cell's), not those before or after it. */
function innerLineBreaks(raw: string): number {
  let start = 0
  let end = raw.length
  while (start < end && (raw[start] === '\r' || raw[start] === '\n')) start++
  while (end > start && (raw[end - 1] === '\r' || raw[end - 1] === '\n')) end--
  return raw.slice(start, end).match(/\r\n|\n|\r/g)?.length ?? 0
}

/** Strong's workout length: '1h 5m', '45m', '30s', '1h'; empty is none (0). Null when unreadable. */
function durationSeconds(value: string): number | null {
  if (!value) return 0
  // Spaces are dropped first: spaces on both sides of each part would let the pattern backtrack.
  const match = /^(?:(\d+)h)?(?:(\d+)m(?:in)?)?(?:(\d+)s)?$/i.exec(value.replace(/\s/g, ''))
  if (!match || (!match[1] && !match[2] && !match[3])) {
    // Some exports write the minutes alone, or h:mm:ss.
    if (/^\d+$/.test(value)) return Number(value) * 60
    const clock = /^(\d+):(\d{2})(?::(\d{2}))?$/.exec(value)
    return clock ? Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3] ?? 0) : null
  }
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0)
  return seconds <= 7 * 86_400 ? seconds : null
}

/**
 * A time of day on a calendar day as the files write it: in the lifter's local time, or, when the
 * file names an offset from UTC (`Z`, `+09:00`), at that offset, which then wins over the zone
 * chosen for the upload.
 */
export type WallTime = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  offsetMinutes?: number
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * The date formats of the two apps: '2023-05-14 08:03:11' (Strong), '2024-03-01 7:05:12 PM'
 * (Strong on a 12-hour phone), '14 May 2023, 08:03' (Hevy), 'May 14, 2023, 8:03 AM', ISO 8601.
 */
export function wallTimeOf(value: string): WallTime | null {
  const clean = value.replace(/[\u202f\u00a0]/g, ' ').trim()
  let year: number, month: number, day: number, rest: string
  // The time after the date is taken whole and trimmed below: a run of spaces before a greedy
  // rest would let these patterns backtrack.
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](.*))?$/.exec(clean)
  const dayFirst = /^(\d{1,2}) ([a-z]+)\.? (\d{4}),?(.*)$/i.exec(clean)
  const monthFirst = /^([a-z]+)\.? (\d{1,2}),? (\d{4}),?(.*)$/i.exec(clean)
  if (iso) [year, month, day, rest] = [Number(iso[1]), Number(iso[2]), Number(iso[3]), iso[4] ?? '']
  else if (dayFirst)
    [year, month, day, rest] = [
      Number(dayFirst[3]),
      monthNumber(dayFirst[2] ?? ''),
      Number(dayFirst[1]),
      dayFirst[4] ?? '',
    ]
  else if (monthFirst)
    [year, month, day, rest] = [
      Number(monthFirst[3]),
      monthNumber(monthFirst[1] ?? ''),
      Number(monthFirst[2]),
      monthFirst[4] ?? '',
    ]
  else return null
  const time = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?: *([ap])\.?m\.?)?(Z|([+-])(\d{2}):?([0-5]\d))?$/i.exec(
    rest.trim(),
  )
  if (rest.trim() && !time) return null
  let hour = Number(time?.[1] ?? 0)
  const minute = Number(time?.[2] ?? 0)
  const second = Number(time?.[3] ?? 0)
  const meridiem = time?.[4]?.toLowerCase()
  if (meridiem) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (meridiem === 'p' ? 12 : 0)
  }
  const check = new Date(Date.UTC(year, month - 1, day))
  const valid =
    year >= 1970 &&
    year <= 2200 &&
    check.getUTCMonth() === month - 1 &&
    check.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60
  if (!valid) return null
  if (!time?.[5]) return { year, month, day, hour, minute, second }
  const offsetMinutes =
    time[5].toUpperCase() === 'Z' ? 0 : (time[6] === '-' ? -1 : 1) * (Number(time[7]) * 60 + Number(time[8]))
  // Offsets in use run from -12:00 to +14:00.
  return Math.abs(offsetMinutes) <= 14 * 60 ? { year, month, day, hour, minute, second, offsetMinutes } : null
}

function monthNumber(name: string): number {
  return MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1 || NaN
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')
const wallText = (w: WallTime, withOffset = true) =>
  `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}${w.offsetMinutes === undefined || !withOffset ? '' : offsetText(w.offsetMinutes)}`
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`

/** Local times of one zone to UTC instants, daylight saving included (the offset of that day). */
class ZonedClock {
  private readonly format: Intl.DateTimeFormat

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
  }

  private offsetAt(utc: number): number {
    const parts = Object.fromEntries(this.format.formatToParts(new Date(utc)).map((p) => [p.type, Number(p.value)]))
    const local = Date.UTC(
      parts.year ?? 0,
      (parts.month ?? 1) - 1,
      parts.day ?? 1,
      (parts.hour ?? 0) % 24,
      parts.minute ?? 0,
      parts.second ?? 0,
    )
    return local - Math.floor(utc / 1000) * 1000
  }

  toUtc(wall: WallTime): Date {
    const local = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second)
    if (wall.offsetMinutes !== undefined) return new Date(local - wall.offsetMinutes * 60_000)
    const first = local - this.offsetAt(local)
    return new Date(local - this.offsetAt(first))
  }
}
