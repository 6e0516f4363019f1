import { localToday, monthsBefore } from '../src/client/lib/dates.ts'
import type { BenchServer, BenchTarget } from './lib.ts'
import { percentile, signInUser } from './lib.ts'
import { explainKey, explainSlowCalls } from './lived-in-explain.ts'
import { CAN_LOG, screens, WHOLE, type Mark, type Timings } from './lived-in-screens.ts'
import {
  api,
  coachingBySql,
  describe,
  historyBySql,
  LOGGERS,
  runDemo,
  throughApi,
  YEARS,
  type SessionExercise,
  type User,
  type World,
} from './lived-in-world.ts'

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

const between = ([low, high]: [number, number]) => low + Math.random() * (high - low)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const seconds = (since: number) => (performance.now() - since) / 1000

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
