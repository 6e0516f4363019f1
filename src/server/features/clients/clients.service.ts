import { checkInAttention } from '#server/features/check-ins/check-ins.service.ts'
import { and, asc, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm'
import type { ActiveClient, ClientSummary, Dashboard } from '#shared/schemas/clients.ts'
import { isoDateOfPlanDay } from '#shared/plan-schedule.ts'
import type { Actor } from '#server/access/actor.ts'
import { activeLink } from '#server/access/coaching.ts'
import { queryRows, sqlArray, type Db } from '#server/db/client.ts'
import {
  clientInvites,
  coachClients,
  planDayDates,
  planWorkouts,
  profiles,
  trainingPlans,
  users,
  workoutSessions,
} from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { localTime } from '#server/lib/local-time.ts'
import { dueWorkouts, dueWorkoutsOfPlans, missedTwoInARow, summarizeAdherence, type DueWorkout } from './adherence.ts'

export type { DueWorkout }
import { whoNeedsYou } from './attention.ts'

/**
 * The planned workouts due to these lifters over the last 28 days up to `today` (their own date),
 * today's included, of the plan each trains now: the one their coach assigned, else one they
 * started themselves, as their home screen shows it.
 */
export async function trainedDueWorkouts(db: Db, lifterIds: readonly string[], today: string): Promise<DueWorkout[]> {
  if (!lifterIds.length) return []
  const lifters = sqlArray(lifterIds, 'text')
  return dueWorkoutsOfPlans(
    db,
    sql`p.id in (
      select distinct on (coalesce(tp.client_id, tp.owner_id)) tp.id from training_plans tp
      where tp.status = 'active' and tp.start_date is not null
        and (tp.client_id = any(${lifters})
          or (tp.owner_id = any(${lifters}) and tp.client_id is null and not tp.assigned and not tp.is_template
            and tp.training_days is not null))
      order by coalesce(tp.client_id, tp.owner_id), tp.client_id is null, tp.id)`,
    today,
  )
}

/** A client who has just missed two planned workouts in a row, as their coach is told (once). */
export type MissedTwo = { coachId: string; clientId: string; clientName: string; missed: [DueWorkout, DueWorkout] }

/**
 * The active clients of these coaches who have just missed two planned workouts of the coach's
 * plan in a row (missedTwoInARow), each by the client's own date at `now`.
 */
export async function clientsWhoMissedTwo(db: Db, coachIds: readonly string[], now: Date): Promise<MissedTwo[]> {
  if (!coachIds.length) return []
  const links = await db
    .select({
      coachId: coachClients.coachId,
      clientId: coachClients.clientId,
      clientName: profiles.displayName,
      timeZone: profiles.timeZone,
    })
    .from(coachClients)
    .innerJoin(profiles, eq(profiles.id, coachClients.clientId))
    .where(and(eq(coachClients.status, 'active'), sql`${coachClients.coachId} = any(${sqlArray(coachIds, 'text')})`))
  // Clients in one time zone share a date: one query per date (at most a few at any moment).
  const byDate = new Map<string, typeof links>()
  for (const link of links) {
    const today = localTime(now, link.timeZone).date
    byDate.set(today, [...(byDate.get(today) ?? []), link])
  }
  const found: MissedTwo[] = []
  for (const [today, group] of byDate) {
    const due = await dueWorkoutsOfPlans(
      db,
      sql`p.client_id = any(${sqlArray(
        group.map((l) => l.clientId),
        'text',
      )}) and p.owner_id = (select cc.coach_id from coach_clients cc where cc.client_id = p.client_id and cc.status = 'active')`,
      today,
    )
    const byClient = new Map<string, DueWorkout[]>()
    for (const workout of due) byClient.set(workout.clientId, [...(byClient.get(workout.clientId) ?? []), workout])
    for (const link of group) {
      const missed = missedTwoInARow(byClient.get(link.clientId) ?? [], today)
      if (missed) found.push({ ...link, missed })
    }
  }
  return found
}

/** The coach's active clients by display name, each with the active plan this coach assigned them (a client has at most one). */
export async function listActiveClients(
  db: Db,
  actor: Actor,
  today = new Date().toISOString().slice(0, 10),
): Promise<ActiveClient[]> {
  return (await activeClientsAndDue(db, actor, today)).clients
}

/**
 * One active client of the coach as the roster shows them, and the size of their active plan: what
 * a client's page opens with, without reading the whole plan. Another coach's client, or a former
 * one, is refused.
 */
export async function clientSummary(
  db: Db,
  actor: Actor,
  clientId: string,
  today = new Date().toISOString().slice(0, 10),
): Promise<ClientSummary> {
  const [client] = (await activeClientsAndDue(db, actor, today, clientId)).clients
  if (!client) throw new AppError('FORBIDDEN', { message: 'Not one of your active clients' })
  if (!client.activePlan) return { client, plan: null, moved: [] }
  const active = client.activePlan
  // The workouts the client (or the coach) moved lately or ahead: the last week's and what is to come.
  const moves = await db
    .select({
      week: planDayDates.week,
      day: planDayDates.day,
      to: planDayDates.date,
      title: planWorkouts.title,
      movedBy: planDayDates.movedBy,
    })
    .from(planDayDates)
    .innerJoin(
      planWorkouts,
      and(
        eq(planWorkouts.planId, planDayDates.planId),
        eq(planWorkouts.week, planDayDates.week),
        eq(planWorkouts.day, planDayDates.day),
      ),
    )
    .where(and(eq(planDayDates.planId, active.id), gte(planDayDates.date, sql`${today}::date - 7`)))
    .orderBy(asc(planDayDates.date), asc(planDayDates.week), asc(planDayDates.day))
    .limit(20)
  const moved = active.startDate
    ? moves.map((m) => ({
        ...m,
        from: isoDateOfPlanDay({ startDate: active.startDate ?? '', trainingDays: active.trainingDays }, m.week, m.day),
      }))
    : []
  const [plan] = await db
    .select({
      weeks: trainingPlans.weeks,
      daysPerWeek: trainingPlans.daysPerWeek,
      deloadWeeks: trainingPlans.deloadWeeks,
      workouts: sql<number>`(select count(*)::int from ${planWorkouts} w where w.plan_id = ${client.activePlan.id}::uuid)`,
    })
    .from(trainingPlans)
    .where(eq(trainingPlans.id, client.activePlan.id))
  return { client, plan: plan ? { ...plan, workouts: Number(plan.workouts) } : null, moved }
}

/** The roster (or one client of it), and the planned workouts its adherence figures came from (the dashboard sums them). */
async function activeClientsAndDue(
  db: Db,
  actor: Actor,
  today: string,
  onlyClientId?: string,
): Promise<{ clients: ActiveClient[]; due: DueWorkout[] }> {
  const rows = await db
    .select({
      clientId: coachClients.clientId,
      displayName: profiles.displayName,
      primaryGoal: profiles.primaryGoal,
      experienceLevel: profiles.experienceLevel,
      timeZone: profiles.timeZone,
      email: users.email,
      since: coachClients.since,
      planId: trainingPlans.id,
      planName: trainingPlans.name,
      planStartDate: trainingPlans.startDate,
      planTrainingDays: trainingPlans.trainingDays,
    })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.clientId))
    .innerJoin(profiles, eq(profiles.id, coachClients.clientId))
    .leftJoin(
      trainingPlans,
      and(
        eq(trainingPlans.clientId, coachClients.clientId),
        eq(trainingPlans.ownerId, actor.id),
        eq(trainingPlans.status, 'active'),
      ),
    )
    .where(activeLink({ coachId: actor.id, clientId: onlyClientId }))
    .orderBy(sql`lower(${profiles.displayName})`, asc(coachClients.since), asc(coachClients.clientId))
  const ids = rows.map((r) => r.clientId)
  const [due, last] = await Promise.all([dueWorkouts(db, actor.id, ids, today), lastSessions(db, ids)])
  const clients = rows.map(({ planId, planName, planStartDate, planTrainingDays, since, ...client }) => ({
    ...client,
    ...summarizeAdherence(
      due.filter((d) => d.clientId === client.clientId),
      today,
    ),
    lastSessionAt: last.find((l) => l.clientId === client.clientId)?.at.toISOString() ?? null,
    since: since.toISOString(),
    activePlan:
      planId !== null && planName !== null
        ? { id: planId, name: planName, startDate: planStartDate, trainingDays: planTrainingDays }
        : null,
  }))
  return { clients, due }
}

