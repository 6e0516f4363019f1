import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Profile } from '../src/shared/schemas/profiles.ts'
import type { Db } from '../src/server/db/client.ts'
import * as schema from '../src/server/db/schema/index.ts'
import { listMessages, listConversations, markRead, sendMessage } from '../src/server/features/chat/chat.service.ts'
import { coachDashboard, listActiveClients } from '../src/server/features/clients/clients.service.ts'
import { savePlanDay } from '../src/server/features/plans/plan-grid.service.ts'
import { getPlan, getPlanWorkout, listPlans } from '../src/server/features/plans/plans.service.ts'
import { listProposals } from '../src/server/features/plans/progression.service.ts'
import { getProfile } from '../src/server/access/callers.ts'
import { activeCoachOf } from '../src/server/features/profiles/profiles.service.ts'
import { e1rmSeries } from '../src/server/features/progress/e1rm-series.service.ts'
import { getProgress } from '../src/server/features/progress/progress.service.ts'
import { readComments, unreadComments } from '../src/server/features/sessions/comments.service.ts'
import { movementStats, sessionReport } from '../src/server/features/sessions/report.service.ts'
import {
  finishSession,
  getSession,
  listSessions,
  startSession,
} from '../src/server/features/sessions/sessions.service.ts'
import { logSet } from '../src/server/features/sessions/set-logs.service.ts'
import type { SavePlanDayInput } from '../src/shared/schemas/plans.ts'

/** What the lived-in bench's calls name. */
export type ExplainWorld = {
  today: string
  since: string
  coachId: string
  lifterId: string
  planId: string
  todayWorkoutId: string
  /** The movements of last time's numbers for today's and the next workout. */
  statsIds: { today: string[]; next: string[] }
  commentedSessionId: string
  futureDay: { week: number; day: number; workout: unknown }
}

/** A call of the bench as `who · row` (the screen's side and the row the tables print). */
export const explainKey = (screen: string, row: string) => `${screen.split(':')[0] ?? ''} · ${row}`

const PLAN_LINES = 45
const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text)

