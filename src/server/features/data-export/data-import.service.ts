import { createHash } from 'node:crypto'
import { and, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm'
import { dataExportApiText, EXPORT_FORMAT, EXPORT_VERSION, type RestoreResult } from '#shared/schemas/data-export.ts'
import { fieldErrorsOf } from '#shared/errors.ts'
import type { ProgressionRule } from '#shared/schemas/progression.ts'
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
import { rememberWords, searchTextOf } from '#server/features/movements/movements.service.ts'
import { AppError } from '#server/lib/app-error.ts'
import { ExportDocumentSchema, shapeProblemOf, type ExportDocument, type ExportExercise, type ExportMovement, type ExportSessionExercise } from './export-document.ts'

/*
 * Restoring a JSON export into the signed-in account (docs/export-format.md#restoring): in one
 * transaction, so a failure writes nothing; idempotent, so a second restore of the same file adds
 * nothing. Every row gets an id derived from the account and the row's id in the file (a hash):
 * the same file into the same account gives the same ids, which are then already there, while
 * the same file into another account (or beside its original in the same database) collides with
 * nothing. Built-in movements are found by their slug; every other movement becomes the
 * account's own.
 */

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for the widest row. */
const BATCH = 500

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
  if (!envelope || envelope.format !== EXPORT_FORMAT) throw new AppError('BAD_REQUEST', { message: dataExportApiText.notAnExport })
  const version = envelope.version
  if (version !== EXPORT_VERSION) {
    const newer = typeof version === 'number' && Number.isInteger(version) && version > EXPORT_VERSION && version < 1_000_000
    throw new AppError('BAD_REQUEST', { message: newer ? dataExportApiText.newerVersion(version) : dataExportApiText.unknownVersion })
  }
  // Nesting, long text, NUL and half characters anywhere: found by a walk of its own, before zod
  // (or anything else that recurses) looks at the body.
  const problem = shapeProblemOf(body)
  if (problem)
    throw new AppError('VALIDATION_FAILED', { message: dataExportApiText.damagedAt(problem.path, problem.message), fields: { [problem.path || '_']: [problem.message] } })
  const parsed = ExportDocumentSchema.safeParse(body)
  if (!parsed.success) {
    // A list of a million bad entries names the first few, not a million.
    const fields = fieldErrorsOf(parsed.error.issues.slice(0, LISTED_ISSUES))
    const first = Object.entries(fields)[0]
    throw new AppError('VALIDATION_FAILED', { message: first ? dataExportApiText.damagedAt(first[0] === '_' ? '' : first[0], first[1][0] ?? '') : 'The export is damaged', fields })
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

/** Restores `document` into the account `userId` and says what it added. */
export async function restoreExport(db: Db, userId: string, document: ExportDocument): Promise<RestoreResult> {
  const result: RestoreResult = { movements: 0, plans: 0, workouts: 0, sessions: 0, sets: 0, comments: 0, bodyWeights: 0 }
  const newWords: string[] = []
  await db.transaction(async (tx) => {
    // One rule with the history import, for the API and the operator's command alike: training
    // history is a client's (a coach keeps none).
    const [account] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId))
    if (account?.role !== 'client') throw new AppError('FORBIDDEN', { message: dataExportApiText.clientsOnly })
    const maps: Maps = { movement: new Map(), plan: new Map(), planWorkout: new Map(), prescription: new Map(), workout: new Map() }
    result.movements = await restoreMovements(tx, userId, uniqueById(document.movements), maps, newWords)
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
    result.plans = await restorePlans(tx, userId, uniqueById(document.plans), maps)
    result.workouts = await restoreWorkouts(tx, userId, uniqueById(document.workouts), maps)
    for (const batch of chunks(document.bodyWeights)) {
      const rows = await tx
        .insert(bodyWeights)
        .values(batch.map((w) => ({ clientId: userId, measuredOn: w.measuredOn, weightKg: w.weightKg })))
        .onConflictDoNothing()
        .returning({ id: bodyWeights.id })
      result.bodyWeights += rows.length
    }
    await restoreSessions(tx, userId, document, maps, result)
  })
  if (newWords.length) await rememberWords(db, newWords)
  return result
}