/** Each client's last finished session: one probe of workout_sessions_completed_idx per client. */
async function lastSessions(db: Db, ids: readonly string[]): Promise<{ clientId: string; at: Date }[]> {
  if (!ids.length) return []
  const rows = await queryRows<{ client_id: string; at: string | Date }>(
    db,
    sql`
      select c.id as client_id, l.at
      from unnest(${sqlArray(ids, 'text')}) as c(id)
      cross join lateral (
        select s.completed_at as at from workout_sessions s
        where s.client_id = c.id and s.status = 'completed'
        order by s.completed_at desc nulls last
        limit 1
      ) l
      where l.at is not null`,
  )
  return rows.map((r) => ({ clientId: r.client_id, at: new Date(r.at) }))
}

/**
 * Ends a coaching relationship: the link is archived (so the coach no longer reaches the client's
 * data and the client may join another coach); the client's plans and history stay theirs.
 */
export async function archiveClient(db: Db, actor: Actor, clientId: string): Promise<void> {
  const [ended] = await db
    .update(coachClients)
    .set({ status: 'archived', endedAt: sql`now()` })
    .where(activeLink({ coachId: actor.id, clientId }))
    .returning({ id: coachClients.id })
  if (!ended) throw new AppError('FORBIDDEN', { message: 'Not one of your active clients' })
}

