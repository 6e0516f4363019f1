import { and, eq, isNull } from 'drizzle-orm'
import { MAX_GYMS } from '#shared/schemas/gyms.ts'
import { dataExportApiText, EXPORT_FORMAT, EXPORT_VERSION, type RestoreResult } from '#shared/schemas/data-export.ts'
import { fieldErrorsOf } from '#shared/errors.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { bodyWeights, gymProfiles, profiles } from '#server/db/schema/index.ts'
import { analyzeStale } from '#server/db/statistics.ts'
import { rememberWords } from '#server/features/movements/movements.service.ts'
import { AppError } from '#server/lib/app-error.ts'
import { ExportDocumentSchema, type ExportDocument } from './export-document.ts'
import { shapeProblemOf } from './export-shape-check.ts'
import { chunks, uniqueById, type Maps } from './restore-ids.ts'
import { mapPlans, mapWorkouts, movementsNamedBy, newSessions, restoreMovements } from './restore-mapping.ts'
import { insertPlans, insertWorkouts } from './restore-plan-writes.ts'
import { restoreSessions } from './restore-session-writes.ts'

/*
 * Restoring a JSON export into the signed-in account (docs/export-format.md#restoring): in one
 * transaction, so a failure writes nothing; idempotent, so a second restore of the same file adds
 * nothing. A row of the file the account holds already is left as it is:
 *
 * - a row whose id in the file is one of the account's own rows of that kind: the file came from
 *   this account, and restoring the lifter's own export into it adds nothing;
 * - a row an earlier restore made: a new row's id is derived from the account and the row's id
 *   in the file (a hash), so the same file gives the same ids again.
 *
 * Only the account's own rows are ever looked up (each query names the account), so a file that
 * names another account's rows restores exactly as a file of fresh ids would: nothing of the other
 * account is read, changed or attached, and the answer tells nothing about it. Built-in movements
 * are found by their slug; every other movement becomes the account's own.
 */

/** The most damaged fields a refused restore names. */
const LISTED_ISSUES = 20

/** Checks that a parsed body is a Coachline export this version can restore; the 400 says which way it is not. */
export function parseExportDocument(body: unknown): ExportDocument {
  const envelope = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
  if (!envelope || envelope.format !== EXPORT_FORMAT)
    throw new AppError('BAD_REQUEST', { message: dataExportApiText.notAnExport })
  const version = envelope.version
  if (version !== EXPORT_VERSION) {
    const newer =
      typeof version === 'number' && Number.isInteger(version) && version > EXPORT_VERSION && version < 1_000_000
    throw new AppError('BAD_REQUEST', {
      message: newer ? dataExportApiText.newerVersion(version) : dataExportApiText.unknownVersion,
    })
  }
  // Nesting, long text, NUL and half characters anywhere: found by a walk of its own, before zod
  // (or anything else that recurses) looks at the body.
  const problem = shapeProblemOf(body)
  if (problem)
    throw new AppError('VALIDATION_FAILED', {
      message: dataExportApiText.damagedAt(problem.path, problem.message),
      fields: { [problem.path || '_']: [problem.message] },
    })
  const parsed = ExportDocumentSchema.safeParse(body)
  if (!parsed.success) {
    // A list of a million bad entries names the first few, not a million.
    const fields = fieldErrorsOf(parsed.error.issues.slice(0, LISTED_ISSUES))
    const first = Object.entries(fields)[0]
    throw new AppError('VALIDATION_FAILED', {
      message: first
        ? dataExportApiText.damagedAt(first[0] === '_' ? '' : first[0], first[1][0] ?? '')
        : 'The export is damaged',
      fields,
    })
  }
  return parsed.data
}

