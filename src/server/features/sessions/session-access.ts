import { and, eq } from 'drizzle-orm'
import { sessionMessages } from '#shared/schemas/sessions.ts'
import type { Actor } from '../../access/actor.ts'
import type { Db, Tx } from '../../db/client.ts'
import { coachClients, workoutSessions } from '../../db/schema/index.ts'
import { AppError } from '../../lib/app-error.ts'

export type SessionRow = typeof workoutSessions.$inferSelect

/** The client's own sessions; their active coach reads them too (never writes). */
export async function isCoachOf(db: Db | Tx, coachId: string, clientId: string): Promise<boolean> {
  const [link] = await db
    .select({ id: coachClients.id })
    .from(coachClients)
    .where(and(eq(coachClients.coachId, coachId), eq(coachClients.clientId, clientId), eq(coachClients.status, 'active')))
  return Boolean(link)
}

export async function findSession(db: Db | Tx, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(workoutSessions).where(eq(workoutSessions.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Session not found' })
  return row
}

export async function findReadable(db: Db, actor: Actor, id: string): Promise<SessionRow> {
  const row = await findSession(db, id)
  if (row.clientId !== actor.id && !(await isCoachOf(db, actor.id, row.clientId))) throw new AppError('FORBIDDEN', { message: sessionMessages.notYours })
  return row
}

/** Written only by its client, and only while it is in progress. */
export async function findWritable(db: Db | Tx, actor: Actor, id: string): Promise<SessionRow> {
  const row = await findSession(db, id)
  if (row.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: sessionMessages.notYours })
  if (row.status !== 'in_progress') throw new AppError('CONFLICT', { message: sessionMessages.finished })
  return row
}

