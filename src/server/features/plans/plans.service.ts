import { and, asc, eq, isNull, ne, or, sql } from 'drizzle-orm'
import type {
  ExerciseInput,
  AssignPlanInput,
  CopyDayInput,
  CopyPlanInput,
  CopyWeekInput,
  CreatePlanInput,
  ListPlansInput,
  MoveDayInput,
  Plan,
  PlanSummary,
  PlanWorkoutDetail,
  SavePlanDayInput,
  UpdatePlanInput,
} from '#shared/schemas/plans.ts'
import { planApiText, progressSet } from '#shared/schemas/plans.ts'
import type { Actor } from '#server/access/actor.ts'
import { isActiveCoachOf } from '#server/access/coaching.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { clientInvites, planWorkouts, prescriptions, trainingPlans, workoutSessions } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { insertExercises, loadExercises, movementErrors } from './prescriptions.service.ts'

const summaryColumns = {
  id: trainingPlans.id,
  ownerId: trainingPlans.ownerId,
  clientId: trainingPlans.clientId,
  name: trainingPlans.name,
  goal: trainingPlans.goal,
  description: trainingPlans.description,
  weeks: trainingPlans.weeks,
  daysPerWeek: trainingPlans.daysPerWeek,
  deloadWeeks: trainingPlans.deloadWeeks,
  isTemplate: trainingPlans.isTemplate,
  startDate: trainingPlans.startDate,
  status: trainingPlans.status,
  version: trainingPlans.version,
  updatedAt: trainingPlans.updatedAt,
}

type SummaryRow = Omit<PlanSummary, 'updatedAt'> & { updatedAt: Date }
const toSummary = (row: SummaryRow): PlanSummary => ({ ...row, updatedAt: row.updatedAt.toISOString() })

async function findPlan(db: Db | Tx, id: string): Promise<SummaryRow> {
  const [row] = await db.select(summaryColumns).from(trainingPlans).where(eq(trainingPlans.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Plan not found' })
  return row
}

/** Readable by its owner, and by the client it is assigned to. */
async function findReadable(db: Db, actor: Actor, id: string): Promise<SummaryRow> {
  const plan = await findPlan(db, id)
  if (plan.ownerId !== actor.id && plan.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: 'This plan is not yours' })
  await requireCoaching(db, actor, plan)
  return plan
}

/** Changed only by its owner (the coach edits a client's copy; the client reads it). */
async function findOwned(db: Db, actor: Actor, id: string): Promise<SummaryRow> {
  const plan = await findPlan(db, id)
  if (plan.ownerId !== actor.id) throw new AppError('FORBIDDEN', { message: 'Only the plan’s owner may change it' })
  await requireCoaching(db, actor, plan)
  return plan
}

/** A client's copy is its coach's to read and change only while they coach that client. */
async function requireCoaching(db: Db, actor: Actor, plan: Pick<SummaryRow, 'ownerId' | 'clientId'>): Promise<void> {
  if (!plan.clientId || plan.clientId === actor.id || plan.ownerId !== actor.id) return
  if (!(await isActiveCoachOf(db, actor.id, plan.clientId))) throw new AppError('FORBIDDEN', { message: 'You no longer coach this client' })
}

export async function createPlan(db: Db, actor: Actor, input: CreatePlanInput): Promise<PlanSummary> {
  const [row] = await db
    .insert(trainingPlans)
    .values({ ...input, goal: input.goal || null, description: input.description || null, ownerId: actor.id })
    .returning(summaryColumns)
  if (!row) throw new Error('insert returned nothing')
  return toSummary(row)
}

/** The plans a user may see: their own (not archived) and the ones assigned to them; or only their own archived ones. */
export async function listPlans(db: Db, actor: Actor, { archived }: ListPlansInput = {}): Promise<PlanSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(trainingPlans)
    .where(
      archived === 'true'
        ? and(eq(trainingPlans.ownerId, actor.id), eq(trainingPlans.status, 'archived'))
        : and(or(eq(trainingPlans.ownerId, actor.id), eq(trainingPlans.clientId, actor.id)), ne(trainingPlans.status, 'archived')),
    )
    .orderBy(sql`${trainingPlans.updatedAt} desc`)
  return rows.map(toSummary)
}

