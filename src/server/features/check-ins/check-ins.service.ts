/* Check-ins: coaches' forms, the schedules that send them, clients' answers and the comments on them (docs/check-ins.md). */
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { addDays } from '#shared/calendar-days.ts'
import { isDueDay, latestDue, nextDue, openCheckIn, type CheckInTiming } from '#shared/check-in-schedule.ts'
import {
  CHECK_IN_PAGE,
  LONG_TEXT_MAX,
  MAX_SCHEDULES,
  MAX_FORMS,
  NUMBER_MAX,
  SHORT_TEXT_MAX,
  checkInCursor,
  checkInsApiText,
  parseCheckInCursor,
  type Answer,
  type CheckIn,
  type CheckInComment,
  type CheckInDetail,
  type CheckIns,
  type CheckInSchedule,
  type CheckInInput,
  type CheckInForm,
  type OpenCheckIns,
  type PhotoAnswer,
  type Question,
  type ScheduleInput,
  type FormInput,
} from '#shared/schemas/check-ins.ts'
import { BODY_WEIGHT_MAX_KG, BODY_WEIGHT_MIN_KG } from '#shared/schemas/progress.ts'
import { notificationText } from '#shared/schemas/notifications.ts'
import { paths } from '#shared/paths.ts'
import type { Actor } from '#server/access/actor.ts'
import { clientOfRequest, activeCoachIdOf, assertCanReadClient, isActiveCoachOf } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import {
  bodyWeights,
  checkInComments,
  checkIns,
  checkInSchedules,
  checkInTemplates,
  coachClients,
  profiles,
  progressPhotos,
} from '#server/db/schema/index.ts'
import { enqueueNotification, notificationBody } from '#server/features/notifications/notifications.service.ts'
import { AppError } from '#server/lib/app-error.ts'
import { todayOfPerson } from '#server/lib/local-time.ts'

/** Earlier check-ins of a schedule a detail carries for the trend. */
const TREND_CHECK_INS = 12

const onlyCoach = (actor: Actor) => {
  if (actor.role !== 'coach') throw new AppError('FORBIDDEN', { message: 'Only a coach may do this' })
}

// ---- Forms -------------------------------------------------------------------------------------

const toForm = (row: typeof checkInTemplates.$inferSelect): CheckInForm => ({
  id: row.id,
  name: row.name,
  questions: row.questions,
  updatedAt: row.updatedAt.toISOString(),
})

async function ownForm(db: Db, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(checkInTemplates)
    .where(and(eq(checkInTemplates.id, id), isNull(checkInTemplates.archivedAt)))
  if (!row) throw new AppError('NOT_FOUND', { message: checkInsApiText.formNotFound })
  if (row.coachId !== actor.id) throw new AppError('FORBIDDEN', { message: checkInsApiText.formNotFound })
  return row
}

/** A coach's forms, by name. */
export async function listForms(db: Db, actor: Actor): Promise<CheckInForm[]> {
  onlyCoach(actor)
  const rows = await db
    .select()
    .from(checkInTemplates)
    .where(and(eq(checkInTemplates.coachId, actor.id), isNull(checkInTemplates.archivedAt)))
    .orderBy(asc(checkInTemplates.name))
    .limit(MAX_FORMS)
  return rows.map(toForm)
}

