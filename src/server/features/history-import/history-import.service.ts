import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  historyImportApiText,
  MAX_LISTED_PROBLEMS,
  MAX_SUGGESTED_EXERCISES,
  type ImportPreview,
  type ImportResult,
  type MappingEntry,
} from '#shared/schemas/history-import.ts'
import type { Equipment, Tracking } from '#shared/schemas/movements.ts'
import type { SessionExercise } from '#shared/schemas/sessions.ts'
import type { Unit } from '#shared/units.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { movements, sessionImports } from '#server/db/schema/index.ts'
import { analyzeStale } from '#server/db/statistics.ts'
import { AppError } from '#server/lib/app-error.ts'
import { incrementWindow } from '#server/lib/rate-limit.ts'
import {
  createMovement,
  movementsForLogging,
  suggestMovements,
  type MovementGuess,
  type MovementSuggestion,
} from '#server/features/movements/movements.service.ts'
import { insertFinishedSessions, type ImportedSession } from '#server/features/sessions/imported-sessions.service.ts'
import type { ParsedHistory, ParsedSession } from './parsed-history.ts'
import { knownSlugOf } from './known-names.ts'
import { parseInWorker } from './parse-thread.ts'

/**
 * Importing a lifter's history (docs/import.md): a preview that reads the file and suggests a
 * movement for each exercise name, then the import itself, all or nothing, skipping sessions an
 * earlier import wrote.
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
async function readUpload(db: Db, actor: Actor, upload: Upload): Promise<ParsedHistory> {
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
function guessOf(name: string): MovementGuess {
  const inside = [...name.matchAll(/\(([^()]*)\)/g)].map((match) => match[1] ?? '').join(' ')
  const plain = name
    .replace(/\([^()]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  const text = `${inside} ${plain}`.replace(/\s+/g, ' ').trim()
  const lower = inside.toLowerCase()
  return { text, plain: plain || text, equipment: EQUIPMENT_WORDS.find(([word]) => word.test(lower))?.[1] ?? null }
}

async function existingKeys(db: Db | Tx, clientId: string, sessions: ParsedSession[]): Promise<Set<string>> {
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

/** An import checked against the file and the library, ready to write. */
export type ImportPlan = {
  parsed: ParsedHistory
  mapping: Map<string, MappingEntry>
  movements: Awaited<ReturnType<typeof movementsForLogging>>
  totalSets: number
}

/**
 * Everything an import can be refused for, checked before anything is written: the file's rows,
 * a movement for every exercise name, and only movements the lifter may log.
 */
export async function planImport(db: Db, actor: Actor, upload: Upload, entries: MappingEntry[]): Promise<ImportPlan> {
  const parsed = await readUpload(db, actor, upload)
  if (parsed.problems.length) {
    const listed = parsed.problems.slice(0, MAX_LISTED_PROBLEMS)
    const fields = Object.fromEntries(listed.map((problem) => [`line.${problem.line}`, [problem.message]]))
    const first = listed
      .slice(0, 3)
      .map((problem) => `Line ${problem.line}: ${problem.message}`)
      .join('; ')
    throw new AppError('VALIDATION_FAILED', {
      message: `${historyImportApiText.badRows(parsed.problems.length)} ${first}`,
      fields,
    })
  }
  if (!parsed.sessions.length) throw new AppError('BAD_REQUEST', { message: historyImportApiText.noSets })
  const names = new Set(parsed.exercises.map((exercise) => exercise.name))
  const mapping = new Map(entries.map((entry) => [entry.name, entry]))
  const unknown = [...mapping.keys()].find((name) => !names.has(name))
  if (unknown !== undefined)
    throw new AppError('VALIDATION_FAILED', {
      message: historyImportApiText.mappingUnknown,
      fields: { mapping: [historyImportApiText.mappingUnknown] },
    })
  const missing = [...names].find((name) => !mapping.has(name))
  if (missing !== undefined)
    throw new AppError('VALIDATION_FAILED', {
      message: historyImportApiText.mappingMissing(missing),
      fields: { mapping: [historyImportApiText.mappingMissing(missing)] },
    })
  const ids = entries.flatMap((entry) => ('movementId' in entry ? [entry.movementId] : []))
  const movements = await movementsForLogging(db, actor, ids)
  if (ids.some((id) => !movements.has(id)))
    throw new AppError('VALIDATION_FAILED', {
      message: historyImportApiText.movementNotFound,
      fields: { mapping: [historyImportApiText.movementNotFound] },
    })
  return { parsed, mapping, movements, totalSets: parsed.setCount }
}

/** Told the sets written so far, and the sets to write, after each statement of an import. */
type OnProgress = (done: number, total: number) => Promise<void>

/**
 * Writes the planned import in one transaction: a failure writes nothing. Sessions an earlier
 * import wrote are skipped (by their key), and movements to create are made only when a session
 * written now uses them (or taken from the lifter's own of that name and kind, made by an earlier
 * import), so a second import of a file adds no row at all.
 */
export async function runImport(db: Db, actor: Actor, plan: ImportPlan, onProgress: OnProgress): Promise<ImportResult> {
  const result = await writeImport(db, actor, plan, onProgress)
  // Years of history into a new account: the lifter's next screen plans on them, not on none.
  await analyzeStale(db, { set_logs: result.sets, workout_sessions: result.sessions, session_imports: result.sessions })
  return result
}