/** Restores `document` into the account `userId` and says what it added. */
export async function restoreExport(db: Db, userId: string, document: ExportDocument): Promise<RestoreResult> {
  const result: RestoreResult = {
    movements: 0,
    plans: 0,
    workouts: 0,
    sessions: 0,
    sets: 0,
    comments: 0,
    bodyWeights: 0,
  }
  const newWords: string[] = []
  await db.transaction(async (tx) => {
    // One rule with the history import, for the API and the operator's command alike: training
    // history is a client's (a coach keeps none).
    const [account] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId))
    if (account?.role !== 'client') throw new AppError('FORBIDDEN', { message: dataExportApiText.clientsOnly })
    const maps: Maps = {
      movement: new Map(),
      plan: new Map(),
      planWorkout: new Map(),
      prescription: new Map(),
      workout: new Map(),
    }
    // First what the account holds already; only what it does not is written, and only the
    // movements that it names are made.
    const plans = await mapPlans(tx, userId, uniqueById(document.plans), maps)
    const ownWorkouts = await mapWorkouts(tx, userId, uniqueById(document.workouts), maps)
    const sessions = await newSessions(tx, userId, uniqueById(document.sessions))
    const named = movementsNamedBy(
      plans,
      ownWorkouts,
      sessions.map((s) => s.session),
    )
    result.movements = await restoreMovements(tx, userId, uniqueById(document.movements), named, maps, newWords)
    if (document.profile) {
      const { displayName, primaryGoal, experienceLevel, unit, messageDigest, plateSetups } = document.profile
      await tx
        .update(profiles)
        .set({
          displayName,
          primaryGoal: primaryGoal ?? null,
          experienceLevel: experienceLevel ?? null,
          unit,
          messageDigest,
          ...(plateSetups ? { plateSetups } : {}),
        })
        .where(eq(profiles.id, userId))
    }
    await restoreGyms(tx, userId, document.gyms)
    result.plans = await insertPlans(tx, userId, plans, maps)
    result.workouts = await insertWorkouts(tx, userId, ownWorkouts, maps)
    for (const batch of chunks(document.bodyWeights)) {
      const rows = await tx
        .insert(bodyWeights)
        .values(batch.map((w) => ({ clientId: userId, measuredOn: w.measuredOn, weightKg: w.weightKg })))
        .onConflictDoNothing()
        .returning({ id: bodyWeights.id })
      result.bodyWeights += rows.length
    }
    await restoreSessions(tx, userId, document.user.id, sessions, maps, result)
  })
  if (newWords.length) await rememberWords(db, newWords)
  await analyzeStale(db, { set_logs: result.sets, workout_sessions: result.sessions, body_weights: result.bodyWeights })
  return result
}

/**
 * The file's gyms the account has none of the same name of, as long as there is room; the one
 * the file trained at becomes the account's current gym when it has none.
 */
async function restoreGyms(tx: Tx, userId: string, gyms: ExportDocument['gyms']): Promise<void> {
  if (!gyms.length) return
  const held = await tx.select({ name: gymProfiles.name }).from(gymProfiles).where(eq(gymProfiles.userId, userId))
  const names = new Set(held.map((g) => g.name))
  const fresh = gyms
    .filter((gym, index) => !names.has(gym.name) && gyms.findIndex((g) => g.name === gym.name) === index)
    .slice(0, Math.max(0, MAX_GYMS - held.length))
  if (fresh.length)
    await tx
      .insert(gymProfiles)
      .values(fresh.map((gym) => ({ userId, name: gym.name, equipment: gym.equipment, plateSetups: gym.plateSetups })))
      .onConflictDoNothing()
  const current = gyms.find((gym) => gym.current)
  if (!current) return
  const [gym] = await tx
    .select({ id: gymProfiles.id })
    .from(gymProfiles)
    .where(and(eq(gymProfiles.userId, userId), eq(gymProfiles.name, current.name)))
  if (gym)
    await tx
      .update(profiles)
      .set({ gymProfileId: gym.id })
      .where(and(eq(profiles.id, userId), isNull(profiles.gymProfileId)))
}
