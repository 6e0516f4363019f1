import { and, asc, eq, isNotNull, isNull, inArray, ne, not, or, sql } from 'drizzle-orm'
import {
  asTrained,
  planApiText,
  type AssignPlanInput,
  type CopyPlanInput,
  type CreatePlanInput,
  type ListPlansInput,
  type MovedDay,
  type Plan,
  type PlanSummary,
  type PlanTrainingDaysInput,
  type PlanWorkoutDetail,
  type StartPlanInput,
  type UpdatePlanInput,
} from '#shared/schemas/plans.ts'
import type { Actor } from '#server/access/actor.ts'
import { isActiveCoachOf } from '#server/access/coaching.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { clientInvites, planDayDates, planWorkouts, trainingPlans, workoutSessions } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import {
  bumpVersion,
  findOwned,
  findPlan,
  findReadable,
  requireReader,
  summaryColumns,
  toSummary,
  type SummaryRow,
} from './plan-access.ts'
import { loadExercises } from '#server/prescriptions/prescriptions.ts'

export async function createPlan(db: Db, actor: Actor, input: CreatePlanInput): Promise<PlanSummary> {
  const [row] = await db
    .insert(trainingPlans)
    .values({ ...input, goal: input.goal || null, description: input.description || null, ownerId: actor.id })
    .returning(summaryColumns)
  if (!row) throw new Error('insert returned nothing')
  return toSummary(row)
}

/**
 * The plans a user may see: their own (not archived) and the ones assigned to them; or only their
 * own archived ones. `assigned` narrows either to clients' copies or to the rest: a coach's own
 * templates and drafts stay a short list however many copies years of clients have left.
 * `completed` splits the plans in use (drafts and active ones, read by status from the owner and
 * client indexes) from the completed ones, which grow with every block a client finishes.
 */
export async function listPlans(
  db: Db,
  actor: Actor,
  { archived, assigned, completed }: ListPlansInput = {},
): Promise<PlanSummary[]> {
  // As training_plans_own_idx reads it.
  const own = sql`(${trainingPlans.clientId} is null and not ${trainingPlans.assigned})`
  const rows = await db
    .select(summaryColumns)
    .from(trainingPlans)
    .where(
      and(
        archived === 'true'
          ? and(eq(trainingPlans.ownerId, actor.id), eq(trainingPlans.status, 'archived'))
          : and(
              or(eq(trainingPlans.ownerId, actor.id), eq(trainingPlans.clientId, actor.id)),
              ne(trainingPlans.status, 'archived'),
            ),
        assigned === 'false' ? own : assigned === 'true' ? not(own) : undefined,
        completed === 'false'
          ? inArray(trainingPlans.status, ['draft', 'active'])
          : completed === 'true'
            ? eq(trainingPlans.status, 'completed')
            : undefined,
      ),
    )
    .orderBy(sql`${trainingPlans.updatedAt} desc`)
  return rows.map(toSummary)
}

/** A whole plan in four queries: the plan, its workouts, their exercises with movement names and tracking, and its moved days. */
export async function getPlan(db: Db, actor: Actor, id: string): Promise<Plan> {
  const plan = await findReadable(db, actor, id)
  const workouts = await db
    .select({
      id: planWorkouts.id,
      week: planWorkouts.week,
      day: planWorkouts.day,
      title: planWorkouts.title,
      notes: planWorkouts.notes,
    })
    .from(planWorkouts)
    .where(eq(planWorkouts.planId, id))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day))
  const exercises = await loadExercises(
    db,
    'planWorkout',
    workouts.map((w) => w.id),
  )
  const moves = await movesOf(db, [id])
  return {
    ...toSummary(plan),
    workouts: workouts.map((w) => ({ ...w, exercises: exercises.get(w.id) ?? [] })),
    moves: moves.get(id) ?? [],
  }
}

/** The moved days of these plans, by plan. */
export async function movesOf(db: Db, planIds: readonly string[]): Promise<Map<string, MovedDay[]>> {
  const byPlan = new Map<string, MovedDay[]>()
  if (!planIds.length) return byPlan
  const rows = await db
    .select({
      planId: planDayDates.planId,
      week: planDayDates.week,
      day: planDayDates.day,
      date: planDayDates.date,
      movedBy: planDayDates.movedBy,
      movedAt: planDayDates.movedAt,
    })
    .from(planDayDates)
    .where(inArray(planDayDates.planId, [...planIds]))
    .orderBy(asc(planDayDates.week), asc(planDayDates.day))
  for (const { planId, movedAt, ...move } of rows)
    byPlan.set(planId, [...(byPlan.get(planId) ?? []), { ...move, movedAt: movedAt.toISOString() }])
  return byPlan
}

