import { sql } from 'drizzle-orm'
import type { ActiveClient, AttentionReason } from '#shared/schemas/clients.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import type { CheckInAttention } from '#server/features/check-ins/check-ins.service.ts'
import { bestE1rmSql, countingSet, e1rmSql } from '#server/features/sessions/review.service.ts'
import { missedWithin, type DueWorkout } from './adherence.ts'

/** Set adherence this week at least this far under the week before (15 points) is a drop. */
const SET_ADHERENCE_DROP = 0.15
/**
 * RPE runs above target when, over the week, sets average half a point or more above their target
 * RPE, every session of the week averages above it, and there were at least this many such sets in
 * at least two sessions (one hard day is not a trend).
 */
const RPE_ABOVE_BY = 0.5
const RPE_MIN_SETS = 4

/**
 * The `from` and `where` of the clients' completed sets (`sl`, kept, not deleted) in their sessions
 * (`s`) completed in the last 7 days, today included.
 */
function lastWeeksSets(clientIds: readonly string[], today: string) {
  return sql`
    from workout_sessions s
    join set_logs sl on sl.session_id = s.id
    where s.client_id in (${sql.join(
      clientIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and s.status = 'completed' and s.started_at >= ${today}::date - 6
      and ${countingSet('sl')}`
}

/**
 * Per client, over the sets with a target RPE of the last 7 days: how far the logged RPE ran over
 * the target on average, the least of the sessions' averages, and the number of sets and sessions.
 */
async function rpeOverTarget(db: Db, clientIds: readonly string[], today: string) {
  return queryRows<{
    client_id: string
    sets: number
    sessions: number
    over: number | string
    least: number | string
  }>(
    db,
    sql`
      select client_id, sum(sets)::int as sets, count(*)::int as sessions, sum(over_sum) / sum(sets) as over, min(over_sum / sets) as least
      from (
        select s.client_id, s.id, count(*) as sets, sum(sl.rpe - sl.target_rpe) as over_sum
        ${lastWeeksSets(clientIds, today)} and sl.rpe is not null and sl.target_rpe is not null
        group by s.client_id, s.id
      ) per_session
      group by client_id`,
  )
}

/**
 * Per client, the movements whose best e1RM of the last 7 days beats every earlier completed
 * session, as shown to 0.1 kg (beatsBest: a tie is no record): records to congratulate. A movement
 * trained for the first time is not a record.
 */
async function newRecords(db: Db, clientIds: readonly string[], today: string) {
  return queryRows<{ client_id: string; name: string }>(
    db,
    sql`
      with recent as (
        select s.client_id, sl.movement_id, max(${e1rmSql('sl')}) as best
        ${lastWeeksSets(clientIds, today)}
        group by s.client_id, sl.movement_id
      )
      select r.client_id, m.name
      from recent r
      join movements m on m.id = r.movement_id
      where round(r.best, 1) > round((${bestE1rmSql(sql`r.client_id`, sql`r.movement_id`, sql`p.started_at < ${today}::date - 6`)})::numeric, 1)
      order by r.client_id, r.best desc`,
  )
}

type NeedsYou = { clientId: string; displayName: string; reasons: AttentionReason[] }
type Records = { clientId: string; displayName: string; movements: string[] }

/**
 * The clients who need the coach to act today, most reasons first, then by name; and apart from
 * them, the clients whose new records are worth a word of congratulation (a record asks for no
 * action, so it alone never puts a client on the first list).
 */
export async function whoNeedsYou(
  db: Db,
  clients: readonly ActiveClient[],
  due: readonly DueWorkout[],
  today: string,
  checkIns: ReadonlyMap<string, CheckInAttention> = new Map(),
): Promise<{ needsYou: NeedsYou[]; records: Records[] }> {
  if (!clients.length) return { needsYou: [], records: [] }
  const ids = clients.map((c) => c.clientId)
  const [rpe, records] = await Promise.all([rpeOverTarget(db, ids, today), newRecords(db, ids, today)])
  const found = clients.map((client) => {
    const reasons: AttentionReason[] = []
    const { setAdherence7: now, setAdherencePreviousWeek: before } = client
    if (now !== null && before !== null && before - now >= SET_ADHERENCE_DROP - 1e-9)
      reasons.push({ kind: 'set_adherence_dropped', from: before, to: now })
    const missed = missedWithin(
      due.filter((d) => d.clientId === client.clientId),
      today,
      7,
    )
    if (missed >= 2 || client.missedLastTwo)
      reasons.push({ kind: 'missed_workouts', count: missed, lastTwo: client.missedLastTwo })
    const effort = rpe.find((r) => r.client_id === client.clientId)
    if (
      effort &&
      effort.sets >= RPE_MIN_SETS &&
      effort.sessions >= 2 &&
      Number(effort.over) >= RPE_ABOVE_BY - 1e-9 &&
      Number(effort.least) > 0
    ) {
      reasons.push({ kind: 'rpe_above_target', by: Math.round(Number(effort.over) * 10) / 10, sets: effort.sets })
    }
    const checkIn = checkIns.get(client.clientId)
    if (checkIn?.missed) reasons.push({ kind: 'missed_check_ins', count: checkIn.missed })
    if (checkIn?.changes.length) reasons.push({ kind: 'check_in_changed', changes: checkIn.changes.slice(0, 3) })
    return { clientId: client.clientId, displayName: client.displayName, reasons }
  })
  return {
    needsYou: found.filter((c) => c.reasons.length > 0).sort((a, b) => b.reasons.length - a.reasons.length),
    records: clients.flatMap((client) => {
      const movements = records.filter((r) => r.client_id === client.clientId).map((r) => r.name)
      return movements.length ? [{ clientId: client.clientId, displayName: client.displayName, movements }] : []
    }),
  }
}
