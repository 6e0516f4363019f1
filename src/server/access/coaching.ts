import { and, eq, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { coachClients } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import type { Actor } from './actor.ts'

/*
 * The one place that says who is whose coach (docs/product.md#roles-and-authorization): a coach
 * reaches the data of their **active** clients only; a client has at most one active coach; an
 * archived link shares no training data. Features ask here instead of querying coach_clients.
 * Every function takes `Db | Tx`, so a check inside a transaction reads what it has written.
 */

/** The condition on `coach_clients` for an active link, of this coach and/or this client. */
export function activeLink({ coachId, clientId }: { coachId?: string; clientId?: string }): SQL {
  const conditions = [
    coachId === undefined ? undefined : eq(coachClients.coachId, coachId),
    clientId === undefined ? undefined : eq(coachClients.clientId, clientId),
    eq(coachClients.status, 'active'),
  ]
  // `and` of a defined condition is never undefined.
  return and(...conditions) as SQL
}

/** The id of the client's active coach (a client has at most one); null without one. */
export async function activeCoachIdOf(db: Db | Tx, clientId: string): Promise<string | null> {
  const [link] = await db.select({ coachId: coachClients.coachId }).from(coachClients).where(activeLink({ clientId }))
  return link?.coachId ?? null
}

export async function hasActiveCoach(db: Db | Tx, clientId: string): Promise<boolean> {
  return (await activeCoachIdOf(db, clientId)) !== null
}

/** Whether this coach is the client's active coach (an archived link is not). */
export async function isActiveCoachOf(db: Db | Tx, coachId: string, clientId: string): Promise<boolean> {
  const [link] = await db.select({ id: coachClients.id }).from(coachClients).where(activeLink({ coachId, clientId }))
  return Boolean(link)
}

/** A client's data is read by the client themselves and by their active coach; no one else. */
export async function canReadClient(db: Db | Tx, actor: Actor, clientId: string): Promise<boolean> {
  return clientId === actor.id || (await isActiveCoachOf(db, actor.id, clientId))
}

/** `canReadClient`, or a 403 with the caller's own message (each feature keeps its wording). */
export async function assertCanReadClient(db: Db | Tx, actor: Actor, clientId: string, message: string): Promise<void> {
  if (!(await canReadClient(db, actor, clientId))) throw new AppError('FORBIDDEN', { message })
}

/**
 * Whose data a read is about: a client names no one (or themselves) and reads their own; a coach
 * names one of their active clients. Each feature keeps its wording of the two refusals.
 */
export async function clientOfRequest(
  db: Db | Tx,
  actor: Actor,
  clientId: string | undefined,
  text: { clientRequired: string; notYourClient: string },
): Promise<string> {
  if (!clientId) {
    if (actor.role === 'coach')
      throw new AppError('VALIDATION_FAILED', {
        message: text.clientRequired,
        fields: { clientId: [text.clientRequired] },
      })
    return actor.id
  }
  await assertCanReadClient(db, actor, clientId, text.notYourClient)
  return clientId
}

/**
 * The newest link between a coach and a client: 'active' if one is active, else 'archived' if
 * they were ever linked, else null. A chat stays readable after the link is archived.
 */
export async function coachingLinkStatus(
  db: Db | Tx,
  coachId: string,
  clientId: string,
): Promise<'active' | 'archived' | null> {
  const [link] = await db
    .select({ status: coachClients.status })
    .from(coachClients)
    .where(and(eq(coachClients.coachId, coachId), eq(coachClients.clientId, clientId)))
    .orderBy(sql`${coachClients.status} = 'active' desc`)
    .limit(1)
  return link?.status ?? null
}

/** For raw SQL: `x in ${activeClientIds(coachId)}`, the ids of the coach's active clients. */
export function activeClientIds(coachId: string): SQL {
  return sql`(select ${coachClients.clientId} from ${coachClients} where ${activeLink({ coachId })})`
}

/** For raw SQL: `x in ${activeCoachIds(clientId)}`, the id of the client's active coach (none or one). */
export function activeCoachIds(clientId: string): SQL {
  return sql`(select ${coachClients.coachId} from ${coachClients} where ${activeLink({ clientId })})`
}

/**
 * For raw SQL: whether the coach has an active link with `clientId` (a column) that began at or
 * before `at` (a timestamp column). What a client wrote before this coach coached them (replies
 * to a former coach) is history the coach reads, not news for them.
 */
export function coachedAt(coachId: string, clientId: SQL, at: SQL): SQL {
  return sql`exists (select 1 from ${coachClients} where ${activeLink({ coachId })} and ${coachClients.clientId} = ${clientId} and ${coachClients.since} <= ${at})`
}
