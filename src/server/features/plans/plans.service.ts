import { and, asc, eq, isNull, inArray, ne, not, or, sql } from 'drizzle-orm'
import {
  asTrained,
  planApiText,
  type CreatePlanInput,
  type ListPlansInput,
  type MovedDay,
  type Plan,
  type PlanSummary,
  type PlanTrainingDaysInput,
  type PlanWorkoutDetail,
  type UpdatePlanInput,
} from '#shared/schemas/plans.ts'
import type { Actor } from '#server/access/actor.ts'
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
export function trainingDaysOf(plan: Pick<SummaryRow, 'daysPerWeek'>, trainingDays: readonly number[]): number[]
export function trainingDaysOf(
  plan: Pick<SummaryRow, 'daysPerWeek'>,
  trainingDays: readonly number[] | null,
): number[] | null
export function trainingDaysOf(
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

/** Refuses a template name the owner already uses on a template that is not archived (but `except`); two saves at once wait on each other. */
export async function requireFreeTemplateName(tx: Tx, ownerId: string, name: string, except?: string): Promise<void> {
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
