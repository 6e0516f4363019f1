import { monthsBefore } from '../src/client/lib/dates.ts'
import { copyPlan, history, trainedMovements, type Exec } from './history-sql.ts'
import { send, signInUser, dateOf, addDays, mondayOf, quote, TRAINED_MOVEMENTS } from './lib.ts'

/**
 * The scale bench's world: a coach, a roster and a four-year lifter made through the API, then the
 * histories loaded around them by SQL, small or big.
 */

/** Lifters with a year of history (the coach's other 199 clients are among them). */
export const LIFTERS = Number(process.env.BENCH_SCALE_LIFTERS ?? 1000)
export const ROSTER = 200
/** A year of training: ~2.4 sessions a week of 4 exercises x 2 sets (~984 sets). */
const LIFTER_SESSIONS = 123
const LIFTER_EXERCISES = 4
const LIFTER_SETS = 2
/** The four-year lifter: 4 sessions a week of 5 exercises x 4 sets. */
export const LONG_YEARS = 4
const LONG_SESSIONS = 4 * 52 * LONG_YEARS
/**
 * The lifter's recent past, in both databases: the training of the last three months (the e1RM
 * chart's first range, longer than the progress page's 12 weeks) and a year of body weights.
 */
const RECENT_MONTHS = 3
const BODY_WEIGHT_DAYS = 365
/** The coach's plan: 8 weeks of 4 days, 5 exercises of 4 sets, the second at a share of the e1RM. */
const PLAN_WEEKS = 8
const PLAN_DAYS = 4
const EXERCISES = 5
const SETS = 4
/** Old plans (completed, assigned copies) of the four-year lifter and of each other client. */
const OLD_PLANS_LONG = 24
const OLD_PLANS_OTHER = 6
export type Size = 'small' | 'big'
type User = { id: string; email: string; cookie: string }
/** What the timed calls name: made through the API before the load. */
export type World = {
  today: string
  startDate: string
  coach: User
  lifter: User
  templateId: string
  planId: string
  nextWorkoutId: string
  nextMovementIds: string[]
  lastSessionId: string
  planned: { id: string; date: string }[]
}

