import { sql, type SQL } from 'drizzle-orm'
import type { SetLog } from '#shared/schemas/sessions.ts'
import {
  beatsBest,
  e1rm,
  type MovementStats,
  type PersonalRecord,
  type SessionReport,
} from '#shared/schemas/session-reports.ts'
import type { Actor } from '#server/access/actor.ts'
import { queryRows, sqlArray, type Db } from '#server/db/client.ts'
import { bestE1rmSql, bestE1rms, countingSet, reviewSessions } from './review.service.ts'
import { getSession } from './sessions.service.ts'
import { countsAsWork } from '#shared/set-types.ts'

/** Load records are kept for these rep counts; e1RM covers 1 to 12. */
const LOAD_RECORD_MAX_REPS = 10

const round1 = (value: number) => Math.round(value * 10) / 10
const num = (value: string | number | null) => (value === null ? null : Number(value))

/**
 * The bests of these movements in the lifter's completed sessions that started before `before`
 * (and are not `exceptId`): per movement, the heaviest load for each rep count 1-12 and for 13 or
 * more together (`reps` 13), and the best e1RM on a row of its own (`reps` 0) that is there exactly
 * when such a session holds a loaded set of the movement. Each figure is a probe of an index
 * ordered heaviest (or best) first that stops at the first set of such a session: a few rows and a
 * few index reads, however long the history (docs/scaling.md#flat-as-history-grows).
 */
async function bestsBefore(db: Db, clientId: string, movementIds: readonly string[], before: string, exceptId: string) {
  const counts = sql`p.started_at < ${before} and p.id <> ${exceptId}`
  const loaded = sql`l.client_id = ${clientId} and l.movement_id = m.id and ${countingSet('l')} and l.load_kg is not null and l.reps is not null
    and exists (select 1 from workout_sessions p where p.id = l.session_id and p.status = 'completed' and ${counts})`
  return queryRows<{
    movement_id: string
    reps: number
    heaviest: string | number | null
    best_e1rm: string | number | null
  }>(
    db,
    sql`
      select m.id as movement_id, 0 as reps, null as heaviest, ${bestE1rmSql(sql`${clientId}`, sql`m.id`, counts)} as best_e1rm
      from unnest(${sqlArray(movementIds, 'uuid')}) as m(id)
      where exists (select 1 from set_logs l where ${loaded})
      union all
      select m.id, r.reps, h.load_kg, null
      from unnest(${sqlArray(movementIds, 'uuid')}) as m(id)
      cross join generate_series(1, 13) as r(reps)
      cross join lateral (
        select l.load_kg from set_logs l
        where ${loaded} and least(l.reps, 13) = r.reps
        order by l.load_kg desc nulls last
        limit 1
      ) h`,
  )
}

/**
 * The summary of a session: duration, sets done vs prescribed, volume, the best set and e1RM of
 * each movement, and the personal records it set against the client's earlier completed sessions
 * (best e1RM per movement; heaviest load per movement for each rep count 1-10). A record beats
 * something, as shown to 0.1 kg (a tie is no record): the first session with a movement sets its baselines, and a load counts for a rep
 * count only if no earlier set, and no set of this session, lifted as much for more reps (100 × 4
 * is no record beside 100 × 5).
 */