export async function addForm(db: Db, actor: Actor, input: FormInput): Promise<CheckInForm> {
  onlyCoach(actor)
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`check-in-forms:${actor.id}`}))`)
    const [kept] = await tx
      .select({ n: count() })
      .from(checkInTemplates)
      .where(and(eq(checkInTemplates.coachId, actor.id), isNull(checkInTemplates.archivedAt)))
    if ((kept?.n ?? 0) >= MAX_FORMS) throw new AppError('CONFLICT', { message: checkInsApiText.tooManyForms })
    const [row] = await tx
      .insert(checkInTemplates)
      .values({ coachId: actor.id, name: input.name, questions: input.questions })
      .returning()
    return toForm(row as typeof checkInTemplates.$inferSelect)
  })
}

/** Changes a form: check-ins already in keep the questions they answered. */
export async function replaceForm(db: Db, actor: Actor, id: string, input: FormInput) {
  onlyCoach(actor)
  await ownForm(db, actor, id)
  const [row] = await db
    .update(checkInTemplates)
    .set({ name: input.name, questions: input.questions })
    .where(eq(checkInTemplates.id, id))
    .returning()
  return toForm(row as typeof checkInTemplates.$inferSelect)
}

/** Deletes a form for the coach (it is archived: check-ins already in keep it) and ends its schedules. */
export async function archiveForm(db: Db, actor: Actor, id: string): Promise<void> {
  onlyCoach(actor)
  await ownForm(db, actor, id)
  await db.transaction(async (tx) => {
    await tx.update(checkInTemplates).set({ archivedAt: new Date() }).where(eq(checkInTemplates.id, id))
    await tx
      .update(checkInSchedules)
      .set({ endedAt: new Date() })
      .where(and(eq(checkInSchedules.formId, id), isNull(checkInSchedules.endedAt)))
  })
}

// ---- Schedules ---------------------------------------------------------------------------------

type ScheduleRow = typeof checkInSchedules.$inferSelect

const timingOf = (row: ScheduleRow): CheckInTiming =>
  row.cadence === 'weekly'
    ? { cadence: 'weekly', weekday: row.weekday ?? 1, startsOn: row.startsOn }
    : { cadence: 'every', everyDays: row.everyDays ?? 7, startsOn: row.startsOn }

const clientOf = (db: Db, actor: Actor, clientId: string | undefined) =>
  clientOfRequest(db, actor, clientId, checkInsApiText)

/**
 * A client's schedules that run: not ended, and set by the coach they still have (a schedule of a
 * coach whose link ended sends nothing more).
 */
async function runningSchedules(db: Db, clientId: string) {
  const coachId = await activeCoachIdOf(db, clientId)
  if (!coachId) return []
  return db
    .select({ schedule: checkInSchedules, formName: checkInTemplates.name, questions: checkInTemplates.questions })
    .from(checkInSchedules)
    .innerJoin(checkInTemplates, eq(checkInTemplates.id, checkInSchedules.formId))
    .where(
      and(
        eq(checkInSchedules.clientId, clientId),
        eq(checkInSchedules.coachId, coachId),
        isNull(checkInSchedules.endedAt),
      ),
    )
    .orderBy(asc(checkInSchedules.createdAt))
    .limit(MAX_SCHEDULES)
}

/** The check-ins already in for these schedules and due days. */
async function submittedDays(db: Db, keys: { scheduleId: string; dueOn: string }[]): Promise<Set<string>> {
  if (!keys.length) return new Set()
  const rows = await db
    .select({ scheduleId: checkIns.scheduleId, dueOn: checkIns.dueOn })
    .from(checkIns)
    .where(or(...keys.map((k) => and(eq(checkIns.scheduleId, k.scheduleId), eq(checkIns.dueOn, k.dueOn)))))
  return new Set(rows.map((r) => `${r.scheduleId}:${r.dueOn}`))
}

/** GET /api/check-ins/schedules: the client's running schedules, each with its open check-in. */
export async function listSchedules(db: Db, actor: Actor, clientId: string | undefined): Promise<CheckInSchedule[]> {
  const client = await clientOf(db, actor, clientId)
  const today = await todayOfPerson(db, client)
  const rows = await runningSchedules(db, client)
  const open = rows.map((r) => ({ row: r, open: openCheckIn(timingOf(r.schedule), today) }))
  const done = await submittedDays(
    db,
    open.flatMap(({ row, open }) => (open ? [{ scheduleId: row.schedule.id, dueOn: open.dueOn }] : [])),
  )
  return open.map(({ row, open }) => ({
    id: row.schedule.id,
    clientId: row.schedule.clientId,
    formId: row.schedule.formId,
    formName: row.formName,
    cadence: row.schedule.cadence,
    weekday: row.schedule.weekday,
    everyDays: row.schedule.everyDays,
    startsOn: row.schedule.startsOn,
    open: open ? { ...open, submitted: done.has(`${row.schedule.id}:${open.dueOn}`) } : null,
    nextDueOn: nextDue(timingOf(row.schedule), today),
  }))
}

/** POST /api/check-ins/schedules: a coach sends one of their forms to an active client. */
export async function addSchedule(db: Db, actor: Actor, input: ScheduleInput): Promise<CheckInSchedule> {
  onlyCoach(actor)
  if (!(await isActiveCoachOf(db, actor.id, input.clientId)))
    throw new AppError('FORBIDDEN', { message: checkInsApiText.notYourClient })
  await ownForm(db, actor, input.formId)
  const today = await todayOfPerson(db, input.clientId)
  if (input.startsOn < addDays(today, -1) || input.startsOn > addDays(today, 366))
    throw new AppError('VALIDATION_FAILED', {
      message: checkInsApiText.startsOn,
      fields: { startsOn: [checkInsApiText.startsOn] },
    })
  const id = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`check-in-schedules:${input.clientId}`}))`)
    const [running] = await tx
      .select({ n: count() })
      .from(checkInSchedules)
      .where(
        and(
          eq(checkInSchedules.clientId, input.clientId),
          eq(checkInSchedules.coachId, actor.id),
          isNull(checkInSchedules.endedAt),
        ),
      )
    if ((running?.n ?? 0) >= MAX_SCHEDULES)
      throw new AppError('CONFLICT', { message: checkInsApiText.tooManySchedules })
    const [row] = await tx
      .insert(checkInSchedules)
      .values({
        formId: input.formId,
        clientId: input.clientId,
        coachId: actor.id,
        cadence: input.cadence,
        weekday: input.cadence === 'weekly' ? (input.weekday ?? null) : null,
        everyDays: input.cadence === 'every' ? (input.everyDays ?? null) : null,
        startsOn: input.startsOn,
      })
      .returning({ id: checkInSchedules.id })
    return row?.id ?? ''
  })
  const made = (await listSchedules(db, actor, input.clientId)).find((s) => s.id === id)
  if (!made) throw new AppError('NOT_FOUND', { message: checkInsApiText.scheduleNotFound })
  return made
}