/** A whole plan in three queries: the plan, its workouts, and their exercises with movement names and tracking. */
export async function getPlan(db: Db, actor: Actor, id: string): Promise<Plan> {
  const plan = await findReadable(db, actor, id)
  const workouts = await db
    .select({ id: planWorkouts.id, week: planWorkouts.week, day: planWorkouts.day, title: planWorkouts.title, notes: planWorkouts.notes })
    .from(planWorkouts)
    .where(eq(planWorkouts.planId, id))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day))
  const exercises = await loadExercises(db, 'planWorkout', workouts.map((w) => w.id))
  return { ...toSummary(plan), workouts: workouts.map((w) => ({ ...w, exercises: exercises.get(w.id) ?? [] })) }
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
        weeks: trainingPlans.weeks,
        daysPerWeek: trainingPlans.daysPerWeek,
        deloadWeeks: trainingPlans.deloadWeeks,
        status: trainingPlans.status,
      },
    })
    .from(planWorkouts)
    .innerJoin(trainingPlans, eq(trainingPlans.id, planWorkouts.planId))
    .where(eq(planWorkouts.id, planWorkoutId))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Workout not found' })
  if (row.plan.ownerId !== actor.id && row.plan.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: 'This plan is not yours' })
  await requireCoaching(db, actor, row.plan)
  const exercises = await loadExercises(db, 'planWorkout', [row.id])
  return { ...row, exercises: exercises.get(row.id) ?? [] }
}

/**
 * Moves the plan to the next version, but only from the version the caller saw: two tabs editing
 * one plan never silently overwrite each other (the loser gets 409 and reloads).
 */
async function bumpVersion(
  db: Db | Tx,
  id: string,
  { version: seen, saveId }: { version: number; saveId?: string | undefined },
  changes: Partial<typeof trainingPlans.$inferInsert> = {},
): Promise<{ row: SummaryRow; replayed: boolean }> {
  const [row] = await db
    .update(trainingPlans)
    .set({ ...changes, version: sql`${trainingPlans.version} + 1`, lastSaveId: saveId ?? null })
    .where(and(eq(trainingPlans.id, id), eq(trainingPlans.version, seen)))
    .returning(summaryColumns)
  if (row) return { row, replayed: false }
  // The same save again (its answer was lost on the way): it landed already, nothing to redo.
  if (saveId) {
    const [landed] = await db.select(summaryColumns).from(trainingPlans).where(and(eq(trainingPlans.id, id), eq(trainingPlans.lastSaveId, saveId)))
    if (landed) return { row: landed, replayed: true }
  }
  throw new AppError('CONFLICT', { message: planApiText.conflict })
}

export async function updatePlan(db: Db, actor: Actor, id: string, { version, saveId, ...input }: UpdatePlanInput): Promise<PlanSummary> {
  const plan = await findOwned(db, actor, id)
  const deloadWeeks = input.deloadWeeks ? [...new Set(input.deloadWeeks)].sort((a, b) => a - b) : undefined
  if (deloadWeeks?.some((week) => week > plan.weeks)) {
    throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: { deloadWeeks: [`This plan has ${plan.weeks} weeks`] } })
  }
  const changes = Object.fromEntries(Object.entries({ ...input, deloadWeeks }).filter(([, value]) => value !== undefined))
  return toSummary((await bumpVersion(db, id, { version, saveId }, changes)).row)
}

/** Replaces one cell of the grid (its workout and exercises) in one transaction. */
export async function savePlanDay(db: Db, actor: Actor, id: string, week: number, day: number, input: SavePlanDayInput): Promise<Plan> {
  const plan = await findOwned(db, actor, id)
  const fields: Record<string, string[]> = {}
  if (week > plan.weeks) fields.week = [`This plan has ${plan.weeks} weeks`]
  if (day > plan.daysPerWeek) fields.day = [`This plan has ${plan.daysPerWeek} days a week`]
  // The plan's owner must be able to see every movement: the built-ins and their own.
  Object.assign(fields, await movementErrors(db, plan.ownerId, input.workout?.exercises ?? [], 'workout.exercises'))
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })

  await db.transaction(async (tx) => {
    if ((await bumpVersion(tx, id, input)).replayed) return
    await writeCell(tx, id, week, day, input.workout)
  })
  return getPlan(db, actor, id)
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
    await tx.update(trainingPlans).set({ status: 'archived', version: sql`${trainingPlans.version} + 1` }).where(eq(trainingPlans.id, id))
    await tx
      .update(clientInvites)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(clientInvites.planId, id), isNull(clientInvites.acceptedAt), isNull(clientInvites.revokedAt)))
  })
  return { archived: true }
}

