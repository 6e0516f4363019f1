import { sql } from 'drizzle-orm'
import type { CommentNotice, UnreadComments } from '#shared/schemas/sessions.ts'
import { queryRows, type Db, type Tx } from '../../db/client.ts'
import { notify } from '../../db/notifications.ts'
import { CHAT_CHANNEL } from '../chat/chat.service.ts'
import type { Actor } from '../movements/movements.service.ts'

/**
 * Comments on sessions and sets go between two people: the lifter and their coach. What one of
 * them wrote is unread for the other until they open the session; the live connection tells them
 * at once (the notification carries ids only, like the chat's).
 */
export type CommentEvent = { type: 'comment'; id: string; recipientId: string }

/** Unread for me: my coach's comments on my sessions, or (as a coach) my active clients' replies. */
function unreadFor(me: Actor) {
  return me.role === 'coach'
    ? sql`join coach_clients cc on cc.client_id = s.client_id and cc.coach_id = ${me.id} and cc.status = 'active'
          where c.author_id = s.client_id and c.read_at is null`
    : sql`where s.client_id = ${me.id} and c.author_id <> ${me.id} and c.read_at is null`
}

const NOTICE_COLUMNS = sql`c.id, c.session_id, s.title as session_title, c.set_log_id, coalesce(p.display_name, '') as author_name, c.body, c.created_at`
type NoticeRow = { id: string; session_id: string; session_title: string; set_log_id: string | null; author_name: string; body: string; created_at: Date | string }
const toNotice = (r: NoticeRow): CommentNotice => ({
  id: r.id,
  sessionId: r.session_id,
  sessionTitle: r.session_title,
  setLogId: r.set_log_id,
  authorName: r.author_name,
  body: r.body,
  createdAt: new Date(r.created_at).toISOString(),
})

export const UNREAD_LATEST = 5

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
export async function markCommentsRead(db: Db, me: Actor, sessionId: string): Promise<void> {
  await db.execute(sql`update session_comments set read_at = now() where session_id = ${sessionId} and author_id <> ${me.id} and read_at is null`)
}

export async function commentNotice(db: Db, id: string): Promise<CommentNotice | null> {
  const [row] = await queryRows<NoticeRow>(
    db,
    sql`select ${NOTICE_COLUMNS} from session_comments c join workout_sessions s on s.id = c.session_id left join profiles p on p.id = c.author_id where c.id = ${id}`,
  )
  return row ? toNotice(row) : null
}

/** Tells the other party's open apps, through any server process. */
export async function announceComment(db: Db | Tx, event: Omit<CommentEvent, 'type'>): Promise<void> {
  await notify(db, CHAT_CHANNEL, JSON.stringify({ type: 'comment', ...event } satisfies CommentEvent))
}
