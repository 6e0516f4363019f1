import { and, asc, eq, sql } from 'drizzle-orm'
import type { ActiveClient } from '#shared/schemas/clients.ts'
import type { Db } from '../../db/client.ts'
import { coachClients, profiles, trainingPlans, users } from '../../db/schema/index.ts'
import type { Actor } from '../movements/movements.service.ts'

/** The coach's active clients by display name, each with the active plan this coach assigned them (a client has at most one). */
export async function listActiveClients(db: Db, actor: Actor): Promise<ActiveClient[]> {
  const rows = await db
    .select({
      clientId: coachClients.clientId,
      displayName: profiles.displayName,
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
