import type { Notice } from '#shared/app-text.ts'
import { RESTORE_MAX_BYTES, type RestoreResult } from '#shared/schemas/data-export.ts'

/** The words of the export card and the coach's export links (docs/export-format.md). */
export const dataExportText = {
  title: 'Your data',
  description:
    'Download everything you have in Coachline: profile, plans, workouts, every session and set, comments and messages, habits and check-ins, and your progress photos.',
  json: 'Download JSON',
  jsonHint: 'Complete, and restores into any Coachline.',
  csv: 'Download CSV',
  csvHint: 'One row per set, in the columns of Strong’s export, for spreadsheets and other apps.',
  photos: 'Download photos',
  photosHint: 'Your progress photos as JPEG files in a zip, named by day and pose.',
  restoreTitle: 'Restore an export',
  restoreDescription: `Adds a Coachline JSON export (at most ${RESTORE_MAX_BYTES / 1024 / 1024} MB) to this account. Restoring the same file again adds nothing.`,
  fileLabel: 'Coachline export file (JSON)',
  restore: 'Restore',
  restoring: 'Restoring…',
  chooseFile: 'Choose a Coachline JSON export first',
  restoreFailedTitle: 'Could not restore the export',
  restored: (result: RestoreResult): Notice => {
    const added = [
      [result.sessions, 'session'],
      [result.sets, 'set'],
      [result.plans, 'plan'],
      [result.workouts, 'workout'],
      [result.movements, 'movement'],
    ].filter(([count]) => Number(count) > 0)
    return added.length
      ? {
          title: 'Export restored',
          description: `Added ${added.map(([count, noun]) => `${count} ${noun}${count === 1 ? '' : 's'}`).join(', ')}.`,
        }
      : { title: 'Nothing new to restore', description: 'Everything in this file is already in your account.' }
  },
  clientJson: 'Export JSON',
  clientCsv: 'Export CSV',
  clientPhotos: 'Export photos',
  clientExport: (kind: 'JSON' | 'CSV', name: string) => `Export ${kind} of ${name}’s data`,
  clientPhotoExport: (name: string) => `Export photos of ${name}`,
} as const
