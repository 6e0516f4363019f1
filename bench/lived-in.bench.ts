import { spawnSync } from 'node:child_process'
import { localToday, monthsBefore } from '../src/client/lib/dates.ts'
import { dateOfPlanDay } from '../src/shared/plan-schedule.ts'
import type { BenchServer, BenchTarget } from './lib.ts'
import { addDays, link, percentile, quote, send, signInUser, sqlClient } from './lib.ts'
import { explainKey, explainSlowCalls } from './lived-in-explain.ts'
import { copyPlan, history, trainedMovements, type Exec } from './scale.bench.ts'

/**
 * Lived-in: the daily screens as people open them, on the demo's data and a lifter of four years.
 *
 * On each database: a lifter with four years of training by SQL (4 sessions a week of 5
 * exercises x 5 sets, ~21,000 sets) and body weights; then `npm run demo` (a coach, five clients,
 * twelve weeks of a plan); then the lifter joins the demo's coach, who assigns the template three
 * weeks and two days ago (today is week 4 day 3, a workout), the workouts due before today are
 * trained through the API, and SQL adds the coaching years: old blocks, comments, messages. The
 * bulk load comes before the demo as a history would be there before it: the planner's
 * statistics are what the app and the database make of them (the bench runs no ANALYZE; it
 * prints when the big tables were last analyzed).
 *
 * Then it replays every call of each daily screen, in the order the page makes them and side by
 * side where the page makes them side by side (the client's route components and query hooks),
 * COUNT times, the screens in turn: the lifter's home, workout preview, start and the session
 * logger, logging sets, finish and its summary, a past summary, progress, the calendar, chat; the
 * coach's dashboard, roster, client detail, session review and plan builder. Every start is a new
 * session of today's workout, logged and finished, so the history keeps growing. A second pass
 * runs the same while LOGGERS other lifters of the coach each log a set every 1-2 s in their own
 * sessions; the two passes alternate in blocks. Figures are printed, never asserted; any answer
 * that is not 2xx fails the bench.
 */
const COUNT = Number(process.env.BENCH_LIVED_IN_COUNT ?? 100)
const LOGGERS = Number(process.env.BENCH_LIVED_IN_LOGGERS ?? 20)
const BLOCKS = 4
const CALL_TARGET_MS = 50
const START_TARGET_MS = 1000
const LOAD_RATIO_TARGET = 2
const LOGGER_REST_MS: [number, number] = [1000, 2000]
const LOGGER_SETS = 15
/**
 * The plans of the statements of calls whose quiet p95 is at or over this (BENCH_LIVED_IN_EXPLAIN
 * milliseconds, the call target unless set; 'off' leaves them out, 0 prints every call's).
 */
const EXPLAIN_MS =
  process.env.BENCH_LIVED_IN_EXPLAIN === 'off' ? Infinity : Number(process.env.BENCH_LIVED_IN_EXPLAIN ?? CALL_TARGET_MS)

const DEMO_COACH = 'coach@demo.coachline.app'
const DEMO_PASSWORD = 'CoachlineDemo1'
const TEMPLATE = 'Strength Foundations'
/** Today in the lifter's plan: week 4, day 3 (the template trains days 1, 3 and 5). */
const PLAN_WEEK = 4
const PLAN_DAY = 3
/** The four years before the plan: 4 sessions a week of 5 exercises x 5 sets. */
const YEARS = 4
const HISTORY = { sessions: 4 * 52 * YEARS, exercises: 5, sets: 5 }
/** Finished blocks before the current one, one every 8 weeks. */
const OLD_PLANS = 24

