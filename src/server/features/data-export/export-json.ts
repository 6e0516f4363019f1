import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { EXPORT_FORMAT, EXPORT_VERSION } from '#shared/schemas/data-export.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import {
  gymProfiles,
  bodyWeights,
  messages,
  movements,
  planWorkouts,
  prescriptions,
  profiles,
  sessionComments,
  setLogHistory,
  trainingPlans,
  users,
  workouts,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { checkInsJson, habitsJson, progressPhotosJson } from './export-between-sessions.ts'
import { countingSet } from '#server/features/sessions/review.service.ts'
import {
  type ExportSubject,
  groupBy,
  ID_BATCH,
  iso,
  json,
  MESSAGE_BATCH,
  movementIdsOfSession,
  sessionBatches,
  setsJsonOf,
} from './export-reads.ts'

/* The JSON export (docs/export-format.md#the-json-export), written piece by piece. */

/** The plans the lifter owns and those assigned to them, with every day, exercise and rule. */
async function* plansJson(db: Db, userId: string, movementIds: Set<string>): AsyncGenerator<string> {
  const plans = await db
    .select()
    .from(trainingPlans)
    .where(or(eq(trainingPlans.ownerId, userId), eq(trainingPlans.clientId, userId)))
    .orderBy(asc(trainingPlans.createdAt), asc(trainingPlans.id))
  for (const [index, plan] of plans.entries()) {
    const days = await db
      .select()
      .from(planWorkouts)
      .where(eq(planWorkouts.planId, plan.id))
      .orderBy(asc(planWorkouts.week), asc(planWorkouts.day))
    const exercises = days.length
      ? groupBy(
          await db
            .select()
            .from(prescriptions)
            .where(
              inArray(
                prescriptions.planWorkoutId,
                days.map((d) => d.id),
              ),
            )
            .orderBy(asc(prescriptions.position), asc(prescriptions.id)),
          (row) => row.planWorkoutId ?? '',
        )
      : new Map<string, PrescriptionRow[]>()
    if (plan.progression?.kind === 'percent_e1rm' && plan.progression.linkedMovementId)
      movementIds.add(plan.progression.linkedMovementId)
    const document = {
      id: plan.id,
      ownedBySubject: plan.ownerId === userId,
      name: plan.name,
      goal: plan.goal,
      description: plan.description,
      weeks: plan.weeks,
      daysPerWeek: plan.daysPerWeek,
      deloadWeeks: plan.deloadWeeks,
      isTemplate: plan.isTemplate,
      startDate: plan.startDate,
      trainingDays: plan.trainingDays,
      assigned: plan.assigned,
      status: plan.status,
      version: plan.version,
      sourcePlanId: plan.sourcePlanId,
      progression: plan.progression,
      progressionMode: plan.progressionMode,
      deload: plan.deload,
      createdAt: iso(plan.createdAt),
      updatedAt: iso(plan.updatedAt),
      workouts: days.map((day) => ({
        id: day.id,
        week: day.week,
        day: day.day,
        title: day.title,
        notes: day.notes,
        exercises: (exercises.get(day.id) ?? []).map((row) => toExercise(row, movementIds)),
      })),
    }
    yield `${index ? ',' : ''}${json(document)}`
  }
}

type PrescriptionRow = typeof prescriptions.$inferSelect

function toExercise(row: PrescriptionRow, movementIds: Set<string>) {
  movementIds.add(row.movementId)
  if (row.progression?.kind === 'percent_e1rm' && row.progression.linkedMovementId)
    movementIds.add(row.progression.linkedMovementId)
  return {
    id: row.id,
    movementId: row.movementId,
    position: row.position,
    superset: row.superset,
    restSeconds: row.restSeconds,
    tempo: row.tempo,
    notes: row.notes,
    sets: row.sets,
    progression: row.progression,
    progressionNote: row.progressionNote,
    handEdited: row.handEdited,
    timer: row.timer,
    warmUp: row.warmUp,
  }
}

