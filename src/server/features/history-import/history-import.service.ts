import { and, eq, inArray, isNull } from 'drizzle-orm'
import {
  historyImportApiText,
  MAX_LISTED_PROBLEMS,
  MAX_SUGGESTED_EXERCISES,
  type ImportPreview,
} from '#shared/schemas/history-import.ts'
import type { Equipment } from '#shared/schemas/movements.ts'
import type { Unit } from '#shared/units.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { movements, sessionImports } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { incrementWindow } from '#server/lib/rate-limit.ts'
import {
  suggestMovements,
  type MovementGuess,
  type MovementSuggestion,
} from '#server/features/movements/movement-search.service.ts'
import type { ParsedHistory, ParsedSession } from './parsed-history.ts'
import { knownSlugOf } from './known-names.ts'
import { parseInWorker } from './parse-thread.ts'

/**
 * Importing a lifter's history (docs/import.md): a preview that reads the file and suggests a
 * movement for each exercise name, then the import itself (import-run.service.ts), all or nothing,
 * skipping sessions an earlier import wrote.
 */

export type Upload = { bytes: Uint8Array; unit: Unit; timeZone: string }

/** Previews and imports one lifter may send in an hour (each reads the whole file). */
const UPLOADS_PER_HOUR = 60
/** Uploads this server reads at once, of all lifters: each takes a core while it is read. */
const MAX_READS_AT_ONCE = 2
/** Whose uploads this server is reading now: one at a time per lifter. */
const reading = new Set<string>()

/**
 * Reads an upload on a worker thread (parse-thread.ts), one at a time per lifter and a few at
 * a time in all; a lifter past their hourly number of uploads, or an upload that would wait for
 * others, is refused with 429 and Retry-After, so no queue of uploads can build up.
 */
export async function readUpload(db: Db, actor: Actor, upload: Upload): Promise<ParsedHistory> {
  if (reading.has(actor.id))
    throw new AppError('RATE_LIMITED', { message: historyImportApiText.readingYours, retryAfterSeconds: 5 })
  if (reading.size >= MAX_READS_AT_ONCE)
    throw new AppError('RATE_LIMITED', { message: historyImportApiText.readingOthers, retryAfterSeconds: 5 })
  reading.add(actor.id)
  try {
    const { count, resetInSeconds } = await incrementWindow(db, `history-import:${actor.id}`, 3600)
    if (count > UPLOADS_PER_HOUR)
      throw new AppError('RATE_LIMITED', {
        message: historyImportApiText.tooManyUploads(UPLOADS_PER_HOUR),
        retryAfterSeconds: resetInSeconds,
      })
    return await parseInWorker(upload.bytes, { unit: upload.unit, timeZone: upload.timeZone })
  } finally {
    reading.delete(actor.id)
  }
}

/** Exercise names one suggestion query searches the library for. */
const SUGGESTIONS_PER_QUERY = 20

/** A suggestion this close or closer is chosen for the lifter until they change it. */
const SUGGESTION_SCORE = 1.1

const EQUIPMENT_WORDS: [RegExp, Equipment][] = [
  [/\bbarbell\b/, 'barbell'],
  [/\bdumbbells?\b/, 'dumbbell'],
  [/\bkettlebells?\b/, 'kettlebell'],
  [/\bcable\b/, 'cable'],
  [/\bmachine\b/, 'machine'],
  [/\bbands?\b/, 'band'],
  [/\bbody ?weight\b/, 'bodyweight'],
  [/\bez ?bar\b/, 'ez bar'],
  [/\btrap ?bar\b/, 'trap bar'],
]

/** 'Bench Press (Barbell)' as a search: 'Barbell Bench Press', 'Bench Press' and the equipment named. */
export function guessOf(name: string): MovementGuess {
  const inside = [...name.matchAll(/\(([^()]*)\)/g)].map((match) => match[1] ?? '').join(' ')
  const plain = name
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const text = `${inside} ${plain}`.replace(/\s+/g, ' ').trim()
  const lower = inside.toLowerCase()
  return { text, plain: plain || text, equipment: EQUIPMENT_WORDS.find(([word]) => word.test(lower))?.[1] ?? null }
}

