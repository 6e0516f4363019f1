import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { embeddedUrl } from '../src/server/db/embedded-postgres.ts'
import { monthsBefore } from '../src/client/lib/dates.ts'
import { explainSlowest } from './scale-explain.ts'
import type { BenchServer, BenchTarget } from './lib.ts'
import { send, signInUser, sqlClient, startServer, dateOf, addDays, mondayOf, quote, TRAINED_MOVEMENTS } from './lib.ts'

/**
 * Flat as history grows: the calls of the screens a lifter and a coach open every day, timed on a
 * database of ~1,000,000 logged sets (1,000 lifters with a year of training, one lifter with four
 * years, a coach with 200 clients) beside the same calls on a small one of ~1,800 sets (the same
 * coach and roster, the lifter with the last three months of the same four years). What the
 * screens show of the recent past is the same in both: the plan and its sessions, the roster's
 * latest session each, and the lifter's last three months of training and year of body weights
 * (the progress page's and the e1RM chart's windows). What differs is the history before them, so
 * a ratio above 1 is the cost of history. Both servers run at once and each call alternates between
 * them, so a busy machine slows both alike.
 */

/** Lifters with a year of history (the coach's other 199 clients are among them). */
const LIFTERS = Number(process.env.BENCH_SCALE_LIFTERS ?? 1000)
/**
 * Timed calls per figure and database. The p95 of 200 is the tenth slowest: one scheduling
 * hiccup of a few milliseconds no longer decides the figure of a call that takes five.
 */
const COUNT = Number(process.env.BENCH_SCALE_COUNT ?? 200)
/** A folder to keep the loaded databases in, and take them from on the next run (saves the load). */
const KEEP = process.env.BENCH_SCALE_KEEP
const ROSTER = 200
const TARGET_RATIO = 1.3
/** A year of training: ~2.4 sessions a week of 4 exercises x 2 sets (~984 sets). */
const LIFTER_SESSIONS = 123
const LIFTER_EXERCISES = 4
const LIFTER_SETS = 2
/** The four-year lifter: 4 sessions a week of 5 exercises x 4 sets. */
const LONG_YEARS = 4
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
const MOVEMENTS = TRAINED_MOVEMENTS