/** The lifter's standalone workouts (their own, or a coach's templates) with their exercises. */
async function* workoutsJson(db: Db, userId: string, movementIds: Set<string>): AsyncGenerator<string> {
  const rows = await db
    .select()
    .from(workouts)
    .where(eq(workouts.ownerId, userId))
    .orderBy(asc(workouts.createdAt), asc(workouts.id))
  for (const [index, workout] of rows.entries()) {
    const exercises = await db
      .select()
      .from(prescriptions)
      .where(eq(prescriptions.workoutId, workout.id))
      .orderBy(asc(prescriptions.position), asc(prescriptions.id))
    const document = {
      id: workout.id,
      title: workout.title,
      notes: workout.notes,
      isTemplate: workout.isTemplate,
      archivedAt: iso(workout.archivedAt),
      version: workout.version,
      sourceWorkoutId: workout.sourceWorkoutId,
      createdAt: iso(workout.createdAt),
      updatedAt: iso(workout.updatedAt),
      exercises: exercises.map((row) => toExercise(row, movementIds)),
    }
    yield `${index ? ',' : ''}${json(document)}`
  }
}

/** Personal bests derived from the sets (docs/progress.md#records): heaviest load per rep count and best e1RM. */
async function recordsJson(db: Db, userId: string, movementIds: Set<string>): Promise<string> {
  const done = sql`
    select l.id, l.movement_id, l.reps, l.load_kg, s.started_at
    from workout_sessions s join set_logs l on l.session_id = s.id
    where s.client_id = ${userId} and s.status = 'completed' and ${countingSet('l')}
      and l.reps between 1 and 12 and l.load_kg > 0`
  const loads = await queryRows<{
    movement_id: string
    reps: number
    load_kg: string | number
    started_at: Date | string
    id: string
  }>(
    db,
    sql`select distinct on (movement_id, reps) movement_id, reps, load_kg, started_at, id from (${done}) d
        order by movement_id, reps, load_kg desc, started_at, id`,
  )
  const e1rms = await queryRows<{
    movement_id: string
    e1rm: string | number
    reps: number
    load_kg: string | number
    started_at: Date | string
    id: string
  }>(
    db,
    sql`select distinct on (movement_id) movement_id, case when reps = 1 then load_kg else load_kg * (1 + reps / 30.0) end as e1rm, reps, load_kg, started_at, id
        from (${done}) d order by movement_id, e1rm desc, started_at, id`,
  )
  const byMovement = groupBy(loads, (row) => row.movement_id)
  const records = e1rms.map((best) => {
    movementIds.add(best.movement_id)
    return {
      movementId: best.movement_id,
      bestE1rmKg: Math.round(Number(best.e1rm) * 100) / 100,
      bestE1rmSet: { setId: best.id, reps: best.reps, loadKg: Number(best.load_kg), at: iso(best.started_at) },
      heaviestByReps: (byMovement.get(best.movement_id) ?? []).map((row) => ({
        reps: row.reps,
        loadKg: Number(row.load_kg),
        firstAt: iso(row.started_at),
        setId: row.id,
      })),
    }
  })
  return json(records)
}

/** Comments on these sessions, and the versions of their sets that lost to a later edit. */
async function sessionExtras(db: Db, sessionIds: string[]) {
  const comments = await db
    .select({
      id: sessionComments.id,
      sessionId: sessionComments.sessionId,
      setLogId: sessionComments.setLogId,
      authorId: sessionComments.authorId,
      authorName: profiles.displayName,
      body: sessionComments.body,
      createdAt: sessionComments.createdAt,
      readAt: sessionComments.readAt,
    })
    .from(sessionComments)
    .leftJoin(profiles, eq(profiles.id, sessionComments.authorId))
    .where(inArray(sessionComments.sessionId, sessionIds))
    .orderBy(asc(sessionComments.createdAt), asc(sessionComments.id))
  const history = await db
    .select()
    .from(setLogHistory)
    .where(inArray(setLogHistory.sessionId, sessionIds))
    .orderBy(asc(setLogHistory.replacedAt), asc(setLogHistory.id))
  return { comments: groupBy(comments, (c) => c.sessionId), history: groupBy(history, (h) => h.sessionId) }
}

