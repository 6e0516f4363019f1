import { sql, type SQL } from 'drizzle-orm'
import type { Muscle, Pattern, Tracking } from '#shared/schemas/movements.ts'
import {
  MOVEMENT_SEARCH_CAP,
  PROGRESS_TOP_MOVEMENTS,
  PROGRESS_WEEKS,
  RECORD_MAX_REPS,
  RECORD_MIN_REPS,
  RECORD_MOVEMENTS,
  SESSION_RPE_CAP,
  type MovementRecords,
  type Progress,
  type ProgressMovement,
  type ProgressMovementsQueryInput,
  type ProgressQueryInput,
  type Volume,
  type WeeklyVolume,
} from '#shared/schemas/progress.ts'
import type { Actor } from '#server/access/actor.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { countingSet } from '#server/features/sessions/review.service.ts'
import { MUSCLE_GROUP_OF, type MuscleGroup } from '#shared/muscle-groups.ts'
import { readings } from './body-weights.service.ts'
import { addDays, dayText, lifterOf, localDay, localMidnight, mondayOf, num, round1, todayOf } from './lifter-days.ts'

/** The sets that count as work of the lifter's completed sessions (`s` and `l`); `where` narrows them. */
const doneSets = (lifterId: string, where: SQL) => sql`
  from workout_sessions s
  join set_logs l on l.session_id = s.id
  where s.client_id = ${lifterId} and s.status = 'completed' and ${countingSet('l')} ${where}`

type MovementRow = {
  movement_id: string
  name: string
  pattern: Pattern
  tracking: Tracking
  sets: number | string
  last_on: string | Date
  by_reps: { reps: number; loadKg: number | string; date: string }[] | string | null
  e1rm_reps: number | null
  e1rm_load: string | number | null
  e1rm: string | number | null
  e1rm_on: string | Date | null
}

const parseJson = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value

/**
 * The lifter's most trained movements (by completed sets), and for each of them the heaviest load
 * for every rep count 1-12 with the first day it was lifted, and the best e1RM. Read from the
 * lifter's lifetime totals (a few rows per movement, kept up to date by the database), never from
 * their sets: the same few rows however long the history (docs/scaling.md#flat-as-history-grows).
 */
async function movementsAndRecords(db: Db, lifterId: string, utcOffsetMinutes: number) {
  const rows = await queryRows<MovementRow>(
    db,
    sql`
      with counts as (
        select movement_id, sum(sets)::int as sets, max(last_at) as last_at
        from lifetime_totals where client_id = ${lifterId}
        group by movement_id
        order by sum(sets) desc, max(last_at) desc, movement_id
        limit ${RECORD_MOVEMENTS}
      ),
      rep_best as (
        select t.movement_id, t.reps, t.best_load_kg as load_kg, t.best_at as started_at
        from lifetime_totals t join counts c on c.movement_id = t.movement_id
        where t.client_id = ${lifterId} and t.reps between ${RECORD_MIN_REPS} and ${RECORD_MAX_REPS} and t.best_load_kg is not null
      ),
      e1rm_best as (
        select distinct on (movement_id) movement_id, reps, load_kg, started_at,
          case when reps = 1 then load_kg else load_kg * (1 + reps / 30.0) end as e1rm
        from rep_best
        order by movement_id, e1rm desc, started_at asc
      )
      select c.movement_id, m.name, m.pattern, m.tracking, c.sets, ${localDay(sql`c.last_at`, utcOffsetMinutes)} as last_on,
        (select json_agg(json_build_object('reps', r.reps, 'loadKg', r.load_kg, 'date', ${localDay(sql`r.started_at`, utcOffsetMinutes)}) order by r.reps)
          from rep_best r where r.movement_id = c.movement_id) as by_reps,
        e.reps as e1rm_reps, e.load_kg as e1rm_load, e.e1rm, ${localDay(sql`e.started_at`, utcOffsetMinutes)} as e1rm_on
      from counts c
      join movements m on m.id = c.movement_id
      left join e1rm_best e on e.movement_id = c.movement_id
      order by c.sets desc, c.last_at desc, c.movement_id`,
  )
  const movements: ProgressMovement[] = rows.slice(0, PROGRESS_TOP_MOVEMENTS).map(toMovement)
  const records: MovementRecords[] = rows
    .map((row) => ({
      movementId: row.movement_id,
      name: row.name,
      byReps: (parseJson(row.by_reps) ?? []).map((r) => ({ reps: r.reps, loadKg: num(r.loadKg), date: r.date })),
      bestE1rm:
        row.e1rm !== null && row.e1rm_reps !== null && row.e1rm_on !== null
          ? {
              e1rmKg: round1(num(row.e1rm)),
              loadKg: num(row.e1rm_load),
              reps: row.e1rm_reps,
              date: dayText(row.e1rm_on),
            }
          : null,
    }))
    .filter((r) => r.byReps.length > 0)
  return { movements, records }
}