/** One planned workout for its read-only view, with the plan facts the view shows; readable as its plan is. */
export async function getPlanWorkout(db: Db, actor: Actor, planWorkoutId: string): Promise<PlanWorkoutDetail> {
  const [row] = await db
    .select({
      id: planWorkouts.id,
      week: planWorkouts.week,
      day: planWorkouts.day,
      title: planWorkouts.title,
      notes: planWorkouts.notes,
      plan: {
        id: trainingPlans.id,
        name: trainingPlans.name,
        ownerId: trainingPlans.ownerId,
        clientId: trainingPlans.clientId,
        startDate: trainingPlans.startDate,
        trainingDays: trainingPlans.trainingDays,
        weeks: trainingPlans.weeks,
        daysPerWeek: trainingPlans.daysPerWeek,
        deloadWeeks: trainingPlans.deloadWeeks,
        deload: trainingPlans.deload,
        status: trainingPlans.status,
      },
    })
    .from(planWorkouts)
    .innerJoin(trainingPlans, eq(trainingPlans.id, planWorkouts.planId))
    .where(eq(planWorkouts.id, planWorkoutId))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Workout not found' })
  await requireReader(db, actor, row.plan)
  const exercises = await loadExercises(db, 'planWorkout', [row.id])
  const { plan, ...workout } = row
  return asTrained({ ...workout, exercises: exercises.get(row.id) ?? [] }, plan)
}

export async function updatePlan(
  db: Db,
  actor: Actor,
  id: string,
  { version, saveId, ...input }: UpdatePlanInput,
): Promise<PlanSummary> {
  const plan = await findOwned(db, actor, id)
  const deloadWeeks = input.deloadWeeks ? [...new Set(input.deloadWeeks)].sort((a, b) => a - b) : undefined
  if (deloadWeeks?.some((week) => week > plan.weeks)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid input',
      fields: { deloadWeeks: [`This plan has ${plan.weeks} weeks`] },
    })
  }
  // A plan being trained is not a template: save a copy as one instead.
  if (input.isTemplate && plan.status === 'active')
    throw new AppError('CONFLICT', {
      message: 'A plan in progress cannot become a template. Save a copy as a template instead.',
    })
  if (input.progression?.kind === 'percent_e1rm' && input.progression.linkedMovementId) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid input',
      fields: { 'progression.linkedMovementId': [planApiText.planRuleLinked] },
    })
  }
  const changes = Object.fromEntries(
    Object.entries({ ...input, deloadWeeks }).filter(([, value]) => value !== undefined),
  )
  // A plan that becomes a template, or a template renamed, needs a name none of the owner's other templates has.
  const template = input.isTemplate ?? plan.isTemplate
  const named = template && (input.isTemplate === true || input.name !== undefined)
  if (!named) return toSummary((await bumpVersion(db, id, { version, saveId }, changes)).row)
  const row = await db.transaction(async (tx) => {
    await requireFreeTemplateName(tx, plan.ownerId, input.name ?? plan.name, id)
    return (await bumpVersion(tx, id, { version, saveId }, changes)).row
  })
  return toSummary(row)
}

/** Training days as stored: one per day of the plan's week (the schema checks each weekday once), in weekday order. */
function trainingDaysOf(plan: Pick<SummaryRow, 'daysPerWeek'>, trainingDays: readonly number[]): number[]
function trainingDaysOf(plan: Pick<SummaryRow, 'daysPerWeek'>, trainingDays: readonly number[] | null): number[] | null
function trainingDaysOf(
  plan: Pick<SummaryRow, 'daysPerWeek'>,
  trainingDays: readonly number[] | null,
): number[] | null {
  if (!trainingDays) return null
  if (trainingDays.length !== plan.daysPerWeek) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid input',
      fields: { trainingDays: [planApiText.trainingDaysCount(plan.daysPerWeek)] },
    })
  }
  return [...trainingDays].sort((a, b) => a - b)
}

/**
 * A coach sets the weekdays their plan trains on: the copies they assign from it start with them,
 * and on a client's copy they move the client's dates. Null: the days follow one another.
 */
export async function setTrainingDays(
  db: Db,
  actor: Actor,
  id: string,
  { version, saveId, trainingDays }: PlanTrainingDaysInput,
): Promise<PlanSummary> {
  const plan = await findOwned(db, actor, id)
  return toSummary(
    (await bumpVersion(db, id, { version, saveId }, { trainingDays: trainingDaysOf(plan, trainingDays) })).row,
  )
}

/**
 * Deletes a plan, or archives it when sessions were logged against it: a lifter's history keeps
 * its plan. Answers which of the two happened.
 */
