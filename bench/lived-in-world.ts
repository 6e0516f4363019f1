import { spawnSync } from 'node:child_process'
import { dateOfPlanDay } from '../src/shared/plan-schedule.ts'
import type { BenchServer, BenchTarget } from './lib.ts'
import { addDays, link, quote, send, signInUser, sqlClient } from './lib.ts'
import { copyPlan, history, trainedMovements, type Exec } from './history-sql.ts'

/**
 * The lived-in bench's world: the demo's coach and clients, a lifter of four years with the
 * coach's plan under way, and the lifters who log beside them; loaded by SQL where a history would
 * already be there and through the API where the app makes it. Also the call and the set body
 * the screens use.
 */

export const LOGGERS = Number(process.env.BENCH_LIVED_IN_LOGGERS ?? 20)
const DEMO_COACH = 'coach@demo.coachline.app'
const DEMO_PASSWORD = 'CoachlineDemo1'
const TEMPLATE = 'Strength Foundations'
/** Today in the lifter's plan: week 4, day 3 (the template trains days 1, 3 and 5). */
const PLAN_WEEK = 4
const PLAN_DAY = 3
/** The four years before the plan: 4 sessions a week of 5 exercises x 5 sets. */
export const YEARS = 4
const HISTORY = { sessions: 4 * 52 * YEARS, exercises: 5, sets: 5 }
/** Finished blocks before the current one, one every 8 weeks. */
const OLD_PLANS = 24

export type User = { id: string; email: string; cookie: string }
export type World = {
  today: string
  coach: User
  lifter: User
  planId: string
  todayWorkoutId: string
  /** Last time's numbers for today's and the next workout, as the client asks them (movement ids sorted). */
  statsPaths: { today: string; next: string }
  /** A trained session of the plan with the coach's comment and the lifter's reply. */
  commentedSessionId: string
  /** A future day of the plan, which the coach's builder saves. */
  futureDay: { week: number; day: number; workout: unknown }
  loggers: User[]
  loggerMovements: { id: string; name: string; tracking: string }[]
}

type Tracking = 'weight_reps' | 'reps' | 'time' | 'distance_time'
type Target = { reps?: { min: number; max: number } | null; load?: { kind: string; value?: number } | null }
export type SessionExercise = {
  key: string
  movementId: string
  tracking: Tracking
  oneRepMaxMovementId?: string | null
  targets: Target[]
}
type PlanExercise = {
  movementId: string
  superset: string | null
  restSeconds: number | null
  tempo: string | null
  notes: string | null
  sets: unknown[]
  progression: { kind: string; linkedMovementId?: string | null } | null
}
type PlanWorkout = {
  id: string
  week: number
  day: number
  title: string
  notes: string | null
  exercises: PlanExercise[]
}
export type Plan = {
  id: string
  startDate: string | null
  trainingDays: number[] | null
  version: number
  workouts: PlanWorkout[]
}

