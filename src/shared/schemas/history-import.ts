import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { TRACKING } from './movements.ts'
import { UNITS } from './profiles.ts'
import { withThousands } from '../text.ts'

/** Importing a lifter's history from another app's CSV export (docs/import.md). */
export const IMPORT_SOURCES = ['strong', 'hevy'] as const
export type ImportSource = (typeof IMPORT_SOURCES)[number]

/** The largest file an import takes: about 100,000 sets of a Strong export. */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024
/** The most sets one file may hold. */
export const MAX_IMPORT_SETS = 150_000
/** The most characters of one row's values together (separators and quotes not counted). */
export const MAX_IMPORT_ROW_CHARS = 64 * 1024
/** The most rows (sets, rest timers, blank sets) one file may hold. */
export const MAX_IMPORT_ROWS = 200_000
/** The most different exercise names one file may hold (a lifter of many years has a few hundred). */
export const MAX_IMPORT_EXERCISES = 1000
/**
 * Bad rows (bad values, the wrong number of columns) a file may have and still be previewed, and
 * the problems the preview lists; a file with more bad rows is refused at once, naming its first.
 */
export const MAX_LISTED_PROBLEMS = 200
/** Exercise names the preview suggests movements for, the most used first; the lifter maps the rest by search. */
export const MAX_SUGGESTED_EXERCISES = 150
const NAME_MAX = 200

export const importSourceName: Record<ImportSource, string> = { strong: 'Strong', hevy: 'Hevy' }

export const historyImportApiText = {
  noFile: 'Choose the CSV file your app exported',
  tooLarge: `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Export a shorter period, or split the file.`,
  notMultipart: 'Send the file as multipart/form-data with the field "file"',
  fieldTwice: 'Send one file, and each setting once',
  notText: 'This file is not a CSV export: it is not text',
  empty: 'The file is empty',
  unknownLayout:
    'This CSV is not an export from Strong or Hevy: its first line should name the columns (Strong: Date, Workout Name, Exercise Name, Set Order, ...; Hevy: title, start_time, exercise_title, set_index, ...)',
  noSets: 'The file holds no sets to import',
  tooManySets: `A file holds at most ${withThousands(MAX_IMPORT_SETS)} sets: export a shorter period`,
  tooManyRows: `A file holds at most ${withThousands(MAX_IMPORT_ROWS)} rows: export a shorter period`,
  tooManyExercises: `A file names at most ${withThousands(MAX_IMPORT_EXERCISES)} different exercises: is this an export from Strong or Hevy?`,
  rowTooLong: `the values of this row are longer than ${withThousands(MAX_IMPORT_ROW_CHARS)} characters together, so the file is not read further`,
  readingYours: 'A file of yours is being read: wait for it, then try again',
  readingOthers: 'The server is reading other files right now: try again in a few seconds',
  tooManyUploads: (perHour: number) => `You can send at most ${perHour} files an hour: try again later`,
  tooComplex: 'This file takes too long to read: export a shorter period, or split the file',
  tooManyBadRows: `More than ${MAX_LISTED_PROBLEMS} rows of this file cannot be read, so it is not read further: is it an export from Strong or Hevy?`,
  badRows: (count: number) =>
    `${count === 1 ? 'One row' : `${count} rows`} of the file cannot be imported; nothing was written. Fix ${count === 1 ? 'it' : 'them'} and try again.`,
  mappingMissing: (name: string) => `Choose a movement for "${name}"`,
  mappingUnknown: 'Map only the exercises of this file',
  movementNotFound: 'A chosen movement does not exist or is not yours',
  mappingInvalid: 'The mapping of exercises to movements is not valid',
  timeZone: 'Not a time zone',
  unit: 'Unit must be kg or lb',
} as const

/** What a row can be refused for (each shown as "Line 14: ..."). */
export const importRowText = {
  date: 'Date must be a date and time like 2023-05-14 08:03:11',
  hevyDate: 'start_time must be a date and time like 14 May 2023, 08:03',
  endBeforeStart: 'end_time is before start_time',
  exercise: 'Exercise name is missing',
  exerciseTooLong: `Exercise name must be at most ${NAME_MAX} characters`,
  titleTooLong: `Workout name must be at most ${NAME_MAX} characters`,
  setOrder: 'Set Order must be a set number, W, D, F or Rest Timer',
  setIndex: 'set_index must be a whole number',
  setType: 'set_type must be normal, warmup, dropset or failure',
  weight: 'Weight must be a number from 0 to 1500 kg',
  reps: 'Reps must be a whole number from 0 to 1000',
  distance: 'Distance must be a number from 0 to 1000 km',
  seconds: 'Seconds must be a whole number from 0 to 86400 (24 hours)',
  duration: 'Duration must look like 1h 5m, 45m or 30s',
  rpe: 'RPE must be from 1 to 10 in steps of 0.5',
  superset: 'superset_id must be a number',
  columns: (found: number, expected: number) => `This row has ${found} columns; the first line names ${expected}`,
  empty: 'This set has no weight, reps, distance or time',
} as const

