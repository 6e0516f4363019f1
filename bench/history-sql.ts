import { quote, TRAINED_MOVEMENTS } from './lib.ts'

/**
 * Training histories written by SQL, as fast as the database takes them, for the benches that
 * need years of logged sets: the movements they train, copies of an assigned plan, and sessions
 * of sets over a span of dates.
 */

/** One statement on the loading connection, its rows. */
export type Exec = (text: string) => Promise<Record<string, unknown>[]>

export async function trainedMovements(exec: Exec): Promise<void> {
  await exec(`drop table if exists bench_moves`)
  await exec(
    `create temp table bench_moves as
     select (row_number() over (order by array_position(array[${TRAINED_MOVEMENTS.map(quote).join(', ')}], name), name) - 1)::int as i, id, name, tracking
     from movements where owner_id is null and tracking = 'weight_reps'`,
  )
}

/** Copies of an assigned plan (`planId`), one per row of `which` (client_id, status, k, start_date), with its workouts and exercises. */
export async function copyPlan(exec: Exec, planId: string, which: string): Promise<void> {
  const source = quote(planId)
  await exec(`drop table if exists bench_copies`)
  await exec(
    `create temp table bench_copies as select md5(w.client_id || '/plan/' || w.k)::uuid as id, w.* from (${which}) w`,
  )
  await exec(
    `insert into training_plans (id, owner_id, client_id, name, weeks, days_per_week, deload_weeks, start_date, training_days, assigned, status, source_plan_id, created_at, updated_at)
     select c.id, p.owner_id, c.client_id, case when c.k = 0 then p.name else 'Block ' || c.k end, p.weeks, p.days_per_week, p.deload_weeks, c.start_date, p.training_days,
       true, c.status, p.source_plan_id, c.start_date - 3, c.start_date - 3 + case when c.k = 0 then 0 else 56 end
     from bench_copies c, training_plans p where p.id = ${source}`,
  )
  await exec(
    `insert into plan_workouts (id, plan_id, week, day, title, notes)
     select md5(c.id || '/' || pw.id)::uuid, c.id, pw.week, pw.day, pw.title, pw.notes from bench_copies c, plan_workouts pw where pw.plan_id = ${source}`,
  )
  await exec(
    `insert into prescriptions (id, plan_workout_id, movement_id, position, superset, rest_seconds, tempo, notes, sets, progression)
     select gen_random_uuid(), md5(c.id || '/' || pw.id)::uuid, pr.movement_id, pr.position, pr.superset, pr.rest_seconds, pr.tempo, pr.notes, pr.sets, pr.progression
     from bench_copies c, plan_workouts pw join prescriptions pr on pr.plan_workout_id = pw.id where pw.plan_id = ${source}`,
  )
  await exec('drop table bench_copies')
}

/** `since`: only the sessions of the series from that moment on (the same sessions, values and days as the whole series has then). */
type HistoryShape = { sessions: number; exercises: number; sets: number; from: string; to: string; since?: string }

/**
 * Completed sessions spread evenly from `from` to `to` for each lifter of `who` (client_id, li),
 * with their exercises and sets, of the movements `trainedMovements` numbered on this connection:
 * the first exercise of every session is one of the lifter's three main movements, the others
 * rotate; reps 1-12, loads that climb, RPE 6-10 (some left out), a few sets not done or deleted, a
 * session RPE on one in three.
 */
export async function history(exec: Exec, who: string, shape: HistoryShape): Promise<void> {
  const moves = Number((await exec('select count(*)::int as n from bench_moves'))[0]?.n)
  await exec('drop table if exists bench_sessions')
  await exec(
    `create temp table bench_sessions as
     select gen_random_uuid() as id, u.client_id, u.li::int as li, s.n::int as n, t.at
     from (${who}) u
     cross join generate_series(0, ${shape.sessions - 1}) s(n)
     cross join lateral (
       select date_trunc('day', ${quote(shape.from)}::timestamptz + ((${quote(shape.to)}::timestamptz - ${quote(shape.from)}::timestamptz) * s.n) / ${shape.sessions})
         + interval '6 hours' + ((u.li * 37 + s.n * 53) % 720) * interval '1 minute' as at
     ) t
     ${shape.since ? `where t.at >= ${quote(shape.since)}::timestamptz` : ''}`,
  )
  await exec(`drop table if exists bench_picks`)
  await exec(
    `create temp table bench_picks as
     select s.id as session_id, k, md5(s.id || '/' || k)::uuid as key, m.id as movement_id, m.name, m.tracking, m.i
     from bench_sessions s
     cross join generate_series(0, ${shape.exercises - 1}) k
     join bench_moves m on m.i = (s.li * 7 + case when k = 0 then s.n % 3 else 3 + (s.n * ${shape.exercises - 1} + k - 1) % 7 end) % ${moves}`,
  )
  await exec(
    `insert into workout_sessions (id, client_id, title, exercises, status, started_at, completed_at, rpe, created_at)
     select s.id, s.client_id, 'Session ' || (s.n + 1), e.exercises,
       'completed', s.at, s.at + interval '70 minutes', case when s.n % 3 = 0 then 6 + (s.n % 9) * 0.5 end, s.at
     from bench_sessions s
     join (
       select p.session_id, jsonb_agg(jsonb_build_object('key', p.key, 'movementId', p.movement_id, 'movementName', p.name, 'tracking', p.tracking, 'prescriptionId', null,
           'superset', null, 'restSeconds', 120, 'notes', null, 'targets', '[]'::jsonb) order by p.k) as exercises
       from bench_picks p group by p.session_id
     ) e on e.session_id = s.id`,
  )
  await exec(
    `insert into set_logs (id, session_id, exercise_key, movement_id, set_number, reps, load_kg, rpe, completed, edited_at, deleted_at, logged_at)
     select gen_random_uuid(), s.id, p.key::text, p.movement_id, sn, v.reps,
       round(v.base * (0.7 + 0.3 * s.n::numeric / ${shape.sessions}) * (1.1 - v.reps * 0.03) / 2.5) * 2.5,
       case when (s.n + p.k + sn) % 10 <> 0 then 6 + ((s.n * 3 + p.k + sn) % 9) * 0.5 end,
       (s.n * 7 + p.k * 3 + sn) % 40 <> 0,
       s.at + (p.k * ${shape.sets} + sn) * interval '3 minutes',
       case when (s.n + sn * 13 + p.k) % 250 = 0 then s.at + interval '2 hours' end,
       s.at + (p.k * ${shape.sets} + sn) * interval '3 minutes'
     from bench_sessions s
     join bench_picks p on p.session_id = s.id
     cross join generate_series(1, ${shape.sets}) sn
     cross join lateral (
       select case when s.n % 20 = 0 and p.k = 0 and sn = 1 then 1 when p.k < 2 then 2 + (s.n + sn) % 7 else 6 + (s.n + p.k + sn) % 7 end as reps,
         (case when p.k = 0 then 120 else 30 + (p.i * 13) % 70 end)::numeric as base
     ) v`,
  )
  await exec('drop table bench_picks')
  await exec('drop table bench_sessions')
}