/** One call as the app makes it (its cookie, JSON, the origin on writes); anything but 2xx throws. */
export async function api<T>(base: string, who: User, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { cookie: who.cookie, origin: base }
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await send(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (res.status < 200 || res.status > 299)
    throw new Error(`${method} ${path}: answer ${res.status} ${res.body.slice(0, 300)}`)
  return (res.body ? JSON.parse(res.body) : null) as T
}

/** A set as the logger sends it, for the exercise's tracking and its n-th target. */
export function setBody(exercise: SessionExercise, setNumber: number, variation = 0) {
  const target = exercise.targets[setNumber - 1]
  const reps = target?.reps ? target.reps.max - (variation % 2) : 8
  const base = { exerciseKey: exercise.key, setNumber, editedAt: new Date().toISOString() }
  switch (exercise.tracking) {
    case 'weight_reps':
      return { ...base, reps, loadKg: target?.load?.kind === 'kg' ? (target.load.value ?? 60) : 80, rpe: 8 }
    case 'reps':
      return { ...base, reps, rpe: 8 }
    case 'time':
      return { ...base, durationSeconds: 45 + (variation % 3) * 5 }
    case 'distance_time':
      return { ...base, durationSeconds: 300, distanceMeters: 1000 }
  }
}

/** A planned exercise's movements for the numbers shown with it: its own and the one its %1RM targets are a share of. */
const planned = (e: PlanExercise) => ({
  movementId: e.movementId,
  oneRepMaxMovementId: e.progression?.kind === 'percent_e1rm' ? (e.progression.linkedMovementId ?? null) : null,
})

/** Last time's numbers for some exercises, as the client asks: each movement once, sorted. */
export const statsPath = (exercises: { movementId: string; oneRepMaxMovementId?: string | null }[]) =>
  `/api/sessions/movement-stats?movementIds=${[...new Set(exercises.flatMap((e) => [e.movementId, e.oneRepMaxMovementId ?? e.movementId]))].sort().join(',')}`

// ---------- the data ----------

/** `npm run demo` on the target's database: DATABASE_URL for a separate server; for the embedded one, the app's data folder (the demo reaches its server through the socket while the app runs). */
export function runDemo(server: BenchServer, target: BenchTarget): string {
  const env = {
    ...process.env,
    DATABASE_URL: target.kind === 'postgres' ? target.url : '',
    DATA_DIR: server.dataDir,
    LOG_LEVEL: 'warn',
  }
  // --force: on a full run, the benches before this one left their users in the database.
  const demo = spawnSync('npm', ['run', '--silent', 'demo', '--', '--force'], { env, encoding: 'utf8' })
  if (demo.status !== 0) throw new Error(`npm run demo: exit ${demo.status}\n${demo.stdout}\n${demo.stderr}`)
  return (demo.stdout.split('\n')[0] ?? '').replace(/\.$/, '')
}

async function signInDemoCoach(base: string): Promise<User> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: DEMO_COACH, password: DEMO_PASSWORD }),
  })
  if (!res.ok) throw new Error(`the demo coach could not sign in: ${res.status} ${await res.text()}`)
  const { user } = (await res.json()) as { user: { id: string } }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { id: user.id, email: DEMO_COACH, cookie }
}

/** Today in the lifter's plan, and the day it started. */
const planStart = (today: string) => addDays(today, -((PLAN_WEEK - 1) * 7 + (PLAN_DAY - 1)))

/**
 * The lifter's four years before the plan, by SQL on one connection (history-sql.ts's history,
 * 4 sessions a week of 5 exercises x 5 sets) and a body weight every other day. Written before
 * the demo runs: what the demo does about the planner's statistics covers them too.
 */
export async function historyBySql(url: string, lifterId: string, today: string): Promise<void> {
  const client = await sqlClient(url)
  try {
    const exec: Exec = async (text) => (await client.query(text)).rows as Record<string, unknown>[]
    const lifter = quote(lifterId)
    const startDate = planStart(today)
    await trainedMovements(exec)
    await history(exec, `select ${lifter} as client_id, 0 as li`, {
      ...HISTORY,
      from: addDays(startDate, -365 * YEARS),
      to: `${startDate}T00:00:00Z`,
    })
    await exec('drop table bench_moves')
    await exec(
      `insert into body_weights (client_id, measured_on, weight_kg)
       select ${lifter}, ${quote(today)}::date - d, round((82 + 3 * sin(d / 60.0))::numeric, 1) from generate_series(0, ${365 * YEARS}, 2) d`,
    )
  } finally {
    await client.end()
  }
}

/**
 * The lifter joins the demo's coach, who assigns the template so that today is week 4 day 3; the
 * workouts due before today trained through the API set by set (one missed), the last one
 * commented on by the coach and answered; the other lifters who log in the second pass.
 */
