import { sql, type SQL } from 'drizzle-orm'
import type { Muscle, Pattern, Tracking } from '#shared/schemas/movements.ts'
import {
  BODY_WEIGHT_CAP,
  BODY_WEIGHT_DAYS,
  E1RM_POINTS_CAP,
  MOVEMENT_SEARCH_CAP,
  PROGRESS_TOP_MOVEMENTS,
  PROGRESS_WEEKS,
  RECORD_MAX_REPS,
  RECORD_MIN_REPS,
  RECORD_MOVEMENTS,
  SESSION_RPE_CAP,
  progressApiText,
  type BodyWeight,
  type BodyWeightsQueryInput,
  type E1rmQueryInput,
  type E1rmSeries,
  type MovementRecords,
  type Progress,
  type ProgressMovement,
  type ProgressMovementsQueryInput,
  type ProgressQueryInput,
  type Volume,
  type WeeklyVolume,
} from '#shared/schemas/progress.ts'
import type { Actor } from '#server/access/actor.ts'
import { activeCoachIds, assertCanReadClient } from '#server/access/coaching.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/app-error.ts'
import { countingSet } from '#server/features/sessions/review.service.ts'
import { MUSCLE_GROUP_OF, type MuscleGroup } from '#shared/muscle-groups.ts'

const DAY_MS = 86_400_000

/**
 * Whose progress this is: a client reads their own (naming themselves or no one); a coach names
 * one of their active clients. The rule and the refusal are the session list's.
 */
async function lifterOf(db: Db, actor: Actor, clientId: string | undefined): Promise<string> {
  if (!clientId) {
    if (actor.role === 'coach')
      throw new AppError('VALIDATION_FAILED', {
        message: progressApiText.clientRequired,
        fields: { clientId: [progressApiText.clientRequired] },
      })
    return actor.id
  }
  await assertCanReadClient(db, actor, clientId, progressApiText.notYourClient)
  return clientId
}

/** Day arithmetic on YYYY-MM-DD strings, in UTC so no daylight saving shifts a day. */
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`)
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const addDays = (date: string, days: number) => dateOf(dayMs(date) + days * DAY_MS)
/** The Monday of the week holding `date`. */
const mondayOf = (date: string) => addDays(date, -((new Date(dayMs(date)).getUTCDay() + 6) % 7))

/** The lifter's today: as their device said, or the server's clock moved into their time zone. */
const todayOf = (today: string | undefined, utcOffsetMinutes: number) =>
  today ?? dateOf(Date.now() + utcOffsetMinutes * 60_000)

/** A session's day in the lifter's local time (started_at is stored in UTC). */
const localDay = (column: SQL, utcOffsetMinutes: number) =>
  sql`((${column} at time zone 'UTC') + make_interval(mins => ${utcOffsetMinutes}::int))::date`
/** The moment local midnight of `date` was, for comparing with started_at (and its index). */
const localMidnight = (date: string, utcOffsetMinutes: number) =>
  new Date(dayMs(date) - utcOffsetMinutes * 60_000).toISOString()

const num = (value: string | number | null): number => (value === null ? 0 : Number(value))
const round1 = (value: number) => Math.round(value * 10) / 10
const dayText = (value: string | Date) => (typeof value === 'string' ? value.slice(0, 10) : dateOf(value.getTime()))

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

/** The lifter's readings of the last year up to today (and tomorrow, for a lifter ahead of UTC), oldest first. */
async function readings(db: Db, lifterId: string, today: string): Promise<BodyWeight[]> {
  const rows = await queryRows<{ measured_on: string | Date; weight_kg: string | number }>(
    db,
    sql`
      select measured_on, weight_kg from body_weights
      where client_id = ${lifterId} and measured_on > ${addDays(today, -BODY_WEIGHT_DAYS)}::date and measured_on <= ${addDays(today, 1)}::date
      order by measured_on desc
      limit ${BODY_WEIGHT_CAP}`,
  )
  return rows.reverse().map((r) => ({ date: dayText(r.measured_on), weightKg: num(r.weight_kg) }))
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

/** GET /api/body-weights: the last year of readings of the lifter (their own, or their coach's client). */
export async function listBodyWeights(db: Db, actor: Actor, query: BodyWeightsQueryInput): Promise<BodyWeight[]> {
  const lifterId = await lifterOf(db, actor, query.clientId)
  return readings(db, lifterId, todayOf(query.today, 0))
}

/** A lifter writes their own body weight; their coach reads it but never writes it. */
function onlyTheLifter(actor: Actor): void {
  if (actor.role !== 'client') throw new AppError('FORBIDDEN', { message: progressApiText.onlyLifter })
}

/** One reading per day: a second one on the same day replaces the first. */
export async function putBodyWeight(db: Db, actor: Actor, date: string, weightKg: number): Promise<BodyWeight> {
  onlyTheLifter(actor)
  await db.execute(sql`
    insert into body_weights (client_id, measured_on, weight_kg) values (${actor.id}, ${date}::date, ${weightKg}::numeric)
    on conflict (client_id, measured_on) do update set weight_kg = excluded.weight_kg, updated_at = now()`)
  return { date, weightKg }
}

export async function deleteBodyWeight(db: Db, actor: Actor, date: string): Promise<void> {
  onlyTheLifter(actor)
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`delete from body_weights where client_id = ${actor.id} and measured_on = ${date}::date returning id`,
  )
  if (!deleted.length) throw new AppError('NOT_FOUND', { message: progressApiText.noReading })
}
