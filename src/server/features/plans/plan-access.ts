import { and, eq, sql } from 'drizzle-orm'
import { planApiText, type PlanSummary } from '#shared/schemas/plans.ts'
import type { Actor } from '#server/access/actor.ts'
import { isActiveCoachOf } from '#server/access/coaching.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { trainingPlans } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { notifyPlanChanged } from './plan-notifications.ts'

/*
 * Finding a plan for an actor (who may read it, who may change it) and changing it only from the
 * version they saw: shared by plans.service.ts (plans as wholes) and plan-grid.service.ts (the grid).
 */

export const summaryColumns = {
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
  trainingDays: trainingPlans.trainingDays,
  status: trainingPlans.status,
  progression: trainingPlans.progression,
  progressionMode: trainingPlans.progressionMode,
  deload: trainingPlans.deload,
  version: trainingPlans.version,
  updatedAt: trainingPlans.updatedAt,
}

export type SummaryRow = Omit<PlanSummary, 'updatedAt'> & { updatedAt: Date }
export const toSummary = (row: SummaryRow): PlanSummary => ({ ...row, updatedAt: row.updatedAt.toISOString() })

export async function findPlan(db: Db | Tx, id: string): Promise<SummaryRow> {
  const [row] = await db.select(summaryColumns).from(trainingPlans).where(eq(trainingPlans.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Plan not found' })
  return row
}

/** Readable by its owner, and by the client it is assigned to. */
export async function requireReader(
  db: Db,
  actor: Actor,
  plan: Pick<SummaryRow, 'ownerId' | 'clientId'>,
): Promise<void> {
  if (plan.ownerId !== actor.id && plan.clientId !== actor.id)
    throw new AppError('FORBIDDEN', { message: 'This plan is not yours' })
  await requireCoaching(db, actor, plan)
}

export async function findReadable(db: Db, actor: Actor, id: string): Promise<SummaryRow> {
  const plan = await findPlan(db, id)
  await requireReader(db, actor, plan)
  return plan
}

/** Changed only by its owner (the coach edits a client's copy; the client reads it). */
export async function findOwned(db: Db, actor: Actor, id: string): Promise<SummaryRow> {
  const plan = await findPlan(db, id)
  if (plan.ownerId !== actor.id) throw new AppError('FORBIDDEN', { message: 'Only the plan’s owner may change it' })
  await requireCoaching(db, actor, plan)
  return plan
}

/** A client's copy is its coach's to read and change only while they coach that client. */
async function requireCoaching(db: Db, actor: Actor, plan: Pick<SummaryRow, 'ownerId' | 'clientId'>): Promise<void> {
  if (!plan.clientId || plan.clientId === actor.id || plan.ownerId !== actor.id) return
  if (!(await isActiveCoachOf(db, actor.id, plan.clientId)))
    throw new AppError('FORBIDDEN', { message: 'You no longer coach this client' })
}

/**
 * Moves the plan to the next version, but only from the version the caller saw: two tabs editing
 * one plan never silently overwrite each other (the loser gets 409 and reloads). A change to a
 * client's active plan is theirs to hear of.
 */
export async function bumpVersion(
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
  if (row) {
    await notifyPlanChanged(db, row)
    return { row, replayed: false }
  }
  // The same save again (its answer was lost on the way): it landed already, nothing to redo.
  if (saveId) {
    const [landed] = await db
      .select(summaryColumns)
      .from(trainingPlans)
      .where(and(eq(trainingPlans.id, id), eq(trainingPlans.lastSaveId, saveId)))
    if (landed) return { row: landed, replayed: true }
  }
  throw new AppError('CONFLICT', { message: planApiText.conflict })
}
