import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import {
  planApiText,
  type AssignPlanInput,
  type CopyPlanInput,
  type PlanSummary,
  type StartPlanInput,
} from '#shared/schemas/plans.ts'
import type { Actor } from '#server/access/actor.ts'
import { isActiveCoachOf } from '#server/access/coaching.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { planDayDates, planWorkouts, trainingPlans } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { findOwned, findPlan, summaryColumns, toSummary, type SummaryRow } from './plan-access.ts'
import { notifyPlanAssigned, withdrawPlanChanged } from './plan-notifications.ts'
import { requireFreeTemplateName, trainingDaysOf } from './plans.service.ts'

/*
 * Putting a plan to use: a deep copy of it (a new draft from a template, a duplicate), a copy
 * assigned to a coach's client, or a self-coached lifter starting a plan of their own.
 */

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
    insert into prescriptions (plan_workout_id, movement_id, position, superset, rest_seconds, tempo, notes, sets, progression, timer, warm_up)
    select nw.id, p.movement_id, p.position, p.superset, p.rest_seconds, p.tempo, p.notes, p.sets, p.progression, p.timer, p.warm_up
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

/**
 * Assigns a plan to one of the coach's active clients from a start date, on the plan's training
 * days unless others are given: the client gets their own deep copy (the coach edits it in the
 * same builder); their previous active plan is completed, and the client is told (not when they
 * accept an invite to it: they know). One operation, also used inside the transaction that
 * accepts an invite.
 */
export async function assignPlan(
  db: Db,
  coachId: string,
  planId: string,
  { clientId, startDate, trainingDays }: AssignPlanInput,
  tx?: Tx,
  { tellClient = true }: { tellClient?: boolean } = {},
): Promise<PlanSummary> {
  const run = async (t: Tx) => {
    const [source] = await t.select(summaryColumns).from(trainingPlans).where(eq(trainingPlans.id, planId))
    if (!source) throw new AppError('NOT_FOUND', { message: 'Plan not found' })
    if (source.ownerId !== coachId) throw new AppError('FORBIDDEN', { message: 'Only the plan’s owner may assign it' })
    if (!(await isActiveCoachOf(t, coachId, clientId)))
      throw new AppError('FORBIDDEN', { message: 'You can assign plans only to your active clients' })
    const completed = await t
      .update(trainingPlans)
      .set({ status: 'completed', version: sql`${trainingPlans.version} + 1` })
      .where(and(eq(trainingPlans.clientId, clientId), eq(trainingPlans.status, 'active')))
      .returning({ id: trainingPlans.id })
    for (const plan of completed) await withdrawPlanChanged(t, clientId, plan.id)
    const days = trainingDays === undefined ? source.trainingDays : trainingDaysOf(source, trainingDays)
    const copyId = await copyPlanTree(t, source, {
      ownerId: coachId,
      clientId,
      startDate,
      trainingDays: days,
      assigned: true,
      status: 'active',
      isTemplate: false,
    })
    if (tellClient)
      await notifyPlanAssigned(t, { id: copyId, name: source.name, ownerId: coachId, clientId, startDate })
    return copyId
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