export async function sessionReport(db: Db, actor: Actor, id: string): Promise<SessionReport> {
  const session = await getSession(db, actor, id)
  // Warm-ups are done but are not work: they count in none of the figures below.
  const done = session.sets.filter(countsAsWork)
  const setsPrescribed = [...session.exercises, ...session.removedExercises].reduce((n, e) => n + e.targets.length, 0)
  const volumeKg = done.reduce((sum, s) => sum + (s.loadKg ?? 0) * (s.reps ?? 0), 0)
  const names = new Map(session.exercises.map((e) => [e.movementId, e.movementName]))

  const movements = [...new Set(done.map((s) => s.movementId))].map((movementId) => {
    const sets = done.filter((s) => s.movementId === movementId)
    const weighted = sets.filter((s) => s.loadKg !== null && s.reps !== null && s.reps > 0) as (SetLog & {
      loadKg: number
      reps: number
    })[]
    const best = weighted.reduce<(typeof weighted)[number] | null>(
      (top, s) => (!top || (e1rm(s.loadKg, s.reps) ?? s.loadKg) > (e1rm(top.loadKg, top.reps) ?? top.loadKg) ? s : top),
      null,
    )
    const bestE1rm = Math.max(0, ...weighted.map((s) => e1rm(s.loadKg, s.reps) ?? 0))
    return {
      movementId,
      movementName: names.get(movementId) ?? 'Movement',
      sets: sets.length,
      bestSet: best ? { reps: best.reps, loadKg: best.loadKg } : null,
      bestE1rmKg: bestE1rm > 0 ? round1(bestE1rm) : null,
    }
  })

  const records: PersonalRecord[] = []
  if (movements.length) {
    const before = await bestsBefore(
      db,
      session.clientId,
      movements.map((m) => m.movementId),
      session.startedAt,
      id,
    )
    for (const m of movements) {
      const previous = before.filter((b) => b.movement_id === m.movementId)
      if (previous.length === 0) continue
      const prevE1rm = Math.max(0, ...previous.map((b) => num(b.best_e1rm) ?? 0))
      if (m.bestE1rmKg && beatsBest(m.bestE1rmKg, prevE1rm)) {
        records.push({
          movementId: m.movementId,
          movementName: m.movementName,
          kind: 'e1rm',
          reps: null,
          valueKg: m.bestE1rmKg,
          previousKg: prevE1rm > 0 ? round1(prevE1rm) : null,
        })
      }
      const mine = done.filter(
        (s) =>
          s.movementId === m.movementId &&
          s.loadKg !== null &&
          s.reps !== null &&
          s.reps >= 1 &&
          s.reps <= LOAD_RECORD_MAX_REPS,
      )
      for (const reps of [...new Set(mine.map((s) => s.reps as number))].sort((a, b) => a - b)) {
        const heaviest = Math.max(...mine.filter((s) => s.reps === reps).map((s) => s.loadKg as number))
        if (mine.some((s) => (s.reps as number) > reps && (s.loadKg as number) >= heaviest)) continue
        const prev = Math.max(0, ...previous.filter((b) => b.reps >= reps).map((b) => num(b.heaviest) ?? 0))
        if (heaviest > 0 && beatsBest(heaviest, prev))
          records.push({
            movementId: m.movementId,
            movementName: m.movementName,
            kind: 'load',
            reps,
            valueKg: heaviest,
            previousKg: prev > 0 ? prev : null,
          })
      }
    }
  }

  const end = session.completedAt ?? null
  const review = (await reviewSessions(db, [session])).get(session.id)
  if (!review) throw new Error('no review of the session')
  return {
    session,
    durationSeconds: end ? Math.round((Date.parse(end) - Date.parse(session.startedAt)) / 1000) : null,
    setsCompleted: done.length,
    setsPrescribed,
    volumeKg: round1(volumeKg),
    movements,
    records,
    review,
  }
}

type LastSetRow = {
  movement_id: string
  session_id: string
  started_at: string | Date
  reps: number | null
  load_kg: string | number | null
  duration_s: number | null
  distance_m: number | null
}

/**
 * For each movement, the sets of the lifter's last completed session with it. When that session
 * started is in the lifter's lifetime totals (`last_at`, kept by the database), so the query is
 * three exact index probes per movement (the totals, the session at that time, its sets of the
 * movement) and reads the same few pages whether the lifter has trained for a week or for years,
 * and whatever the planner's statistics say: a walk of the sessions newest first, planned on
 * statistics a fast-growing table had outrun, read every set per session instead. The subqueries
 * are kept as written (a `limit`, `offset 0`): merged into one join, a planner that believes
 * set_logs nearly empty scans all of it first.
 */
export function lastSetsSql(clientId: string, movementIds: readonly string[]): SQL {
  return sql`
    select m.id as movement_id, last.id as session_id, last.started_at, l.reps, l.load_kg, l.duration_s, l.distance_m
    from unnest(${sqlArray(movementIds, 'uuid')}) as m(id)
    cross join lateral (select max(t.last_at) as at from lifetime_totals t where t.client_id = ${clientId} and t.movement_id = m.id) latest
    cross join lateral (
      select s.id, s.started_at from workout_sessions s
      where s.client_id = ${clientId} and s.started_at = latest.at and s.status = 'completed'
        and (select true from set_logs x where x.session_id = s.id and x.movement_id = m.id and ${countingSet('x')} limit 1)
      order by s.id
      limit 1
    ) last
    cross join lateral (
      select l.reps, l.load_kg, l.duration_s, l.distance_m, l.set_number, l.logged_at from set_logs l
      where l.session_id = last.id and l.movement_id = m.id and ${countingSet('l')}
      offset 0
    ) l
    order by m.id, l.set_number, l.logged_at`
}

/**
 * For each movement: the sets of the lifter's last completed session with it, and their best e1RM
 * ever (the first entry of an index ordered best first). Neither loads the history into the server.
 */
export async function movementStats(db: Db, actor: Actor, movementIds: string[]): Promise<MovementStats[]> {
  if (!movementIds.length) return []
  const [lastSets, bests] = await Promise.all([
    queryRows<LastSetRow>(db, lastSetsSql(actor.id, movementIds)),
    bestE1rms(db, actor.id, movementIds),
  ])
  return movementIds.map((movementId) => {
    const last = lastSets.filter((r) => r.movement_id === movementId)
    const best = bests.get(movementId) ?? 0
    return {
      movementId,
      last: last[0]
        ? {
            sessionId: last[0].session_id,
            date: new Date(last[0].started_at).toISOString(),
            sets: last.map((r) => ({
              reps: r.reps,
              loadKg: num(r.load_kg),
              durationSeconds: r.duration_s,
              distanceMeters: r.distance_m,
            })),
          }
        : null,
      bestE1rmKg: best > 0 ? round1(best) : null,
    }
  })
}