export async function existingKeys(db: Db | Tx, clientId: string, sessions: ParsedSession[]): Promise<Set<string>> {
  const found = new Set<string>()
  const keys = sessions.map((session) => session.key)
  for (let start = 0; start < keys.length; start += 5000) {
    const rows = await db
      .select({ key: sessionImports.importKey })
      .from(sessionImports)
      .where(
        and(eq(sessionImports.clientId, clientId), inArray(sessionImports.importKey, keys.slice(start, start + 5000))),
      )
    for (const row of rows) found.add(row.key)
  }
  return found
}

const dayOf = (date: Date | undefined) => date?.toISOString() ?? null

/**
 * Names of Strong's and Hevy's lists that are known built-ins (known-names.ts): that movement comes
 * first, chosen, unless the lifter has a movement of their own of exactly that name.
 */
async function putKnownFirst(
  db: Db,
  names: readonly string[],
  suggestions: Map<number, MovementSuggestion[]>,
): Promise<void> {
  const slugs = names.map(knownSlugOf)
  const wanted = [...new Set(slugs.filter((slug) => slug !== undefined))]
  if (!wanted.length) return
  const rows = await db
    .select({ id: movements.id, name: movements.name, tracking: movements.tracking, slug: movements.slug })
    .from(movements)
    .where(and(inArray(movements.slug, wanted), isNull(movements.ownerId), isNull(movements.archivedAt)))
  const bySlug = new Map(rows.map((row) => [row.slug, row]))
  slugs.forEach((slug, index) => {
    const known = slug && bySlug.get(slug)
    if (!known) return
    const found = suggestions.get(index) ?? []
    const name = names[index]?.toLowerCase()
    const own = found.find((suggestion) => suggestion.ownerId !== null && suggestion.name.toLowerCase() === name)
    if (own) {
      suggestions.set(index, [own, ...found.filter((suggestion) => suggestion !== own)])
      return
    }
    const others = found.filter((suggestion) => suggestion.id !== known.id)
    suggestions.set(
      index,
      [
        { id: known.id, name: known.name, ownerId: null, tracking: known.tracking, score: Number.POSITIVE_INFINITY },
        ...others,
      ].slice(0, 5),
    )
  })
}

/** What the file holds and what each exercise name may become; nothing is written. */
export async function previewImport(db: Db, actor: Actor, upload: Upload): Promise<ImportPreview> {
  const parsed = await readUpload(db, actor, upload)
  if (!parsed.problems.length && !parsed.sessions.length)
    throw new AppError('BAD_REQUEST', { message: historyImportApiText.noSets })
  // Suggestions for the most used names only, a few names a query: each name is a trigram search
  // of the library, and a preview must stay a short request however many names the file holds.
  const suggested = parsed.exercises.slice(0, MAX_SUGGESTED_EXERCISES)
  const done = await existingKeys(db, actor.id, parsed.sessions)
  const suggestions = new Map<number, MovementSuggestion[]>()
  for (let start = 0; start < suggested.length; start += SUGGESTIONS_PER_QUERY) {
    const found = await suggestMovements(
      db,
      actor,
      suggested.slice(start, start + SUGGESTIONS_PER_QUERY).map((exercise) => guessOf(exercise.name)),
    )
    for (const [index, list] of found) suggestions.set(start + index, list)
  }
  await putKnownFirst(
    db,
    suggested.map((exercise) => exercise.name),
    suggestions,
  )
  return {
    source: parsed.source,
    unit: parsed.unit,
    sessions: parsed.sessions.length,
    sets: parsed.setCount,
    alreadyImported: done.size,
    firstDate: dayOf(parsed.sessions[0]?.startedAt),
    lastDate: dayOf(parsed.sessions.at(-1)?.startedAt),
    exercises: parsed.exercises.map((exercise, index) => {
      const found = suggestions.get(index) ?? []
      return {
        ...exercise,
        suggestions: found.map(({ id, name, ownerId, tracking }) => ({ id, name, own: ownerId !== null, tracking })),
        suggested: (found[0]?.score ?? 0) >= SUGGESTION_SCORE,
      }
    }),
    problems: parsed.problems.slice(0, MAX_LISTED_PROBLEMS),
    problemCount: parsed.problems.length,
  }
}