/** auto_explain's text: 'Query Text: …' (over several lines), maybe 'Query Parameters: …', then the plan. */
function splitText(logged: string): [string, string] {
  const lines = logged.split('\n')
  // The plan starts at its top node: the first line not indented that has a cost.
  const planAt = lines.findIndex((line, i) => i > 0 && /^\S.*\(cost=/.test(line))
  const head = planAt < 0 ? lines : lines.slice(0, planAt)
  const params = head.findIndex((line) => line.startsWith('Query Parameters:'))
  const text = (params < 0 ? head : head.slice(0, params)).join(' ')
  const parameters = params < 0 ? '' : `${cut(head.slice(params).join(' '), 200)}\n`
  return [text, `${parameters}${planAt < 0 ? '' : lines.slice(planAt).join('\n')}`]
}

type Plan = { id: string; version: number; workouts: { id: string; exercises: { movementId: string }[] }[] }

/**
 * The statements behind the calls the lived-in bench found slow. Every call's service runs here,
 * in the order of a day's screens, on one connection of its own with auto_explain: each statement
 * PostgreSQL runs (inside triggers too) comes back as a notice with its plan as it ran, EXPLAIN
 * (ANALYZE, BUFFERS). For each call of `wanted` (with its p95 over HTTP), the slowest statement
 * is printed with its plan, after the time all the call's statements took.
 * The services are the routes' own (without the sign-in middleware's lookups); the writes are made
 * for real, on the bench's database, after its passes.
 */
export async function explainSlowCalls(
  url: string,
  world: ExplainWorld,
  wanted: Map<string, number>,
  threshold: number,
): Promise<void> {
  // One connection, kept: the pool queues the services' side-by-side queries on it.
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0 })
  const notices: string[] = []
  try {
    const client = await pool.connect()
    client.on('notice', (notice) => notices.push(notice.message ?? ''))
    try {
      await client.query(`load 'auto_explain'`)
      for (const setting of [
        'log_min_duration = 0',
        'log_analyze = on',
        'log_buffers = on',
        'log_nested_statements = on',
        'log_level = notice',
      ]) {
        await client.query(`set auto_explain.${setting}`)
      }
    } catch (error) {
      console.log(`\n  no plans: auto_explain could not be loaded (${String(error)})`)
      return
    } finally {
      client.release()
    }
    const db = drizzle({ client: pool, schema }) as unknown as Db
    const profileOf = async (id: string): Promise<Profile> => {
      const profile = await getProfile(db, id)
      if (!profile) throw new Error(`no profile ${id}`)
      return profile
    }
    const lifter = await profileOf(world.lifterId)
    const coach = await profileOf(world.coachId)
    const local = { today: world.today, utcOffsetMinutes: 0 }
    const state = { sessionId: '', exerciseKey: '', movementIds: [] as string[], e1rmMovement: '', version: 0 }
    const calls: [string, () => Promise<unknown>][] = [
      ['lifter · GET /api/me', () => getProfile(db, lifter.id)],
      ['lifter · GET /api/plans?completed=false', () => listPlans(db, lifter, { completed: 'false' })],
      ['lifter · GET /api/plans/:id', () => getPlan(db, lifter, world.planId)],
      [
        'lifter · GET /api/sessions?planId=…&limit=100',
        () => listSessions(db, lifter, { planId: world.planId, limit: 100 }),
      ],
      ['lifter · GET /api/sessions?limit=3', () => listSessions(db, lifter, { limit: 3 })],
      ['lifter · GET /api/profile/coach', () => activeCoachOf(db, lifter.id)],
      ['lifter · GET /api/sessions/comments/unread', () => unreadComments(db, lifter)],
      ['lifter · GET /api/chat/conversations', () => listConversations(db, lifter)],
      [
        'lifter · GET /api/sessions/movement-stats (today’s workout)',
        () => movementStats(db, lifter, world.statsIds.today),
      ],
      [
        'lifter · GET /api/sessions/movement-stats (the next workout)',
        () => movementStats(db, lifter, world.statsIds.next),
      ],
      ['lifter · GET /api/plans/workouts/:id', () => getPlanWorkout(db, lifter, world.todayWorkoutId)],
      [
        'lifter · POST /api/sessions',
        async () => {
          const session = await startSession(db, lifter, {
            id: crypto.randomUUID(),
            planWorkoutId: world.todayWorkoutId,
          })
          state.sessionId = session.id
          state.exerciseKey = session.exercises[0]?.key ?? ''
          state.movementIds = [...new Set(session.exercises.map((e) => e.movementId))]
        },
      ],
      ['lifter · GET /api/sessions/:id', () => getSession(db, lifter, state.sessionId)],
      ['lifter · GET /api/sessions/movement-stats', () => movementStats(db, lifter, state.movementIds)],
      [
        'lifter · PUT /api/sessions/:id/sets/:setId',
        () =>
          logSet(db, lifter.id, state.sessionId, crypto.randomUUID(), {
            exerciseKey: state.exerciseKey,
            setNumber: 1,
            reps: 5,
            loadKg: 100,
            rpe: 8,
            editedAt: new Date().toISOString(),
          }),
      ],
      [
        'lifter · POST /api/sessions/:id/finish',
        () => finishSession(db, lifter, state.sessionId, { rpe: 8, notes: null }),
      ],
      ['lifter · GET /api/sessions/:id/report', () => sessionReport(db, lifter, world.commentedSessionId)],
      ['lifter · POST /api/sessions/:id/comments/read', () => readComments(db, lifter, world.commentedSessionId)],
      [
        'lifter · GET /api/progress',
        async () => {
          const progress = await getProgress(db, lifter, local)
          state.e1rmMovement = progress.movements[0]?.movementId ?? ''
        },
      ],
      [
        'lifter · GET /api/progress/e1rm (3 months)',
        () => e1rmSeries(db, lifter, { movementId: state.e1rmMovement, since: world.since, utcOffsetMinutes: 0 }),
      ],
      ['lifter · GET /api/chat/:other/messages', () => listMessages(db, lifter, coach.id, {})],
      ['lifter · POST /api/chat/:other/read', () => markRead(db, lifter, coach.id, Number.MAX_SAFE_INTEGER)],
      ['lifter · GET /api/chat/conversations (again, read)', () => listConversations(db, lifter)],
      [
        'lifter · POST /api/chat/:other/messages (the answer)',
        () => sendMessage(db, lifter, coach.id, { id: crypto.randomUUID(), body: 'Good, the deadlifts moved well.' }),
      ],
      ['coach · GET /api/me', () => getProfile(db, coach.id)],
      [
        'coach · GET /api/clients/dashboard',
        () => coachDashboard(db, coach, { today: world.today, since: new Date(Date.now() - 86_400_000).toISOString() }),
      ],
      ['coach · GET /api/progression/proposals', () => listProposals(db, coach)],
      ['coach · GET /api/chat/conversations', () => listConversations(db, coach)],
      ['coach · GET /api/sessions/comments/unread', () => unreadComments(db, coach)],
      ['coach · GET /api/plans?assigned=false', () => listPlans(db, coach, { assigned: 'false' })],
      ['coach · GET /api/clients', () => listActiveClients(db, coach, world.today)],
      [
        'coach · GET /api/sessions?clientId=…&limit=10',
        () => listSessions(db, coach, { clientId: lifter.id, limit: 10 }),
      ],
      [
        'coach · GET /api/plans/:id',
        async () => {
          state.version = ((await getPlan(db, coach, world.planId)) as Plan).version
        },
      ],
      ['coach · GET /api/progress', () => getProgress(db, coach, { ...local, clientId: lifter.id })],
      [
        'coach · GET /api/progress/e1rm (3 months)',
        () =>
          e1rmSeries(db, coach, {
            clientId: lifter.id,
            movementId: state.e1rmMovement,
            since: world.since,
            utcOffsetMinutes: 0,
          }),
      ],
      ['coach · GET /api/sessions/:id/report', () => sessionReport(db, coach, world.commentedSessionId)],
      ['coach · POST /api/sessions/:id/comments/read', () => readComments(db, coach, world.commentedSessionId)],
      [
        'coach · PUT /api/plans/:id/days/:week/:day (autosave)',
        () => {
          const { week, day, workout } = world.futureDay
          return savePlanDay(db, coach, world.planId, week, day, {
            version: state.version,
            workout,
          } as SavePlanDayInput)
        },
      ],
    ]
    const missing = [...wanted.keys()].filter((key) => !calls.some(([name]) => name === key))
    console.log(
      `\n  the slowest statement of each call with a p95 over ${threshold} ms (auto_explain: EXPLAIN ANALYZE, BUFFERS, the call run once more here)`,
    )
    if (missing.length) console.log(`  not run here (no service mapped): ${missing.join('; ')}`)
    for (const [name, run] of calls) {
      notices.length = 0
      await run()
      const p95 = wanted.get(name)
      if (p95 === undefined) continue
      const plans = notices.flatMap((text) => {
        const found = /duration: ([\d.]+) ms\s+plan:\n([\s\S]*)/.exec(text)
        return found ? [{ ms: Number(found[1]), plan: found[2] ?? '' }] : []
      })
      const slowest = plans.sort((a, b) => b.ms - a.ms)[0]
      if (!slowest) {
        console.log(`\n  [${name}] p95 ${p95.toFixed(0)} ms over HTTP; no statement seen`)
        continue
      }
      const total = plans.reduce((sum, p) => sum + p.ms, 0)
      console.log(
        `\n  [${name}] p95 ${p95.toFixed(0)} ms over HTTP; ${plans.length} statements, ${total.toFixed(1)} ms in all; the slowest, ${slowest.ms.toFixed(1)} ms:`,
      )
      // The statement on one line, its parameters cut short, then the plan.
      const [text, rest] = splitText(slowest.plan)
      console.log(`    ${cut(text.replace(/\s+/g, ' '), 400)}`)
      const lines = rest.split('\n').filter((line) => line.trim())
      for (const line of lines.slice(0, PLAN_LINES)) console.log(`    ${cut(line.replace(/\s+$/, ''), 200)}`)
      if (lines.length > PLAN_LINES) console.log(`    … ${lines.length - PLAN_LINES} more lines`)
    }
  } finally {
    await pool.end()
  }
}