async function* sessionsJson(db: Db, userId: string, movementIds: Set<string>): AsyncGenerator<string> {
  let first = true
  for await (const page of sessionBatches(db, userId)) {
    const ids = page.map((s) => s.id)
    const sets = await setsJsonOf(db, ids)
    const { comments, history } = await sessionExtras(db, ids)
    for (const session of page) {
      movementIdsOfSession(session, movementIds)
      const own = sets.get(session.id)
      for (const id of own?.movementIds ?? []) movementIds.add(id)
      const head = json({
        id: session.id,
        planId: session.planId,
        planWorkoutId: session.planWorkoutId,
        workoutId: session.workoutId,
        title: session.title,
        planName: session.planName,
        week: session.week,
        day: session.day,
        status: session.status,
        startedAt: iso(session.startedAt),
        completedAt: iso(session.completedAt),
        rpe: session.rpe,
        notes: session.notes,
        correctedAt: iso(session.correctedAt),
        createdAt: iso(session.createdAt),
        updatedAt: iso(session.updatedAt),
        exercises: session.exercises,
        removedExercises: session.removedExercises,
      })
      const tail = json({
        setHistory: (history.get(session.id) ?? []).map((h) => ({
          id: h.id,
          setLogId: h.setLogId,
          values: h.values,
          editedAt: iso(h.editedAt),
          replacedAt: iso(h.replacedAt),
        })),
        comments: (comments.get(session.id) ?? []).map((c) => ({
          ...c,
          sessionId: undefined,
          createdAt: iso(c.createdAt),
          readAt: iso(c.readAt),
        })),
      })
      // The head's closing brace and the tail's opening one give way to the sets between them.
      yield `${first ? '' : ','}${head.slice(0, -1)},"sets":${own?.json ?? '[]'},${tail.slice(1)}`
      first = false
    }
  }
}

/**
 * Chat messages: all of the lifter's own for their export; for a coach's export of a client, only
 * the conversation between that coach and the client.
 */
async function* messagesJson(db: Db, subject: ExportSubject): AsyncGenerator<string> {
  const whose: SQL | undefined = subject.coachId
    ? and(eq(messages.coachId, subject.coachId), eq(messages.clientId, subject.userId))
    : or(eq(messages.coachId, subject.userId), eq(messages.clientId, subject.userId))
  let after = 0
  let first = true
  for (;;) {
    const page = await db
      .select({
        id: messages.id,
        seq: messages.seq,
        coachId: messages.coachId,
        clientId: messages.clientId,
        senderId: messages.senderId,
        senderName: profiles.displayName,
        body: messages.body,
        createdAt: messages.createdAt,
        deliveredAt: messages.deliveredAt,
        readAt: messages.readAt,
      })
      .from(messages)
      .leftJoin(profiles, eq(profiles.id, messages.senderId))
      .where(and(whose, sql`${messages.seq} > ${after}`))
      .orderBy(asc(messages.seq))
      .limit(MESSAGE_BATCH)
    if (!page.length) return
    for (const { seq: _seq, ...m } of page) {
      yield `${first ? '' : ','}${json({ ...m, createdAt: iso(m.createdAt), deliveredAt: iso(m.deliveredAt), readAt: iso(m.readAt) })}`
      first = false
    }
    after = page[page.length - 1]?.seq ?? after
    if (page.length < MESSAGE_BATCH) return
  }
}

