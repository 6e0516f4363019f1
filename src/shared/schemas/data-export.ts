import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

/**
 * Exporting a lifter's data and restoring it (docs/export-format.md): the JSON export's name and
 * version, the API paths the browser links to, the restore's size limit and what it answers.
 */
export const EXPORT_FORMAT = 'coachline-export'
export const EXPORT_VERSION = 1

/** The largest export a restore takes through the API: about 80,000 logged sets. */
export const RESTORE_MAX_BYTES = 32 * 1024 * 1024

/**
 * How deep a restored file may nest objects and arrays: the format itself goes 10 deep (a plan's
 * day's exercise's prescribed set's rep range), with two levels spare for fields a later version
 * may add. Anything deeper is refused before anything walks it.
 */
export const RESTORE_MAX_DEPTH = 12
/** The longest string anywhere in a restored file (the longest field, a note, holds as many). */
export const RESTORE_STRING_MAX = 10_000
/** The longest key of any object in a restored file (the format's own are a few words). */
export const RESTORE_KEY_MAX = 100

export const dataExportApiText = {
  notYours: 'You can export only your own data, or that of your active clients',
  notAnExport: 'This file is not a Coachline export (a JSON file with "format": "coachline-export")',
  notJson: 'This file is not a Coachline export: it is not JSON',
  newerVersion: (version: number) =>
    `This export is version ${version}, made by a newer Coachline; this one restores version ${EXPORT_VERSION}`,
  unknownVersion: `This export has no version this Coachline knows; it restores version ${EXPORT_VERSION}`,
  tooLarge: `An export to restore must be at most ${RESTORE_MAX_BYTES / 1024 / 1024} MB`,
  unknownMovement: 'The export names a movement it does not list',
  clientsOnly: 'Only a client’s account takes a restore: a coach keeps no training history',
  damagedAt: (path: string, problem: string) => `The export is damaged at ${path || 'its top'}: ${problem}`,
  tooDeep: `Objects and arrays are nested at most ${RESTORE_MAX_DEPTH} deep in an export`,
  textTooLong: `Text is at most ${RESTORE_STRING_MAX.toLocaleString('en')} characters in an export`,
  keyTooLong: `A key is at most ${RESTORE_KEY_MAX} characters in an export`,
  textWithNul: 'Text must not contain NUL characters',
  textIllFormed: 'Text must be valid Unicode (it holds half of a character)',
} as const

/** What a restore added; rows already there (a second restore of the same file) are not counted. */
export const RestoreResultSchema = lazySchema(() =>
  z.object({
    movements: z.number(),
    plans: z.number(),
    workouts: z.number(),
    sessions: z.number(),
    sets: z.number(),
    comments: z.number(),
    bodyWeights: z.number(),
  }),
)
export type RestoreResult = z.infer<typeof RestoreResultSchema>