/** DELETE /api/check-ins/schedules/:id: the coach stops sending it; check-ins already in stay. */
export async function endSchedule(db: Db, actor: Actor, id: string): Promise<void> {
  const [row] = await db.select().from(checkInSchedules).where(eq(checkInSchedules.id, id))
  if (!row || row.endedAt) throw new AppError('NOT_FOUND', { message: checkInsApiText.scheduleNotFound })
  if (row.coachId !== actor.id || !(await isActiveCoachOf(db, actor.id, row.clientId)))
    throw new AppError('FORBIDDEN', { message: checkInsApiText.notYourClient })
  await db.update(checkInSchedules).set({ endedAt: new Date() }).where(eq(checkInSchedules.id, id))
}

// ---- The client's side -------------------------------------------------------------------------

/** GET /api/check-ins/open: the check-ins the client has to fill in today, with their questions. */
export async function openCheckIns(db: Db, actor: Actor): Promise<OpenCheckIns> {
  if (actor.role !== 'client') throw new AppError('FORBIDDEN', { message: checkInsApiText.onlyClient })
  const today = await todayOfPerson(db, actor.id)
  const rows = await runningSchedules(db, actor.id)
  const open = rows.flatMap((row) => {
    const due = openCheckIn(timingOf(row.schedule), today)
    return due ? [{ row, due }] : []
  })
  const done = await submittedDays(
    db,
    open.map(({ row, due }) => ({ scheduleId: row.schedule.id, dueOn: due.dueOn })),
  )
  return {
    today,
    open: open
      .filter(({ row, due }) => !done.has(`${row.schedule.id}:${due.dueOn}`))
      .map(({ row, due }) => ({
        scheduleId: row.schedule.id,
        name: row.formName,
        questions: row.questions,
        dueOn: due.dueOn,
        late: due.late,
      })),
  }
}