/** The lifter's own movements and every movement the rest of the export names, built-in ones by slug. */
async function* movementsJson(db: Db, userId: string, movementIds: Set<string>): AsyncGenerator<string> {
  const owned = await db.select({ id: movements.id }).from(movements).where(eq(movements.ownerId, userId))
  for (const { id } of owned) movementIds.add(id)
  const ids = [...movementIds].sort()
  let first = true
  for (let i = 0; i < ids.length; i += ID_BATCH) {
    const rows = await db
      .select()
      .from(movements)
      .where(inArray(movements.id, ids.slice(i, i + ID_BATCH)))
      .orderBy(asc(movements.id))
    for (const m of rows) {
      yield `${first ? '' : ','}${json({
        id: m.id,
        builtin: m.ownerId === null,
        slug: m.slug,
        ownedBySubject: m.ownerId === userId,
        name: m.name,
        aliases: m.aliases,
        pattern: m.pattern,
        primaryMuscles: m.primaryMuscles,
        secondaryMuscles: m.secondaryMuscles,
        equipment: m.equipment,
        tracking: m.tracking,
        unilateral: m.unilateral,
        instructions: m.instructions,
        videoUrl: m.videoUrl,
        archivedAt: iso(m.archivedAt),
        createdAt: iso(m.createdAt),
        updatedAt: iso(m.updatedAt),
      })}`
      first = false
    }
  }
}

/** The JSON export, piece by piece (docs/export-format.md#the-json-export). */
export async function* exportJson(db: Db, subject: ExportSubject): AsyncGenerator<string> {
  const { userId } = subject
  const [user] = await db
    .select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId))
  if (!user) throw new AppError('NOT_FOUND', { message: 'No such user' })
  const movementIds = new Set<string>()
  yield `{"format":${json(EXPORT_FORMAT)},"version":${EXPORT_VERSION},"exportedAt":${json(new Date().toISOString())},"exportedBy":${json(subject.coachId ? { coachId: subject.coachId } : { self: true })}`
  yield `,"user":${json({ ...user, createdAt: iso(user.createdAt) })}`
  yield `,"profile":${json(
    profile
      ? {
          role: profile.role,
          displayName: profile.displayName,
          primaryGoal: profile.primaryGoal,
          experienceLevel: profile.experienceLevel,
          unit: profile.unit,
          messageDigest: profile.messageDigest,
          plateSetups: profile.plateSetups,
          createdAt: iso(profile.createdAt),
          updatedAt: iso(profile.updatedAt),
        }
      : null,
  )}`
  // A lifter's gyms are theirs alone: a coach's export of their client leaves them out.
  const gyms = subject.coachId
    ? []
    : await db.select().from(gymProfiles).where(eq(gymProfiles.userId, userId)).orderBy(asc(gymProfiles.createdAt))
  yield `,"gyms":${json(
    gyms.map((gym) => ({
      name: gym.name,
      equipment: gym.equipment,
      plateSetups: gym.plateSetups,
      current: profile?.gymProfileId === gym.id,
    })),
  )}`
  yield `,"plans":[`
  yield* plansJson(db, userId, movementIds)
  yield `],"workouts":[`
  yield* workoutsJson(db, userId, movementIds)
  const weights = await db
    .select({ measuredOn: bodyWeights.measuredOn, weightKg: bodyWeights.weightKg })
    .from(bodyWeights)
    .where(eq(bodyWeights.clientId, userId))
    .orderBy(asc(bodyWeights.measuredOn))
  yield `],"bodyWeights":${json(weights)}`
  yield `,"records":${await recordsJson(db, userId, movementIds)}`
  yield `,"sessions":[`
  yield* sessionsJson(db, userId, movementIds)
  yield `],"messages":[`
  yield* messagesJson(db, subject)
  yield `],"habits":[`
  yield* habitsJson(db, subject)
  yield `],"checkIns":[`
  yield* checkInsJson(db, subject)
  yield `],"progressPhotos":[`
  yield* progressPhotosJson(db, subject)
  yield `],"movements":[`
  yield* movementsJson(db, userId, movementIds)
  yield ']}\n'
}
