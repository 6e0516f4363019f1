import { readEvents } from '../tests/helpers/sse.ts'
import { Device, type Kind } from './gym-device.ts'
import { cpuSeconds, resetPeakMemory, watchDatabase } from './gym-watch.ts'
import type { BenchServer, BenchTarget } from './lib.ts'
import { dateOf, signInUser, link, memoryMb, mondayOf, percentile } from './lib.ts'

/**
 * A gym's evening on one server: 100 lifters and 10 coaches at once, every call timed at the
 * client, as a phone and a coach's laptop feel it.
 *
 * Each lifter (its own http.Agent with keep-alive, like a phone's connection pool) keeps the chat
 * stream open and, until DURATION_MS is over, goes round the loop of a training day: opens /home
 * (the calls the home screen makes) and its plan, starts the plan's workout, reads its 'last time'
 * figures, logs SETS sets, finishes the session and reads its report. Starts are spread over the
 * first RAMP_MS. Without rests (the default) every lifter goes round as fast as the server
 * answers, so the calls per second are what the server holds under this mix; with
 * BENCH_GYM_RESTS=1 each set is followed by a rest compressed from a real gym's 1-3 minutes:
 * - with probability DROP_SHARE the phone drops its connection during the rest (screen locked,
 *   Wi-Fi to mobile): the next call opens a new one whatever the server's keep-alive;
 * - with probability LONG_SHARE the rest is long: LONG_REST_MS (5.5-7 s), past Node's default
 *   5 s keep-alive, as every real rest is;
 * - otherwise a short rest of SHORT_REST_MS (0.5-2.5 s).
 *
 * Each coach (10 lifters each, all on one plan of the coach's) keeps the chat stream open, reads
 * the dashboard, the roster and the conversation list every COACH_POLL_MS, and every
 * COACH_MESSAGE_MS sends one of their lifters a message (its arrival on the coach's own stream is
 * checked too). Coaches start over the same first RAMP_MS as the lifters.
 *
 * A call counts as NEW when its request opened a socket (`req.reusedSocket` false), REUSED
 * otherwise; a call that found its kept-alive socket closed by the server is sent again on a new
 * one, as browsers do, and counts as NEW from its first try; latency runs from the call to the
 * last byte of its answer. Every answer must be 2xx (errors are counted and make the run fail),
 * and every logged set must be in its session's report. The app server's peak resident memory
 * is the kernel's high-water mark (VmHWM). The database's processes (the embedded server, or the
 * throwaway one the bench started) are read every MEMORY_SAMPLE_MS, their memory summed as RSS
 * and as PSS (lib.ts says why both).
 */
const LIFTERS = Number(process.env.BENCH_GYM_LIFTERS ?? 100)
const COACHES = 10
const SETS = 20
const EXERCISES = 3
const DURATION_MS = Number(process.env.BENCH_GYM_SECONDS ?? 90) * 1000
const RESTS = process.env.BENCH_GYM_RESTS === '1'
const RAMP_MS = 10_000
const SHORT_REST_MS: [number, number] = [500, 2500]
const LONG_REST_MS: [number, number] = [5500, 7000]
const LONG_SHARE = 0.25
const DROP_SHARE = 0.15
const COACH_POLL_MS = 2000
const COACH_MESSAGE_MS = 5000
/** Targets without rests: the calls per second the server holds, and a set's save at the 99th percentile. */
const TARGET_CALLS_PER_SECOND = 480
const TARGET_SET_P99_MS = 80
/** With rests, every call's p99. */
const TARGET_P99_MS = 300

const between = ([low, high]: [number, number]) => low + Math.random() * (high - low)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const today = () => new Date().toISOString().slice(0, 10)

