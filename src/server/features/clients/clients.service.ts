import { and, asc, eq, sql } from 'drizzle-orm'
import type { ActiveClient } from '#shared/schemas/clients.ts'
import type { Db } from '../../db/client.ts'
import { coachClients, profiles, trainingPlans, users } from '../../db/schema/index.ts'
import { AppError } from '../../lib/app-error.ts'
import type { Actor } from '../movements/movements.service.ts'

/** The coach's active clients by display name, each with the active plan this coach assigned them (a client has at most one). */
export async function listActiveClients(db: Db, actor: Actor): Promise<ActiveClient[]> {
  const rows = await db
    .select({
      clientId: coachClients.clientId,
      displayName: profiles.displayName,
      primaryGoal: profiles.primaryGoal,
      experienceLevel: profiles.experienceLevel,
      email: users.email,
      since: coachClients.since,
      planId: trainingPlans.id,
      planName: trainingPlans.name,
      planStartDate: trainingPlans.startDate,
    })
    .from(coachClients)
    .innerJoin(users, eq(users.id, coachClients.clientId))
    .innerJoin(profiles, eq(profiles.id, coachClients.clientId))
    .leftJoin(
      trainingPlans,
      and(eq(trainingPlans.clientId, coachClients.clientId), eq(trainingPlans.ownerId, actor.id), eq(trainingPlans.status, 'active')),
    )
    .where(and(eq(coachClients.coachId, actor.id), eq(coachClients.status, 'active')))
    .orderBy(sql`lower(${profiles.displayName})`, asc(coachClients.since), asc(coachClients.clientId))
  return rows.map(({ planId, planName, planStartDate, since, ...client }) => ({
    ...client,
    since: since.toISOString(),
    activePlan: planId !== null && planName !== null ? { id: planId, name: planName, startDate: planStartDate } : null,
  }))
}

/**
 * Ends a coaching relationship: the link is archived (so the coach no longer reaches the client's
 * data and the client may join another coach); the client's plans and history stay theirs.
 */
export async function archiveClient(db: Db, actor: Actor, clientId: string): Promise<void> {
  const [ended] = await db
    .update(coachClients)
    .set({ status: 'archived', endedAt: sql`now()` })
    .where(and(eq(coachClients.coachId, actor.id), eq(coachClients.clientId, clientId), eq(coachClients.status, 'active')))
    .returning({ id: coachClients.id })
  if (!ended) throw new AppError('FORBIDDEN', { message: 'Not one of your active clients' })
}