const invalid = (questionId: string, message: string = checkInsApiText.answers) =>
  new AppError('VALIDATION_FAILED', { message, fields: { [`answers.${questionId}`]: [message] } })

/** Each answer as its question's kind asks; the photos named must be the client's own. */
async function checkAnswers(db: Db, clientId: string, questions: Question[], answers: Record<string, Answer>) {
  const photoIds: string[] = []
  for (const question of questions) {
    const answer = answers[question.id]
    const empty =
      answer === undefined ||
      (typeof answer === 'string' && answer.trim() === '') ||
      (typeof answer === 'object' && Object.keys(answer).length === 0)
    if (empty) {
      if (question.required) throw invalid(question.id, checkInsApiText.required)
      continue
    }
    const ok = (() => {
      switch (question.kind) {
        case 'scale':
          return typeof answer === 'number' && Number.isInteger(answer) && answer >= 1 && answer <= 5
        case 'number':
          return typeof answer === 'number' && Number.isFinite(answer) && Math.abs(answer) <= NUMBER_MAX
        case 'bodyWeight':
          return typeof answer === 'number' && answer >= BODY_WEIGHT_MIN_KG && answer <= BODY_WEIGHT_MAX_KG
        case 'yesNo':
          return typeof answer === 'boolean'
        case 'shortText':
          return typeof answer === 'string' && answer.length <= SHORT_TEXT_MAX
        case 'longText':
          return typeof answer === 'string' && answer.length <= LONG_TEXT_MAX
        case 'photos':
          if (typeof answer !== 'object' || answer === null) return false
          photoIds.push(...Object.values(answer as PhotoAnswer).filter((v): v is string => typeof v === 'string'))
          return true
      }
    })()
    if (!ok) throw invalid(question.id)
  }
  if (photoIds.length) {
    const found = await db
      .select({ id: progressPhotos.id })
      .from(progressPhotos)
      .where(and(inArray(progressPhotos.id, photoIds), eq(progressPhotos.clientId, clientId)))
    if (found.length !== new Set(photoIds).size)
      throw new AppError('CONFLICT', { message: checkInsApiText.photoUnknown })
  }
}

/**
 * POST /api/check-ins: the client's answers to the check-in open on a schedule, on its day or late
 * (until the next falls due). Sent again with the same id it answers the one kept. A body weight
 * answered is the day's body-weight reading too.
 */
