import { eq } from 'drizzle-orm'
import { dataExportApiText } from '#shared/schemas/data-export.ts'
import type { Actor } from '#server/access/actor.ts'
import { isActiveCoachOf } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import { profiles } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { ExportSubject } from './export-reads.ts'

/*
 * The export of one lifter's data (docs/export-format.md), as a stream of text: the JSON document
 * and the CSV of their sets are written piece by piece while the database is read in batches, so
 * a history of a million sets never sits in the server's memory. Sessions and messages are read by
 * keyset (the last row's sort key names the next batch), which stays fast to the end where an
 * OFFSET would slow down page by page.
 */

export type { ExportSubject } from './export-reads.ts'
export { exportJson } from './export-json.ts'
export { CSV_COLUMNS, exportCsv } from './export-csv.ts'

/** The actor's own data, or (a coach) that of one of their active clients; anyone else's is refused. */
export async function exportSubject(db: Db, actor: Actor, clientId: string | undefined): Promise<ExportSubject> {
  if (!clientId || clientId === actor.id) return { userId: actor.id, coachId: null }
  if (actor.role !== 'coach' || !(await isActiveCoachOf(db, actor.id, clientId)))
    throw new AppError('FORBIDDEN', { message: dataExportApiText.notYours })
  return { userId: clientId, coachId: actor.id }
}

/** A file name for the download: the product, whose data, the kind and the day. */
export async function exportFileName(
  db: Db,
  subject: ExportSubject,
  extension: 'json' | 'csv' | 'zip',
): Promise<string> {
  const [profile] = await db
    .select({ displayName: profiles.displayName })
    .from(profiles)
    .where(eq(profiles.id, subject.userId))
  const slug =
    (profile?.displayName ?? '')
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      // Runs are one '-' by now: at most one at each end.
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'lifter'
  const day = new Date().toISOString().slice(0, 10)
  if (extension === 'zip') return `coachline-${slug}-photos-${day}.zip`
  return extension === 'json' ? `coachline-${slug}-${day}.json` : `coachline-${slug}-sets-${day}.csv`
}