export async function throughApi(
  server: BenchServer,
  lifter: User,
  today: string,
): Promise<{ world: World; trained: { id: string; date: string }[] }> {
  const base = server.url
  const coach = await signInDemoCoach(base)
  await link(server, DEMO_COACH, lifter.email)
  const own = await api<{ id: string; name: string; isTemplate: boolean }[]>(
    base,
    coach,
    'GET',
    '/api/plans?assigned=false',
  )
  const template = own.find((p) => p.isTemplate && p.name === TEMPLATE)
  if (!template) throw new Error(`the demo has no template '${TEMPLATE}'`)
  const startDate = planStart(today)
  const assigned = await api<{ id: string }>(base, coach, 'POST', `/api/plans/${template.id}/assign`, {
    clientId: lifter.id,
    startDate,
  })
  const plan = await api<Plan>(base, lifter, 'GET', `/api/plans/${assigned.id}`)
  const dateOf = (w: PlanWorkout) =>
    dateOfPlanDay({ startDate, trainingDays: plan.trainingDays }, w.week, w.day).toISOString().slice(0, 10)
  const dated = plan.workouts.map((w) => ({ ...w, date: dateOf(w) })).sort((a, b) => a.date.localeCompare(b.date))
  const todays = dated.find((w) => w.date === today)
  const next = dated.find((w) => w.date > today)
  if (!todays || !next) throw new Error(`the plan has no workout today (${today}) or none after it`)
  const due = dated.filter((w) => w.date < today)
  const missed = due[due.length - 4]?.id
  const trained: { id: string; date: string }[] = []
  for (const [n, w] of due.entries()) {
    if (w.id === missed) continue
    const session = await api<{ id: string; exercises: SessionExercise[] }>(base, lifter, 'POST', '/api/sessions', {
      id: crypto.randomUUID(),
      planWorkoutId: w.id,
    })
    for (const exercise of session.exercises) {
      for (let set = 1; set <= exercise.targets.length; set++) {
        await api(
          base,
          lifter,
          'PUT',
          `/api/sessions/${session.id}/sets/${crypto.randomUUID()}`,
          setBody(exercise, set, n + set),
        )
      }
    }
    await api(base, lifter, 'POST', `/api/sessions/${session.id}/finish`, { rpe: 8 })
    trained.push({ id: session.id, date: w.date })
  }
  const last = trained.at(-1)
  if (!last) throw new Error('no workout was trained')
  await api(base, coach, 'POST', `/api/sessions/${last.id}/comments`, {
    body: 'Good speed off the floor. Keep the bar close on the last reps.',
  })
  await api(base, lifter, 'POST', `/api/sessions/${last.id}/comments`, { body: 'Thanks! The last set was a grind.' })
  const future = dated.at(-1)
  if (!future) throw new Error('the plan has no workouts')
  const futureDay = {
    week: future.week,
    day: future.day,
    workout: {
      title: future.title,
      notes: future.notes,
      exercises: future.exercises.map(({ movementId, superset, restSeconds, tempo, notes, sets, progression }) => ({
        movementId,
        superset,
        restSeconds,
        tempo,
        notes,
        sets,
        progression,
      })),
    },
  }

  const loggers = await Promise.all(Array.from({ length: LOGGERS }, () => signInUser(base, 'client')))
  for (const logger of loggers) await link(server, DEMO_COACH, logger.email)
  const found = await api<{ items: { id: string; name: string; tracking: string }[] }>(
    base,
    lifter,
    'GET',
    '/api/movements?scope=builtin&q=press&limit=20',
  )
  const loggerMovements = found.items.filter((m) => m.tracking === 'weight_reps').slice(0, 3)
  if (loggerMovements.length < 3) throw new Error('not enough movements for the loggers')
  return {
    world: {
      today,
      coach,
      lifter,
      planId: assigned.id,
      todayWorkoutId: todays.id,
      statsPaths: { today: statsPath(todays.exercises.map(planned)), next: statsPath(next.exercises.map(planned)) },
      commentedSessionId: last.id,
      futureDay,
      loggers,
      loggerMovements,
    },
    trained,
  }
}

/**
 * What the coaching years left, by SQL: the trained sessions moved to their days, the coach since
 * four years, the blocks of those years, the coach's comments on one session in twenty and 400
 * messages.
 */