/** A deep copy of a plan's grid into a new plan row: workouts, then exercises, in two statements. */
async function copyPlanTree(tx: Tx, source: SummaryRow, values: Partial<typeof trainingPlans.$inferInsert> & { ownerId: string }): Promise<string> {
  const [copy] = await tx
    .insert(trainingPlans)
    .values({
      name: source.name,
      goal: source.goal,
      description: source.description,
      weeks: source.weeks,
      daysPerWeek: source.daysPerWeek,
      deloadWeeks: source.deloadWeeks,
      sourcePlanId: source.id,
      ...values,
    })
    .returning({ id: trainingPlans.id })
  if (!copy) throw new Error('insert returned nothing')
  await tx.execute(sql`
    insert into plan_workouts (plan_id, week, day, title, notes)
    select ${copy.id}, week, day, title, notes from plan_workouts where plan_id = ${source.id}`)
  await tx.execute(sql`
    insert into prescriptions (plan_workout_id, movement_id, position, superset, rest_seconds, tempo, notes, sets)
    select nw.id, p.movement_id, p.position, p.superset, p.rest_seconds, p.tempo, p.notes, p.sets
    from prescriptions p
    join plan_workouts ow on ow.id = p.plan_workout_id and ow.plan_id = ${source.id}
    join plan_workouts nw on nw.plan_id = ${copy.id} and nw.week = ow.week and nw.day = ow.day`)
  return copy.id
}

/** A new draft from a template, or a duplicate: the owner's deep copy, which later edits of the source never touch. */
export async function copyPlan(db: Db, actor: Actor, id: string, input: CopyPlanInput): Promise<PlanSummary> {
  const source = await findOwned(db, actor, id)
  const copyId = await db.transaction((tx) =>
    copyPlanTree(tx, source, { ownerId: actor.id, name: input.name ?? source.name, isTemplate: input.isTemplate ?? false, status: 'draft' }),
  )
  return toSummary(await findPlan(db, copyId))
}

/**
 * Assigns a plan to one of the coach's active clients from a start date: the client gets their
 * own deep copy (the coach edits it in the same builder); their previous active plan is completed.
 * One operation, also used inside the transaction that accepts an invite.
 */
export async function assignPlan(db: Db, coachId: string, planId: string, { clientId, startDate }: AssignPlanInput, tx?: Tx): Promise<PlanSummary> {
  const run = async (t: Tx) => {
    const [source] = await t.select(summaryColumns).from(trainingPlans).where(eq(trainingPlans.id, planId))
    if (!source) throw new AppError('NOT_FOUND', { message: 'Plan not found' })
    if (source.ownerId !== coachId) throw new AppError('FORBIDDEN', { message: 'Only the plan’s owner may assign it' })
    if (!(await isActiveCoachOf(t, coachId, clientId))) throw new AppError('FORBIDDEN', { message: 'You can assign plans only to your active clients' })
    await t
      .update(trainingPlans)
      .set({ status: 'completed', version: sql`${trainingPlans.version} + 1` })
      .where(and(eq(trainingPlans.clientId, clientId), eq(trainingPlans.status, 'active')))
    return copyPlanTree(t, source, { ownerId: coachId, clientId, startDate, status: 'active', isTemplate: false })
  }
  // Inside the caller's transaction the copy is read through it (it is not committed yet).
  if (tx) return toSummary(await findPlan(tx, await run(tx)))
  return toSummary(await findPlan(db, await db.transaction(run)))
}

type Cell = { week: number; day: number }

function requireInside(plan: SummaryRow, cells: Cell[]): void {
  const fields: Record<string, string[]> = {}
  if (cells.some((c) => c.week > plan.weeks)) fields.week = [`This plan has ${plan.weeks} weeks`]
  if (cells.some((c) => c.day > plan.daysPerWeek)) fields.day = [`This plan has ${plan.daysPerWeek} days a week`]
  if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields })
}

/** Writes workouts into cells (replacing what was there), all in the caller's transaction. */
async function writeCells(tx: Tx, planId: string, cells: { week: number; day: number; workout: Plan['workouts'][number] | null }[]): Promise<void> {
  for (const { week, day, workout } of cells) await writeCell(tx, planId, week, day, workout)
}

/**
 * Puts a workout in one cell of the grid (null empties it). A day that already has a workout keeps
 * its id, so previews, links and sessions logged against it still point at it.
 */