/**
 * The coach dashboard: active clients, overall adherence (all due planned workouts together),
 * sessions completed since the coach's last visit, clients who missed their last two planned
 * workouts, and pending invites that expire within two days.
 */
export async function coachDashboard(
  db: Db,
  actor: Actor,
  { today, since }: { today?: string; since?: string },
): Promise<Dashboard> {
  const day = today ?? new Date().toISOString().slice(0, 10)
  const after = since ? new Date(since) : new Date(Date.now() - 7 * 86_400_000)
  // The three reads do not depend on one another: on PostgreSQL they run on three connections.
  const [{ clients, due }, sessions, invites] = await Promise.all([
    activeClientsAndDue(db, actor, day),
    db
      .select({
        sessionId: workoutSessions.id,
        clientId: workoutSessions.clientId,
        title: workoutSessions.title,
        completedAt: workoutSessions.completedAt,
      })
      .from(workoutSessions)
      .innerJoin(
        coachClients,
        and(eq(coachClients.clientId, workoutSessions.clientId), activeLink({ coachId: actor.id })),
      )
      .where(and(eq(workoutSessions.status, 'completed'), gt(workoutSessions.completedAt, after)))
      .orderBy(desc(workoutSessions.completedAt))
      .limit(20),
    db
      .select({
        id: clientInvites.id,
        email: clientInvites.email,
        planName: trainingPlans.name,
        expiresAt: clientInvites.expiresAt,
      })
      .from(clientInvites)
      .innerJoin(trainingPlans, eq(trainingPlans.id, clientInvites.planId))
      .where(
        and(
          eq(clientInvites.coachId, actor.id),
          isNull(clientInvites.acceptedAt),
          isNull(clientInvites.revokedAt),
          gt(clientInvites.expiresAt, sql`now()`),
          lt(clientInvites.expiresAt, sql`now() + interval '2 days'`),
        ),
      )
      .orderBy(asc(clientInvites.expiresAt)),
  ])
  const overall = summarizeAdherence(due, day)
  const nameOf = new Map(clients.map((c) => [c.clientId, c.displayName]))
  const checkInFlags = await checkInAttention(
    db,
    actor.id,
    clients.map((c) => c.clientId),
    day,
  )
  const attention = await whoNeedsYou(db, clients, due, day, checkInFlags)
  return {
    activeClients: clients.length,
    adherence7: overall.adherence7,
    adherence28: overall.adherence28,
    setAdherence7: overall.setAdherence7,
    setAdherence28: overall.setAdherence28,
    sessionsSince: sessions.map((s) => ({
      ...s,
      clientName: nameOf.get(s.clientId) ?? 'Client',
      completedAt: (s.completedAt ?? new Date()).toISOString(),
    })),
    missedLastTwo: clients
      .filter((c) => c.missedLastTwo)
      .map((c) => ({ clientId: c.clientId, displayName: c.displayName })),
    needsYou: attention.needsYou,
    recordsToCongratulate: attention.records,
    expiringInvites: invites.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
  }
}