export async function deletePlan(db: Db, actor: Actor, id: string): Promise<{ archived: boolean }> {
  await findOwned(db, actor, id)
  // One statement: a session started (or an invite sent) in between cannot be orphaned by the delete.
  const deleted = await db
    .delete(trainingPlans)
    .where(
      and(
        eq(trainingPlans.id, id),
        sql`not exists (select 1 from ${workoutSessions} where ${workoutSessions.planId} = ${id})`,
        sql`not exists (select 1 from ${clientInvites} where ${clientInvites.planId} = ${id})`,
      ),
    )
    .returning({ id: trainingPlans.id })
  if (deleted.length) return { archived: false }
  // Kept for the history that points at it (sessions, invites); its open invites stop working.
  await db.transaction(async (tx) => {
    await tx
      .update(trainingPlans)
      .set({ status: 'archived', version: sql`${trainingPlans.version} + 1` })
      .where(eq(trainingPlans.id, id))
    await tx
      .update(clientInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(clientInvites.planId, id), isNull(clientInvites.acceptedAt), isNull(clientInvites.revokedAt)))
  })
  return { archived: true }
}

/**
 * A deep copy of a plan's grid into a new plan row: workouts, then exercises, in two statements.
 * Progression rules go with it; what a rule wrote on the source and its hand-edit marks stay there.
 */
async function copyPlanTree(
  tx: Tx,
  source: SummaryRow,
  values: Partial<typeof trainingPlans.$inferInsert> & { ownerId: string },
): Promise<string> {
  const [copy] = await tx
    .insert(trainingPlans)
    .values({
      name: source.name,
      goal: source.goal,
      description: source.description,
      weeks: source.weeks,
      daysPerWeek: source.daysPerWeek,
      deloadWeeks: source.deloadWeeks,
      trainingDays: source.trainingDays,
      progression: source.progression,
      progressionMode: source.progressionMode,
      deload: source.deload,
      sourcePlanId: source.id,
      ...values,
    })
    .returning({ id: trainingPlans.id })
  if (!copy) throw new Error('insert returned nothing')
  await tx.execute(sql`
    insert into plan_workouts (plan_id, week, day, title, notes)
    select ${copy.id}, week, day, title, notes from plan_workouts where plan_id = ${source.id}`)
  await tx.execute(sql`
    insert into prescriptions (plan_workout_id, movement_id, position, superset, rest_seconds, tempo, notes, sets, progression)
    select nw.id, p.movement_id, p.position, p.superset, p.rest_seconds, p.tempo, p.notes, p.sets, p.progression
    from prescriptions p
    join plan_workouts ow on ow.id = p.plan_workout_id and ow.plan_id = ${source.id}
    join plan_workouts nw on nw.plan_id = ${copy.id} and nw.week = ow.week and nw.day = ow.day`)
  return copy.id
}

/**
 * A new draft from a template, or a duplicate: the owner's deep copy, which later edits of the source
 * never touch. A copy saved as a template needs a name none of the owner's current templates has
 * (case aside): saving twice would otherwise leave two templates nobody can tell apart.
 */
export async function copyPlan(db: Db, actor: Actor, id: string, input: CopyPlanInput): Promise<PlanSummary> {
  const source = await findOwned(db, actor, id)
  const name = input.name ?? source.name
  const isTemplate = input.isTemplate ?? false
  const copyId = await db.transaction(async (tx) => {
    if (isTemplate) await requireFreeTemplateName(tx, actor.id, name)
    return copyPlanTree(tx, source, { ownerId: actor.id, name, isTemplate, status: 'draft' })
  })
  return toSummary(await findPlan(db, copyId))
}

