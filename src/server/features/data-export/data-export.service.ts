import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { dataExportApiText, EXPORT_FORMAT, EXPORT_VERSION } from '#shared/schemas/data-export.ts'
import type { Actor } from '#server/access/actor.ts'
import { isActiveCoachOf } from '#server/access/coaching.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import {
  bodyWeights,
  messages,
  movements,
  planWorkouts,
  prescriptions,
  profiles,
  sessionComments,
  setLogHistory,
  setLogs,
  trainingPlans,
  users,
  workoutSessions,
  workouts,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { csvRecord } from './csv.ts'
import { SET_TYPE_MARK } from '#shared/set-types.ts'
import { countingSet } from '#server/features/sessions/review.service.ts'

/*
 * The export of one lifter's data (docs/export-format.md), as a stream of text: the JSON document
 * and the CSV of their sets are written piece by piece while the database is read in batches, so
 * a history of a million sets never sits in the server's memory. Sessions and messages are read by
 * keyset (the last row's sort key names the next batch), which stays fast to the end where an
 * OFFSET would slow down page by page.
 */

/** Whose data an export holds, and the coach who asked for it when it is not the lifter themselves. */
export type ExportSubject = { userId: string; coachId: string | null }

/**
 * Sessions per batch: with their sets about 1,250 rows and 0.7 MB of JSON, held only while they
 * are written. Bigger batches, and any one string over V8's 128 KB large-object threshold, went
 * straight to the old generation, where they piled up to the next full collection: the server's
 * memory grew by 180 MB during a long export.
 */
const SESSION_BATCH = 50
const MESSAGE_BATCH = 2000
const ID_BATCH = 1000

/** The actor's own data, or (a coach) that of one of their active clients; anyone else's is refused. */
export async function exportSubject(db: Db, actor: Actor, clientId: string | undefined): Promise<ExportSubject> {
  if (!clientId || clientId === actor.id) return { userId: actor.id, coachId: null }
  if (actor.role !== 'coach' || !(await isActiveCoachOf(db, actor.id, clientId)))
    throw new AppError('FORBIDDEN', { message: dataExportApiText.notYours })
  return { userId: clientId, coachId: actor.id }
}

/** A file name for the download: the product, whose data, the kind and the day. */
export async function exportFileName(db: Db, subject: ExportSubject, extension: 'json' | 'csv'): Promise<string> {
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
  return extension === 'json' ? `coachline-${slug}-${day}.json` : `coachline-${slug}-sets-${day}.csv`
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString())
const json = (value: unknown) => JSON.stringify(value)

// The review counts are derived from the sets, which the export carries.
type SessionRow = Omit<typeof workoutSessions.$inferSelect, 'setsPrescribed' | 'setsAsPrescribed'> & { cursor: string }

