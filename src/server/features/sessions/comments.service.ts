import { and, asc, eq, sql } from 'drizzle-orm'
import type { Comment, CommentInput, CommentNotice, UnreadComments } from '#shared/schemas/sessions.ts'
import { commentHref } from '#shared/paths.ts'
import { notificationText } from '#shared/schemas/notifications.ts'
import type { Actor } from '#server/access/actor.ts'
import { activeCoachIdOf, assertCanReadClient, coachedAt } from '#server/access/coaching.ts'
import { queryRows, type Db, type Tx } from '#server/db/client.ts'
import { profiles, sessionComments, setLogs } from '#server/db/schema/index.ts'
import { LIVE_CHANNEL, notify } from '#server/db/notifications.ts'
import {
  enqueueNotification,
  notificationBody,
  withdrawNotification,
} from '#server/features/notifications/notifications.service.ts'
import { AppError } from '#server/lib/app-error.ts'
import { findReadable, findSession } from './session-access.ts'

/**
 * Comments on sessions and sets go between two people: the lifter and their coach. What one of
 * them wrote is unread for the other until they open the session; the live connection tells them
 * at once (the notification carries ids only, like the chat's).
 */
export type CommentEvent = { type: 'comment'; id: string; recipientId: string }

/**
 * Unread for me: my coach's comments on my sessions, or (as a coach) my active clients' replies
 * written since I coach them (those to a former coach are history, docs/history.md).
 */
function unreadFor(me: Actor) {
  return me.role === 'coach'
    ? sql`where ${coachedAt(me.id, sql`s.client_id`, sql`c.created_at`)} and c.author_id = s.client_id and c.read_at is null`
    : sql`where s.client_id = ${me.id} and c.author_id <> ${me.id} and c.read_at is null`
}

const NOTICE_COLUMNS = sql`c.id, c.session_id, s.title as session_title, c.set_log_id, coalesce(p.display_name, '') as author_name, c.body, c.created_at`
type NoticeRow = {
  id: string
  session_id: string
  session_title: string
  set_log_id: string | null
  author_name: string
  body: string
  created_at: Date | string
}
const toNotice = (r: NoticeRow): CommentNotice => ({
  id: r.id,
  sessionId: r.session_id,
  sessionTitle: r.session_title,
  setLogId: r.set_log_id,
  authorName: r.author_name,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
})

const UNREAD_LATEST = 5

export async function unreadComments(db: Db, me: Actor): Promise<UnreadComments> {
  const rows = await queryRows<NoticeRow & { total: number | string }>(
    db,
    sql`select ${NOTICE_COLUMNS}, count(*) over () as total
        from session_comments c
        join workout_sessions s on s.id = c.session_id
        left join profiles p on p.id = c.author_id
        ${unreadFor(me)}
        order by c.created_at desc
        limit ${UNREAD_LATEST}`,
  )
  return { count: Number(rows[0]?.total ?? 0), latest: rows.map(toNotice) }
}

/** Opening a session reads what the other party wrote on it (never what I wrote). */
async function markCommentsRead(db: Db, me: Actor, sessionId: string): Promise<void> {
  await db.execute(
    sql`update session_comments set read_at = now() where session_id = ${sessionId} and author_id <> ${me.id} and read_at is null`,
  )
  await withdrawNotification(db, me.id, commentsGroupKey(sessionId))
}

/** The outbox group of one session's comment notifications. */
const commentsGroupKey = (sessionId: string) => `comments:${sessionId}`

export async function commentNotice(db: Db, id: string): Promise<CommentNotice | null> {
  const [row] = await queryRows<NoticeRow>(
    db,
    sql`select ${NOTICE_COLUMNS} from session_comments c join workout_sessions s on s.id = c.session_id left join profiles p on p.id = c.author_id where c.id = ${id}`,
  )
  return row ? toNotice(row) : null
}

/** Tells the other party's open apps, through any server process. */
async function announceComment(db: Db | Tx, event: Omit<CommentEvent, 'type'>): Promise<void> {
  await notify(db, LIVE_CHANNEL, JSON.stringify({ type: 'comment', ...event } satisfies CommentEvent))
}

/** A session's comments, oldest first, with their authors' names. */
export async function commentsOf(db: Db, sessionId: string): Promise<Comment[]> {
  const rows = await db
    .select({
      id: sessionComments.id,
      setLogId: sessionComments.setLogId,
      authorId: sessionComments.authorId,
      authorName: profiles.displayName,
      body: sessionComments.body,
      createdAt: sessionComments.createdAt,
    })
    .from(sessionComments)
    .leftJoin(profiles, eq(profiles.id, sessionComments.authorId))
    .where(eq(sessionComments.sessionId, sessionId))
    .orderBy(asc(sessionComments.createdAt))
  return rows.map((r) => ({ ...r, authorName: r.authorName ?? 'Coach', createdAt: r.createdAt.toISOString() }))
}

/** A comment on a session or one of its sets: by the client's active coach, or the client's reply. */
export async function addComment(db: Db, actor: Actor, sessionId: string, input: CommentInput): Promise<Comment> {
  const session = await findSession(db, sessionId)
  await assertCanReadClient(db, actor, session.clientId, 'Only the client and their coach comment on a session')
  if (input.setLogId) {
    const [set] = await db
      .select({ id: setLogs.id })
      .from(setLogs)
      .where(and(eq(setLogs.id, input.setLogId), eq(setLogs.sessionId, sessionId)))
    if (!set)
      throw new AppError('VALIDATION_FAILED', {
        message: 'Invalid input',
        fields: { setLogId: ['This set is not part of the session'] },
      })
  }
  const [row] = await db
    .insert(sessionComments)
    .values({ sessionId, setLogId: input.setLogId ?? null, authorId: actor.id, body: input.body })
    .returning({ id: sessionComments.id })
  const comment = (await commentsOf(db, sessionId)).find((c) => c.id === row?.id)
  if (!comment) throw new Error('comment not found after insert')
  const recipientId = session.clientId === actor.id ? await activeCoachIdOf(db, session.clientId) : session.clientId
  if (recipientId) {
    await announceComment(db, { id: comment.id, recipientId })
    // Comments on one session in quick succession are one notification.
    await enqueueNotification(db, {
      userId: recipientId,
      kind: 'comments',
      groupKey: commentsGroupKey(sessionId),
      title:
        session.clientId === actor.id
          ? notificationText.replied(comment.authorName)
          : notificationText.commented(comment.authorName),
      body: notificationBody(comment.body),
      url: commentHref({ sessionId, setLogId: comment.setLogId }),
    })
  }
  return comment
}

/** Opening a session (its summary) reads the comments the other party left on it. */
export async function readComments(db: Db, actor: Actor, id: string): Promise<void> {
  await findReadable(db, actor, id)
  await markCommentsRead(db, actor, id)
}
