import { createHash } from 'node:crypto'
import { importRowText, type ImportProblem, type ImportSource } from '#shared/schemas/history-import.ts'
import type { Tracking } from '#shared/schemas/movements.ts'
import type { SetType } from '#shared/set-types.ts'
import type { Unit } from '#shared/units.ts'
import { toKg } from '#shared/units.ts'
import {
  decimal,
  durationSeconds,
  text,
  wallText,
  wallTimeOf,
  whole,
  ZonedClock,
  type WallTime,
} from './cell-values.ts'
import type { Row } from './csv-rows.ts'
import type { ParsedHistory, ParsedSession, ParsedSet, ParseOptions } from './parsed-history.ts'

/*
 * The two apps' layouts, row by row: Strong's and Hevy's readers, and what they share (sessions by
 * key, exercises by name, each bad row's problems by line).
 */

const NAME_MAX = 200
const MAX_LOAD_KG = 1500
const METERS_PER_MILE = 1609.344

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
export class StrongReader extends Reader {
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
export class HevyReader extends Reader {
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
