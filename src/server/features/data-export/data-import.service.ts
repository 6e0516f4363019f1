import { createHash } from 'node:crypto'
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { dataExportApiText, EXPORT_FORMAT, EXPORT_VERSION, type RestoreResult } from '#shared/schemas/data-export.ts'
import { fieldErrorsOf } from '#shared/errors.ts'
import type { ProgressionRule } from '#shared/schemas/progression.ts'
import type { SessionExercise } from '#shared/schemas/sessions.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  bodyWeights,
  movements,
  planWorkouts,
  prescriptions,
  profiles,
  sessionComments,
  setLogHistory,
  setLogs,
  trainingPlans,
  workoutSessions,
  workouts,
} from '#server/db/schema/index.ts'
import { analyzeStale } from '#server/db/statistics.ts'
import { rememberWords, searchTextOf } from '#server/features/movements/movements.service.ts'
import { AppError } from '#server/lib/app-error.ts'
import {
  ExportDocumentSchema,
  shapeProblemOf,
  type ExportDocument,
  type ExportExercise,
  type ExportMovement,
  type ExportSessionExercise,
} from './export-document.ts'

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

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row. */
const BATCH = 500
/** Ids per lookup of what the account holds. */
const ID_BATCH = 1000

/** A name-based UUID (RFC 9562 version 8, from SHA-256) of the account, the kind of row and its id in the file. */
function restoredId(userId: string, kind: string, sourceId: string): string {
  const h = createHash('sha256').update(`coachline-restore\u0000${userId}\u0000${kind}\u0000${sourceId}`).digest('hex')
  const variant = ((parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`
}

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

type Maps = {
  movement: Map<string, string>
  plan: Map<string, string>
  planWorkout: Map<string, string>
  prescription: Map<string, string>
  workout: Map<string, string>
}

type ExportPlan = ExportDocument['plans'][number]
type ExportWorkout = ExportDocument['workouts'][number]
type ExportSession = ExportDocument['sessions'][number]
/** A session of the file the account does not hold, with the id it gets. */
type NewSession = { id: string; session: ExportSession }

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Last wins for rows the file lists twice under one id (a restore writes each row once). */
function uniqueById<T extends { id: string }>(items: T[]): T[] {
  return [...new Map(items.map((item) => [item.id, item])).values()]
}

const at = (value: string | null | undefined) => (value ? new Date(value) : null)

/** Of `ids`, those `query` finds (it names the account), asked a batch at a time. */
async function foundAmong(
  ids: Iterable<string>,
  query: (batch: string[]) => Promise<{ id: string }[]>,
): Promise<Set<string>> {
  const found = new Set<string>()
  for (const batch of chunks([...new Set(ids)], ID_BATCH)) for (const row of await query(batch)) found.add(row.id)
  return found
}

/** A row's id in the file and the id a restore would give it: the two ids it may have in the account. */
const bothIds = (userId: string, kind: string, sourceIds: string[]) =>
  sourceIds.flatMap((id) => [id, restoredId(userId, kind, id)])

/**
 * The account's id for a row of the file, `found` being the account's ids among bothIds: the
 * file's own id when the account has that row (the file came from this account), else the
 * restored id, already there when an earlier restore made it.
 */
function targetOf(found: Set<string>, userId: string, kind: string, sourceId: string): { id: string; held: boolean } {
  if (found.has(sourceId)) return { id: sourceId, held: true }
  const id = restoredId(userId, kind, sourceId)
  return { id, held: found.has(id) }
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
 * Maps the file's plans to the account's (its own, or assigned to it), and the days and exercises
 * of those it holds, which keep what they have now; answers the plans it does not hold.
 */
async function mapPlans(tx: Tx, userId: string, plans: ExportPlan[], maps: Maps): Promise<ExportPlan[]> {
  if (!plans.length) return []
  const found = await foundAmong(
    bothIds(
      userId,
      'plan',
      plans.map((p) => p.id),
    ),
    (ids) =>
      tx
        .select({ id: trainingPlans.id })
        .from(trainingPlans)
        .where(
          and(
            inArray(trainingPlans.id, ids),
            or(eq(trainingPlans.ownerId, userId), eq(trainingPlans.clientId, userId)),
          ),
        ),
  )
  const fresh: ExportPlan[] = []
  const held: ExportPlan[] = []
  for (const plan of plans) {
    const target = targetOf(found, userId, 'plan', plan.id)
    maps.plan.set(plan.id, target.id)
    ;(target.held ? held : fresh).push(plan)
  }
  if (held.length) {
    const days = await foundAmong(
      held.map((p) => maps.plan.get(p.id) as string),
      (ids) => tx.select({ id: planWorkouts.id }).from(planWorkouts).where(inArray(planWorkouts.planId, ids)),
    )
    const exercises = await foundAmong(days, (ids) =>
      tx.select({ id: prescriptions.id }).from(prescriptions).where(inArray(prescriptions.planWorkoutId, ids)),
    )
    for (const day of held.flatMap((p) => p.workouts)) {
      const target = targetOf(days, userId, 'plan-workout', day.id)
      if (target.held) maps.planWorkout.set(day.id, target.id)
      mapHeldExercises(userId, day.exercises, exercises, maps)
    }
  }
  return fresh
}

/** Maps the file's standalone workouts to the account's own; answers those it does not hold. */
async function mapWorkouts(tx: Tx, userId: string, list: ExportWorkout[], maps: Maps): Promise<ExportWorkout[]> {
  if (!list.length) return []
  const found = await foundAmong(
    bothIds(
      userId,
      'workout',
      list.map((w) => w.id),
    ),
    (ids) =>
      tx
        .select({ id: workouts.id })
        .from(workouts)
        .where(and(inArray(workouts.id, ids), eq(workouts.ownerId, userId))),
  )
  const fresh: ExportWorkout[] = []
  const held: ExportWorkout[] = []
  for (const workout of list) {
    const target = targetOf(found, userId, 'workout', workout.id)
    maps.workout.set(workout.id, target.id)
    ;(target.held ? held : fresh).push(workout)
  }
  if (held.length) {
    const exercises = await foundAmong(
      held.map((w) => maps.workout.get(w.id) as string),
      (ids) => tx.select({ id: prescriptions.id }).from(prescriptions).where(inArray(prescriptions.workoutId, ids)),
    )
    for (const workout of held) mapHeldExercises(userId, workout.exercises, exercises, maps)
  }
  return fresh
}

/** The exercises of a plan day or workout the account holds, for sessions that name them. */
function mapHeldExercises(userId: string, list: ExportExercise[], found: Set<string>, maps: Maps): void {
  for (const exercise of list) {
    const target = targetOf(found, userId, 'prescription', exercise.id)
    if (target.held) maps.prescription.set(exercise.id, target.id)
  }
}

/** The file's sessions the account does not hold (as its own, or from an earlier restore), with their ids. */
async function newSessions(tx: Tx, userId: string, sessions: ExportSession[]): Promise<NewSession[]> {
  const found = await foundAmong(
    bothIds(
      userId,
      'session',
      sessions.map((s) => s.id),
    ),
    (ids) =>
      tx
        .select({ id: workoutSessions.id })
        .from(workoutSessions)
        .where(and(inArray(workoutSessions.id, ids), eq(workoutSessions.clientId, userId))),
  )
  return sessions.flatMap((session) => {
    const target = targetOf(found, userId, 'session', session.id)
    return target.held ? [] : [{ id: target.id, session }]
  })
}

/** The movements the rows a restore writes name. */
function movementsNamedBy(plans: ExportPlan[], list: ExportWorkout[], sessions: ExportSession[]): Set<string> {
  const named = new Set<string>()
  const rule = (value: ProgressionRule | null | undefined) => {
    if (value?.kind === 'percent_e1rm' && value.linkedMovementId) named.add(value.linkedMovementId)
  }
  const exercise = (value: ExportExercise) => {
    named.add(value.movementId)
    rule(value.progression)
  }
  for (const plan of plans) {
    rule(plan.progression)
    for (const day of plan.workouts) day.exercises.forEach(exercise)
  }
  for (const workout of list) workout.exercises.forEach(exercise)
  for (const session of sessions) {
    for (const value of [...session.exercises, ...session.removedExercises]) {
      named.add(value.movementId)
      if (value.swappedFrom) named.add(value.swappedFrom.movementId)
      if (value.oneRepMaxMovementId) named.add(value.oneRepMaxMovementId)
    }
    for (const set of session.sets) named.add(set.movementId)
  }
  return named
}

async function restoreMovements(
  tx: Tx,
  userId: string,
  listed: ExportMovement[],
  named: Set<string>,
  maps: Maps,
  newWords: string[],
): Promise<number> {
  const slugs = listed.flatMap((m) => (m.builtin && m.slug ? [m.slug] : []))
  const builtins = slugs.length
    ? await tx
        .select({ id: movements.id, slug: movements.slug })
        .from(movements)
        .where(and(isNull(movements.ownerId), inArray(movements.slug, slugs)))
    : []
  const bySlug = new Map(builtins.map((b) => [b.slug, b.id]))
  const own = await tx
    .select({ id: movements.id, name: movements.name, tracking: movements.tracking, archivedAt: movements.archivedAt })
    .from(movements)
    .where(eq(movements.ownerId, userId))
  const ownIds = new Set(own.map((m) => m.id))
  const ownByName = new Map(
    own.filter((m) => !m.archivedAt).map((m) => [`${m.name.toLowerCase()}\u0000${m.tracking}`, m.id]),
  )
  const created: (typeof movements.$inferInsert)[] = []
  for (const movement of listed) {
    const builtin = movement.builtin && movement.slug ? bySlug.get(movement.slug) : undefined
    if (builtin) {
      maps.movement.set(movement.id, builtin)
      continue
    }
    const target = targetOf(ownIds, userId, 'movement', movement.id)
    if (target.held) {
      maps.movement.set(movement.id, target.id)
      continue
    }
    // The account's own movement of the same name and kind stands for it: a restore beside
    // movements the lifter made again by hand does not double them.
    const sameName = ownByName.get(`${movement.name.toLowerCase()}\u0000${movement.tracking}`)
    if (sameName) {
      maps.movement.set(movement.id, sameName)
      continue
    }
    // The lifter's own come back whole; someone else's (their coach's, a built-in this Coachline
    // lacks) only when a row the restore writes names it.
    if (movement.ownedBySubject === false && !named.has(movement.id)) continue
    const { id } = target
    maps.movement.set(movement.id, id)
    ownIds.add(id)
    ownByName.set(`${movement.name.toLowerCase()}\u0000${movement.tracking}`, id)
    newWords.push(movement.name, ...movement.aliases)
    created.push({
      id,
      ownerId: userId,
      name: movement.name,
      aliases: movement.aliases,
      pattern: movement.pattern,
      primaryMuscles: movement.primaryMuscles,
      secondaryMuscles: movement.secondaryMuscles,
      equipment: movement.equipment,
      tracking: movement.tracking,
      unilateral: movement.unilateral,
      instructions: movement.instructions,
      videoUrl: movement.videoUrl ?? null,
      archivedAt: at(movement.archivedAt),
      searchText: searchTextOf(movement.name, movement.aliases),
    })
  }
  let count = 0
  for (const batch of chunks(created))
    count += (await tx.insert(movements).values(batch).onConflictDoNothing().returning({ id: movements.id })).length
  return count
}

function movementOf(maps: Maps, sourceId: string): string {
  const id = maps.movement.get(sourceId)
  if (!id) throw new AppError('BAD_REQUEST', { message: `${dataExportApiText.unknownMovement} (${sourceId})` })
  return id
}

function ruleOf(maps: Maps, rule: ProgressionRule | null | undefined): ProgressionRule | null {
  if (!rule) return null
  if (rule.kind === 'percent_e1rm' && rule.linkedMovementId)
    return { ...rule, linkedMovementId: movementOf(maps, rule.linkedMovementId) }
  return rule
}

function exerciseRow(
  userId: string,
  maps: Maps,
  exercise: ExportExercise,
  parent: { planWorkoutId: string } | { workoutId: string },
): typeof prescriptions.$inferInsert {
  const id = restoredId(userId, 'prescription', exercise.id)
  maps.prescription.set(exercise.id, id)
  return {
    id,
    ...parent,
    movementId: movementOf(maps, exercise.movementId),
    position: exercise.position,
    superset: exercise.superset ?? null,
    restSeconds: exercise.restSeconds ?? null,
    tempo: exercise.tempo ?? null,
    notes: exercise.notes ?? null,
    sets: exercise.sets,
    progression: ruleOf(maps, exercise.progression),
    progressionNote: exercise.progressionNote ?? null,
    handEdited: exercise.handEdited,
  }
}

async function insertPrescriptions(tx: Tx, rows: (typeof prescriptions.$inferInsert)[]): Promise<void> {
  for (const batch of chunks(rows)) await tx.insert(prescriptions).values(batch).onConflictDoNothing()
}

/** Writes the plans the account does not hold, with their days and exercises. */
async function insertPlans(tx: Tx, userId: string, plans: ExportPlan[], maps: Maps): Promise<number> {
  if (!plans.length) return 0
  // A lifter has one active plan of their own: a restored one that would be a second is archived.
  const [activeOwn] = await tx
    .select({ id: trainingPlans.id })
    .from(trainingPlans)
    .where(
      and(
        eq(trainingPlans.ownerId, userId),
        eq(trainingPlans.status, 'active'),
        isNull(trainingPlans.clientId),
        sql`${trainingPlans.trainingDays} is not null`,
        eq(trainingPlans.assigned, false),
      ),
    )
    .limit(1)
  let activeOwnTaken = Boolean(activeOwn)
  const days: (typeof planWorkouts.$inferInsert)[] = []
  const exercises: (typeof prescriptions.$inferInsert)[] = []
  let count = 0
  for (const plan of plans) {
    const id = maps.plan.get(plan.id) as string
    // Whose client a plan was assigned to does not travel: on the account it is its owner's copy.
    const wouldBeActiveOwn = plan.status === 'active' && !plan.assigned && Boolean(plan.trainingDays)
    const status = wouldBeActiveOwn && activeOwnTaken ? 'archived' : plan.status
    if (wouldBeActiveOwn && status === 'active') activeOwnTaken = true
    const inserted = await tx
      .insert(trainingPlans)
      .values({
        id,
        ownerId: userId,
        clientId: null,
        name: plan.name,
        goal: plan.goal ?? null,
        description: plan.description ?? null,
        weeks: plan.weeks,
        daysPerWeek: plan.daysPerWeek,
        deloadWeeks: plan.deloadWeeks,
        isTemplate: plan.isTemplate,
        startDate: plan.startDate ?? null,
        trainingDays: plan.trainingDays ?? null,
        assigned: plan.assigned,
        status,
        sourcePlanId: plan.sourcePlanId ? (maps.plan.get(plan.sourcePlanId) ?? null) : null,
        progression: ruleOf(maps, plan.progression),
        progressionMode: plan.progressionMode,
        deload: plan.deload ?? null,
        ...(plan.createdAt ? { createdAt: new Date(plan.createdAt) } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: trainingPlans.id })
    count += inserted.length
    // Only a plan written now gets its days (one written at the same moment by another restore has its own).
    if (!inserted.length) {
      maps.plan.delete(plan.id)
      continue
    }
    for (const day of plan.workouts) {
      const dayId = restoredId(userId, 'plan-workout', day.id)
      maps.planWorkout.set(day.id, dayId)
      days.push({ id: dayId, planId: id, week: day.week, day: day.day, title: day.title, notes: day.notes ?? null })
      for (const exercise of day.exercises)
        exercises.push(exerciseRow(userId, maps, exercise, { planWorkoutId: dayId }))
    }
  }
  const stored = new Set<string>()
  for (const batch of chunks(days))
    for (const row of await tx
      .insert(planWorkouts)
      .values(batch)
      .onConflictDoNothing()
      .returning({ id: planWorkouts.id }))
      stored.add(row.id)
  const written = new Set(days.map((d) => d.id))
  for (const [source, target] of maps.planWorkout)
    if (written.has(target) && !stored.has(target)) maps.planWorkout.delete(source)
  await insertPrescriptions(
    tx,
    exercises.filter((e) => e.planWorkoutId && stored.has(e.planWorkoutId)),
  )
  return count
}

/** Writes the standalone workouts the account does not hold, with their exercises. */
async function insertWorkouts(tx: Tx, userId: string, list: ExportWorkout[], maps: Maps): Promise<number> {
  const stored = new Set<string>()
  for (const batch of chunks(list)) {
    const rows = await tx
      .insert(workouts)
      .values(
        batch.map((w) => ({
          id: maps.workout.get(w.id) as string,
          ownerId: userId,
          title: w.title,
          notes: w.notes ?? null,
          isTemplate: w.isTemplate,
          archivedAt: at(w.archivedAt),
          sourceWorkoutId: w.sourceWorkoutId ? (maps.workout.get(w.sourceWorkoutId) ?? null) : null,
          ...(w.createdAt ? { createdAt: new Date(w.createdAt) } : {}),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: workouts.id })
    for (const row of rows) stored.add(row.id)
  }
  const exercises: (typeof prescriptions.$inferInsert)[] = []
  for (const workout of list) {
    const workoutId = maps.workout.get(workout.id) as string
    if (!stored.has(workoutId)) continue
    for (const exercise of workout.exercises) exercises.push(exerciseRow(userId, maps, exercise, { workoutId }))
  }
  await insertPrescriptions(tx, exercises)
  return stored.size
}

function sessionExerciseOf(maps: Maps, exercise: ExportSessionExercise): SessionExercise {
  return {
    key: exercise.key,
    movementId: movementOf(maps, exercise.movementId),
    movementName: exercise.movementName,
    tracking: exercise.tracking,
    prescriptionId: exercise.prescriptionId ? (maps.prescription.get(exercise.prescriptionId) ?? null) : null,
    superset: exercise.superset ?? null,
    restSeconds: exercise.restSeconds ?? null,
    notes: exercise.notes ?? null,
    targets: exercise.targets,
    // The optional keys stay as the file has them: absent, null or a value.
    ...(exercise.swappedFrom !== undefined && {
      swappedFrom: exercise.swappedFrom && {
        movementId: movementOf(maps, exercise.swappedFrom.movementId),
        movementName: exercise.swappedFrom.movementName,
      },
    }),
    ...(exercise.equipment !== undefined && { equipment: exercise.equipment }),
    ...(exercise.reason !== undefined && { reason: exercise.reason }),
    ...(exercise.oneRepMaxMovementId !== undefined && {
      oneRepMaxMovementId: exercise.oneRepMaxMovementId && movementOf(maps, exercise.oneRepMaxMovementId),
    }),
  }
}

/**
 * Of these ids in the file, those the account holds as its own rows of `table` (sets, set
 * versions, comments, each found through the account's sessions): a file from this account
 * names them, and they stay as they are.
 */
async function heldThroughSessions(
  tx: Tx,
  userId: string,
  table: typeof setLogs | typeof setLogHistory | typeof sessionComments,
  ids: string[],
): Promise<Set<string>> {
  return foundAmong(ids, (batch) =>
    tx
      .select({ id: table.id })
      .from(table)
      .innerJoin(workoutSessions, eq(workoutSessions.id, table.sessionId))
      .where(and(inArray(table.id, batch), eq(workoutSessions.clientId, userId))),
  )
}

async function restoreSessions(
  tx: Tx,
  userId: string,
  fileUserId: string,
  sessions: NewSession[],
  maps: Maps,
  result: RestoreResult,
): Promise<void> {
  for (const batch of chunks(sessions, 200)) {
    const rows = batch.map(({ id, session: s }) => ({
      id,
      clientId: userId,
      planId: s.planId ? (maps.plan.get(s.planId) ?? null) : null,
      planWorkoutId: s.planWorkoutId ? (maps.planWorkout.get(s.planWorkoutId) ?? null) : null,
      workoutId: s.workoutId ? (maps.workout.get(s.workoutId) ?? null) : null,
      title: s.title,
      planName: s.planName ?? null,
      week: s.week ?? null,
      day: s.day ?? null,
      exercises: s.exercises.map((e) => sessionExerciseOf(maps, e)),
      removedExercises: s.removedExercises.map((e) => sessionExerciseOf(maps, e)),
      status: s.status,
      startedAt: new Date(s.startedAt),
      completedAt: at(s.completedAt),
      rpe: s.rpe ?? null,
      notes: s.notes ?? null,
      correctedAt: at(s.correctedAt),
      createdAt: new Date(s.startedAt),
    }))
    const inserted = new Set(
      (await tx.insert(workoutSessions).values(rows).onConflictDoNothing().returning({ id: workoutSessions.id })).map(
        (r) => r.id,
      ),
    )
    result.sessions += inserted.size
    // A session written at the same moment by another restore keeps what that one gave it.
    const fresh = batch.filter((s) => inserted.has(s.id))
    // A set, version or comment the account holds already under its id in the file stays as it is.
    const heldSets = await heldThroughSessions(
      tx,
      userId,
      setLogs,
      fresh.flatMap(({ session }) => session.sets.map((set) => set.id)),
    )
    const heldHistory = await heldThroughSessions(
      tx,
      userId,
      setLogHistory,
      fresh.flatMap(({ session }) => session.setHistory.map((h) => h.id)),
    )
    const heldComments = await heldThroughSessions(
      tx,
      userId,
      sessionComments,
      fresh.flatMap(({ session }) => session.comments.map((c) => c.id)),
    )
    const setId = (sourceId: string) => (heldSets.has(sourceId) ? sourceId : restoredId(userId, 'set', sourceId))
    const sets = fresh.flatMap(({ id: sessionId, session }) =>
      uniqueById(session.sets)
        .filter((set) => !heldSets.has(set.id))
        .map((set) => ({
          id: setId(set.id),
          sessionId,
          exerciseKey: set.exerciseKey,
          movementId: movementOf(maps, set.movementId),
          prescriptionId: set.prescriptionId ? (maps.prescription.get(set.prescriptionId) ?? null) : null,
          setNumber: set.setNumber,
          reps: set.reps ?? null,
          loadKg: set.loadKg ?? null,
          rpe: set.rpe ?? null,
          durationSeconds: set.durationSeconds ?? null,
          distanceMeters: set.distanceMeters ?? null,
          targetRepsMin: set.targetRepsMin ?? null,
          targetRepsMax: set.targetRepsMax ?? null,
          targetLoadKg: set.targetLoadKg ?? null,
          targetRpe: set.targetRpe ?? null,
          completed: set.completed,
          setType: set.setType,
          note: set.note ?? null,
          editedAt: new Date(set.editedAt),
          loggedAt: at(set.loggedAt) ?? new Date(set.editedAt),
          deletedAt: at(set.deletedAt),
          correctedAt: at(set.correctedAt),
          asFinished: set.asFinished ?? null,
        })),
    )
    for (const part of chunks(sets))
      result.sets += (await tx.insert(setLogs).values(part).onConflictDoNothing().returning({ id: setLogs.id })).length
    const history = fresh.flatMap(({ id: sessionId, session }) =>
      uniqueById(session.setHistory)
        .filter((h) => !heldHistory.has(h.id))
        .map((h) => ({
          id: restoredId(userId, 'set-history', h.id),
          setLogId: setId(h.setLogId),
          sessionId,
          values: h.values,
          editedAt: new Date(h.editedAt),
          ...(h.replacedAt ? { replacedAt: new Date(h.replacedAt) } : {}),
        })),
    )
    for (const part of chunks(history)) await tx.insert(setLogHistory).values(part).onConflictDoNothing()
    // The lifter's own comments come back as theirs; another person's cannot (they have no account here).
    const comments = fresh.flatMap(({ id: sessionId, session }) =>
      uniqueById(session.comments)
        .filter((c) => c.authorId === fileUserId && !heldComments.has(c.id))
        .map((c) => ({
          id: restoredId(userId, 'comment', c.id),
          sessionId,
          setLogId: c.setLogId ? setId(c.setLogId) : null,
          authorId: userId,
          body: c.body,
          createdAt: new Date(c.createdAt),
          readAt: at(c.readAt),
        })),
    )
    for (const part of chunks(comments))
      result.comments += (
        await tx.insert(sessionComments).values(part).onConflictDoNothing().returning({ id: sessionComments.id })
      ).length
  }
}