const toMovement = (
  row: Pick<MovementRow, 'movement_id' | 'name' | 'pattern' | 'tracking' | 'sets' | 'last_on'>,
): ProgressMovement => ({
  movementId: row.movement_id,
  name: row.name,
  pattern: row.pattern,
  tracking: row.tracking,
  sets: Number(row.sets),
  lastTrainedOn: dayText(row.last_on),
})

type VolumeRow = {
  week: string | Date
  pattern: Pattern | null
  muscle: Muscle | null
  muscle_group: MuscleGroup | null
  tonnage: string | number | null
  hard: string | number | null
}

/** The muscle groups as an SQL VALUES list (constant text of our own). */
const MUSCLE_GROUP_VALUES = sql.raw(
  Object.entries(MUSCLE_GROUP_OF)
    .map(([muscle, group]) => `('${muscle}', '${group}')`)
    .join(', '),
)

/**
 * Tonnage and hard sets per Monday-start week of the lifter's local time: in all, per movement
 * pattern, and per muscle (a primary muscle counts the whole set, a secondary one half of it).
 */
async function weeklyVolume(
  db: Db,
  lifterId: string,
  today: string,
  utcOffsetMinutes: number,
): Promise<WeeklyVolume[]> {
  const lastMonday = mondayOf(today)
  const weeks = Array.from({ length: PROGRESS_WEEKS }, (_, i) => addDays(lastMonday, (i - PROGRESS_WEEKS + 1) * 7))
  const from = localMidnight(weeks[0] ?? lastMonday, utcOffsetMinutes)
  const to = localMidnight(addDays(lastMonday, 7), utcOffsetMinutes)
  const rows = await queryRows<VolumeRow>(
    db,
    sql`
      with per_movement as (
        select date_trunc('week', ${localDay(sql`s.started_at`, utcOffsetMinutes)})::date as week, l.movement_id,
          sum(coalesce(l.load_kg * l.reps, 0)) as tonnage,
          count(*) filter (where l.rpe is null or l.rpe >= 6) as hard
        ${doneSets(lifterId, sql`and s.started_at >= ${from}::timestamptz and s.started_at < ${to}::timestamptz`)}
        group by 1, 2
      ),
      base as (
        select p.week, m.pattern, m.primary_muscles, m.secondary_muscles, p.tonnage, p.hard
        from per_movement p join movements m on m.id = p.movement_id
      )
      select week, case when grouping(pattern) = 0 then pattern end as pattern, null as muscle, null as muscle_group, sum(tonnage) as tonnage, sum(hard) as hard
      from base group by grouping sets ((week), (week, pattern))
      union all
      select week, null, mu.muscle, null, sum(tonnage * mu.share), sum(hard * mu.share)
      from base
      cross join lateral (
        select p as muscle, 1.0 as share from unnest(base.primary_muscles) p
        union all
        select x, 0.5 from unnest(base.secondary_muscles) x
      ) mu
      group by week, mu.muscle
      union all
      select week, null, null, g.muscle_group, sum(tonnage * g.share), sum(hard * g.share)
      from base
      cross join lateral (
        select mg.muscle_group, max(mu.share) as share
        from (
          select p as muscle, 1.0 as share from unnest(base.primary_muscles) p
          union all
          select x, 0.5 from unnest(base.secondary_muscles) x
        ) mu
        join (values ${MUSCLE_GROUP_VALUES}) as mg(muscle, muscle_group) on mg.muscle = mu.muscle
        group by mg.muscle_group
      ) g
      group by week, g.muscle_group`,
  )
  const byWeek = new Map<string, WeeklyVolume>(
    weeks.map((weekStart) => [
      weekStart,
      { weekStart, tonnageKg: 0, hardSets: 0, byMuscle: {}, byMuscleGroup: {}, byPattern: {} },
    ]),
  )
  for (const row of rows) {
    const week = byWeek.get(dayText(row.week))
    if (!week) continue
    const volume: Volume = { tonnageKg: round1(num(row.tonnage)), hardSets: round1(num(row.hard)) }
    if (row.muscle) week.byMuscle[row.muscle] = volume
    else if (row.muscle_group) week.byMuscleGroup[row.muscle_group] = volume
    else if (row.pattern) week.byPattern[row.pattern] = volume
    else Object.assign(week, volume)
  }
  return [...byWeek.values()]
}

