/**
 * npm run bench:explain -- [page ...]: where a page's Lighthouse score goes, as Lighthouse itself
 * computes it (docs/performance.md#measuring-a-change-to-the-pages).
 *
 * The mobile preset does not slow the browser down: it loads the page at full speed, records what
 * happened, and then simulates the load on a slow phone and network from that record (its
 * "Lantern" model). The simulated times are not in the trace, so the trace alone cannot say which
 * task made up the Total Blocking Time or which download held up the first paint. This runs
 * Lighthouse once per page and replays Lantern on its recording, then prints:
 *
 * - the simulated first paint, largest paint and time to interactive;
 * - every request, simulated, with the ones the first paint waited for marked [first paint];
 * - every main-thread task that took 50 ms or more once simulated (MIN_TASK_MS), when it ran, what
 *   was inside it, and what it added to TBT (the part over 50 ms between first paint and TTI).
 *
 * Pages: /, /auth, /welcome, /home, /session (a lifter's live session) and /coach, signed in where
 * needed. The CPU is slowed to a low-tier phone's, as in `npm run bench`.
 */
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js'
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js'
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js'
import { startServer } from '../lib.ts'
import {
  coachOf,
  cookieFor,
  describeCpuSlowdown,
  launchChromium,
  lifterInTheGym,
  measureCpuSlowdown,
  pathOf,
  runLighthouse,
} from './lighthouse.bench.ts'

const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/home']
const MIN_TASK_MS = Number(process.env.MIN_TASK_MS ?? 50)

/** The parts of Lantern's results this reads (its own types are JSDoc in the package). */
type TraceEvent = { name: string; dur?: number; args?: { data?: { url?: string; functionName?: string } } }
type GraphNode = {
  id: string
  type: 'network' | 'cpu'
  request?: { url: string; priority: string }
  childEvents?: TraceEvent[]
}
type Timing = { startTime: number; endTime: number; duration: number }
type Estimate = { timeInMs: number; nodeTimings: Map<GraphNode, Timing> }
type Metric = { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }
type Computed = { request: (data: unknown, context: unknown) => Promise<Metric> }

const server = await startServer()
const chrome = await launchChromium()
const short = (url: string) => url.replace(server.url, '').replace('/assets/', '')
try {
  const lifter = await lifterInTheGym(server.url)
  const coach = await coachOf(server.url, lifter)
  const cpu = await measureCpuSlowdown(server.url, chrome.port)
  console.log(describeCpuSlowdown(cpu))
  for (const page of pages) {
    const result = await runLighthouse(`${server.url}${pathOf(page, lifter)}`, {
      port: chrome.port,
      cookie: cookieFor(page, lifter, coach),
      cpu,
    })
    const { lhr } = result
    const audit = (id: string) => lhr.audits[id]?.numericValue?.toFixed(0) ?? '?'
    console.log(
      `\n${page}: score ${Math.round((lhr.categories.performance?.score ?? 0) * 100)} · FCP ${audit('first-contentful-paint')} ms · LCP ${audit('largest-contentful-paint')} ms · TBT ${audit('total-blocking-time')} ms · SI ${audit('speed-index')} ms`,
    )

    const artifacts = result.artifacts as unknown as Record<string, unknown>
    const data = {
      trace: artifacts.Trace,
      devtoolsLog: artifacts.DevtoolsLog,
      gatherContext: artifacts.GatherContext,
      settings: lhr.configSettings,
      URL: artifacts.URL,
      SourceMaps: artifacts.SourceMaps,
      simulator: null,
    }
    const context = { computedCache: new Map() }
    const run = (metric: unknown) => (metric as Computed).request(data, context)
    const fcp = await run(LanternFirstContentfulPaint)
    const lcp = await run(LanternLargestContentfulPaint)
    const tti = await run(LanternInteractive)
    const tbt = await run(LanternTotalBlockingTime)
    const range = (m: Metric) =>
      `${m.optimisticEstimate.timeInMs.toFixed(0)}-${m.pessimisticEstimate.timeInMs.toFixed(0)} ms`
    console.log(
      `  simulated (optimistic-pessimistic): first paint ${range(fcp)}, largest paint ${range(lcp)}, interactive ${range(tti)}; TBT ${tbt.timing.toFixed(0)} ms`,
    )

    // TBT counts the optimistic run's tasks between the pessimistic first paint and the optimistic TTI.
    const from = fcp.pessimisticEstimate.timeInMs
    const until = tti.optimisticEstimate.timeInMs
    const forFirstPaint = new Set([...fcp.pessimisticEstimate.nodeTimings.keys()].map((node) => node.id))
    const rows: { at: number; text: string }[] = []
    for (const [node, t] of tbt.optimisticEstimate.nodeTimings) {
      const when = `${t.startTime.toFixed(0).padStart(6)}-${t.endTime.toFixed(0).padStart(6)}`
      const mark = forFirstPaint.has(node.id) ? ' [first paint]' : ''
      if (node.type === 'network') {
        rows.push({
          at: t.startTime,
          text: `${when}  request ${short(node.request?.url ?? '')} (${node.request?.priority})${mark}`,
        })
        continue
      }
      if (t.duration < MIN_TASK_MS) continue
      const blocking = Math.max(0, Math.min(t.endTime, until) - Math.max(t.startTime, from) - 50)
      const inside = new Map<string, number>()
      for (const event of node.childEvents ?? []) {
        const { url, functionName } = event.args?.data ?? {}
        const key = [event.name, url && short(url), functionName].filter(Boolean).join(' ')
        inside.set(key, (inside.get(key) ?? 0) + (event.dur ?? 0) / 1000)
      }
      const top = [...inside]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4)
        .map(([key, ms]) => `${key} ${ms.toFixed(0)}`)
        .join(' | ')
      rows.push({
        at: t.startTime,
        text: `${when}  task ${t.duration.toFixed(0)} ms${blocking > 0 ? `, TBT +${blocking.toFixed(0)}` : ''}${mark}; inside, as recorded (ms): ${top}`,
      })
    }
    for (const row of rows.sort((a, b) => a.at - b.at)) console.log(`  ${row.text}`)
  }
} finally {
  chrome.kill()
  await server.stop()
}