export async function benchGym(server: BenchServer, label: string, target: BenchTarget): Promise<void> {
  const timings = new Map<string, Record<Kind, number[]>>()
  const errors: string[] = []
  let retries = 0
  const onRetry = () => void retries++
  const record = (call: string, kind: Kind, ms: number, ok: boolean) => {
    let entry = timings.get(call)
    if (!entry) timings.set(call, (entry = { new: [], reused: [] }))
    entry[kind].push(ms)
    if (!ok) errors.push(call)
  }

  const coaches = await Promise.all(Array.from({ length: COACHES }, () => signInUser(server.url, 'coach')))
  const lifters = await Promise.all(Array.from({ length: LIFTERS }, () => signInUser(server.url, 'client')))
  for (const [i, lifter] of lifters.entries()) await link(server, coaches[i % COACHES]?.email ?? '', lifter.email)
  const movements = (
    (await (
      await fetch(`${server.url}/api/movements?q=press&limit=20`, { headers: { cookie: lifters[0]?.cookie ?? '' } })
    ).json()) as {
      items: { id: string; name: string; tracking: string }[]
    }
  ).items
    .filter((m) => m.tracking === 'weight_reps')
    .slice(0, EXERCISES)
  if (movements.length < EXERCISES) throw new Error('not enough movements to log')
  const planOf = new Map<string, string>()
  for (const [c, coach] of coaches.entries()) {
    const clients = lifters.filter((_, i) => i % COACHES === c)
    for (const [clientId, planId] of await assignPlan(server.url, coach.cookie, clients, movements))
      planOf.set(clientId, planId)
  }
  const pid = server.child.pid
  if (!pid) throw new Error('no server process')
  resetPeakMemory(pid)
  const cpuBefore = cpuSeconds(pid)
  const database = target.cluster ? watchDatabase(target.cluster, pid) : null
  const started = performance.now()
  let lifting = true
  let delivered = 0
  let sent = 0
  const logged = { sets: 0, sessions: 0, verified: 0 }

  const coachRuns = coaches.map(async (coach, c) => {
    await sleep(Math.random() * RAMP_MS)
    const device = new Device(server.url, coach.cookie, record, onRetry)
    const clients = lifters.filter((_, i) => i % COACHES === c)
    const stream = await fetch(`${server.url}/api/chat/stream`, { headers: { cookie: coach.cookie } })
    if (stream.status !== 200 || !stream.body) throw new Error(`chat stream: answer ${stream.status}`)
    const mine = new Set<string>()
    const events = readEvents(stream.body, (event) => {
      if (event.event !== 'message') return
      if (mine.delete((JSON.parse(event.data) as { id: string }).id)) delivered++
    })
    try {
      let nextMessage = performance.now() + Math.random() * COACH_MESSAGE_MS
      for (let round = 0; lifting; round++) {
        await Promise.all([
          device.call('coach: dashboard', `/api/clients/dashboard?today=${today()}`),
          device.call('coach: roster', `/api/clients?today=${today()}`),
          device.call('coach: chat list', '/api/chat/conversations'),
        ])
        if (performance.now() >= nextMessage) {
          nextMessage += COACH_MESSAGE_MS
          const client = clients[round % clients.length]
          if (client) {
            const id = crypto.randomUUID()
            mine.add(id)
            sent++
            await device.call('coach: send a message', `/api/chat/${client.id}/messages`, {
              method: 'POST',
              body: { id, body: `Round ${round}: how is the squat moving?` },
              expect: 201,
            })
          }
        }
        await sleep(COACH_POLL_MS)
      }
      // Give the last messages a moment to arrive on the stream.
      for (let i = 0; i < 20 && mine.size > 0; i++) await sleep(100)
    } finally {
      await events.close()
      device.close()
    }
  })

  const lifterRuns = lifters.map(async (lifter) => {
    await sleep(Math.random() * RAMP_MS)
    const device = new Device(server.url, lifter.cookie, record, onRetry)
    const planId = planOf.get(lifter.id)
    const stream = await fetch(`${server.url}/api/chat/stream`, { headers: { cookie: lifter.cookie } })
    if (stream.status !== 200 || !stream.body) throw new Error(`chat stream: answer ${stream.status}`)
    const events = readEvents(stream.body, () => {})
    try {
      for (let round = 0; performance.now() - started < DURATION_MS; round++) {
        // /home: who am I, the plans, the recent sessions, the coach's card, unread comments and chat.
        await Promise.all([
          device.call('home: me', '/api/me'),
          device.call('home: plans', '/api/plans?completed=false'),
          device.call('home: recent sessions', '/api/sessions?limit=3'),
          device.call('home: coach', '/api/profile/coach'),
          device.call('home: unread comments', '/api/sessions/comments/unread'),
          device.call('home: chat unread', '/api/chat/conversations'),
        ])
        const plan = JSON.parse((await device.call('the plan', `/api/plans/${planId}`)).body) as {
          workouts: { id: string; week: number; day: number }[]
        }
        const workout = plan.workouts[round % plan.workouts.length]
        if (!workout) throw new Error('the plan has no workouts')
        const sessionId = crypto.randomUUID()
        const opened = JSON.parse(
          (
            await device.call('start a session', '/api/sessions', {
              method: 'POST',
              body: { id: sessionId, planWorkoutId: workout.id },
              expect: 201,
            })
          ).body,
        ) as { exercises: { key: string; movementId: string }[] }
        const keys = opened.exercises.map((e) => e.key)
        await device.call(
          'session: last time',
          `/api/sessions/movement-stats?movementIds=${[...new Set(opened.exercises.map((e) => e.movementId))].join(',')}`,
        )
        for (let set = 0; set < SETS; set++) {
          const perExercise = Math.ceil(SETS / keys.length)
          const body = {
            exerciseKey: keys[Math.floor(set / perExercise)],
            setNumber: 1 + (set % perExercise),
            reps: 5,
            loadKg: 60 + set,
            rpe: 8,
            editedAt: new Date().toISOString(),
          }
          await device.call('log a set', `/api/sessions/${sessionId}/sets/${crypto.randomUUID()}`, {
            method: 'PUT',
            body,
          })
          logged.sets++
          if (!RESTS || set === SETS - 1) continue
          if (Math.random() < DROP_SHARE) device.drop()
          await sleep(between(Math.random() < LONG_SHARE ? LONG_REST_MS : SHORT_REST_MS))
        }
        await device.call('finish the session', `/api/sessions/${sessionId}/finish`, {
          method: 'POST',
          body: { rpe: 8, notes: null },
        })
        const report = await device.call('session report', `/api/sessions/${sessionId}/report`)
        const { setsCompleted, session } = JSON.parse(report.body) as {
          setsCompleted: number
          session: { sets: unknown[] }
        }
        if (setsCompleted !== SETS || session.sets.length !== SETS)
          throw new Error(
            `the report has ${session.sets.length} sets (${setsCompleted} completed), ${SETS} were logged`,
          )
        logged.verified += session.sets.length
        logged.sessions++
      }
    } finally {
      await events.close()
      device.close()
    }
  })

  // Every run's failure is caught from the start: a coach failing while the lifters still run is
  // counted, where an unhandled rejection would end the bench before it stops its servers.
  const failures: unknown[] = []
  const failed = (error: unknown) => void failures.push(error)
  const settle = (runs: Promise<void>[]) => Promise.all(runs.map((run) => run.catch(failed)))
  const coachesDone = settle(coachRuns)
  await settle(lifterRuns)
  lifting = false
  await coachesDone
  const seconds = (performance.now() - started) / 1000
  const cpu = cpuSeconds(pid) - cpuBefore
  const peakMb = memoryMb(pid, 'VmHWM')
  const databaseSeen = database?.stop()

  const pace = RESTS ? 'with rests between sets' : 'round after round without rests'
  console.log(
    `\n${label}: a gym's evening: ${LIFTERS} lifters logging sessions of ${SETS} sets ${pace} for ${DURATION_MS / 1000} s, ${COACHES} coaches polling every ${COACH_POLL_MS / 1000} s, everyone's chat open`,
  )
  console.log(
    RESTS
      ? `  (target: every call's p99 under ${TARGET_P99_MS} ms at the client, new connections included; no errors)`
      : `  (target: at least ${TARGET_CALLS_PER_SECOND} calls/s, a set's save p99 under ${TARGET_SET_P99_MS} ms; no errors)`,
  )
  console.log('  call                          conn        n    p50 ms    p95 ms    p99 ms')
  let worst = 0
  for (const [call, byKind] of [...timings].sort(([a], [b]) => a.localeCompare(b))) {
    for (const kind of ['new', 'reused'] as const) {
      const list = byKind[kind].sort((a, b) => a - b)
      if (list.length === 0) continue
      const p99 = percentile(list, 99)
      worst = Math.max(worst, p99)
      console.log(
        `  ${call.padEnd(29)} ${kind.padEnd(7)} ${String(list.length).padStart(6)} ${fmt(percentile(list, 50))} ${fmt(percentile(list, 95))} ${fmt(p99)}`,
      )
    }
  }
  const all = [...timings.values()].flatMap((t) => [...t.new, ...t.reused])
  const fresh = [...timings.values()].reduce((n, t) => n + t.new.length, 0)
  console.log(
    `  calls: ${all.length} in ${seconds.toFixed(0)} s (${(all.length / seconds).toFixed(0)}/s), ${fresh} on new connections (${retries} sent again after the server closed an idle socket); errors: ${errors.length + failures.length}`,
  )
  console.log(
    `  sets: ${logged.sets} logged; ${logged.sessions} sessions finished, their ${logged.verified} sets found in the reports; chat: ${delivered} of ${sent} messages arrived on the coach's stream`,
  )
  const core = (used: number) => `${((100 * used) / seconds).toFixed(0)}% of one core on average`
  console.log(`  app server: ${core(cpu)}, peak RSS ${mb(peakMb)}`)
  if (databaseSeen) {
    const { first, last, peak } = databaseSeen
    console.log(
      `  database: ${peak.processes} processes at most, ${core(last.cpuSeconds - first.cpuSeconds)}; ` +
        `summed RSS peak ${mb(peak.rssMb)}, end ${mb(last.rssMb)}; ` +
        `summed PSS peak ${mb(peak.pssMb)}, end ${mb(last.pssMb)}`,
    )
    console.log(`  app server RSS + database PSS, peak of their sum: ${mb(peak.togetherMb)}`)
  } else {
    console.log('  database: not measured (a server the bench was given, not one it started)')
  }
  if (RESTS) {
    console.log(
      `  worst p99: ${worst.toFixed(0)} ms (target < ${TARGET_P99_MS} ms: ${worst < TARGET_P99_MS ? 'met' : 'NOT met'})`,
    )
  } else {
    const perSecond = all.length / seconds
    const sets = [...(timings.get('log a set')?.new ?? []), ...(timings.get('log a set')?.reused ?? [])].sort(
      (a, b) => a - b,
    )
    const setP99 = percentile(sets, 99)
    const met = perSecond >= TARGET_CALLS_PER_SECOND && setP99 < TARGET_SET_P99_MS
    console.log(
      `  ${perSecond.toFixed(0)} calls/s, a set's save p99 ${setP99.toFixed(0)} ms (target >= ${TARGET_CALLS_PER_SECOND}/s and < ${TARGET_SET_P99_MS} ms: ${met ? 'met' : 'NOT met'})`,
    )
  }
  if (failures.length > 0 || errors.length > 0)
    throw new Error(
      `gym: ${errors.length} calls failed (${[...new Set(errors)].join(', ')}); ${failures.map(String).slice(0, 3).join('; ')}`,
    )
  if (logged.verified !== logged.sessions * SETS)
    throw new Error(`gym: ${logged.verified} of ${logged.sessions * SETS} sets of finished sessions found`)
}