export async function throughApi(url: string): Promise<World> {
  const today = dateOf(Date.now())
  const coach = await signInUser(url, 'coach')
  const lifter = await signInUser(url, 'client')
  const headers = (cookie: string) => ({ cookie, 'content-type': 'application/json', origin: url })
  const call = async (cookie: string, method: string, path: string, body?: unknown) => {
    const res = await send(`${url}${path}`, {
      method,
      headers: headers(cookie),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${path}: answer ${res.status} ${res.body}`)
    return JSON.parse(res.body || 'null') as unknown
  }
  const link = await fetch(`${url}/api/testing/coach-clients`, {
    method: 'POST',
    headers: headers(''),
    body: JSON.stringify({ coachEmail: coach.email, clientEmail: lifter.email }),
  })
  if (link.status !== 201) throw new Error(`link: answer ${link.status}`)
  const moves: string[] = []
  for (const name of TRAINED_MOVEMENTS) {
    const page = (await call(
      coach.cookie,
      'GET',
      `/api/movements?scope=builtin&limit=20&q=${encodeURIComponent(name)}`,
    )) as { items: { id: string; name: string }[] }
    const found = page.items.find((m) => m.name === name)
    if (found) moves.push(found.id)
  }
  if (moves.length < EXERCISES + 2) throw new Error(`the library lacks the bench's movements (found ${moves.length})`)

  const plan = (await call(coach.cookie, 'POST', '/api/plans', {
    name: 'Strength block',
    weeks: PLAN_WEEKS,
    daysPerWeek: PLAN_DAYS,
  })) as { id: string; version: number }
  let version = plan.version
  for (let week = 1; week <= PLAN_WEEKS; week++) {
    for (let day = 1; day <= PLAN_DAYS; day++) {
      const exercises = Array.from({ length: EXERCISES }, (_, k) => ({
        movementId: k === 0 ? moves[(day - 1) % 3] : moves[3 + ((day + k) % (moves.length - 3))],
        restSeconds: k < 2 ? 180 : 90,
        sets: Array.from({ length: SETS }, () => ({
          reps: { min: k < 2 ? 5 : 8, max: k < 2 ? 5 : 10 },
          load: k === 1 ? { kind: 'percent_1rm', value: 75 } : { kind: 'kg', value: (k === 0 ? 140 : 60) + week * 2.5 },
          rpe: 8,
        })),
      }))
      await call(coach.cookie, 'PUT', `/api/plans/${plan.id}/days/${week}/${day}`, {
        version,
        workout: { title: `Week ${week} day ${day}`, exercises },
      })
      version += 1
    }
  }
  const startDate = addDays(mondayOf(today), -21)
  const active = (await call(coach.cookie, 'POST', `/api/plans/${plan.id}/assign`, {
    clientId: lifter.id,
    startDate,
  })) as { id: string }
  const { workouts } = (await call(lifter.cookie, 'GET', `/api/plans/${active.id}`)) as {
    workouts: { id: string; week: number; day: number; exercises: { movementId: string }[] }[]
  }
  const dated = workouts
    .map((w) => ({ ...w, date: addDays(startDate, (w.week - 1) * 7 + (w.day - 1)) }))
    .sort((a, b) => a.date.localeCompare(b.date))
  const due = dated.filter((w) => w.date < today)
  const next = dated.find((w) => w.date >= today)
  if (!next) throw new Error('the plan has no workout left')
  const missed = new Set([due[4]?.id, due[due.length - 3]?.id])
  const planned: { id: string; date: string }[] = []
  for (const [n, w] of due.entries()) {
    if (missed.has(w.id)) continue
    const session = (await call(lifter.cookie, 'POST', '/api/sessions', { planWorkoutId: w.id })) as {
      id: string
      exercises: { key: string; targets: { load?: { kind: string; value?: number } | null }[] }[]
    }
    for (const [k, exercise] of session.exercises.entries()) {
      for (let set = 1; set <= SETS; set++) {
        const target = exercise.targets[set - 1]?.load
        const load = target?.kind === 'kg' ? (target.value ?? 60) : 80
        await call(lifter.cookie, 'PUT', `/api/sessions/${session.id}/sets/${crypto.randomUUID()}`, {
          exerciseKey: exercise.key,
          setNumber: set,
          reps: (n + k + set) % 6 === 0 ? (k < 2 ? 4 : 7) : k < 2 ? 5 : 9,
          loadKg: load,
          rpe: (n + set) % 3 === 0 ? 9 : 8,
          editedAt: new Date().toISOString(),
        })
      }
    }
    await call(lifter.cookie, 'POST', `/api/sessions/${session.id}/finish`, { rpe: 8 })
    planned.push({ id: session.id, date: w.date })
  }
  const last = planned.at(-1)
  if (!last) throw new Error('no session was trained')
  for (const s of planned.slice(-2))
    await call(coach.cookie, 'POST', `/api/sessions/${s.id}/comments`, {
      body: 'Strong work, keep the bar path tight.',
    })
  for (let i = 0; i < 6; i++) {
    const [from, to] = i % 2 ? [lifter, coach] : [coach, lifter]
    await call(from.cookie, 'POST', `/api/chat/${to.id}/messages`, {
      id: crypto.randomUUID(),
      body: `Message ${i + 1} about this week's training`,
    })
  }
  return {
    today,
    startDate,
    coach,
    lifter,
    templateId: plan.id,
    planId: active.id,
    nextWorkoutId: next.id,
    nextMovementIds: [...new Set(next.exercises.map((e) => e.movementId))],
    lastSessionId: last.id,
    planned,
  }
}

/**
 * The rest with SQL: the planned sessions moved to their days, the roster (199 more clients with
 * the plan and one session of it each, and messages). The big database adds the history before the
 * plan: the lifter's four years, a year for each of 1,000 lifters (the roster among them), old
 * plans, comments, messages and body weights.
 */
export async function load(exec: Exec, world: World, size: Size): Promise<void> {
  const lifter = quote(world.lifter.id)
  const coach = quote(world.coach.id)
  const run = quote(world.lifter.id.slice(0, 8))
  await exec(
    `update workout_sessions s set started_at = v.day::date + time '17:30', completed_at = v.day::date + time '18:45', created_at = v.day::date + time '17:30'
     from (values ${world.planned.map((p) => `(${quote(p.id)}::uuid, ${quote(p.date)})`).join(', ')}) v(id, day) where s.id = v.id`,
  )
  await exec(
    `update set_logs l set logged_at = s.started_at + l.set_number * interval '3 minutes', edited_at = s.started_at + l.set_number * interval '3 minutes'
     from workout_sessions s where s.id = l.session_id and s.client_id = ${lifter}`,
  )
  await exec(
    `update session_comments c set created_at = s.completed_at + interval '3 hours' from workout_sessions s where s.id = c.session_id and s.client_id = ${lifter}`,
  )
  await exec(
    `update coach_clients set since = ${quote(world.startDate)}::date - ${size === 'big' ? 365 * LONG_YEARS : 7} where client_id = ${lifter}`,
  )
  await trainedMovements(exec)

  // The lifters: the roster's other 199 first, then those with no coach (the big database only).
  const lifters = size === 'big' ? Math.max(LIFTERS, ROSTER - 1) : ROSTER - 1
  await exec(`drop table if exists bench_lifters`)
  await exec(
    `create temp table bench_lifters as
     select n, 'bench-scale-' || ${run} || '-' || n as id, n < ${ROSTER} as rostered from generate_series(1, ${lifters}) n`,
  )
  await exec(
    `insert into users (id, name, email, email_verified) select id, 'Lifter ' || n, id || '@example.test', true from bench_lifters`,
  )
  await exec(
    `insert into profiles (id, role, display_name) select id, 'client', 'Lifter ' || lpad(n::text, 4, '0') from bench_lifters`,
  )
  await exec(
    `insert into coach_clients (coach_id, client_id, since)
     select ${coach}, id, ${quote(world.startDate)}::date - ${size === 'big' ? 365 : 7} from bench_lifters where rostered`,
  )

  // Each client's copy of the plan, active from the same day; one session of its first workout done.
  await copyPlan(
    exec,
    world.planId,
    `select id as client_id, 'active' as status, 0 as k, ${quote(world.startDate)}::date as start_date from bench_lifters where rostered`,
  )
  await exec(
    `insert into workout_sessions (id, client_id, plan_workout_id, plan_id, title, plan_name, week, day, exercises, status, started_at, completed_at, rpe, created_at)
     select md5(l.id || '/recent')::uuid, l.id, pw.id, p.id, pw.title, p.name, 1, 1,
       (select jsonb_agg(jsonb_build_object('key', md5(l.id || '/key/' || pr.id)::uuid, 'movementId', pr.movement_id, 'movementName', m.name, 'tracking', m.tracking,
           'prescriptionId', pr.id, 'superset', pr.superset, 'restSeconds', pr.rest_seconds, 'notes', pr.notes, 'targets', pr.sets) order by pr.position)
        from prescriptions pr join movements m on m.id = pr.movement_id where pr.plan_workout_id = pw.id),
       'completed', p.start_date + time '07:00' + (l.n % 600) * interval '1 minute', p.start_date + time '08:10' + (l.n % 600) * interval '1 minute', 8,
       p.start_date + time '07:00'
     from bench_lifters l
     join training_plans p on p.client_id = l.id and p.status = 'active'
     join plan_workouts pw on pw.plan_id = p.id and pw.week = 1 and pw.day = 1
     where l.rostered`,
  )
  await exec(
    `insert into set_logs (id, session_id, exercise_key, movement_id, prescription_id, set_number, reps, load_kg, rpe,
       target_reps_min, target_reps_max, target_load_kg, target_rpe, completed, edited_at, logged_at)
     select gen_random_uuid(), s.id, e->>'key', (e->>'movementId')::uuid, (e->>'prescriptionId')::uuid, sn, 5 - (l.n + sn) % 2, 100 + (l.n % 40) * 2.5, 8,
       5, 5, 100 + (l.n % 40) * 2.5, 8, true, s.started_at + sn * interval '3 minutes', s.started_at + sn * interval '3 minutes'
     from bench_lifters l
     join workout_sessions s on s.id = md5(l.id || '/recent')::uuid
     cross join lateral (select s.exercises->0 as e) x
     cross join generate_series(1, ${SETS}) sn`,
  )
  // A few recent messages with every client.
  await exec(
    `insert into messages (id, coach_id, client_id, sender_id, body, created_at, delivered_at, read_at)
     select gen_random_uuid(), ${coach}, l.id, case when i % 2 = 0 then ${coach} else l.id end, 'How did the session feel? ' || i,
       ${quote(world.startDate)}::date + i * interval '2 days', ${quote(world.startDate)}::date + i * interval '2 days', ${quote(world.startDate)}::date + i * interval '2 days'
     from bench_lifters l cross join generate_series(1, 3) i where l.rostered`,
  )
  const bodyWeights = (days: string) =>
    exec(
      `insert into body_weights (client_id, measured_on, weight_kg)
       select ${lifter}, ${quote(world.today)}::date - d, round((80 + 3 * sin(d / 60.0))::numeric, 1) from generate_series(${days}) d`,
    )
  await bodyWeights(`0, ${BODY_WEIGHT_DAYS - 1}`)

  // The history before the plan: the lifter's four years (the small database their last months
  // only), a year of each other lifter.
  const end = `${world.startDate}T00:00:00Z`
  await history(exec, `select ${lifter} as client_id, 0 as li`, {
    sessions: LONG_SESSIONS,
    exercises: EXERCISES,
    sets: SETS,
    from: addDays(world.startDate, -365 * LONG_YEARS),
    to: end,
    since: size === 'small' ? `${monthsBefore(world.today, RECENT_MONTHS)}T00:00:00Z` : undefined,
  })
  if (size === 'small') return

  for (let from = 1; from <= lifters; from += 100) {
    await history(exec, `select id as client_id, n as li from bench_lifters where n between ${from} and ${from + 99}`, {
      sessions: LIFTER_SESSIONS,
      exercises: LIFTER_EXERCISES,
      sets: LIFTER_SETS,
      from: addDays(world.startDate, -365),
      to: end,
    })
  }
  // Old plans: the lifter's 24 and 6 of every other client, completed one after another.
  await copyPlan(
    exec,
    world.planId,
    `select ${lifter} as client_id, 'completed' as status, k, ${quote(world.startDate)}::date - 56 * k as start_date from generate_series(1, ${OLD_PLANS_LONG}) k
     union all
     select l.id, 'completed', k, ${quote(world.startDate)}::date - 56 * k from bench_lifters l cross join generate_series(1, ${OLD_PLANS_OTHER}) k where l.rostered`,
  )
  // The coach commented on one session in twenty of their clients' history (read), and wrote with them.
  await exec(
    `insert into session_comments (session_id, author_id, body, created_at, read_at)
     select s.id, ${coach}, 'Nice work on this one, watch the depth.', s.completed_at + interval '2 hours', s.completed_at + interval '5 hours'
     from workout_sessions s
     where s.client_id in (select id from bench_lifters where rostered union all select ${lifter}) and s.plan_id is null and hashtext(s.id::text) % 20 = 0`,
  )
  await exec(
    `insert into messages (id, coach_id, client_id, sender_id, body, created_at, delivered_at, read_at)
     select gen_random_uuid(), ${coach}, c.id, case when i % 2 = 0 then ${coach} else c.id end, 'An older message about training ' || i, t.at, t.at, t.at + interval '1 hour'
     from (select id, 100 as count, 365 as days from bench_lifters where rostered union all select ${lifter}, 400, ${365 * LONG_YEARS}) c
     cross join lateral generate_series(1, c.count) i
     cross join lateral (select ${quote(world.startDate)}::timestamptz - (c.days * (c.count - i + 1) / c.count) * interval '1 day' as at) t`,
  )
  await exec(
    `insert into body_weights (client_id, measured_on, weight_kg)
     select l.id, ${quote(world.today)}::date - 7 * w, 70 + l.n % 30 from bench_lifters l cross join generate_series(0, 51) w where l.rostered`,
  )
  await bodyWeights(`${BODY_WEIGHT_DAYS}, 365 * ${LONG_YEARS}`)
  await exec('drop table bench_lifters')
  await exec('drop table bench_moves')
}

/**
 * The movements `history` trains (temporary table bench_moves, on the loading connection): the
 * built-in ones that track weight and reps, numbered from 0 with TRAINED_MOVEMENTS first.
 */