async function restoreMovements(tx: Tx, userId: string, listed: ExportMovement[], maps: Maps, newWords: string[]): Promise<number> {
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
  const ownByName = new Map(own.filter((m) => !m.archivedAt).map((m) => [`${m.name.toLowerCase()}\u0000${m.tracking}`, m.id]))
  const created: (typeof movements.$inferInsert)[] = []
  for (const movement of listed) {
    const builtin = movement.builtin && movement.slug ? bySlug.get(movement.slug) : undefined
    if (builtin) {
      maps.movement.set(movement.id, builtin)
      continue
    }
    const id = restoredId(userId, 'movement', movement.id)
    // The account's own movement of the same name and kind stands for it: a restore beside
    // movements the lifter made again by hand does not double them.
    const target = ownIds.has(id) ? id : (ownByName.get(`${movement.name.toLowerCase()}\u0000${movement.tracking}`) ?? id)
    maps.movement.set(movement.id, target)
    if (target !== id || ownIds.has(id)) continue
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
  for (const batch of chunks(created)) count += (await tx.insert(movements).values(batch).onConflictDoNothing().returning({ id: movements.id })).length
  return count
}

function movementOf(maps: Maps, sourceId: string): string {
  const id = maps.movement.get(sourceId)
  if (!id) throw new AppError('BAD_REQUEST', { message: `${dataExportApiText.unknownMovement} (${sourceId})` })
  return id
}

function ruleOf(maps: Maps, rule: ProgressionRule | null | undefined): ProgressionRule | null {
  if (!rule) return null
  if (rule.kind === 'percent_e1rm' && rule.linkedMovementId) return { ...rule, linkedMovementId: movementOf(maps, rule.linkedMovementId) }
  return rule
}

function exerciseRow(userId: string, maps: Maps, exercise: ExportExercise, parent: { planWorkoutId: string } | { workoutId: string }): typeof prescriptions.$inferInsert {
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

async function restorePlans(tx: Tx, userId: string, plans: ExportDocument['plans'], maps: Maps): Promise<number> {
  if (!plans.length) return 0
  for (const plan of plans) maps.plan.set(plan.id, restoredId(userId, 'plan', plan.id))
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
        notInArray(trainingPlans.id, [...maps.plan.values()]),
      ),
    )
    .limit(1)
  let activeOwnTaken = Boolean(activeOwn)
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
  }
  // Only plans that are the account's now get their days (a plan skipped by a conflict has none).
  const present = new Set(
    (
      await tx
        .select({ id: trainingPlans.id })
        .from(trainingPlans)
        .where(and(eq(trainingPlans.ownerId, userId), inArray(trainingPlans.id, [...maps.plan.values()])))
    ).map((p) => p.id),
  )
  const days: (typeof planWorkouts.$inferInsert)[] = []
  const exercises: (typeof prescriptions.$inferInsert)[] = []
  for (const plan of plans) {
    const planId = maps.plan.get(plan.id) as string
    if (!present.has(planId)) {
      maps.plan.delete(plan.id)
      continue
    }
    for (const day of plan.workouts) {
      const dayId = restoredId(userId, 'plan-workout', day.id)
      maps.planWorkout.set(day.id, dayId)
      days.push({ id: dayId, planId, week: day.week, day: day.day, title: day.title, notes: day.notes ?? null })
      for (const exercise of day.exercises) exercises.push(exerciseRow(userId, maps, exercise, { planWorkoutId: dayId }))
    }
  }
  for (const batch of chunks(days)) await tx.insert(planWorkouts).values(batch).onConflictDoNothing()
  // A day that was already there under another id (the lifter moved it since) keeps its own exercises.
  const stored = new Set(
    days.length
      ? (
          await tx
            .select({ id: planWorkouts.id })
            .from(planWorkouts)
            .where(
              inArray(
                planWorkouts.id,
                days.map((d) => d.id as string),
              ),
            )
        ).map((d) => d.id)
      : [],
  )
  for (const [source, target] of maps.planWorkout) if (!stored.has(target)) maps.planWorkout.delete(source)
  await insertPrescriptions(
    tx,
    exercises.filter((e) => e.planWorkoutId && stored.has(e.planWorkoutId)),
  )
  return count
}

async function restoreWorkouts(tx: Tx, userId: string, list: ExportDocument['workouts'], maps: Maps): Promise<number> {
  for (const workout of list) maps.workout.set(workout.id, restoredId(userId, 'workout', workout.id))
  let count = 0
  const exercises: (typeof prescriptions.$inferInsert)[] = []
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
    count += rows.length
  }
  for (const workout of list) {
    const workoutId = maps.workout.get(workout.id) as string
    for (const exercise of workout.exercises) exercises.push(exerciseRow(userId, maps, exercise, { workoutId }))
  }
  await insertPrescriptions(tx, exercises)
  return count
}

