import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import {
  historyImportApiText,
  MAX_LISTED_PROBLEMS,
  type ImportResult,
  type MappingEntry,
} from '#shared/schemas/history-import.ts'
import type { Equipment, Tracking } from '#shared/schemas/movements.ts'
import type { SessionExercise } from '#shared/schemas/sessions.ts'
import type { Actor } from '#server/access/actor.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { movements, sessionImports } from '#server/db/schema/index.ts'
import { analyzeStale } from '#server/db/statistics.ts'
import { AppError } from '#server/lib/app-error.ts'
import { movementsForLogging } from '#server/features/movements/movements.service.ts'
import { createMovement } from '#server/features/movements/own-movements.service.ts'
import { insertFinishedSessions, type ImportedSession } from '#server/features/sessions/imported-sessions.service.ts'
import type { ParsedHistory, ParsedSession } from './parsed-history.ts'
import { existingKeys, guessOf, readUpload, type Upload } from './history-import.service.ts'

/*
 * The import itself (docs/import.md): checked against the file and the library before anything is
 * written, then written in one transaction, skipping sessions an earlier import wrote.
 */

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