type RpeRow = { id: string; day: string | Date; rpe: string | number; title: string }

/** Completed sessions of the last weeks with a session RPE, oldest first (the latest ones when capped). */
async function sessionRpe(db: Db, lifterId: string, today: string, utcOffsetMinutes: number) {
  const from = localMidnight(addDays(mondayOf(today), -(PROGRESS_WEEKS - 1) * 7), utcOffsetMinutes)
  const rows = await queryRows<RpeRow>(
    db,
    sql`
      select id, ${localDay(sql`started_at`, utcOffsetMinutes)} as day, rpe, title
      from workout_sessions
      where client_id = ${lifterId} and started_at >= ${from}::timestamptz and status = 'completed' and rpe is not null
      order by started_at desc
      limit ${SESSION_RPE_CAP}`,
  )
  return rows.reverse().map((r) => ({ sessionId: r.id, date: dayText(r.day), rpe: num(r.rpe), title: r.title }))
}

/** GET /api/progress: the whole progress page of one lifter. */
export async function getProgress(db: Db, actor: Actor, query: ProgressQueryInput): Promise<Progress> {
  const lifterId = await lifterOf(db, actor, query.clientId)
  const today = todayOf(query.today, query.utcOffsetMinutes)
  // Independent reads: on PostgreSQL they run side by side on the pool's connections.
  const [{ movements, records }, volume, rpe, bodyWeights] = await Promise.all([
    movementsAndRecords(db, lifterId, query.utcOffsetMinutes),
    weeklyVolume(db, lifterId, today, query.utcOffsetMinutes),
    sessionRpe(db, lifterId, today, query.utcOffsetMinutes),
    readings(db, lifterId, today),
  ])
  return { clientId: lifterId, today, movements, weeklyVolume: volume, records, sessionRpe: rpe, bodyWeights }
}

/** The movements the lifter has trained whose name holds `q` (any case), most trained first. */
export async function searchTrainedMovements(
  db: Db,
  actor: Actor,
  query: ProgressMovementsQueryInput,
): Promise<ProgressMovement[]> {
  const lifterId = await lifterOf(db, actor, query.clientId)
  const q = query.q.trim().toLowerCase()
  const rows = await queryRows<Pick<MovementRow, 'movement_id' | 'name' | 'pattern' | 'tracking' | 'sets' | 'last_on'>>(
    db,
    sql`
      select c.movement_id, m.name, m.pattern, m.tracking, c.sets, ${localDay(sql`c.last_at`, query.utcOffsetMinutes)} as last_on
      from (
        select movement_id, sum(sets)::int as sets, max(last_at) as last_at
        from lifetime_totals where client_id = ${lifterId}
        group by movement_id
      ) c
      join movements m on m.id = c.movement_id
      where strpos(lower(m.name), ${q}) > 0
      order by c.sets desc, c.last_at desc, c.movement_id
      limit ${MOVEMENT_SEARCH_CAP}`,
  )
  return rows.map(toMovement)
}