export async function submitCheckIn(
  db: Db,
  actor: Actor,
  input: CheckInInput,
): Promise<{ checkIn: CheckIn; created: boolean }> {
  if (actor.role !== 'client') throw new AppError('FORBIDDEN', { message: checkInsApiText.onlyClient })
  const [earlier] = await db.select().from(checkIns).where(eq(checkIns.id, input.id))
  if (earlier) {
    if (earlier.clientId !== actor.id) throw new AppError('CONFLICT', { message: checkInsApiText.idTaken })
    return { checkIn: (await withComments(db, [earlier]))[0] as CheckIn, created: false }
  }
  const [scheduled] = await db
    .select({ clientId: checkInSchedules.clientId })
    .from(checkInSchedules)
    .where(eq(checkInSchedules.id, input.scheduleId))
  if (scheduled && scheduled.clientId !== actor.id)
    throw new AppError('FORBIDDEN', { message: checkInsApiText.onlyClient })
  const running = (await runningSchedules(db, actor.id)).find((r) => r.schedule.id === input.scheduleId)
  if (!running) throw new AppError('NOT_FOUND', { message: checkInsApiText.scheduleNotFound })
  const today = await todayOfPerson(db, actor.id)
  const timing = timingOf(running.schedule)
  // The device may be a day ahead of the time zone the server last heard of.
  const open = [openCheckIn(timing, today), openCheckIn(timing, addDays(today, 1))].map((o) => o?.dueOn)
  if (!open.includes(input.dueOn)) throw new AppError('CONFLICT', { message: checkInsApiText.notOpen })
  // Answers to questions the form no longer has (changed while the check-in waited for a signal) are left out.
  const answers = Object.fromEntries(
    Object.entries(input.answers).filter(([id]) => running.questions.some((q) => q.id === id)),
  )
  await checkAnswers(db, actor.id, running.questions, answers)
  const weight = running.questions.find((q) => q.kind === 'bodyWeight' && typeof answers[q.id] === 'number')
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(checkIns)
      .values({
        id: input.id,
        scheduleId: input.scheduleId,
        clientId: actor.id,
        name: running.formName,
        questions: running.questions,
        answers,
        dueOn: input.dueOn,
        late: today > input.dueOn,
      })
      .onConflictDoNothing()
      .returning()
    if (!inserted) {
      // The same check-in sent twice at once: the other send kept it.
      const [same] = await tx.select().from(checkIns).where(eq(checkIns.id, input.id))
      if (same?.clientId === actor.id) return same
      throw new AppError('CONFLICT', { message: checkInsApiText.alreadyIn })
    }
    if (weight) {
      const kg = answers[weight.id] as number
      await tx
        .insert(bodyWeights)
        .values({ clientId: actor.id, measuredOn: today, weightKg: kg })
        .onConflictDoUpdate({ target: [bodyWeights.clientId, bodyWeights.measuredOn], set: { weightKg: kg } })
    }
    return inserted
  })
  return { checkIn: { ...toCheckIn(row), comments: [] }, created: true }
}

// ---- Reading them ------------------------------------------------------------------------------

type CheckInRow = typeof checkIns.$inferSelect

const toCheckIn = (row: CheckInRow): Omit<CheckIn, 'comments'> => ({
  id: row.id,
  scheduleId: row.scheduleId,
  clientId: row.clientId,
  name: row.name,
  questions: row.questions,
  answers: row.answers,
  dueOn: row.dueOn,
  submittedAt: row.submittedAt.toISOString(),
  late: row.late,
})