/** A refused row, by its line in the file (the first line is 1: the column names). */
const ImportProblemSchema = lazySchema(() => z.object({ line: z.number(), message: z.string() }))
export type ImportProblem = z.infer<typeof ImportProblemSchema>

/** A movement an exercise name may be mapped to. */
const MovementChoiceSchema = lazySchema(() =>
  z.object({ id: z.string(), name: z.string(), own: z.boolean(), tracking: z.enum(TRACKING) }),
)

/** One distinct exercise name of the file, with what the server suggests mapping it to. */
const ImportExerciseSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    sets: z.number(),
    sessions: z.number(),
    /** How the file's columns track it, for a movement created for it. */
    tracking: z.enum(TRACKING),
    /** Closest movements first (trigram similarity); the first is the suggestion when `suggested`. */
    suggestions: z.array(MovementChoiceSchema),
    /** The first suggestion is close enough to be chosen unless the lifter changes it. */
    suggested: z.boolean(),
  }),
)
export type ImportExercise = z.infer<typeof ImportExerciseSchema>

/** POST /api/history-import/preview: what the file holds, before anything is written. */
export const ImportPreviewSchema = lazySchema(() =>
  z.object({
    source: z.enum(IMPORT_SOURCES),
    /** The unit the file's weights were read in (Hevy names it in its columns; Strong's is the upload's). */
    unit: z.enum(UNITS),
    sessions: z.number(),
    sets: z.number(),
    /** Sessions of the file that an earlier import already wrote: importing skips them. */
    alreadyImported: z.number(),
    firstDate: z.nullable(z.string()),
    lastDate: z.nullable(z.string()),
    exercises: z.array(ImportExerciseSchema),
    problems: z.array(ImportProblemSchema),
    /** All refused rows, including those past the listed ones. */
    problemCount: z.number(),
  }),
)
export type ImportPreview = z.infer<typeof ImportPreviewSchema>

/** What one exercise name of the file becomes: an existing movement, or a new movement of the lifter's own. */
const MappingEntrySchema = lazySchema(() =>
  z.union([
    z.object({
      name: z.string().check(z.maxLength(NAME_MAX)),
      movementId: z.uuid(historyImportApiText.movementNotFound),
    }),
    z.object({
      name: z.string().check(z.maxLength(NAME_MAX)),
      create: z.object({
        name: z
          .string('Name the new movement')
          .check(
            z.trim(),
            z.minLength(1, 'Name the new movement'),
            z.maxLength(80, 'A movement name is at most 80 characters'),
          ),
        tracking: z.enum(TRACKING, 'Choose how the new movement is tracked'),
      }),
    }),
  ]),
)
export type MappingEntry = z.infer<typeof MappingEntrySchema>
export const ImportMappingSchema = lazySchema(() =>
  z.array(MappingEntrySchema).check(z.maxLength(MAX_IMPORT_EXERCISES, historyImportApiText.mappingInvalid)),
)

/** The upload's settings, as form fields beside the file. */
export const ImportOptionsSchema = lazySchema(() =>
  z.object({
    unit: z.optional(z.enum(UNITS, historyImportApiText.unit)),
    timeZone: z.optional(z.string(historyImportApiText.timeZone).check(z.maxLength(64, historyImportApiText.timeZone))),
  }),
)

const ImportResultSchema = lazySchema(() =>
  z.object({
    source: z.enum(IMPORT_SOURCES),
    /** Sessions written now, and sets with them. */
    sessions: z.number(),
    sets: z.number(),
    /** Sessions of the file an earlier import had written: left as they are. */
    skipped: z.number(),
    movementsCreated: z.number(),
  }),
)
export type ImportResult = z.infer<typeof ImportResultSchema>

/**
 * POST /api/history-import answers a stream of these, one JSON object a line: progress while the
 * sets are written, then the result or the reason nothing was written.
 */
export const ImportStreamLineSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('progress'), done: z.number(), total: z.number() }),
    z.object({ type: z.literal('done'), result: ImportResultSchema }),
    z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  ]),
)
export type ImportStreamLine = z.infer<typeof ImportStreamLineSchema>