/** The lifter's sessions, oldest first, a batch at a time. */
async function* sessionBatches(db: Db, clientId: string): AsyncGenerator<SessionRow[]> {
  // The cursor is the start time as PostgreSQL's text (microseconds): a JavaScript Date keeps
  // milliseconds, and a cursor rounded down would read some sessions twice.
  let after: { at: string; id: string } | null = null
  for (;;) {
    const page: SessionRow[] = await db
      .select({ ...sessionColumns, cursor: sql<string>`${workoutSessions.startedAt}::text` })
      .from(workoutSessions)
      .where(
        and(
          eq(workoutSessions.clientId, clientId),
          after
            ? sql`(${workoutSessions.startedAt}, ${workoutSessions.id}) > (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(workoutSessions.startedAt), asc(workoutSessions.id))
      .limit(SESSION_BATCH)
    if (!page.length) return
    yield page
    const last = page[page.length - 1]
    if (!last || page.length < SESSION_BATCH) return
    after = { at: last.cursor, id: last.id }
  }
}

const sessionColumns = {
  id: workoutSessions.id,
  clientId: workoutSessions.clientId,
  planWorkoutId: workoutSessions.planWorkoutId,
  planId: workoutSessions.planId,
  workoutId: workoutSessions.workoutId,
  title: workoutSessions.title,
  planName: workoutSessions.planName,
  week: workoutSessions.week,
  day: workoutSessions.day,
  exercises: workoutSessions.exercises,
  removedExercises: workoutSessions.removedExercises,
  status: workoutSessions.status,
  startedAt: workoutSessions.startedAt,
  completedAt: workoutSessions.completedAt,
  rpe: workoutSessions.rpe,
  notes: workoutSessions.notes,
  correctedAt: workoutSessions.correctedAt,
  createdAt: workoutSessions.createdAt,
  updatedAt: workoutSessions.updatedAt,
}

type SetRow = typeof setLogs.$inferSelect

async function setsOf(db: Db, sessionIds: string[]): Promise<Map<string, SetRow[]>> {
  const rows = await db
    .select()
    .from(setLogs)
    .where(inArray(setLogs.sessionId, sessionIds))
    .orderBy(asc(setLogs.sessionId), asc(setLogs.setNumber), asc(setLogs.loggedAt), asc(setLogs.id))
  return groupBy(rows, (row) => row.sessionId)
}

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const list = groups.get(key(row))
    if (list) list.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

/** Every movement id a session names: its exercises, a swap's original, a linked e1RM movement. */
function movementIdsOfSession(session: Pick<SessionRow, 'exercises' | 'removedExercises'>, into: Set<string>): void {
  for (const exercise of [...session.exercises, ...session.removedExercises]) {
    into.add(exercise.movementId)
    if (exercise.swappedFrom?.movementId) into.add(exercise.swappedFrom.movementId)
    if (exercise.oneRepMaxMovementId) into.add(exercise.oneRepMaxMovementId)
  }
}

/** A timestamp as JavaScript's toISOString writes it (milliseconds, UTC), written by the database. */
const isoText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * The sets of these sessions as each session's JSON array, written by the database: at a million
 * sets, building an object per set in the server made most of the export's memory churn (the heap
 * grew far above what it held). Keys and values are those of docs/export-format.md#sessions (a session's sets), in order;
 * numeric columns go out as float8, which PostgreSQL writes as the shortest exact number, as
 * JSON.stringify would.
 */
async function setsJsonOf(db: Db, sessionIds: string[]): Promise<Map<string, { json: string; movementIds: string[] }>> {
  const rows = await queryRows<{ session_id: string; sets: string; movement_ids: string[] }>(
    db,
    sql`select l.session_id,
          '[' || string_agg(
            (select row_to_json(s) from (select l.id, l.exercise_key as "exerciseKey", l.movement_id as "movementId", l.prescription_id as "prescriptionId",
               l.set_number as "setNumber", l.reps, l.load_kg::float8 as "loadKg", l.rpe::float8 as rpe, l.duration_s as "durationSeconds",
               l.distance_m as "distanceMeters", l.target_reps_min as "targetRepsMin", l.target_reps_max as "targetRepsMax",
               l.target_load_kg::float8 as "targetLoadKg", l.target_rpe::float8 as "targetRpe", l.completed, l.set_type as "setType", l.note,
               ${isoText(sql`l.edited_at`)} as "editedAt", ${isoText(sql`l.logged_at`)} as "loggedAt", ${isoText(sql`l.deleted_at`)} as "deletedAt",
               ${isoText(sql`l.corrected_at`)} as "correctedAt", l.as_finished as "asFinished") s)::text,
            ',' order by l.set_number, l.logged_at, l.id) || ']' as sets,
          array_agg(distinct l.movement_id) as movement_ids
        from ${setLogs} l where l.session_id in ${sql`(${sql.join(
          sessionIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`}
        group by l.session_id`,
  )
  return new Map(rows.map((row) => [row.session_id, { json: row.sets, movementIds: parseIdArray(row.movement_ids) }]))
}

/** A uuid[] as the driver gives it: an array, or PostgreSQL's text form '{a,b}'. */
const parseIdArray = (value: string[] | string): string[] =>
  Array.isArray(value)
    ? value
    : value
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean)

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
  yield `],"movements":[`
  yield* movementsJson(db, userId, movementIds)
  yield ']}\n'
}

/** The CSV's columns: Strong's export first, in its order, then ours (docs/export-format.md#the-csv). */
export const CSV_COLUMNS = [
  'Date',
  'Workout Name',
  'Duration',
  'Exercise Name',
  'Set Order',
  'Weight',
  'Reps',
  'Distance',
  'Seconds',
  'Notes',
  'Workout Notes',
  'RPE',
  'Weight Unit',
  'Distance Unit',
  'Completed',
  'Corrected At',
  'Logged At',
  'Session Status',
  'Plan Name',
  'Week',
  'Day',
  'Target Reps Min',
  'Target Reps Max',
  'Target Weight',
  'Target RPE',
  'Session ID',
  'Set ID',
  'Movement ID',
  'Set Type',
] as const

/** Strong's date: 'YYYY-MM-DD HH:MM:SS', here in UTC. */
const strongDate = (value: Date | string) => new Date(value).toISOString().slice(0, 19).replace('T', ' ')

/** Strong's duration: '1h 5m', '45m' (empty for a session not finished). */
function strongDuration(started: Date | string, completed: Date | string | null): string {
  if (!completed) return ''
  const minutes = Math.max(0, Math.round((new Date(completed).getTime() - new Date(started).getTime()) / 60_000))
  const hours = Math.floor(minutes / 60)
  return hours ? `${hours}h ${minutes % 60}m` : `${minutes}m`
}

/**
 * The CSV of the lifter's sets: one record per set that stands (deleted sets and discarded
 * sessions are left out; the JSON keeps them), in session order and, within a session, in the
 * order of its exercises.
 */
export async function* exportCsv(db: Db, subject: ExportSubject): AsyncGenerator<string> {
  yield csvRecord(CSV_COLUMNS)
  const names = new Map<string, string>()
  for await (const page of sessionBatches(db, subject.userId)) {
    const kept = page.filter((s) => s.status !== 'abandoned')
    if (!kept.length) continue
    const sets = await setsOf(
      db,
      kept.map((s) => s.id),
    )
    const unknown = [...new Set([...sets.values()].flat().map((s) => s.movementId))].filter((id) => !names.has(id))
    if (unknown.length) {
      for (const row of await db
        .select({ id: movements.id, name: movements.name })
        .from(movements)
        .where(inArray(movements.id, unknown)))
        names.set(row.id, row.name)
    }
    for (const session of kept) {
      const order = new Map([...session.exercises, ...session.removedExercises].map((e, index) => [e.key, index]))
      const standing = (sets.get(session.id) ?? [])
        .filter((s) => !s.deletedAt)
        .sort(
          (a, b) => (order.get(a.exerciseKey) ?? 999) - (order.get(b.exerciseKey) ?? 999) || a.setNumber - b.setNumber,
        )
      const date = strongDate(session.startedAt)
      const duration = strongDuration(session.startedAt, session.completedAt)
      const lines: string[] = []
      for (const set of standing) {
        lines.push(
          csvRecord([
            date,
            session.title,
            duration,
            names.get(set.movementId) ?? '',
            // Strong's Set Order: the set's number, or W, D or F for a warm-up, a drop set, a set to failure.
            SET_TYPE_MARK[set.setType] ?? set.setNumber,
            set.loadKg,
            set.reps,
            set.distanceMeters,
            set.durationSeconds,
            set.note,
            session.notes,
            set.rpe,
            'kg',
            'm',
            set.completed,
            iso(set.correctedAt),
            iso(set.loggedAt),
            session.status,
            session.planName,
            session.week,
            session.day,
            set.targetRepsMin,
            set.targetRepsMax,
            set.targetLoadKg,
            set.targetRpe,
            session.id,
            set.id,
            set.movementId,
            set.setType,
          ]),
        )
      }
      if (lines.length) yield lines.join('')
    }
  }
}