/** One statement on the loading connection, its rows. */
export type Exec = (text: string) => Promise<Record<string, unknown>[]>
type Size = 'small' | 'big'
type User = { id: string; email: string; cookie: string }
/** What the timed calls name: made through the API before the load. */
type World = {
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
type Loaded = { world: World; sets: number; lifterSets: number; loadSeconds: number }

/** One database of one size: made, or taken from BENCH_SCALE_KEEP. */
type Store = {
  /** A server on it (the caller stops it). */
  start: () => Promise<BenchServer>
  /** The database's address while `server`, one that `start` made, runs (SQL beside the app's). */
  urlOf: (server: BenchServer) => string
  drop: () => Promise<void>
  fresh: boolean
  metaFile: string | null
}

async function storeOf(target: BenchTarget, size: Size): Promise<Store> {
  const metaFile = KEEP ? join(KEEP, `${target.kind}-${size}.json`) : null
  if (KEEP) mkdirSync(KEEP, { recursive: true })
  const fresh = !metaFile || !existsSync(metaFile)
  if (target.kind === 'embedded') {
    // A data folder of its own, with the embedded server each app server on it runs.
    const folder = KEEP ? join(KEEP, `embedded-${size}`) : null
    const dataDir = folder ?? mkdtempSync(join(tmpdir(), `coachline-bench-scale-${size}-`))
    if (fresh) rmSync(dataDir, { recursive: true, force: true })
    mkdirSync(dataDir, { recursive: true })
    return {
      fresh,
      metaFile,
      start: () => startServer({}, { dataDir }),
      urlOf: (server) => embeddedUrl(server.dataDir),
      drop: async () => {
        if (!KEEP) rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  // Kept databases are named after their folder, so two kept sets can share one PostgreSQL server.
  const name = KEEP
    ? `coachline_scale_${size}_${KEEP.replace(/[^a-z0-9]/gi, '')
        .toLowerCase()
        .slice(-20)}`
    : `coachline_scale_${size}_${Date.now()}`
  const url = new URL(target.url)
  url.pathname = `/${name}`
  const admin = new pg.Client({ connectionString: target.url })
  await admin.connect()
  try {
    if (fresh) {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.query(`create database ${name}`)
    }
  } finally {
    await admin.end()
  }
  return {
    fresh,
    metaFile,
    start: () => startServer({ DATABASE_URL: url.toString() }),
    urlOf: () => url.toString(),
    drop: async () => {
      if (KEEP) return
      const again = new pg.Client({ connectionString: target.url })
      await again.connect()
      await again.query(`drop database if exists ${name} with (force)`)
      await again.end()
    },
  }
}

export async function benchScale(_server: BenchServer, label: string, target: BenchTarget): Promise<void> {
  const started = performance.now()
  const stores = { small: await storeOf(target, 'small'), big: await storeOf(target, 'big') }
  try {
    const loaded = { small: await prepare(stores.small, 'small'), big: await prepare(stores.big, 'big') }
    const servers = { small: await stores.small.start(), big: await stores.big.start() }
    // The servers stay up to the end: the EXPLAIN runs on the big one's database.
    try {
      const { results, peak } = await measure(servers, loaded)
      print(label, loaded, results, peak)
      const explain = Number(process.env.BENCH_SCALE_EXPLAIN ?? 4)
      if (explain > 0) await explainSlowest(stores.big.urlOf(servers.big), loaded.big.world, explain)
    } finally {
      await servers.small.stop()
      await servers.big.stop()
    }
    console.log(`  scenario took ${((performance.now() - started) / 1000).toFixed(0)} s in all`)
  } finally {
    await stores.small.drop()
    await stores.big.drop()
  }
}

function print(label: string, loaded: Record<Size, Loaded>, results: Row[], peak: Record<Size, number>): void {
  console.log(
    `\n${label}: flat as history grows. Big: ${loaded.big.sets.toLocaleString('en')} sets (the lifter ${loaded.big.lifterSets.toLocaleString('en')}, ` +
      `${LONG_YEARS} years), ${LIFTERS} lifters${loaded.big.loadSeconds ? `, loaded in ${loaded.big.loadSeconds.toFixed(0)} s` : ' (kept)'}; ` +
      `small: ${loaded.small.sets.toLocaleString('en')} sets (the lifter ${loaded.small.lifterSets.toLocaleString('en')}). ` +
      `Both with a coach of ${ROSTER} clients. ${COUNT} calls each, alternating.`,
  )
  // The p50 ratio beside the target's p95 one: on a busy machine a p95 is one slow moment.
  console.log(
    '  call                                          small p50   p95 |  big p50     p95 | p95 big/small  (p50)',
  )
  for (const r of results) {
    const ratio = r.big.p95 / r.small.p95
    console.log(
      `  ${r.name.padEnd(44)} ${r.small.p50.toFixed(1).padStart(8)} ${r.small.p95.toFixed(1).padStart(6)} | ${r.big.p50.toFixed(1).padStart(7)} ${r.big.p95.toFixed(1).padStart(7)} | ${ratio.toFixed(2).padStart(6)}${ratio > TARGET_RATIO ? ' over' : '     '}  (${(r.big.p50 / r.small.p50).toFixed(2)})`,
    )
  }
  const over = results.filter((r) => r.big.p95 / r.small.p95 > TARGET_RATIO)
  console.log(
    over.length
      ? `  over target (p95 ratio > ${TARGET_RATIO}): ${over.map((r) => r.name).join('; ')}`
      : `  every p95 ratio <= ${TARGET_RATIO}: met`,
  )
  console.log(`  server peak RSS while timed (VmHWM): small ${peak.small.toFixed(0)} MB, big ${peak.big.toFixed(0)} MB`)
}

/** The database of one size, loaded (or kept from an earlier run). */
async function prepare(store: Store, size: Size): Promise<Loaded> {
  if (!store.fresh && store.metaFile) return JSON.parse(readFileSync(store.metaFile, 'utf8')) as Loaded
  const first = await store.start()
  let loaded: Loaded
  try {
    const world = await throughApi(first.url)
    const loadStarted = performance.now()
    // One connection for the whole load: its steps share temporary tables.
    const client = await sqlClient(store.urlOf(first))
    try {
      const exec: Exec = async (text) => (await client.query(text)).rows as Record<string, unknown>[]
      await load(exec, world, size)
      await exec('vacuum analyze')
      const [row] = await exec(
        `select (select count(*) from set_logs)::int as sets,
           (select count(*) from set_logs l join workout_sessions s on s.id = l.session_id where s.client_id = ${quote(world.lifter.id)})::int as lifter`,
      )
      const loadSeconds = (performance.now() - loadStarted) / 1000
      loaded = { world, sets: Number(row?.sets), lifterSets: Number(row?.lifter), loadSeconds }
    } finally {
      await client.end()
    }
  } finally {
    await first.stop()
  }
  if (store.metaFile) writeFileSync(store.metaFile, JSON.stringify({ ...loaded, loadSeconds: 0 }))
  return loaded
}

/**
 * The coach, the lifter and the last weeks through the API, as the app makes them: the plan,
 * assigned from the Monday three weeks ago; every workout due before today trained but two, set by
 * set; the coach's comments and a few messages.
 */
async function throughApi(url: string): Promise<World> {
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
  for (const name of MOVEMENTS) {
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
async function load(exec: Exec, world: World, size: Size): Promise<void> {
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
export async function trainedMovements(exec: Exec): Promise<void> {
  await exec(`drop table if exists bench_moves`)
  await exec(
    `create temp table bench_moves as
     select (row_number() over (order by array_position(array[${MOVEMENTS.map(quote).join(', ')}], name), name) - 1)::int as i, id, name, tracking
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

type Stat = { p50: number; p95: number }
type Row = { name: string; small: Stat; big: Stat }

const statOf = (latencies: number[]): Stat => {
  const sorted = [...latencies].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
  return { p50: at(50), p95: at(95) }
}

const statusOf = (pid: number | undefined, field: 'VmRSS' | 'VmHWM'): number => {
  if (!pid) return NaN
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : NaN
}

/** The screens' calls, each timed alone on both databases in turn; a screen's calls side by side, timed to the last answer. */
async function measure(
  servers: Record<Size, BenchServer>,
  loaded: Record<Size, Loaded>,
): Promise<{ results: Row[]; peak: Record<Size, number> }> {
  type Task = (size: Size) => Promise<void>
  const get =
    (who: 'coach' | 'lifter', path: (w: World) => string): Task =>
    async (size) => {
      const world = loaded[size].world
      const res = await send(`${servers[size].url}${path(world)}`, { headers: { cookie: world[who].cookie } })
      if (res.status !== 200) throw new Error(`GET ${path(world)}: answer ${res.status} ${res.body.slice(0, 300)}`)
    }
  const post =
    (who: 'coach' | 'lifter', path: string, body: (w: World) => unknown): Task =>
    async (size) => {
      const world = loaded[size].world
      const res = await send(`${servers[size].url}${path}`, {
        method: 'POST',
        headers: { cookie: world[who].cookie, 'content-type': 'application/json', origin: servers[size].url },
        body: JSON.stringify(body(world)),
      })
      if (res.status < 200 || res.status > 299)
        throw new Error(`POST ${path}: answer ${res.status} ${res.body.slice(0, 300)}`)
    }
  const all =
    (...tasks: Task[]): Task =>
    async (size) => {
      await Promise.all(tasks.map((t) => t(size)))
    }
  const local = (w: World) => `today=${w.today}&utcOffsetMinutes=0`
  const home = {
    plans: get('lifter', () => '/api/plans?completed=false'),
    plan: get('lifter', (w) => `/api/plans/${w.planId}`),
    planSessions: get('lifter', (w) => `/api/sessions?planId=${w.planId}&limit=100`),
    recent: get('lifter', () => '/api/sessions?limit=3'),
    coach: get('lifter', () => '/api/profile/coach'),
    comments: get('lifter', () => '/api/sessions/comments/unread'),
    chat: get('lifter', () => '/api/chat/conversations'),
  }
  const preview = {
    workout: get('lifter', (w) => `/api/plans/workouts/${w.nextWorkoutId}`),
    stats: get('lifter', (w) => `/api/sessions/movement-stats?movementIds=${w.nextMovementIds.join(',')}`),
  }
  const progress = (who: 'coach' | 'lifter') =>
    get(who, (w) => `/api/progress?${who === 'coach' ? `clientId=${w.lifter.id}&` : ''}${local(w)}`)
  // The chart as it opens: the last 3 months.
  const e1rm = (who: 'coach' | 'lifter') =>
    get(
      who,
      (w) =>
        `/api/progress/e1rm?${who === 'coach' ? `clientId=${w.lifter.id}&` : ''}movementId=${w.nextMovementIds[0]}&since=${monthsBefore(w.today, 3)}&${local(w)}`,
    )
  const detail = {
    sessions: get('coach', (w) => `/api/sessions?clientId=${w.lifter.id}&limit=10`),
    plan: get('coach', (w) => `/api/plans/${w.planId}`),
    // The assign picker's list: the coach's own plans, not their clients' copies.
    ownPlans: get('coach', () => '/api/plans?assigned=false'),
  }
  const figures: [string, Task][] = [
    ['lifter /home: GET /api/plans', home.plans],
    ['lifter /home: GET /api/plans/:id', home.plan],
    ['lifter /home: sessions of the plan (100)', home.planSessions],
    ['lifter /home: last 3 sessions', home.recent],
    ['lifter /home: the coach card', home.coach],
    ['lifter /home: unread comments', home.comments],
    ['lifter /home: conversations', home.chat],
    ['lifter /home: all 7 at once', all(...Object.values(home))],
    ['lifter preview: the planned workout', preview.workout],
    ['lifter preview: last time (movement stats)', preview.stats],
    ['lifter preview: both at once', all(preview.workout, preview.stats)],
    [
      'lifter: start the next workout (resumes)',
      post('lifter', '/api/sessions', (w) => ({ planWorkoutId: w.nextWorkoutId })),
    ],
    ['lifter summary: session report', get('lifter', (w) => `/api/sessions/${w.lastSessionId}/report`)],
    ['lifter: progress page', progress('lifter')],
    ['lifter: e1RM series (main lift)', e1rm('lifter')],
    ['coach: roster (200 clients)', get('coach', (w) => `/api/clients?today=${w.today}`)],
    ['coach: dashboard', get('coach', (w) => `/api/clients/dashboard?today=${w.today}`)],
    ['coach: Plans page, the plans in use', get('coach', () => '/api/plans?completed=false')],
    ['coach detail: last 10 sessions', detail.sessions],
    ['coach detail: own plans to assign', detail.ownPlans],
    ['coach detail: progress', progress('coach')],
    ['coach detail: e1RM series', e1rm('coach')],
    [
      'coach detail: all at once',
      async (size) => {
        await Promise.all([
          detail.sessions(size),
          detail.plan(size),
          detail.ownPlans(size),
          progress('coach')(size).then(() => e1rm('coach')(size)),
        ])
      },
    ],
    ['coach: the lifter’s session report', get('coach', (w) => `/api/sessions/${w.lastSessionId}/report`)],
  ]
  const pids = { small: servers.small.child.pid, big: servers.big.child.pid }
  for (const size of ['small', 'big'] as const) {
    for (const [, task] of figures) for (let i = 0; i < 3; i++) await task(size)
    try {
      // 5 resets the peak resident set size (Linux 4.0 and later).
      if (pids[size]) writeFileSync(`/proc/${pids[size]}/clear_refs`, '5')
    } catch {
      // Without it, VmHWM is the peak since the server started (the load included).
    }
  }
  const results: Row[] = []
  for (const [name, task] of figures) {
    const latencies: Record<Size, number[]> = { small: [], big: [] }
    for (let i = 0; i < COUNT; i++) {
      for (const size of i % 2 ? (['big', 'small'] as const) : (['small', 'big'] as const)) {
        const t0 = performance.now()
        await task(size)
        latencies[size].push(performance.now() - t0)
      }
    }
    results.push({ name, small: statOf(latencies.small), big: statOf(latencies.big) })
  }
  return { results, peak: { small: statusOf(pids.small, 'VmHWM'), big: statusOf(pids.big, 'VmHWM') } }
}
