/* One movement's e1RM series: its best set of each completed session, for the progress chart. */
import { sql } from 'drizzle-orm'
import {
  E1RM_POINTS_CAP,
  RECORD_MAX_REPS,
  RECORD_MIN_REPS,
  progressApiText,
  type E1rmQueryInput,
  type E1rmSeries,
} from '#shared/schemas/progress.ts'
import type { Actor } from '#server/access/actor.ts'
import { activeCoachIds } from '#server/access/coaching.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/app-error.ts'
import { countingSet } from '#server/features/sessions/review.service.ts'
import { dayText, lifterOf, localDay, num, round1 } from './lifter-days.ts'

type E1rmRow = { session_id: string; day: string | Date; load_kg: string | number; reps: number; e1rm: string | number }

/**
 * One movement's best e1RM per completed session (the latest sessions, oldest first). A movement
 * is found when it is in the built-in library, belongs to the reader or the lifter (or the
 * lifter's coach), or the lifter has trained it; any other id is unknown.
 */
export async function e1rmSeries(db: Db, actor: Actor, query: E1rmQueryInput): Promise<E1rmSeries> {
  const lifterId = await lifterOf(db, actor, query.clientId)
  const [movement] = await queryRows<{ id: string; name: string }>(
    db,
    sql`
      select m.id, m.name from movements m
      where m.id = ${query.movementId} and (
        m.owner_id is null or m.owner_id in (${actor.id}, ${lifterId})
        or m.owner_id in ${activeCoachIds(lifterId)}
        or exists (select 1 from set_logs l where l.client_id = ${lifterId} and l.movement_id = m.id)
      )`,
  )
  if (!movement) throw new AppError('NOT_FOUND', { message: progressApiText.unknownMovement })
  // The lifter's completed sessions, the latest first (from workout_sessions_client_idx, only the
  // range asked for), each with its best set of the movement that has an e1RM: one probe of the
  // session's sets each, so a chart of the last months reads those months, however long the history.
  // The movement is compared as text so that no index on the movement alone can serve it: with
  // one, PostgreSQL 18 intersected each session's sets with every set of the movement in the gym,
  // all lifters' and all years', once per session (2,000 pages for a chart of 250 sessions).
  // What is left is the session's own index entries (set_logs_done_idx), a few per session.
  const from = query.since
    ? new Date(Date.parse(`${query.since}T00:00:00Z`) - query.utcOffsetMinutes * 60_000).toISOString()
    : null
  const rows = await queryRows<E1rmRow>(
    db,
    sql`
      select s.id as session_id, ${localDay(sql`s.started_at`, query.utcOffsetMinutes)} as day, b.load_kg, b.reps, b.e1rm
      from workout_sessions s
      cross join lateral (
        select l.load_kg, l.reps, case when l.reps = 1 then l.load_kg else l.load_kg * (1 + l.reps / 30.0) end as e1rm
        from set_logs l
        where l.session_id = s.id and l.movement_id::text = ${query.movementId} and ${countingSet('l')}
          and l.reps between ${RECORD_MIN_REPS} and ${RECORD_MAX_REPS} and l.load_kg > 0
        order by e1rm desc, l.load_kg desc
        limit 1
      ) b
      where s.client_id = ${lifterId} and s.status = 'completed'${from ? sql` and s.started_at >= ${from}::timestamptz` : sql``}
      order by s.started_at desc
      limit ${E1RM_POINTS_CAP}`,
  )
  return {
    movementId: movement.id,
    name: movement.name,
    points: rows.reverse().map((r) => ({
      sessionId: r.session_id,
      date: dayText(r.day),
      e1rmKg: round1(num(r.e1rm)),
      bestSet: { loadKg: num(r.load_kg), reps: r.reps },
    })),
  }
}