async function writeCell(tx: Tx, planId: string, week: number, day: number, workout: { title: string; notes?: string | null; exercises: readonly ExerciseInput[] } | null): Promise<void> {
  const cell = and(eq(planWorkouts.planId, planId), eq(planWorkouts.week, week), eq(planWorkouts.day, day))
  if (!workout) {
    await tx.delete(planWorkouts).where(cell)
    return
  }
  const values = { title: workout.title, notes: workout.notes || null }
  const [kept] = await tx.update(planWorkouts).set(values).where(cell).returning({ id: planWorkouts.id })
  if (kept) await tx.delete(prescriptions).where(eq(prescriptions.planWorkoutId, kept.id))
  const row = kept ?? (await tx.insert(planWorkouts).values({ planId, week, day, ...values }).returning({ id: planWorkouts.id }))[0]
  if (row) await insertExercises(tx, { planWorkoutId: row.id }, workout.exercises)
}

/** Copies one cell onto another. */
export async function copyDay(db: Db, actor: Actor, id: string, { version, saveId, from, to }: CopyDayInput): Promise<Plan> {
  const plan = await findOwned(db, actor, id)
  requireInside(plan, [from, to])
  const source = (await getPlan(db, actor, id)).workouts.find((w) => w.week === from.week && w.day === from.day) ?? null
  await db.transaction(async (tx) => {
    if ((await bumpVersion(tx, id, { version, saveId })).replayed) return
    await writeCells(tx, id, [{ ...to, workout: source }])
  })
  return getPlan(db, actor, id)
}

/**
 * Copies a week onto later (or other) weeks; with a progression each target week gets it once per
 * week of distance from the source (+2.5 kg: week 2 +2.5, week 3 +5).
 */
export async function copyWeek(db: Db, actor: Actor, id: string, { version, saveId, fromWeek, toWeeks, progression }: CopyWeekInput): Promise<Plan> {
  const plan = await findOwned(db, actor, id)
  const targets = [...new Set(toWeeks)].filter((week) => week !== fromWeek)
  requireInside(plan, [{ week: fromWeek, day: 1 }, ...targets.map((week) => ({ week, day: 1 }))])
  const source = (await getPlan(db, actor, id)).workouts.filter((w) => w.week === fromWeek)
  const cells = targets.flatMap((week) =>
    Array.from({ length: plan.daysPerWeek }, (_, index) => {
      const day = index + 1
      const workout = source.find((w) => w.day === day)
      const steps = week - fromWeek
      return {
        week,
        day,
        workout: workout ? { ...workout, exercises: workout.exercises.map((e) => ({ ...e, sets: e.sets.map((set) => progressSet(set, progression, steps)) })) } : null,
      }
    }),
  )
  await db.transaction(async (tx) => {
    if ((await bumpVersion(tx, id, { version, saveId })).replayed) return
    await writeCells(tx, id, cells)
  })
  return getPlan(db, actor, id)
}

/**
 * Moves a cell's workout to another cell; a workout already in the target swaps places with it.
 * The workouts keep their ids (the `planWorkoutId` sessions will point at), so the rows move
 * rather than being copied: through a parking cell (0, 0), because the unique (plan, week, day)
 * index is checked row by row.
 */
export async function moveDay(db: Db, actor: Actor, id: string, { version, saveId, from, to }: MoveDayInput): Promise<Plan> {
  const plan = await findOwned(db, actor, id)
  requireInside(plan, [from, to])
  const at = (cell: Cell) => and(eq(planWorkouts.planId, id), eq(planWorkouts.week, cell.week), eq(planWorkouts.day, cell.day))
  await db.transaction(async (tx) => {
    if ((await bumpVersion(tx, id, { version, saveId })).replayed) return
    if (from.week === to.week && from.day === to.day) return
    const parking = { week: 0, day: 0 }
    await tx.update(planWorkouts).set(parking).where(at(from))
    await tx.update(planWorkouts).set(from).where(at(to))
    await tx.update(planWorkouts).set(to).where(at(parking))
  })
  return getPlan(db, actor, id)
}

/** Changes the status of a plan that is in `from` (bumping its version); one in another status is answered as it is. */
async function changeStatus(db: Db, plan: SummaryRow, from: 'archived' | 'not-archived', to: PlanSummary['status']): Promise<PlanSummary> {
  const [row] = await db
    .update(trainingPlans)
    .set({ status: to, version: sql`${trainingPlans.version} + 1` })
    .where(and(eq(trainingPlans.id, plan.id), from === 'archived' ? eq(trainingPlans.status, 'archived') : ne(trainingPlans.status, 'archived')))
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