type User = { id: string; email: string; cookie: string }
type World = {
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
type SessionExercise = {
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
type Plan = {
  id: string
  startDate: string | null
  trainingDays: number[] | null
  version: number
  workouts: PlanWorkout[]
}

const between = ([low, high]: [number, number]) => low + Math.random() * (high - low)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (since: number) => (performance.now() - since) / 1000

/** One call as the app makes it (its cookie, JSON, the origin on writes); anything but 2xx throws. */
async function api<T>(base: string, who: User, method: string, path: string, body?: unknown): Promise<T> {
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
function setBody(exercise: SessionExercise, setNumber: number, variation = 0) {
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
const statsPath = (exercises: { movementId: string; oneRepMaxMovementId?: string | null }[]) =>
  `/api/sessions/movement-stats?movementIds=${[...new Set(exercises.flatMap((e) => [e.movementId, e.oneRepMaxMovementId ?? e.movementId]))].sort().join(',')}`

// ---------- the data ----------

/** `npm run demo` on the target's database: DATABASE_URL for a separate server; for the embedded one, the app's data folder (the demo reaches its server through the socket while the app runs). */
function runDemo(server: BenchServer, target: BenchTarget): string {
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
 * The lifter's four years before the plan, by SQL on one connection (scale.bench.ts's history,
 * 4 sessions a week of 5 exercises x 5 sets) and a body weight every other day. Written before
 * the demo runs: what the demo does about the planner's statistics covers them too.
 */
async function historyBySql(url: string, lifterId: string, today: string): Promise<void> {
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
async function throughApi(
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
async function coachingBySql(url: string, world: World, trained: { id: string; date: string }[]): Promise<void> {
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
async function describe(url: string, world: World): Promise<{ sets: number; lifterSets: number; statistics: string }> {
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

// ---------- the screens ----------

/** Latencies by screen, then by call, in the order first made. */
type Timings = Map<string, Map<string, number[]>>
type Call = <T>(name: string, who: User, method: string, path: string, body?: unknown) => Promise<T>
/** A row of the screen's own beside its calls (a moment inside it). */
type Mark = (row: string, ms: number) => void
type Screen = { name: string; run: (call: Call, rep: number, mark: Mark) => Promise<void> }

/** The wall time of a whole screen (its first call to its last answer), as a row of its own. */
const WHOLE = 'the screen, first call to last answer'
const CAN_LOG = 'to a logger that can log (start + session)'

/**
 * The screens, in the order a day's use makes them. Each calls what its page calls, in the page's
 * order; `Promise.all` where the page's queries start together. On screens reached from another,
 * the answers React Query still holds (fresh for 5 minutes) are not asked again.
 */
function screens(base: string, world: World, state: { sessionId: string; exercises: SessionExercise[] }): Screen[] {
  const { lifter, coach, today } = world
  const local = `today=${today}&utcOffsetMinutes=0`
  const since = monthsBefore(today, 3)
  const yesterday = new Date(Date.now() - 86_400_000).toISOString()
  // useActivePlan: the plans in use, then the plan and its sessions together.
  const activePlan = async (call: Call) => {
    const plans = await call<{ id: string; status: string; clientId: string | null }[]>(
      'GET /api/plans?completed=false',
      lifter,
      'GET',
      '/api/plans?completed=false',
    )
    const plan = plans.find((p) => p.status === 'active' && p.clientId === lifter.id)
    if (!plan) throw new Error('the lifter has no active plan')
    await Promise.all([
      call('GET /api/plans/:id', lifter, 'GET', `/api/plans/${plan.id}`),
      call('GET /api/sessions?planId=…&limit=100', lifter, 'GET', `/api/sessions?planId=${plan.id}&limit=100`),
    ])
  }
  // The progress view: the overview, then the e1RM chart of its first movement over the last 3 months.
  const progress = async (call: Call, who: User, clientId?: string) => {
    const client = clientId ? `clientId=${clientId}&` : ''
    const overview = await call<{ movements: { movementId: string }[] }>(
      'GET /api/progress',
      who,
      'GET',
      `/api/progress?${client}${local}`,
    )
    const first = overview.movements[0]
    if (first)
      await call(
        'GET /api/progress/e1rm (3 months)',
        who,
        'GET',
        `/api/progress/e1rm?${client}movementId=${first.movementId}&since=${since}&${local}`,
      )
  }
  // A summary with the other side's comments: the report, marking them read, the unread count again.
  const summary = async (call: Call, who: User, sessionId: string) => {
    await call('GET /api/sessions/:id/report', who, 'GET', `/api/sessions/${sessionId}/report`)
    await call('POST /api/sessions/:id/comments/read', who, 'POST', `/api/sessions/${sessionId}/comments/read`, {})
    await call('GET /api/sessions/comments/unread', who, 'GET', '/api/sessions/comments/unread')
  }
  return [
    {
      // The app opened on /home: who am I, then the frame's badges and the page's queries
      // together; once the plan is in, the device keeps last time's numbers for today's and the
      // next workout for no signal (useKeepGymScreens), which the preview then reads from the cache.
      name: 'lifter: home (the app opened on /home)',
      run: async (call) => {
        await call('GET /api/me', lifter, 'GET', '/api/me')
        await Promise.all([
          (async () => {
            await activePlan(call)
            await Promise.all([
              call('GET /api/sessions/movement-stats (today’s workout)', lifter, 'GET', world.statsPaths.today),
              call('GET /api/sessions/movement-stats (the next workout)', lifter, 'GET', world.statsPaths.next),
            ])
          })(),
          call('GET /api/sessions?limit=3', lifter, 'GET', '/api/sessions?limit=3'),
          call('GET /api/profile/coach', lifter, 'GET', '/api/profile/coach'),
          call('GET /api/sessions/comments/unread', lifter, 'GET', '/api/sessions/comments/unread'),
          call('GET /api/chat/conversations', lifter, 'GET', '/api/chat/conversations'),
        ])
      },
    },
    {
      // Last time's numbers are home's, still fresh: the workout is the one call.
      name: 'lifter: workout preview (today’s workout)',
      run: async (call) => {
        await call('GET /api/plans/workouts/:id', lifter, 'GET', `/api/plans/workouts/${world.todayWorkoutId}`)
      },
    },
    {
      // 'Start workout': the start, then the logger's session and its 'last time' figures; the
      // start's invalidation refetches the frame's unread comments meanwhile.
      name: 'lifter: Start workout → the session logger',
      run: async (call, _rep, mark) => {
        const t0 = performance.now()
        const started = await call<{ id: string }>('POST /api/sessions', lifter, 'POST', '/api/sessions', {
          id: crypto.randomUUID(),
          planWorkoutId: world.todayWorkoutId,
        })
        state.sessionId = started.id
        await Promise.all([
          (async () => {
            const session = await call<{ exercises: SessionExercise[] }>(
              'GET /api/sessions/:id',
              lifter,
              'GET',
              `/api/sessions/${started.id}`,
            )
            state.exercises = session.exercises
            mark(CAN_LOG, performance.now() - t0)
            await call('GET /api/sessions/movement-stats', lifter, 'GET', statsPath(session.exercises))
          })(),
          call('GET /api/sessions/comments/unread', lifter, 'GET', '/api/sessions/comments/unread'),
        ])
      },
    },
    {
      name: 'lifter: logging sets (the first set of each exercise)',
      run: async (call, rep) => {
        for (const exercise of state.exercises) {
          await call(
            'PUT /api/sessions/:id/sets/:setId',
            lifter,
            'PUT',
            `/api/sessions/${state.sessionId}/sets/${crypto.randomUUID()}`,
            setBody(exercise, 1, rep),
          )
        }
      },
    },
    {
      // useFinishSession: the finish, the session page's queries refetched, then the summary.
      name: 'lifter: finish → its summary',
      run: async (call) => {
        await call('POST /api/sessions/:id/finish', lifter, 'POST', `/api/sessions/${state.sessionId}/finish`, {
          rpe: 8,
          notes: null,
        })
        await Promise.all([
          call('GET /api/sessions/movement-stats', lifter, 'GET', statsPath(state.exercises)),
          call('GET /api/sessions/comments/unread', lifter, 'GET', '/api/sessions/comments/unread'),
        ])
        await call('GET /api/sessions/:id/report', lifter, 'GET', `/api/sessions/${state.sessionId}/report`)
      },
    },
    {
      name: 'lifter: a past summary with the coach’s comment',
      run: (call) => summary(call, lifter, world.commentedSessionId),
    },
    { name: 'lifter: progress', run: (call) => progress(call, lifter) },
    { name: 'lifter: calendar (/mesocycle)', run: (call) => activePlan(call) },
    {
      // The coach wrote (not timed); the lifter opens the chat, reads it, and answers.
      name: 'lifter: chat (a new message from the coach)',
      run: async (call, rep) => {
        await api(base, coach, 'POST', `/api/chat/${lifter.id}/messages`, {
          id: crypto.randomUUID(),
          body: `How did today feel? (${rep})`,
        })
        const conversations = await call<{ items: { otherId: string; active: boolean }[] }>(
          'GET /api/chat/conversations',
          lifter,
          'GET',
          '/api/chat/conversations',
        )
        const other = conversations.items.find((c) => c.active)?.otherId
        if (other !== coach.id) throw new Error('the lifter’s conversation is not with the demo coach')
        const page = await call<{ items: { seq: number; senderId: string; readAt: string | null }[] }>(
          'GET /api/chat/:other/messages',
          lifter,
          'GET',
          `/api/chat/${other}/messages`,
        )
        const unread = page.items.reduce(
          (max, m) => (m.senderId !== lifter.id && !m.readAt && m.seq > max ? m.seq : max),
          0,
        )
        if (unread) {
          await call('POST /api/chat/:other/read', lifter, 'POST', `/api/chat/${other}/read`, { upTo: unread })
          await call('GET /api/chat/conversations (again, read)', lifter, 'GET', '/api/chat/conversations')
        }
        await call('POST /api/chat/:other/messages (the answer)', lifter, 'POST', `/api/chat/${other}/messages`, {
          id: crypto.randomUUID(),
          body: 'Good, the deadlifts moved well.',
        })
      },
    },
    {
      // The app opened on /coach: who am I; the dashboard with the frame's badges; then the
      // dashboard's progression proposals, which render once it has answered.
      name: 'coach: dashboard (the app opened on /coach)',
      run: async (call) => {
        await call('GET /api/me', coach, 'GET', '/api/me')
        await Promise.all([
          (async () => {
            await call(
              'GET /api/clients/dashboard',
              coach,
              'GET',
              `/api/clients/dashboard?today=${today}&since=${encodeURIComponent(yesterday)}`,
            )
            await call('GET /api/progression/proposals', coach, 'GET', '/api/progression/proposals')
          })(),
          call('GET /api/chat/conversations', coach, 'GET', '/api/chat/conversations'),
          call('GET /api/sessions/comments/unread', coach, 'GET', '/api/sessions/comments/unread'),
        ])
      },
    },
    {
      name: 'coach: roster (/coach/clients)',
      run: async (call) => {
        await Promise.all([
          call('GET /api/plans?assigned=false', coach, 'GET', '/api/plans?assigned=false'),
          call('GET /api/invites', coach, 'GET', '/api/invites'),
          call('GET /api/clients', coach, 'GET', `/api/clients?today=${today}`),
        ])
      },
    },
    {
      // Details of the four-year lifter on the roster (its own plans are the page's already).
      name: 'coach: client detail (the four-year lifter)',
      run: async (call) => {
        await Promise.all([
          call('GET /api/sessions?clientId=…&limit=10', coach, 'GET', `/api/sessions?clientId=${lifter.id}&limit=10`),
          call('GET /api/plans/:id', coach, 'GET', `/api/plans/${world.planId}`),
          progress(call, coach, lifter.id),
        ])
      },
    },
    {
      name: 'coach: session review (the lifter’s summary)',
      run: (call) => summary(call, coach, world.commentedSessionId),
    },
    {
      // The roster's link to the lifter's plan; then one autosave of a day, as an edit makes.
      name: 'coach: plan builder (/coach/program/:id)',
      run: async (call) => {
        const plan = await call<Plan>('GET /api/plans/:id', coach, 'GET', `/api/plans/${world.planId}`)
        const { week, day, workout } = world.futureDay
        await call(
          'PUT /api/plans/:id/days/:week/:day (autosave)',
          coach,
          'PUT',
          `/api/plans/${world.planId}/days/${week}/${day}`,
          { version: plan.version, workout },
        )
      },
    },
  ]
}

// ---------- timing ----------

/** The screens replayed in turn, once per `round`, each call timed into `into` (nothing for a warm-up round). */
function replayer(base: string, world: World) {
  const state = { sessionId: '', exercises: [] as SessionExercise[] }
  const list = screens(base, world, state)
  const timings = (): Timings => new Map(list.map((screen) => [screen.name, new Map()]))
  const round = async (into: Timings | null, rep: number) => {
    for (const screen of list) {
      const rows = into?.get(screen.name)
      // Rows in the order the calls are made, whichever answers first.
      const row = (name: string) => rows && (rows.get(name) ?? rows.set(name, []).get(name))
      const add: Mark = (name, ms) => void row(name)?.push(ms)
      const call = async <T>(name: string, who: User, method: string, path: string, body?: unknown): Promise<T> => {
        row(name)
        const t0 = performance.now()
        const answer = await api<T>(base, who, method, path, body)
        add(name, performance.now() - t0)
        return answer
      }
      const t0 = performance.now()
      await screen.run(call, rep, add)
      add(WHOLE, performance.now() - t0)
    }
  }
  return { timings, round }
}

/**
 * Both passes, COUNT rounds each, in BLOCKS alternating blocks (quiet, then busy while the other
 * lifters log): a machine that gets busier or quieter meanwhile, and the sessions each round
 * adds, weigh on both passes alike.
 */
async function measure(base: string, world: World): Promise<{ quiet: Timings; busy: Timings; theirs: number[] }> {
  const replay = replayer(base, world)
  const quiet = replay.timings()
  const busy = replay.timings()
  const theirs: number[] = []
  for (let rep = 0; rep < 3; rep++) await replay.round(null, rep)
  for (let done = 0; done < COUNT;) {
    const rounds = Math.min(Math.ceil(COUNT / BLOCKS), COUNT - done)
    for (let i = 0; i < rounds; i++) await replay.round(quiet, done + i)
    const loggers = startLoggers(base, world)
    // Every lifter at it before the first timed call.
    await sleep(LOGGER_REST_MS[1] * 2)
    for (let i = 0; i < rounds; i++) await replay.round(busy, done + i)
    theirs.push(...(await loggers.stop()))
    done += rounds
  }
  return { quiet, busy, theirs }
}

/**
 * The other lifters at a busy gym: each in a session of its own (three exercises), a set every
 * 1-2 s, finished after LOGGER_SETS sets and another started, until `stop`.
 */
function startLoggers(base: string, world: World): { stop: () => Promise<number[]> } {
  let running = true
  const latencies: number[] = []
  const runs = world.loggers.map(async (logger, i) => {
    await sleep((i * LOGGER_REST_MS[1]) / world.loggers.length)
    while (running) {
      const exercises = world.loggerMovements.map((m) => ({
        key: crypto.randomUUID(),
        movementId: m.id,
        movementName: m.name,
        tracking: m.tracking,
        prescriptionId: null,
        superset: null,
        restSeconds: 90,
        notes: null,
        targets: [],
      }))
      const id = crypto.randomUUID()
      await api(base, logger, 'POST', '/api/sessions', { id, title: 'Evening session', exercises })
      for (let set = 0; set < LOGGER_SETS && running; set++) {
        await sleep(between(LOGGER_REST_MS))
        const exercise = exercises[set % exercises.length]
        const body = {
          exerciseKey: exercise?.key,
          setNumber: 1 + Math.floor(set / exercises.length),
          reps: 5,
          loadKg: 60 + set,
          rpe: 8,
          editedAt: new Date().toISOString(),
        }
        const t0 = performance.now()
        await api(base, logger, 'PUT', `/api/sessions/${id}/sets/${crypto.randomUUID()}`, body)
        latencies.push(performance.now() - t0)
      }
      await api(base, logger, 'POST', `/api/sessions/${id}/finish`, { rpe: 8 })
    }
  })
  // Caught from the start: a lifter failing while the pass runs fails the bench when it stops.
  const failures: unknown[] = []
  const settled = Promise.all(runs.map((run) => run.catch((error: unknown) => void failures.push(error))))
  return {
    stop: async () => {
      running = false
      await settled
      if (failures.length)
        throw new Error(
          `lived-in: ${failures.length} of the logging lifters failed: ${failures.map(String).slice(0, 3).join('; ')}`,
        )
      return latencies
    },
  }
}

// ---------- the report ----------

type Stat = { n: number; p50: number; p95: number; p99: number }
const statOf = (latencies: number[]): Stat => {
  const sorted = [...latencies].sort((a, b) => a - b)
  return { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) }
}
const ms = (value: number) => value.toFixed(1).padStart(8)
const isCall = (row: string) => row !== WHOLE && row !== CAN_LOG

function table(title: string, timings: Timings, quiet?: Timings): void {
  console.log(`\n  ${title}`)
  console.log(`  ${'screen / call'.padEnd(62)}     n      p50      p95      p99${quiet ? '   p95 / quiet' : ''}`)
  for (const [screen, rows] of timings) {
    console.log(`  ${screen}`)
    for (const [row, latencies] of rows) {
      const s = statOf(latencies)
      const before = quiet?.get(screen)?.get(row)
      const ratio = before ? s.p95 / statOf(before).p95 : null
      const name = isCall(row) ? `  ${row}` : `  = ${row}`
      console.log(
        `  ${name.padEnd(62)} ${String(s.n).padStart(5)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)}${ratio === null ? '' : `   ${ratio.toFixed(2).padStart(6)}${ratio > LOAD_RATIO_TARGET && isCall(row) ? ' over' : ''}`}`,
      )
    }
  }
}

/** Every call row of a pass, with the screen it belongs to. */
const callsOf = (timings: Timings) =>
  [...timings].flatMap(([screen, rows]) =>
    [...rows].filter(([row]) => isCall(row)).map(([row, latencies]) => ({ screen, row, stat: statOf(latencies) })),
  )

function targets(quiet: Timings, busy: Timings): void {
  console.log('\n  targets')
  const slow = callsOf(quiet).filter((c) => c.stat.p95 >= CALL_TARGET_MS)
  console.log(
    `    every call's p95 under ${CALL_TARGET_MS} ms (quiet): ${slow.length ? `NOT met by ${slow.length}:` : 'met'}` +
      slow.map((c) => `\n      ${c.screen} · ${c.row}: p95 ${c.stat.p95.toFixed(0)} ms`).join(''),
  )
  const start = [...quiet].find(([screen]) => screen.includes('Start workout'))?.[1].get(WHOLE)
  const busyStart = [...busy].find(([screen]) => screen.includes('Start workout'))?.[1].get(WHOLE)
  const p95 = start ? statOf(start).p95 : NaN
  console.log(
    `    Start workout → a logger with its last-time figures under ${START_TARGET_MS} ms (p95): ${p95.toFixed(0)} ms quiet, ${busyStart ? statOf(busyStart).p95.toFixed(0) : '–'} ms busy: ${p95 < START_TARGET_MS ? 'met' : 'NOT met'}`,
  )
  const before = new Map(callsOf(quiet).map((c) => [`${c.screen}\u0000${c.row}`, c.stat.p95]))
  const doubled = callsOf(busy)
    .map((c) => ({ ...c, ratio: c.stat.p95 / (before.get(`${c.screen}\u0000${c.row}`) ?? NaN) }))
    .filter((c) => c.ratio > LOAD_RATIO_TARGET)
  console.log(
    `    with ${LOGGERS} lifters logging, no call's p95 above ${LOAD_RATIO_TARGET}x the quiet one: ${doubled.length ? `NOT met by ${doubled.length}:` : 'met'}` +
      doubled
        .map((c) => `\n      ${c.screen} · ${c.row}: ${c.ratio.toFixed(2)}x (p95 ${c.stat.p95.toFixed(0)} ms)`)
        .join(''),
  )
}

export async function benchLivedIn(server: BenchServer, label: string, target: BenchTarget): Promise<void> {
  const began = performance.now()
  const today = localToday()
  const lifter = await signInUser(server.url, 'client')
  await historyBySql(target.url, lifter.id, today)
  const historySeconds = seconds(began)
  const demo = runDemo(server, target)
  const rest = performance.now()
  const { world, trained } = await throughApi(server, lifter, today)
  await coachingBySql(target.url, world, trained)
  const loadSeconds = historySeconds + seconds(rest)
  const loaded = await describe(target.url, world)
  console.log(
    `\n${label}: lived-in, the demo and a four-year lifter. ${demo}; the lifter: ${loaded.lifterSets.toLocaleString('en')} sets over ${YEARS} years ` +
      `(loaded in ${loadSeconds.toFixed(0)} s), ${loaded.sets.toLocaleString('en')} sets in all. Each screen ${COUNT} times a pass, in turn, the passes in ${BLOCKS} alternating blocks.`,
  )
  console.log(`  planner statistics before the first pass (the bench runs no ANALYZE): ${loaded.statistics}`)

  const { quiet, busy, theirs } = await measure(server.url, world)
  table('pass 1, quiet (ms)', quiet)
  table(
    `pass 2, while ${LOGGERS} other lifters log a set every ${LOGGER_REST_MS[0] / 1000}-${LOGGER_REST_MS[1] / 1000} s each (ms)`,
    busy,
    quiet,
  )
  const logged = statOf(theirs)
  console.log(
    `  their sets: ${logged.n} logged, p50 ${logged.p50.toFixed(1)} ms, p95 ${logged.p95.toFixed(1)} ms, p99 ${logged.p99.toFixed(1)} ms`,
  )
  targets(quiet, busy)
  const after = await describe(target.url, world)
  console.log(`  planner statistics after: ${after.statistics}`)
  // The slowest p95 of each call over the threshold (a call made on several screens is run once).
  const slow = new Map<string, number>()
  for (const c of callsOf(quiet)) {
    const key = explainKey(c.screen, c.row)
    if (c.stat.p95 >= EXPLAIN_MS) slow.set(key, Math.max(slow.get(key) ?? 0, c.stat.p95))
  }
  if (slow.size) {
    const { today, coach, lifter, planId, todayWorkoutId, commentedSessionId, futureDay, statsPaths } = world
    const idsOf = (path: string) => new URL(path, server.url).searchParams.get('movementIds')?.split(',') ?? []
    await explainSlowCalls(
      target.url,
      {
        today,
        since: monthsBefore(today, 3),
        coachId: coach.id,
        lifterId: lifter.id,
        planId,
        todayWorkoutId,
        statsIds: { today: idsOf(statsPaths.today), next: idsOf(statsPaths.next) },
        commentedSessionId,
        futureDay,
      },
      slow,
      EXPLAIN_MS,
    )
  }
  console.log(`  scenario took ${seconds(began).toFixed(0)} s in all`)
}
