import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Exercise, PrescribedSet } from '#shared/schemas/plans.ts'
import { plateSetupOf } from '#shared/schemas/plate-setups.ts'
import type { PreviewRuleInput, Proposal, RulePreview } from '#shared/schemas/progression-api.ts'
import { progressionApiText, type ProgressionRule } from '#shared/schemas/progression.ts'
import { asPrescribed, nextTargets, onPlannedDay, type DoneSet } from '#shared/schemas/progression-targets.ts'
import { e1rm } from '#shared/schemas/session-reports.ts'
import { pairWithTargets } from '#shared/set-types.ts'
import type { Unit } from '#shared/units.ts'
import type { Actor } from '#server/access/actor.ts'
import { currentGymJoin, platesInUse } from '#server/access/callers.ts'
import { activeLink, assertCanReadClient, isActiveCoachOf } from '#server/access/coaching.ts'
import type { Db, Tx } from '#server/db/client.ts'
import {
  coachClients,
  gymProfiles,
  movements,
  planWorkouts,
  prescriptions,
  profiles,
  progressionProposals,
  trainingPlans,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { sameSets } from './plan-grid.service.ts'
import { notifyProgressionApproved } from './plan-notifications.ts'
import { loadExercises } from '#server/prescriptions/prescriptions.ts'
import type { SetType } from '#shared/set-types.ts'

/*
 * Progression rules at work (docs/progression.md): when a lifter completes a session of a plan,
 * each exercise with a rule (its own, or the plan's) gets its next targets from what was done.
 * They land on the next time the plan has that movement (for a weekly rule, the same day of a
 * later week), and on any deload week on the way, unless the coach edited those targets by hand.
 * A plan in 'approve' mode keeps them as proposals until its coach approves them.
 */

/** The current e1RM of movements for a lifter: the sessions feature's figure, handed in. */
export type E1rmLookup = (db: Db | Tx, clientId: string, movementIds: readonly string[]) => Promise<Map<string, number>>

/** What the sessions feature knows of a session just completed. */
export type CompletedSession = {
  id: string
  clientId: string
  planId: string | null
  planWorkoutId: string | null
  week: number | null
  day: number | null
  exercises: readonly {
    key: string
    movementId: string
    prescriptionId: string | null
    targets: readonly PrescribedSet[]
    swappedFrom?: unknown
    oneRepMaxMovementId?: string | null | undefined
  }[]
  sets: readonly (DoneSet & { exerciseKey: string; setType: SetType })[]
}

type Cell = { id: string; week: number; day: number; exercises: Exercise[] }

/** The lifter's unit and plate step: the loads a rule writes round to what they can load. */
async function lifterLoading(db: Db | Tx, clientId: string): Promise<{ unit: Unit; plateStep: number }> {
  const [profile] = await db
    .select({ unit: profiles.unit, plateSetups: platesInUse() })
    .from(profiles)
    .leftJoin(gymProfiles, currentGymJoin())
    .where(eq(profiles.id, clientId))
  const unit = profile?.unit ?? 'kg'
  return { unit, plateStep: plateSetupOf(profile?.plateSetups, unit).plateStep }
}

/** The `occurrence`-th exercise of a movement in a day. */
const nth = <E extends { movementId: string }>(
  exercises: readonly E[],
  movementId: string,
  occurrence: number,
): E | undefined => exercises.filter((e) => e.movementId === movementId)[occurrence]

/**
 * The days a rule's targets go to after the day at (`week`, `day`): the next one with the movement
 * (a weekly rule: the same day of a later week), through any deload weeks, up to the first that is
 * not one; none past a day the coach edited by hand.
 */
export function nextDays(
  cells: readonly Cell[],
  at: { week: number; day: number },
  movementId: string,
  occurrence: number,
  weekly: boolean,
  deloadWeeks: readonly number[],
) {
  const later = cells
    .filter((c) => c.week > at.week || (!weekly && c.week === at.week && c.day > at.day))
    .filter((c) => !weekly || c.day === at.day)
    .sort((a, b) => a.week - b.week || a.day - b.day)
  const targets: { cell: Cell; exercise: Cell['exercises'][number] }[] = []
  for (const cell of later) {
    const exercise = nth(cell.exercises, movementId, occurrence)
    if (!exercise) continue
    if (exercise.handEdited) break
    targets.push({ cell, exercise })
    if (!deloadWeeks.includes(cell.week)) break
  }
  return targets
}

/**
 * Runs the rules of a plan's exercises on a session the lifter just completed, in the caller's
 * transaction. Sessions outside a plan, and sessions of a deload week, change nothing.
 */
export async function progressAfterSession(tx: Tx, session: CompletedSession, e1rmOf: E1rmLookup): Promise<void> {
  if (!session.planId || !session.planWorkoutId || session.week === null || session.day === null) return
  const [plan] = await tx
    .select({
      ownerId: trainingPlans.ownerId,
      clientId: trainingPlans.clientId,
      progression: trainingPlans.progression,
      progressionMode: trainingPlans.progressionMode,
      deloadWeeks: trainingPlans.deloadWeeks,
    })
    .from(trainingPlans)
    .where(eq(trainingPlans.id, session.planId))
  if (!plan) return
  const trainedBy = plan.clientId ?? plan.ownerId
  if (trainedBy !== session.clientId || plan.deloadWeeks.includes(session.week)) return

  const days = await tx
    .select({ id: planWorkouts.id, week: planWorkouts.week, day: planWorkouts.day })
    .from(planWorkouts)
    .where(eq(planWorkouts.planId, session.planId))
    .orderBy(asc(planWorkouts.week), asc(planWorkouts.day))
  const exercisesOf = await loadExercises(
    tx,
    'planWorkout',
    days.map((d) => d.id),
  )
  const cells: Cell[] = days.map((d) => ({ ...d, exercises: exercisesOf.get(d.id) ?? [] }))
  const current = cells.find((c) => c.id === session.planWorkoutId)
  if (!current) return

  const prescribed = session.exercises.filter((e) => e.prescriptionId !== null && !e.swappedFrom)
  const rules = prescribed.map((exercise, index) => {
    const occurrence = prescribed.slice(0, index).filter((e) => e.movementId === exercise.movementId).length
    const own = nth(current.exercises, exercise.movementId, occurrence)
    return { exercise, occurrence, own, rule: own?.progression ?? plan.progression }
  })
  const ruled = rules.filter((r): r is typeof r & { rule: ProgressionRule } => r.rule !== null)
  if (!ruled.length) return

  const loading = await lifterLoading(tx, session.clientId)
  const percentOf = (r: (typeof ruled)[number]) =>
    r.rule.kind === 'percent_e1rm' ? (r.rule.linkedMovementId ?? r.exercise.movementId) : null
  const e1rms = await e1rmOf(
    tx,
    session.clientId,
    ruled.flatMap((r) => percentOf(r) ?? []),
  )
  let changed = false
  for (const { exercise, occurrence, own, rule } of ruled) {
    const oneRepMax = percentOf({ exercise, occurrence, own, rule })
    const input = {
      rule,
      targets: exercise.targets,
      // A warm-up is not work: a rule reads the sets that answered the targets, numbered as the targets.
      done: pairWithTargets(
        exercise.targets.length,
        // A ticked set before an unticked one of the same row.
        session.sets
          .filter((s) => s.exerciseKey === exercise.key)
          .sort((a, b) => Number(b.completed) - Number(a.completed)),
      ).flatMap(({ set }, index) => (set ? [{ ...set, setNumber: index + 1 }] : [])),
      failures: own?.progressionNote?.failures ?? 0,
      ...loading,
      e1rmKg: oneRepMax ? (e1rms.get(oneRepMax) ?? null) : null,
    }
    const result = nextTargets(input)
    if (!result) continue
    const weekly = rule.kind === 'linear' && rule.per === 'week'
    for (const { cell, exercise: next } of nextDays(
      cells,
      current,
      exercise.movementId,
      occurrence,
      weekly,
      plan.deloadWeeks,
    )) {
      const outcome = onPlannedDay(input, result, next.sets)
      const note = { reason: outcome.reason, failures: outcome.failures }
      // A change of reason alone (a %1RM's new load, a hold) needs no approval.
      if (plan.progressionMode === 'apply' || sameSets(next.sets, outcome.sets)) {
        await tx
          .update(prescriptions)
          .set({ sets: outcome.sets, progressionNote: note })
          .where(eq(prescriptions.id, next.id))
        changed = true
        continue
      }
      const target = and(
        eq(progressionProposals.planWorkoutId, cell.id),
        eq(progressionProposals.movementId, exercise.movementId),
        eq(progressionProposals.occurrence, occurrence),
        eq(progressionProposals.status, 'pending'),
      )
      await tx
        .update(progressionProposals)
        .set({ status: 'superseded', decidedAt: sql`now()` })
        .where(target)
      await tx.insert(progressionProposals).values({
        planId: session.planId,
        planWorkoutId: cell.id,
        movementId: exercise.movementId,
        occurrence,
        clientId: session.clientId,
        sessionId: session.id,
        fromSets: next.sets,
        toSets: outcome.sets,
        reason: outcome.reason,
        failures: outcome.failures,
      })
    }
  }
  // The builder's open copies are now stale: their next save answers 409 instead of undoing this.
  if (changed)
    await tx
      .update(trainingPlans)
      .set({ version: sql`${trainingPlans.version} + 1` })
      .where(eq(trainingPlans.id, session.planId))
}

/** The proposals waiting for a coach: for the plans they own, of clients they still coach; newest first. */
export async function listProposals(db: Db, actor: Actor): Promise<Proposal[]> {
  const rows = await db
    .select({
      id: progressionProposals.id,
      planId: progressionProposals.planId,
      planName: trainingPlans.name,
      clientId: progressionProposals.clientId,
      clientName: profiles.displayName,
      planWorkoutId: progressionProposals.planWorkoutId,
      week: planWorkouts.week,
      day: planWorkouts.day,
      movementId: progressionProposals.movementId,
      movementName: movements.name,
      fromSets: progressionProposals.fromSets,
      toSets: progressionProposals.toSets,
      reason: progressionProposals.reason,
      createdAt: progressionProposals.createdAt,
    })
    .from(progressionProposals)
    .innerJoin(trainingPlans, eq(trainingPlans.id, progressionProposals.planId))
    .innerJoin(planWorkouts, eq(planWorkouts.id, progressionProposals.planWorkoutId))
    .innerJoin(movements, eq(movements.id, progressionProposals.movementId))
    .innerJoin(profiles, eq(profiles.id, progressionProposals.clientId))
    .innerJoin(
      coachClients,
      and(eq(coachClients.clientId, progressionProposals.clientId), activeLink({ coachId: actor.id })),
    )
    .where(and(eq(trainingPlans.ownerId, actor.id), eq(progressionProposals.status, 'pending')))
    .orderBy(desc(progressionProposals.createdAt))
    .limit(200)
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}

/**
 * Approves or dismisses a coach's proposals (one tap for all is all their ids). An approved one
 * whose targets changed since it was made (edited by hand, or by a later session) is stale
 * instead: nothing is overwritten. Answers how many of each.
 */
export async function decideProposals(
  db: Db,
  actor: Actor,
  ids: readonly string[],
  decision: 'approve' | 'dismiss',
): Promise<{ approved: number; dismissed: number; stale: number }> {
  const result = { approved: 0, dismissed: 0, stale: 0 }
  if (!ids.length) return result
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ proposal: progressionProposals, ownerId: trainingPlans.ownerId, planName: trainingPlans.name })
      .from(progressionProposals)
      .innerJoin(trainingPlans, eq(trainingPlans.id, progressionProposals.planId))
      .where(inArray(progressionProposals.id, [...ids]))
      .for('update', { of: progressionProposals })
    if (rows.length < new Set(ids).size)
      throw new AppError('NOT_FOUND', { message: progressionApiText.proposalNotFound })
    if (rows.some((r) => r.ownerId !== actor.id))
      throw new AppError('FORBIDDEN', { message: progressionApiText.proposalNotYours })
    for (const clientId of new Set(rows.map((r) => r.proposal.clientId))) {
      if (!(await isActiveCoachOf(tx, actor.id, clientId)))
        throw new AppError('FORBIDDEN', { message: progressionApiText.proposalNotYours })
    }
    // Every day the proposals point at, read once; each proposal changes another exercise of it.
    const pending = rows.filter((r) => r.proposal.status === 'pending')
    const days =
      decision === 'approve'
        ? await loadExercises(tx, 'planWorkout', [...new Set(pending.map((r) => r.proposal.planWorkoutId))])
        : new Map<string, Exercise[]>()
    const touched = new Set<string>()
    const approvedIn = new Map<string, number>()
    for (const { proposal } of pending) {
      if (decision === 'dismiss') {
        await tx
          .update(progressionProposals)
          .set({ status: 'dismissed', decidedAt: sql`now()` })
          .where(eq(progressionProposals.id, proposal.id))
        result.dismissed++
        continue
      }
      const exercise = nth(days.get(proposal.planWorkoutId) ?? [], proposal.movementId, proposal.occurrence)
      const fresh = exercise && !exercise.handEdited && sameSets(exercise.sets, proposal.fromSets)
      if (fresh) {
        await tx
          .update(prescriptions)
          .set({ sets: proposal.toSets, progressionNote: { reason: proposal.reason, failures: proposal.failures } })
          .where(eq(prescriptions.id, exercise.id))
        touched.add(proposal.planId)
        approvedIn.set(proposal.planId, (approvedIn.get(proposal.planId) ?? 0) + 1)
      }
      await tx
        .update(progressionProposals)
        .set({ status: fresh ? 'approved' : 'stale', decidedAt: sql`now()` })
        .where(eq(progressionProposals.id, proposal.id))
      result[fresh ? 'approved' : 'stale']++
    }
    if (touched.size)
      await tx
        .update(trainingPlans)
        .set({ version: sql`${trainingPlans.version} + 1` })
        .where(inArray(trainingPlans.id, [...touched]))
    for (const [planId, count] of approvedIn) {
      const row = rows.find((r) => r.proposal.planId === planId)
      if (row)
        await notifyProgressionApproved(
          tx,
          { id: planId, name: row.planName, ownerId: actor.id, clientId: row.proposal.clientId },
          count,
        )
    }
    return result
  })
}

