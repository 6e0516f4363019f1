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

const enc = encodeURIComponent
/** Downloads are plain links (the browser saves the streamed answer); `clientId` is a coach's client. */
export const dataExportPaths = {
  json: (clientId?: string) => `/api/data-export/json${clientId ? `?clientId=${enc(clientId)}` : ''}`,
  csv: (clientId?: string) => `/api/data-export/csv${clientId ? `?clientId=${enc(clientId)}` : ''}`,
  restore: '/api/data-export/restore',
} as const

export const dataExportApiText = {
  notYours: 'You can export only your own data, or that of your active clients',
  notAnExport: 'This file is not a Coachline export (a JSON file with "format": "coachline-export")',
  notJson: 'This file is not a Coachline export: it is not JSON',
  newerVersion: (version: number) => `This export is version ${version}, made by a newer Coachline; this one restores version ${EXPORT_VERSION}`,
  unknownVersion: `This export has no version this Coachline knows; it restores version ${EXPORT_VERSION}`,
  tooLarge: `An export to restore must be at most ${RESTORE_MAX_BYTES / 1024 / 1024} MB`,
  unknownMovement: 'The export names a movement it does not list',
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