const fmt = (ms: number) => ms.toFixed(1).padStart(9)
const mb = (value: number) => `${value.toFixed(0)} MB`

/**
 * The coach's plan of four weeks of three days (EXERCISES exercises of a share of SETS sets
 * each), assigned to each of `clients` from this week's Monday; answers each client's plan.
 */
async function assignPlan(
  url: string,
  cookie: string,
  clients: { id: string }[],
  movements: { id: string }[],
): Promise<Map<string, string>> {
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${method} ${path}: answer ${res.status} ${await res.text()}`)
    return (await res.json()) as { id: string; version: number }
  }
  const weeks = 4
  const days = 3
  const plan = await call('POST', '/api/plans', { name: 'Evening block', weeks, daysPerWeek: days })
  let version = plan.version
  const perExercise = Math.ceil(SETS / movements.length)
  for (let week = 1; week <= weeks; week++) {
    for (let day = 1; day <= days; day++) {
      const exercises = movements.map((m) => ({
        movementId: m.id,
        restSeconds: 120,
        sets: Array.from({ length: perExercise }, () => ({
          reps: { min: 5, max: 5 },
          load: { kind: 'kg', value: 60 + week * 2.5 },
          rpe: 8,
        })),
      }))
      await call('PUT', `/api/plans/${plan.id}/days/${week}/${day}`, {
        version,
        workout: { title: `Week ${week} day ${day}`, exercises },
      })
      version += 1
    }
  }
  const startDate = mondayOf(dateOf(Date.now()))
  const assigned = new Map<string, string>()
  for (const client of clients) {
    const active = await call('POST', `/api/plans/${plan.id}/assign`, { clientId: client.id, startDate })
    assigned.set(client.id, active.id)
  }
  return assigned
}