function sessionExerciseOf(maps: Maps, exercise: ExportSessionExercise): ExportSessionExercise {
  return {
    ...exercise,
    movementId: movementOf(maps, exercise.movementId),
    prescriptionId: exercise.prescriptionId ? (maps.prescription.get(exercise.prescriptionId) ?? null) : null,
    ...(exercise.swappedFrom ? { swappedFrom: { ...exercise.swappedFrom, movementId: movementOf(maps, exercise.swappedFrom.movementId) } } : {}),
    ...(exercise.oneRepMaxMovementId ? { oneRepMaxMovementId: movementOf(maps, exercise.oneRepMaxMovementId) } : {}),
  }
}

async function restoreSessions(tx: Tx, userId: string, document: ExportDocument, maps: Maps, result: RestoreResult): Promise<void> {
  const sessions = uniqueById(document.sessions)
  for (const batch of chunks(sessions, 200)) {
    const rows = batch.map((s) => ({
      id: restoredId(userId, 'session', s.id),
      clientId: userId,
      planId: s.planId ? (maps.plan.get(s.planId) ?? null) : null,
      planWorkoutId: s.planWorkoutId ? (maps.planWorkout.get(s.planWorkoutId) ?? null) : null,
      workoutId: s.workoutId ? (maps.workout.get(s.workoutId) ?? null) : null,
      title: s.title,
      planName: s.planName ?? null,
      week: s.week ?? null,
      day: s.day ?? null,
      exercises: s.exercises.map((e) => sessionExerciseOf(maps, e)) as (typeof workoutSessions.$inferInsert)['exercises'],
      removedExercises: s.removedExercises.map((e) => sessionExerciseOf(maps, e)) as (typeof workoutSessions.$inferInsert)['exercises'],
      status: s.status,
      startedAt: new Date(s.startedAt),
      completedAt: at(s.completedAt),
      rpe: s.rpe ?? null,
      notes: s.notes ?? null,
      correctedAt: at(s.correctedAt),
      createdAt: new Date(s.startedAt),
    }))
    const inserted = new Set((await tx.insert(workoutSessions).values(rows).onConflictDoNothing().returning({ id: workoutSessions.id })).map((r) => r.id))
    result.sessions += inserted.size
    // A session already restored keeps what it has now (the lifter may have corrected it since).
    const fresh = batch.filter((s) => inserted.has(restoredId(userId, 'session', s.id)))
    const sets = fresh.flatMap((s) =>
      uniqueById(s.sets).map((set) => ({
        id: restoredId(userId, 'set', set.id),
        sessionId: restoredId(userId, 'session', s.id),
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
        note: set.note ?? null,
        editedAt: new Date(set.editedAt),
        loggedAt: at(set.loggedAt) ?? new Date(set.editedAt),
        deletedAt: at(set.deletedAt),
        correctedAt: at(set.correctedAt),
        asFinished: set.asFinished ?? null,
      })),
    )
    for (const part of chunks(sets)) result.sets += (await tx.insert(setLogs).values(part).onConflictDoNothing().returning({ id: setLogs.id })).length
    const history = fresh.flatMap((s) =>
      uniqueById(s.setHistory).map((h) => ({
        id: restoredId(userId, 'set-history', h.id),
        setLogId: restoredId(userId, 'set', h.setLogId),
        sessionId: restoredId(userId, 'session', s.id),
        values: h.values,
        editedAt: new Date(h.editedAt),
        ...(h.replacedAt ? { replacedAt: new Date(h.replacedAt) } : {}),
      })),
    )
    for (const part of chunks(history)) await tx.insert(setLogHistory).values(part).onConflictDoNothing()
    // The lifter's own comments come back as theirs; another person's cannot (they have no account here).
    const comments = fresh.flatMap((s) =>
      uniqueById(s.comments)
        .filter((c) => c.authorId === document.user.id)
        .map((c) => ({
          id: restoredId(userId, 'comment', c.id),
          sessionId: restoredId(userId, 'session', s.id),
          setLogId: c.setLogId ? restoredId(userId, 'set', c.setLogId) : null,
          authorId: userId,
          body: c.body,
          createdAt: new Date(c.createdAt),
          readAt: at(c.readAt),
        })),
    )
    for (const part of chunks(comments)) result.comments += (await tx.insert(sessionComments).values(part).onConflictDoNothing().returning({ id: sessionComments.id })).length
  }
}