async function withComments(db: Db, rows: CheckInRow[]): Promise<CheckIn[]> {
  if (!rows.length) return []
  const comments = await db
    .select({
      id: checkInComments.id,
      checkInId: checkInComments.checkInId,
      authorId: checkInComments.authorId,
      authorName: profiles.displayName,
      body: checkInComments.body,
      createdAt: checkInComments.createdAt,
    })
    .from(checkInComments)
    .leftJoin(profiles, eq(profiles.id, checkInComments.authorId))
    .where(
      inArray(
        checkInComments.checkInId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(checkInComments.createdAt))
  return rows.map((row) => ({
    ...toCheckIn(row),
    comments: comments
      .filter((c) => c.checkInId === row.id)
      .map((c): CheckInComment => ({
        id: c.id,
        authorId: c.authorId,
        authorName: c.authorName ?? '',
        body: c.body,
        createdAt: c.createdAt.toISOString(),
      })),
  }))
}

/** GET /api/check-ins: a page of the client's check-ins, newest due day first, with their comments. */
export async function listCheckIns(
  db: Db,
  actor: Actor,
  query: { clientId?: string; before?: string },
): Promise<CheckIns> {
  const client = await clientOf(db, actor, query.clientId)
  const cursor = query.before ? parseCheckInCursor(query.before) : null
  const rows = await db
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.clientId, client),
        cursor ? sql`(${checkIns.dueOn}, ${checkIns.id}) < (${cursor.dueOn}::date, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(checkIns.dueOn), desc(checkIns.id))
    .limit(CHECK_IN_PAGE + 1)
  const page = await withComments(db, rows.slice(0, CHECK_IN_PAGE))
  const last = page.at(-1)
  return { checkIns: page, nextBefore: rows.length > CHECK_IN_PAGE && last ? checkInCursor(last) : null }
}

async function readableCheckIn(db: Db, actor: Actor, id: string): Promise<CheckInRow> {
  const [row] = await db.select().from(checkIns).where(eq(checkIns.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: checkInsApiText.checkInNotFound })
  await assertCanReadClient(db, actor, row.clientId, checkInsApiText.notYourClient)
  return row
}

/** GET /api/check-ins/:id: one check-in with its comments, and the schedule's earlier answers for the trend. */
export async function getCheckIn(db: Db, actor: Actor, id: string): Promise<CheckInDetail> {
  const row = await readableCheckIn(db, actor, id)
  const [checkIn] = await withComments(db, [row])
  const earlier = row.scheduleId
    ? await db
        .select({ id: checkIns.id, dueOn: checkIns.dueOn, answers: checkIns.answers })
        .from(checkIns)
        .where(and(eq(checkIns.scheduleId, row.scheduleId), lt(checkIns.dueOn, row.dueOn)))
        .orderBy(desc(checkIns.dueOn))
        .limit(TREND_CHECK_INS)
    : []
  return { checkIn: checkIn as CheckIn, earlier }
}

/** POST /api/check-ins/:id/comments: the client's active coach, or the client, comments on it. */
export async function addComment(db: Db, actor: Actor, id: string, body: string): Promise<CheckInComment> {
  const checkIn = await readableCheckIn(db, actor, id)
  const [row] = await db.insert(checkInComments).values({ checkInId: id, authorId: actor.id, body }).returning()
  const [author] = await db.select({ name: profiles.displayName }).from(profiles).where(eq(profiles.id, actor.id))
  const comment = row as typeof checkInComments.$inferSelect
  // The other side hears of it: the client of their coach's comment, the coach of the client's reply.
  const fromClient = actor.id === checkIn.clientId
  const recipientId = fromClient ? await activeCoachIdOf(db, checkIn.clientId) : checkIn.clientId
  if (recipientId)
    await enqueueNotification(db, {
      userId: recipientId,
      kind: 'checkIns',
      groupKey: `checkInComments:${id}`,
      title: fromClient
        ? notificationText.checkInReplied(author?.name ?? '')
        : notificationText.checkInCommented(author?.name ?? ''),
      body: notificationBody(body),
      url: fromClient ? paths.coach.client.getHref(checkIn.clientId, 'check-ins') : paths.client.checkIns.getHref(),
    })
  return {
    id: comment.id,
    authorId: comment.authorId,
    authorName: author?.name ?? '',
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
  }
}

// ---- Reminders ---------------------------------------------------------------------------------

export type DueCheckIn = { clientId: string; scheduleId: string; name: string; dueOn: string }

/** The check-ins due to these clients on `date` (their own date), of running schedules, not in yet. */
export async function checkInsDueOn(db: Db, clientIds: readonly string[], date: string): Promise<DueCheckIn[]> {
  if (!clientIds.length) return []
  const rows = await db
    .select({ schedule: checkInSchedules, name: checkInTemplates.name })
    .from(checkInSchedules)
    .innerJoin(checkInTemplates, eq(checkInTemplates.id, checkInSchedules.formId))
    .innerJoin(
      coachClients,
      and(
        eq(coachClients.clientId, checkInSchedules.clientId),
        eq(coachClients.coachId, checkInSchedules.coachId),
        eq(coachClients.status, 'active'),
      ),
    )
    .where(and(inArray(checkInSchedules.clientId, [...clientIds]), isNull(checkInSchedules.endedAt)))
  const due = rows.filter((r) => isDueDay(timingOf(r.schedule), date))
  const done = await submittedDays(
    db,
    due.map((r) => ({ scheduleId: r.schedule.id, dueOn: date })),
  )
  return due
    .filter((r) => !done.has(`${r.schedule.id}:${date}`))
    .map((r) => ({ clientId: r.schedule.clientId, scheduleId: r.schedule.id, name: r.name, dueOn: date }))
}

// ---- Who needs the coach -----------------------------------------------------------------------

/** How far back missed check-ins are counted, and how far back the check-ins compared are read. */
const MISSED_DAYS = 14
const COMPARED_DAYS = 70
/** How far apart two answers are to flag: scale points, and a share of the earlier number. */
const SCALE_CHANGE = 2
const BODY_WEIGHT_CHANGE = 0.02
const NUMBER_CHANGE = 0.25

export type CheckInChange = { label: string; question: 'scale' | 'number' | 'bodyWeight'; from: number; to: number }
export type CheckInAttention = { missed: number; changes: CheckInChange[] }

/** The answers of `later` that moved sharply from `earlier` (docs/needs-you.md). */
export function sharpChanges(
  questions: Question[],
  earlier: Record<string, Answer>,
  later: Record<string, Answer>,
): CheckInChange[] {
  return questions.flatMap((q) => {
    const from = earlier[q.id]
    const to = later[q.id]
    if (typeof from !== 'number' || typeof to !== 'number') return []
    const sharp =
      q.kind === 'scale'
        ? Math.abs(to - from) >= SCALE_CHANGE
        : q.kind === 'bodyWeight'
          ? from > 0 && Math.abs(to - from) / from >= BODY_WEIGHT_CHANGE - 1e-9
          : q.kind === 'number'
            ? from !== 0 && Math.abs(to - from) / Math.abs(from) >= NUMBER_CHANGE - 1e-9
            : false
    return sharp ? [{ label: q.label, question: q.kind as CheckInChange['question'], from, to }] : []
  })
}

/**
 * For a coach's active clients on `today`: the check-ins of the last two weeks each missed (a due
 * day whose next one has come, with nothing in), and the sharp changes of a check-in sent in the
 * last 7 days against the one before it on the same schedule. Bounded reads: at most 5 running
 * schedules a client and ten weeks of their check-ins.
 */
export async function checkInAttention(
  db: Db,
  coachId: string,
  clientIds: readonly string[],
  today: string,
): Promise<Map<string, CheckInAttention>> {
  const found = new Map<string, CheckInAttention>()
  if (!clientIds.length) return found
  const schedules = await db
    .select()
    .from(checkInSchedules)
    .where(
      and(
        eq(checkInSchedules.coachId, coachId),
        inArray(checkInSchedules.clientId, [...clientIds]),
        isNull(checkInSchedules.endedAt),
      ),
    )
  if (!schedules.length) return found
  const recent = await db
    .select({
      scheduleId: checkIns.scheduleId,
      clientId: checkIns.clientId,
      dueOn: checkIns.dueOn,
      submittedAt: checkIns.submittedAt,
      questions: checkIns.questions,
      answers: checkIns.answers,
    })
    .from(checkIns)
    .where(
      and(
        inArray(
          checkIns.scheduleId,
          schedules.map((s) => s.id),
        ),
        sql`${checkIns.dueOn} >= ${addDays(today, -COMPARED_DAYS)}::date`,
      ),
    )
    .orderBy(desc(checkIns.dueOn))
  const weekAgo = Date.parse(`${addDays(today, -6)}T00:00:00Z`)
  for (const schedule of schedules) {
    const entry = found.get(schedule.clientId) ?? { missed: 0, changes: [] }
    const timing = timingOf(schedule)
    const ofSchedule = recent.filter((c) => c.scheduleId === schedule.id)
    const inDays = new Set(ofSchedule.map((c) => c.dueOn))
    for (
      let day = latestDue(timing, addDays(today, -MISSED_DAYS)) ?? nextDue(timing, addDays(timing.startsOn, -1));
      day < today;
      day = nextDue(timing, day)
    ) {
      if (day >= addDays(today, -MISSED_DAYS) && nextDue(timing, day) <= today && !inDays.has(day)) entry.missed += 1
    }
    const [latest, before] = ofSchedule
    if (latest && before && latest.submittedAt.getTime() >= weekAgo)
      entry.changes.push(...sharpChanges(latest.questions, before.answers, latest.answers))
    if (entry.missed || entry.changes.length) found.set(schedule.clientId, entry)
  }
  return found
}
