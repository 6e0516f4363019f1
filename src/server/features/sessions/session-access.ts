import { eq } from 'drizzle-orm'
import { sessionApiText } from '#shared/schemas/sessions.ts'
import type { Actor } from '#server/access/actor.ts'
import { assertCanReadClient } from '#server/access/coaching.ts'
import type { Db, Tx } from '#server/db/client.ts'
import { workoutSessions } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'

export type SessionRow = typeof workoutSessions.$inferSelect

export async function findSession(db: Db | Tx, id: string): Promise<SessionRow> {
  const [row] = await db.select().from(workoutSessions).where(eq(workoutSessions.id, id))
  if (!row) throw new AppError('NOT_FOUND', { message: 'Session not found' })
  return row
}

/** The client's own sessions; their active coach reads them too (never writes). */
export async function findReadable(db: Db, actor: Actor, id: string): Promise<SessionRow> {
  const row = await findSession(db, id)
  await assertCanReadClient(db, actor, row.clientId, sessionApiText.notYours)
  return row
}

/** The client's own session, in any state: only they write to it (their coach reads, never writes). */
export async function findOwn(db: Db | Tx, actor: Actor, id: string): Promise<SessionRow> {
  const row = await findSession(db, id)
  if (row.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: sessionApiText.notYours })
  return row
}

/** Written only by its client, and only while it is in progress (its sets are also corrected afterwards: set-logs.service.ts). */
export async function findWritable(db: Db | Tx, actor: Actor, id: string): Promise<SessionRow> {
  const row = await findOwn(db, actor, id)
  if (row.status !== 'in_progress') throw new AppError('CONFLICT', { message: sessionApiText.finished })
  return row
}
