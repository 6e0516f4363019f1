import type { Client } from 'pg'
import type { BenchServer, BenchTarget } from './lib.ts'
import {
  measureTask,
  report,
  send,
  signInUser,
  sqlClient,
  dateOf,
  addDays,
  mondayOf,
  TRAINED_MOVEMENTS,
} from './lib.ts'

/** Lifters in the database, the heavy one included; each of the others has ~20,000 sets (5 for a quick run: 100,000 sets). */
const LIFTERS = Number(process.env.BENCH_PROGRESS_LIFTERS ?? 50)
/** Requests per figure (fewer for a quick run). */
const COUNT = Number(process.env.BENCH_PROGRESS_COUNT ?? 200)
const YEARS = 4
/** Every other lifter: ~250 sessions a year of 5 exercises x 4 sets. */
const OTHER_SESSIONS = 1000
const OTHER_EXERCISES = 5
const OTHER_SETS = 4
/** The heavy lifter: ~200 sessions a year of 5 exercises x 5 sets, the last weeks from the coach's plan. */
const HEAVY_SESSIONS = 800
const HEAVY_EXERCISES = 5
const HEAVY_SETS = 5
/** Of the coach's roster, how many other lifters (the heavy one is one more), and of them how many have a plan too. */
const ROSTER_OTHERS = 4
const ROSTER_PLANNED = 2
const PLAN_WEEKS = 8
const PLAN_DAYS = 4
/** What the heavy lifter trains, the first in every session (their most trained movement). */
const HEAVY_MOVEMENTS = TRAINED_MOVEMENTS
const SEARCH = 'squ'
const TARGET_MS = 50

/**
 * The progress page and the coach's client detail for a lifter with four years of history
 * (~20,000 sets) in a database of ~1,000,000 sets: each call timed alone, as the coach and (the
 * progress calls) as the lifter. The bulk is written with SQL on PostgreSQL (through the API it
 * would take hours), on a connection of the bench's own beside the server's; the lifter, the
 * coach, the plan and its recent sessions go through the API.
 */
