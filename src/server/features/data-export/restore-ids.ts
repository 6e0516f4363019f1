/*
 * What the steps of a restore share: the id a restored row gets, the maps from the file's ids to
 * the account's, and the helpers that batch the writes and look up what the account holds.
 */
import { createHash } from 'node:crypto'
import { dataExportApiText } from '#shared/schemas/data-export.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { ExportDocument } from './export-document.ts'

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row. */
const BATCH = 500
/** Ids per lookup of what the account holds. */
const ID_BATCH = 1000

/** A name-based UUID (RFC 9562 version 8, from SHA-256) of the account, the kind of row and its id in the file. */
export function restoredId(userId: string, kind: string, sourceId: string): string {
  const h = createHash('sha256').update(`coachline-restore\u0000${userId}\u0000${kind}\u0000${sourceId}`).digest('hex')
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export type Maps = {
  movement: Map<string, string>
  plan: Map<string, string>
  planWorkout: Map<string, string>
  prescription: Map<string, string>
  workout: Map<string, string>
}

export type ExportPlan = ExportDocument['plans'][number]
export type ExportWorkout = ExportDocument['workouts'][number]
export type ExportSession = ExportDocument['sessions'][number]
/** A session of the file the account does not hold, with the id it gets. */
export type NewSession = { id: string; session: ExportSession }

export function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Last wins for rows the file lists twice under one id (a restore writes each row once). */
export function uniqueById<T extends { id: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()]
}

export const at = (value: string | null | undefined) => (value ? new Date(value) : null)

/** Of `ids`, those `query` finds (it names the account), asked a batch at a time. */
export async function foundAmong(
  ids: Iterable<string>,
  query: (batch: string[]) => Promise<{ id: string }[]>,
): Promise<Set<string>> {
  const found = new Set<string>()
  for (const batch of chunks([...new Set(ids)], ID_BATCH)) for (const row of await query(batch)) found.add(row.id)
  return found
}

/** A row's id in the file and the id a restore would give it: the two ids it may have in the account. */
export const bothIds = (userId: string, kind: string, sourceIds: string[]) =>
  sourceIds.flatMap((id) => [id, restoredId(userId, kind, id)])

/**
 * The account's id for a row of the file, `found` being the account's ids among bothIds: the
 * file's own id when the account has that row (the file came from this account), else the
 * restored id, already there when an earlier restore made it.
 */
export function targetOf(
  found: Set<string>,
  userId: string,
  kind: string,
  sourceId: string,
): { id: string; held: boolean } {
  if (found.has(sourceId)) return { id: sourceId, held: true }
  const id = restoredId(userId, kind, sourceId)
  return { id, held: found.has(id) }
}

export function movementOf(maps: Maps, sourceId: string): string {
  const id = maps.movement.get(sourceId)
  if (!id) throw new AppError('BAD_REQUEST', { message: `${dataExportApiText.unknownMovement} (${sourceId})` })
  return id
}