/** How many weeks a preview looks ahead. */
const PREVIEW_WEEKS = 4

/**
 * What a rule would do to a set of targets over the next four weeks, for one lifter (their unit,
 * plate step and e1RM), if each week's sets are done as prescribed (every set at the top of its
 * range, at its RPE): before the coach switches the rule on.
 */
export async function previewRule(
  db: Db,
  actor: Actor,
  input: PreviewRuleInput,
  e1rmOf: E1rmLookup,
): Promise<RulePreview> {
  const clientId = input.clientId ?? actor.id
  await assertCanReadClient(db, actor, clientId, progressionApiText.previewNotYours)
  const loading = await lifterLoading(db, clientId)
  const oneRepMaxId =
    input.rule.kind === 'percent_e1rm' ? (input.rule.linkedMovementId ?? input.movementId) : input.movementId
  // Sets of this movement move its own e1RM, not a linked movement's.
  const ownE1rm = oneRepMaxId === input.movementId
  let e1rmKg = (await e1rmOf(db, clientId, [oneRepMaxId])).get(oneRepMaxId) ?? null
  const weeks: RulePreview['weeks'] = []
  let targets: readonly PrescribedSet[] = input.sets
  let failures = 0
  for (let week = 1; week <= PREVIEW_WEEKS; week++) {
    const done = asPrescribed(targets, e1rmKg, loading.unit, loading.plateStep)
    if (input.rule.kind === 'percent_e1rm' && ownE1rm)
      e1rmKg =
        Math.max(e1rmKg ?? 0, ...done.map((s) => (s.loadKg && s.reps ? (e1rm(s.loadKg, s.reps) ?? 0) : 0))) || null
    const outcome = nextTargets({ rule: input.rule, targets, done, failures, ...loading, e1rmKg })
    if (!outcome) break
    weeks.push({ week, sets: outcome.sets, reason: outcome.reason })
    targets = outcome.sets
    failures = outcome.failures
  }
  return { ...loading, e1rmKg, weeks }
}