export async function benchProgress(server: BenchServer, label: string, target: BenchTarget): Promise<void> {
  const started = performance.now()
  const db = await sqlClient(target.url)
  try {
    const today = dateOf(Date.now())
    const coach = await signInUser(server.url, 'coach')
    const lifter = await signInUser(server.url, 'client')
    const json = (cookie: string) => ({ cookie, 'content-type': 'application/json', origin: server.url })
    const call = async (cookie: string, method: string, path: string, body?: unknown) => {
      const res = await send(`${server.url}${path}`, {
        method,
        headers: json(cookie),
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: answer ${res.status} ${res.body}`)
      return JSON.parse(res.body || 'null') as unknown
    }
    const link = await fetch(`${server.url}/api/testing/coach-clients`, {
      method: 'POST',
      headers: json(''),
      body: JSON.stringify({ coachEmail: coach.email, clientEmail: lifter.email }),
    })
    if (link.status !== 201) throw new Error(`link: answer ${link.status}`)

    // The movements: the built-in library's loaded ones, the heavy lifter's first, in order.
    await db.query(
      `create temp table bench_moves as
       select (row_number() over (order by array_position($1::text[], name), name) - 1)::int as i, id
       from movements where owner_id is null and tracking = 'weight_reps'`,
      [HEAVY_MOVEMENTS],
    )
    const moves = (await db.query<{ i: number; id: string }>('select i, id from bench_moves order by i')).rows
    const heavyMoves = moves.slice(0, HEAVY_MOVEMENTS.length).map((m) => m.id)

    // The other lifters: users with a profile, a few of them the coach's clients too.
    const others = Array.from(
      { length: Math.max(0, LIFTERS - 1) },
      (_, i) => `bench-lifter-${i + 1}-${crypto.randomUUID()}`,
    )
    await db.query(
      `insert into users (id, name, email, email_verified) select id, 'Lifter ' || n, id || '@example.test', true from unnest($1::text[]) with ordinality u(id, n)`,
      [others],
    )
    await db.query(
      `insert into profiles (id, role, display_name) select id, 'client', 'Lifter ' || n from unnest($1::text[]) with ordinality u(id, n)`,
      [others],
    )
    const roster = others.slice(0, ROSTER_OTHERS)
    await db.query(`insert into coach_clients (coach_id, client_id) select $1, id from unnest($2::text[]) id`, [
      coach.id,
      roster,
    ])

    // The coach's plan: 8 weeks of 4 days, 5 exercises of 5 sets with targets, assigned to the
    // heavy lifter from the Monday three weeks ago, so the last 28 days hold planned workouts.
    const plan = (await call(coach.cookie, 'POST', '/api/plans', {
      name: 'Strength block',
      weeks: PLAN_WEEKS,
      daysPerWeek: PLAN_DAYS,
    })) as { id: string; version: number }
    let version = plan.version
    for (let week = 1; week <= PLAN_WEEKS; week++) {
      for (let day = 1; day <= PLAN_DAYS; day++) {
        const exercises = Array.from({ length: HEAVY_EXERCISES }, (_, k) => ({
          movementId: k === 0 ? heavyMoves[0] : heavyMoves[1 + ((day * 4 + k) % (heavyMoves.length - 1))],
          restSeconds: k < 2 ? 180 : 90,
          sets: Array.from({ length: HEAVY_SETS }, () => ({
            reps: { min: k < 2 ? 5 : 8, max: k < 2 ? 5 : 10 },
            load: { kind: 'kg', value: (k === 0 ? 140 : 60) + week * 2.5 },
            rpe: 8,
          })),
        }))
        await call(coach.cookie, 'PUT', `/api/plans/${plan.id}/days/${week}/${day}`, {
          version,
          workout: { title: `W${week}D${day}`, exercises },
        })
        version += 1
      }
    }
    const startDate = addDays(mondayOf(today), -21)
    const active = (await call(coach.cookie, 'POST', `/api/plans/${plan.id}/assign`, {
      clientId: lifter.id,
      startDate,
    })) as { id: string }
    for (const other of roster.slice(0, ROSTER_PLANNED))
      await call(coach.cookie, 'POST', `/api/plans/${plan.id}/assign`, { clientId: other, startDate })

    // The planned workouts due before today, done through the API (two missed), then moved to their day.
    const { workouts } = (await call(lifter.cookie, 'GET', `/api/plans/${active.id}`)) as {
      workouts: { id: string; week: number; day: number }[]
    }
    const dueBefore = workouts
      .map((w) => ({ ...w, date: addDays(startDate, (w.week - 1) * 7 + (w.day - 1)) }))
      .filter((w) => w.date < today)
      .sort((a, b) => a.date.localeCompare(b.date))
    const missed = new Set([dueBefore[5]?.id, dueBefore[dueBefore.length - 3]?.id])
    let planned = 0
    for (const [n, w] of dueBefore.entries()) {
      if (missed.has(w.id)) continue
      const session = (await call(lifter.cookie, 'POST', '/api/sessions', { planWorkoutId: w.id })) as {
        id: string
        exercises: { key: string; targets: { load?: { value?: number } | null }[] }[]
      }
      for (const [k, exercise] of session.exercises.entries()) {
        for (let set = 1; set <= HEAVY_SETS; set++) {
          const load = exercise.targets[set - 1]?.load?.value ?? 60
          // Most sets as prescribed; some short, some harder than the target RPE.
          const reps = (n + k + set) % 6 === 0 ? (k < 2 ? 4 : 7) : k < 2 ? 5 : 9
          await call(lifter.cookie, 'PUT', `/api/sessions/${session.id}/sets/${crypto.randomUUID()}`, {
            exerciseKey: exercise.key,
            setNumber: set,
            reps,
            loadKg: load,
            rpe: (n + set) % 3 === 0 ? 9 : 8,
            editedAt: new Date().toISOString(),
          })
        }
      }
      await call(lifter.cookie, 'POST', `/api/sessions/${session.id}/finish`, { rpe: 8 })
      await db.query(
        `update workout_sessions set started_at = $2::date + time '17:30' , completed_at = $2::date + time '18:45' where id = $1`,
        [session.id, w.date],
      )
      planned += 1
    }

    // The bulk: every lifter's history, in one statement a few lifters at a time.
    const loadStarted = performance.now()
    const heavyEnd = `${startDate}T00:00:00Z`
    await history(db, [lifter.id], 0, {
      sessions: HEAVY_SESSIONS - planned,
      exercises: HEAVY_EXERCISES,
      sets: HEAVY_SETS,
      from: addDays(today, -365 * YEARS),
      to: heavyEnd,
      moves: HEAVY_MOVEMENTS.length,
    })
    for (let i = 0; i < others.length; i += 10) {
      await history(db, others.slice(i, i + 10), i + 1, {
        sessions: OTHER_SESSIONS,
        exercises: OTHER_EXERCISES,
        sets: OTHER_SETS,
        from: addDays(today, -365 * YEARS),
        to: new Date().toISOString(),
        moves: 10,
      })
    }
    // A year of daily body weights, for every lifter.
    await db.query(
      `insert into body_weights (client_id, measured_on, weight_kg)
       select id, $2::date - d, round((75 + (n % 20) + 2 * sin(d / 30.0) + (d % 7) * 0.1)::numeric, 1)
       from unnest($1::text[]) with ordinality u(id, n), generate_series(0, 364) d`,
      [[lifter.id, ...others], today],
    )
    // As a database that has run for a while: statistics, and the visibility map set (without it,
    // autovacuum would run through the first figures and index-only scans would visit the table).
    await db.query('vacuum analyze')
    const counts = (
      await db.query<{ all: string; heavy: string; sessions: string }>(
        `select (select count(*) from set_logs) as all,
        (select count(*) from set_logs l join workout_sessions s on s.id = l.session_id where s.client_id = $1) as heavy,
        (select count(*) from workout_sessions where client_id = $1) as sessions`,
        [lifter.id],
      )
    ).rows[0]
    const all = Number(counts?.all)
    const heavy = Number(counts?.heavy)
    console.log(
      `\n${label}: loaded ${all.toLocaleString('en')} sets of ${LIFTERS} lifters in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s (SQL); ` +
        `the lifter has ${heavy.toLocaleString('en')} sets in ${counts?.sessions} sessions over ${YEARS} years, ${planned} of them from the plan through the API`,
    )

    // The calls, each alone (one at a time), after a warm-up.
    const progress = (await call(
      coach.cookie,
      'GET',
      `/api/progress?clientId=${lifter.id}&today=${today}&utcOffsetMinutes=0`,
    )) as {
      movements: { movementId: string; name: string }[]
    }
    const top = progress.movements[0]
    if (!top) throw new Error('the lifter has no trained movement')
    const paths = {
      progress: `/api/progress?clientId=${lifter.id}&today=${today}&utcOffsetMinutes=0`,
      e1rm: `/api/progress/e1rm?clientId=${lifter.id}&movementId=${top.movementId}`,
      search: `/api/progress/movements?clientId=${lifter.id}&q=${SEARCH}`,
      bodyWeights: `/api/body-weights?clientId=${lifter.id}`,
      roster: `/api/clients?today=${today}`,
      sessions: `/api/sessions?clientId=${lifter.id}&limit=10`,
      plan: `/api/plans/${active.id}`,
      dashboard: `/api/clients/dashboard?today=${today}`,
    }
    const get = (cookie: string, path: string) => async () => {
      const res = await send(`${server.url}${path}`, { headers: { cookie } })
      if (res.status !== 200) throw new Error(`GET ${path}: answer ${res.status} ${res.body}`)
    }
    const timed = (name: string, task: () => Promise<void>) => measureTask(name, COUNT, 1, task)
    for (const path of Object.values(paths)) await measureTask('warm-up', 20, 1, get(coach.cookie, path))

    const floor = await timed('floor: GET /api/health (one query)', get(coach.cookie, '/api/health'))
    const asCoach = [
      await timed('coach: progress page', get(coach.cookie, paths.progress)),
      await timed(`coach: e1RM series (${top.name})`, get(coach.cookie, paths.e1rm)),
      await timed(`coach: trained movements ?q=${SEARCH}`, get(coach.cookie, paths.search)),
      await timed('coach: body weights', get(coach.cookie, paths.bodyWeights)),
      await timed(`coach: roster (${ROSTER_OTHERS + 1} clients, adherence)`, get(coach.cookie, paths.roster)),
      await timed('coach: last 10 sessions', get(coach.cookie, paths.sessions)),
      await timed(`coach: the active plan (${PLAN_WEEKS}x${PLAN_DAYS})`, get(coach.cookie, paths.plan)),
      await timed('coach: dashboard', get(coach.cookie, paths.dashboard)),
      // The client detail as the browser loads it: its calls side by side, timed to the last answer.
      await timed('coach: client detail, all at once', async () => {
        await Promise.all(
          [paths.progress, paths.e1rm, paths.bodyWeights, paths.roster, paths.sessions, paths.plan].map((path) =>
            get(coach.cookie, path)(),
          ),
        )
      }),
    ]
    const own = (path: string) => path.replace(`clientId=${lifter.id}&`, '').replace(`?clientId=${lifter.id}`, '')
    const asLifter = [
      await timed('lifter: progress page', get(lifter.cookie, own(paths.progress))),
      await timed('lifter: e1RM series', get(lifter.cookie, own(paths.e1rm))),
      await timed(`lifter: trained movements ?q=${SEARCH}`, get(lifter.cookie, own(paths.search))),
      await timed('lifter: body weights', get(lifter.cookie, own(paths.bodyWeights))),
    ]
    const figures = [floor, ...asCoach, ...asLifter]
    report(
      `${label}: progress and the client detail, a lifter with ${heavy.toLocaleString('en')} sets among ${all.toLocaleString('en')} (target: p95 under ${TARGET_MS} ms)`,
      figures,
      floor,
    )
    const whole = asCoach[asCoach.length - 1]
    const over = figures.filter((f) => f !== floor && f !== whole && f.p95 >= TARGET_MS)
    console.log(
      over.length
        ? `  over target (p95 >= ${TARGET_MS} ms): ${over.map((f) => `${f.name} ${f.p95.toFixed(1)} ms`).join('; ')}`
        : `  every call's p95 under ${TARGET_MS} ms: met`,
    )
    console.log(`  scenario took ${((performance.now() - started) / 1000).toFixed(0)} s in all`)
  } finally {
    await db.end()
  }
}

type HistoryShape = { sessions: number; exercises: number; sets: number; from: string; to: string; moves: number }

/**
 * Completed sessions spread evenly from `from` to `to` for each lifter, with their sets: the
 * first exercise of every session is the lifter's main movement, the others rotate through the
 * rest of their movements; reps 1-12, loads that climb over the years, RPE 6-10 (some left out),
 * targets on the first two exercises, a few sets not done or deleted.
 */
async function history(db: Client, lifterIds: string[], firstIndex: number, shape: HistoryShape): Promise<void> {
  await db.query('drop table if exists bench_sessions')
  await db.query(
    `create temp table bench_sessions as
     select gen_random_uuid() as id, u.id as client_id, (u.n - 1 + $2::int)::int as li, s.n::int as n, t.at
     from unnest($1::text[]) with ordinality u(id, n)
     cross join generate_series(0, $3::int - 1) s(n)
     cross join lateral (
       select date_trunc('day', $4::timestamptz + (($5::timestamptz - $4::timestamptz) * s.n) / $3::int)
         + interval '6 hours' + ((u.n * 37 + s.n * 53) % 720) * interval '1 minute' as at
     ) t`,
    [lifterIds, firstIndex, shape.sessions, shape.from, shape.to],
  )
  await db.query(
    `insert into workout_sessions (id, client_id, title, exercises, status, started_at, completed_at, rpe, created_at)
     select id, client_id, 'Session ' || (n + 1), '[]'::jsonb, 'completed', at, at + interval '70 minutes',
       case when n % 3 = 0 then 6 + (n % 9) * 0.5 end, at
     from bench_sessions`,
  )
  const moveCount = Number((await db.query<{ n: string }>('select count(*) as n from bench_moves')).rows[0]?.n)
  await db.query(
    `insert into set_logs (id, session_id, exercise_key, movement_id, set_number, reps, load_kg, rpe,
       target_reps_min, target_reps_max, target_load_kg, target_rpe, completed, edited_at, deleted_at, logged_at)
     select gen_random_uuid(), s.id, 'exercise-' || k, m.id, sn, v.reps,
       round(v.base * (0.7 + 0.3 * s.n::numeric / $1::int) * (1.1 - v.reps * 0.03) / 2.5) * 2.5,
       case when (s.n + k + sn) % 10 <> 0 then 6 + ((s.n * 3 + k + sn) % 9) * 0.5 end,
       case when k < 2 then v.reps end, case when k < 2 then v.reps end,
       case when k < 2 then round(v.base * (0.7 + 0.3 * s.n::numeric / $1::int) * (1.1 - v.reps * 0.03) / 2.5) * 2.5 end,
       case when k < 2 then 8 end,
       (s.n * 7 + k * 3 + sn) % 40 <> 0,
       s.at + (k * $2::int + sn) * interval '3 minutes',
       case when (s.n + sn * 13 + k) % 250 = 0 then s.at + interval '2 hours' end,
       s.at + (k * $2::int + sn) * interval '3 minutes'
     from bench_sessions s
     cross join generate_series(0, $3::int - 1) k
     cross join generate_series(1, $2::int) sn
     cross join lateral (
       -- The main movement every session; the others in turn. Lifter li's movements start at li * 7.
       select case when k = 0 then 0 else 1 + ((s.n * ($3::int - 1) + k - 1) % ($4::int - 1)) end as r
     ) pick
     join bench_moves m on m.i = (s.li * 7 + pick.r) % $5::int
     cross join lateral (
       select case when s.n % 20 = 0 and k = 0 and sn = 1 then 1
                   when k < 2 then 2 + (s.n + sn) % 7
                   else 6 + (s.n + k + sn) % 7 end as reps,
         (case when k = 0 then 120 else 30 + (m.i * 13) % 70 end)::numeric as base
     ) v`,
    [shape.sessions, shape.sets, shape.exercises, shape.moves, moveCount],
  )
  await db.query('drop table bench_sessions')
}