/** Refuses a template name the owner already uses on a template that is not archived (but `except`); two saves at once wait on each other. */
async function requireFreeTemplateName(tx: Tx, ownerId: string, name: string, except?: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`template-name:${ownerId}`}))`)
  const [taken] = await tx
    .select({ name: trainingPlans.name })
    .from(trainingPlans)
    .where(
      and(
        eq(trainingPlans.ownerId, ownerId),
        eq(trainingPlans.isTemplate, true),
        ne(trainingPlans.status, 'archived'),
        sql`lower(${trainingPlans.name}) = lower(${name})`,
        except ? ne(trainingPlans.id, except) : undefined,
      ),
    )
    .limit(1)
  if (taken) throw new AppError('CONFLICT', { message: planApiText.templateNameTaken(taken.name) })
}

/**
 * Assigns a plan to one of the coach's active clients from a start date, on the plan's training
 * days unless others are given: the client gets their own deep copy (the coach edits it in the
 * same builder); their previous active plan is completed. One operation, also used inside the
 * transaction that accepts an invite.
 */
export async function assignPlan(
  db: Db,
  coachId: string,
  planId: string,
  { clientId, startDate, trainingDays }: AssignPlanInput,
  tx?: Tx,
): Promise<PlanSummary> {
  const run = async (t: Tx) => {
    const [source] = await t.select(summaryColumns).from(trainingPlans).where(eq(trainingPlans.id, planId))
    if (!source) throw new AppError('NOT_FOUND', { message: 'Plan not found' })
    if (source.ownerId !== coachId) throw new AppError('FORBIDDEN', { message: 'Only the plan’s owner may assign it' })
    if (!(await isActiveCoachOf(t, coachId, clientId)))
      throw new AppError('FORBIDDEN', { message: 'You can assign plans only to your active clients' })
    await t
      .update(trainingPlans)
      .set({ status: 'completed', version: sql`${trainingPlans.version} + 1` })
      .where(and(eq(trainingPlans.clientId, clientId), eq(trainingPlans.status, 'active')))
    const days = trainingDays === undefined ? source.trainingDays : trainingDaysOf(source, trainingDays)
    return copyPlanTree(t, source, {
      ownerId: coachId,
      clientId,
      startDate,
      trainingDays: days,
      assigned: true,
      status: 'active',
      isTemplate: false,
    })
  }
  // Inside the caller's transaction the copy is read through it (it is not committed yet).
  if (tx) return toSummary(await findPlan(tx, await run(tx)))
  return toSummary(await findPlan(db, await db.transaction(run)))
}

/**
 * A self-coached lifter starts a plan of their own: it becomes their active plan from the start
 * date, on the weekdays they train (their previous own active plan is completed). Starting an
 * active plan again moves it to the new date and days. Neither the grid nor the version changes:
 * a builder open on the plan keeps saving.
 */
export async function startPlan(
  db: Db,
  actor: Actor,
  id: string,
  { startDate, trainingDays }: StartPlanInput,
): Promise<PlanSummary> {
  const plan = await findOwned(db, actor, id)
  if (plan.clientId || plan.isTemplate) throw new AppError('CONFLICT', { message: planApiText.startNotOwn })
  if (plan.status === 'archived')
    throw new AppError('CONFLICT', { message: 'This plan is archived. Restore it first.' })
  const days = trainingDaysOf(plan, trainingDays)
  const [workout] = await db
    .select({ id: planWorkouts.id })
    .from(planWorkouts)
    .where(eq(planWorkouts.planId, id))
    .limit(1)
  if (!workout) throw new AppError('CONFLICT', { message: planApiText.startEmpty })
  const row = await db.transaction(async (tx) => {
    await tx
      .update(trainingPlans)
      .set({ status: 'completed', version: sql`${trainingPlans.version} + 1` })
      .where(
        and(
          eq(trainingPlans.ownerId, actor.id),
          isNull(trainingPlans.clientId),
          isNotNull(trainingPlans.trainingDays),
          eq(trainingPlans.assigned, false),
          eq(trainingPlans.status, 'active'),
          ne(trainingPlans.id, id),
        ),
      )
    const [started] = await tx
      .update(trainingPlans)
      .set({ status: 'active', startDate, trainingDays: days })
      .where(and(eq(trainingPlans.id, id), ne(trainingPlans.status, 'archived')))
      .returning(summaryColumns)
    // Started anew: the dates workouts were moved to belonged to the earlier start.
    if (started) await tx.delete(planDayDates).where(eq(planDayDates.planId, id))
    return started
  })
  // Archived in between: answered as the start would have been.
  if (!row) throw new AppError('CONFLICT', { message: 'This plan is archived. Restore it first.' })
  return toSummary(row)
}

/** Changes the status of a plan that is in `from` (bumping its version); one in another status is answered as it is. */
async function changeStatus(
  db: Db,
  plan: SummaryRow,
  from: 'archived' | 'not-archived',
  to: PlanSummary['status'],
): Promise<PlanSummary> {
  const [row] = await db
    .update(trainingPlans)
    .set({ status: to, version: sql`${trainingPlans.version} + 1` })
    .where(
      and(
        eq(trainingPlans.id, plan.id),
        from === 'archived' ? eq(trainingPlans.status, 'archived') : ne(trainingPlans.status, 'archived'),
      ),
    )
    .returning(summaryColumns)
  return toSummary(row ?? (await findPlan(db, plan.id)))
}

/** Archiving takes a plan off the lists (and off its client's active plan); its owner can restore it. */
export async function archivePlan(db: Db, actor: Actor, id: string): Promise<PlanSummary> {
  return changeStatus(db, await findOwned(db, actor, id), 'not-archived', 'archived')
}

/**
 * Restoring brings an archived plan back as a draft, or an assigned copy as completed: never as
 * active, which could give its client a second active plan.
 */
export async function restorePlan(db: Db, actor: Actor, id: string): Promise<PlanSummary> {
  const plan = await findOwned(db, actor, id)
  return changeStatus(db, plan, 'archived', plan.clientId ? 'completed' : 'draft')
}