export async function coachingBySql(url: string, world: World, trained: { id: string; date: string }[]): Promise<void> {
  const client = await sqlClient(url)
  try {
    const exec: Exec = async (text) => (await client.query(text)).rows as Record<string, unknown>[]
    const lifter = quote(world.lifter.id)
    const coach = quote(world.coach.id)
    const startDate = planStart(world.today)
    await exec(
      `update workout_sessions s set started_at = v.day::date + time '18:00', completed_at = v.day::date + time '19:10', created_at = v.day::date + time '18:00'
       from (values ${trained.map((t) => `(${quote(t.id)}::uuid, ${quote(t.date)})`).join(', ')}) v(id, day) where s.id = v.id`,
    )
    await exec(
      `update set_logs l set logged_at = s.started_at + l.set_number * interval '3 minutes', edited_at = s.started_at + l.set_number * interval '3 minutes'
       from workout_sessions s where s.id = l.session_id and s.id in (${trained.map((t) => quote(t.id)).join(', ')})`,
    )
    await exec(
      `update session_comments c set created_at = s.completed_at + interval '2 hours' from workout_sessions s where s.id = c.session_id and s.client_id = ${lifter}`,
    )
    await exec(
      `update coach_clients set since = ${quote(startDate)}::date - ${365 * YEARS} where client_id = ${lifter}`,
    )
    await copyPlan(
      exec,
      world.planId,
      `select ${lifter} as client_id, 'completed' as status, k, ${quote(startDate)}::date - 56 * k as start_date from generate_series(1, ${OLD_PLANS}) k`,
    )
    await exec(
      `insert into session_comments (session_id, author_id, body, created_at, read_at)
       select s.id, ${coach}, 'Nice work on this one, watch the depth.', s.completed_at + interval '2 hours', s.completed_at + interval '5 hours'
       from workout_sessions s where s.client_id = ${lifter} and s.plan_id is null and hashtext(s.id::text) % 20 = 0`,
    )
    await exec(
      `insert into messages (id, coach_id, client_id, sender_id, body, created_at, delivered_at, read_at)
       select gen_random_uuid(), ${coach}, ${lifter}, case when i % 2 = 0 then ${coach} else ${lifter} end, 'An older message about training ' || i, t.at, t.at, t.at + interval '1 hour'
       from generate_series(1, 400) i
       cross join lateral (select ${quote(startDate)}::timestamptz - (${365 * YEARS} * (401 - i) / 400) * interval '1 day' as at) t`,
    )
  } finally {
    await client.end()
  }
}

/** What the database holds, and how fresh the planner's statistics of the big tables are (the bench runs no ANALYZE). */
export async function describe(
  url: string,
  world: World,
): Promise<{ sets: number; lifterSets: number; statistics: string }> {
  const client = await sqlClient(url)
  try {
    const [count] = (
      await client.query<{ sets: number; lifter: number }>(
        `select (select count(*) from set_logs)::int as sets,
           (select count(*) from set_logs l join workout_sessions s on s.id = l.session_id where s.client_id = $1)::int as lifter`,
        [world.lifter.id],
      )
    ).rows
    const tables = (
      await client.query<{ relname: string; analyzed: Date | null; changed: string }>(
        `select relname, greatest(last_analyze, last_autoanalyze) as analyzed, n_mod_since_analyze::text as changed
         from pg_stat_user_tables where relname in ('set_logs', 'workout_sessions', 'lifetime_totals') order by relname`,
      )
    ).rows
    const statistics = tables
      .map(
        (t) =>
          `${t.relname} ${t.analyzed ? `analyzed ${Math.round((Date.now() - t.analyzed.getTime()) / 1000)} s ago` : 'never analyzed'} (${t.changed} rows changed since)`,
      )
      .join('; ')
    return { sets: count?.sets ?? 0, lifterSets: count?.lifter ?? 0, statistics }
  } finally {
    await client.end()
  }
}