function writeImport(db: Db, actor: Actor, plan: ImportPlan, onProgress: OnProgress): Promise<ImportResult> {
  return db.transaction(async (tx) => {
    // One import at a time per lifter: a second upload of the same file waits, then skips it all.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`history-import:${actor.id}`}))`)
    const done = await existingKeys(tx, actor.id, plan.parsed.sessions)
    const fresh = plan.parsed.sessions.filter((session) => !done.has(session.key))
    const used = new Set(fresh.flatMap((session) => session.exercises.map((exercise) => exercise.name)))
    const movementOf = new Map<string, { id: string; name: string; tracking: Tracking }>()
    const toCreate: [string, Extract<MappingEntry, { create: unknown }>][] = []
    for (const name of used) {
      const entry = plan.mapping.get(name)
      if (!entry) throw new AppError('VALIDATION_FAILED', { message: historyImportApiText.mappingMissing(name) })
      if ('create' in entry) {
        toCreate.push([name, entry])
        continue
      }
      const movement = plan.movements.get(entry.movementId)
      if (!movement) throw new AppError('VALIDATION_FAILED', { message: historyImportApiText.movementNotFound })
      movementOf.set(name, movement)
    }
    // Two names the lifter sends to one new movement make one movement, and a movement of the
    // lifter's own of that name and kind (made by hand or by an earlier import) stands for it.
    const keyOf = (name: string, tracking: Tracking) => `${name.trim().toLowerCase()}\u0000${tracking}`
    const made = await ownMovementsNamed(
      tx,
      actor.id,
      toCreate.map(([, entry]) => entry.create.name.trim().toLowerCase()),
    )
    let movementsCreated = 0
    for (const [name, entry] of toCreate) {
      const key = keyOf(entry.create.name, entry.create.tracking)
      let movement = made.get(key)
      if (!movement) {
        movement = await createMovement(tx, actor, {
          name: entry.create.name.trim(),
          aliases: name.toLowerCase() === entry.create.name.trim().toLowerCase() ? [] : [name.slice(0, 60)],
          pattern: 'other',
          primaryMuscles: [],
          secondaryMuscles: [],
          equipment: guessOf(name).equipment ? [guessOf(name).equipment as Equipment] : [],
          tracking: entry.create.tracking,
          unilateral: false,
          instructions: '',
        })
        made.set(key, movement)
        movementsCreated += 1
      }
      movementOf.set(name, movement)
    }
    const sessions: ImportedSession[] = fresh.map((session) => toImportedSession(session, movementOf))
    const total = sessions.reduce((sum, session) => sum + session.sets.length, 0)
    await onProgress(0, total)
    await insertFinishedSessions(tx, actor.id, sessions, (written) => onProgress(written, total))
    for (let start = 0; start < sessions.length; start += 2000) {
      await tx.insert(sessionImports).values(
        sessions.slice(start, start + 2000).map((session, index) => ({
          clientId: actor.id,
          importKey: fresh[start + index]?.key ?? '',
          sessionId: session.id,
          source: plan.parsed.source,
        })),
      )
    }
    return {
      source: plan.parsed.source,
      sessions: sessions.length,
      sets: total,
      skipped: done.size,
      movementsCreated,
    }
  })
}

/** The lifter's own movements (not archived) of these names, by name and kind. */
async function ownMovementsNamed(
  tx: Tx,
  ownerId: string,
  names: string[],
): Promise<Map<string, { id: string; name: string; tracking: Tracking }>> {
  const found = new Map<string, { id: string; name: string; tracking: Tracking }>()
  const unique = [...new Set(names)]
  for (let start = 0; start < unique.length; start += 1000) {
    const rows = await tx
      .select({ id: movements.id, name: movements.name, tracking: movements.tracking })
      .from(movements)
      .where(
        and(
          eq(movements.ownerId, ownerId),
          isNull(movements.archivedAt),
          inArray(sql`lower(${movements.name})`, unique.slice(start, start + 1000)),
        ),
      )
    for (const row of rows) found.set(`${row.name.toLowerCase()}\u0000${row.tracking}`, row)
  }
  return found
}

function toImportedSession(
  session: ParsedSession,
  movementOf: Map<string, { id: string; name: string; tracking: Tracking }>,
): ImportedSession {
  const id = crypto.randomUUID()
  const exercises: SessionExercise[] = []
  const sets: ImportedSession['sets'] = []
  for (const exercise of session.exercises) {
    const movement = movementOf.get(exercise.name)
    if (!movement)
      throw new AppError('VALIDATION_FAILED', { message: historyImportApiText.mappingMissing(exercise.name) })
    const key = crypto.randomUUID()
    exercises.push({
      key,
      movementId: movement.id,
      movementName: movement.name,
      tracking: movement.tracking,
      prescriptionId: null,
      superset: exercise.superset,
      restSeconds: null,
      notes: exercise.notes,
      targets: [],
    })
    exercise.sets.forEach((set, index) =>
      sets.push({
        exerciseKey: key,
        movementId: movement.id,
        setNumber: index + 1,
        reps: set.reps,
        loadKg: set.loadKg,
        rpe: set.rpe,
        durationSeconds: set.durationSeconds,
        distanceMeters: set.distanceMeters,
        setType: set.setType,
        note: set.note,
      }),
    )
  }
  return {
    id,
    title: session.title,
    startedAt: session.startedAt,
    completedAt: session.completedAt,
    notes: session.notes,
    exercises,
    sets,
  }
}
