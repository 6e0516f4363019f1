import type { Logger } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Actor } from '../src/server/access/actor.ts'
import type { Db } from '../src/server/db/client.ts'
import * as schema from '../src/server/db/schema/index.ts'
import { coachDashboard, listActiveClients } from '../src/server/features/clients/clients.service.ts'
import { monthsBefore } from '../src/client/lib/dates.ts'
import { getPlan, getPlanWorkout, listPlans } from '../src/server/features/plans/plans.service.ts'
import { e1rmSeries } from '../src/server/features/progress/e1rm-series.service.ts'
import { getProgress } from '../src/server/features/progress/progress.service.ts'
import { unreadComments } from '../src/server/features/sessions/comments.service.ts'
import { movementStats, sessionReport } from '../src/server/features/sessions/report.service.ts'
import { listSessions } from '../src/server/features/sessions/sessions.service.ts'

/** What the calls name (the bench's world, as far as the services need it). */
export type ExplainWorld = {
  today: string
  coach: { id: string }
  lifter: { id: string }
  planId: string
  nextWorkoutId: string
  nextMovementIds: string[]
  lastSessionId: string
}

type Query = { text: string; params: unknown[]; call: string }

/**
 * The timed calls' services run in this process on the big database, every statement they send
 * recorded; each is then run again under EXPLAIN ANALYZE, and the `top` slowest are printed with
 * their plans: the queries that decide whether a screen stays flat as history grows.
 */
export async function explainSlowest(url: string, world: ExplainWorld, top: number): Promise<void> {
  const recorded: Query[] = []
  let current = ''
  const logger: Logger = { logQuery: (text, params) => recorded.push({ text, params, call: current }) }
  const pool = new pg.Pool({ connectionString: url, max: 4, options: '-c jit=off' })
  const db = drizzle({ client: pool, schema, logger }) as unknown as Db
  const run = async (text: string, params: unknown[]) => {
    return (await pool.query(text, params)).rows as Record<string, unknown>[]
  }
  try {
    const lifter: Actor = { id: world.lifter.id, role: 'client' }
    const coach: Actor = { id: world.coach.id, role: 'coach' }
    const local = { today: world.today, utcOffsetMinutes: 0 }
    const calls: [string, () => Promise<unknown>][] = [
      ['lifter plans in use', () => listPlans(db, lifter, { completed: 'false' })],
      ['lifter plan', () => getPlan(db, lifter, world.planId)],
      ['lifter plan sessions', () => listSessions(db, lifter, { planId: world.planId, limit: 100 })],
      ['lifter unread comments', () => unreadComments(db, lifter)],
      ['preview workout', () => getPlanWorkout(db, lifter, world.nextWorkoutId)],
      ['preview movement stats', () => movementStats(db, lifter, world.nextMovementIds)],
      ['session report', () => sessionReport(db, lifter, world.lastSessionId)],
      ['progress', () => getProgress(db, lifter, local)],
      [
        'e1RM series',
        () =>
          e1rmSeries(db, lifter, {
            movementId: world.nextMovementIds[0] ?? '',
            since: monthsBefore(world.today, 3),
            utcOffsetMinutes: 0,
          }),
      ],
      ['roster', () => listActiveClients(db, coach, world.today)],
      ['dashboard', () => coachDashboard(db, coach, { today: world.today })],
      ['coach plans in use', () => listPlans(db, coach, { completed: 'false' })],
    ]
    for (const [name, call] of calls) {
      current = name
      await call()
    }
    const timed: (Query & { ms: number; plan: string[] })[] = []
    const seen = new Set<string>()
    for (const q of recorded) {
      const key = `${q.text}\u0000${JSON.stringify(q.params)}`
      if (seen.has(key) || !/^\s*(select|with)/i.test(q.text)) continue
      seen.add(key)
      const rows = await run(`explain (analyze, buffers off) ${q.text}`, q.params)
      const plan = rows.map((r) => String(r['QUERY PLAN']))
      const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan.join('\n'))?.[1] ?? NaN)
      timed.push({ ...q, ms, plan })
    }
    timed.sort((a, b) => b.ms - a.ms)
    console.log(
      `\n  the ${top} slowest of ${timed.length} statements of those calls on the big database (EXPLAIN ANALYZE):`,
    )
    for (const q of timed.slice(0, top)) {
      console.log(`\n  [${q.call}] ${q.ms.toFixed(1)} ms: ${q.text.replace(/\s+/g, ' ').slice(0, 400)}`)
      for (const line of q.plan.slice(0, 40)) console.log(`    ${line.length > 240 ? `${line.slice(0, 240)}…` : line}`)
      if (q.plan.length > 40) console.log(`    … ${q.plan.length - 40} more lines`)
    }
  } finally {
    await pool.end()
  }
}
