/**
 * npm run bench:compare -- <client build A> <client build B> [...]: Lighthouse on two or more
 * builds of the web app, their runs interleaved, medians side by side.
 *
 * On a two-core machine a page's score moves by five points or more between runs of one build, and
 * with the load on the machine over minutes: a median of three, one build after the other, cannot
 * tell a change of a few points from that. Here each build gets its own server (the server build
 * in dist/server, CLIENT_DIST pointing at the build's client folder, e.g. one made with `npx vite
 * build --outDir /tmp/before/client`), and every page is measured on each build in turn, round
 * after round, so a slow minute weighs on all of them alike. COMPARE_ROUNDS (4) and COMPARE_PAGES
 * (/,/auth,/welcome,/home,/session,/coach) choose what runs.
 */
import { resolve } from 'node:path'
import { startServer } from '../lib.ts'
import {
  coachOf,
  cookieFor,
  describeCpuSlowdown,
  launchChromium,
  lifterInTheGym,
  measureCpuSlowdown,
  measurePage,
  pathOf,
  type Run,
} from './lighthouse.bench.ts'

const builds = process.argv.slice(2).map((dir) => resolve(dir))
if (builds.length < 2) throw new Error('Name two or more client build folders (each holding index.html and assets/)')
const rounds = Number(process.env.COMPARE_ROUNDS ?? 4)
const pages = (process.env.COMPARE_PAGES ?? '/,/auth,/welcome,/home,/session,/coach').split(',')

const servers = await Promise.all(builds.map((dir) => startServer({ CLIENT_DIST: dir })))
const chrome = await launchChromium()
try {
  const lifters = await Promise.all(servers.map((server) => lifterInTheGym(server.url)))
  const coaches = await Promise.all(servers.map((server, i) => coachOf(server.url, lifters[i] as { email: string })))
  const cpu = await measureCpuSlowdown(servers[0]?.url ?? '', chrome.port)
  console.log(describeCpuSlowdown(cpu))
  const runs = new Map<string, Run[]>()
  for (let round = 1; round <= rounds; round++) {
    for (const page of pages) {
      for (const [i, server] of servers.entries()) {
        const lifter = lifters[i] as Awaited<ReturnType<typeof lifterInTheGym>>
        const coach = coaches[i] as { cookie: string }
        const run = await measurePage(`${server.url}${pathOf(page, lifter)}`, {
          port: chrome.port,
          cookie: cookieFor(page, lifter, coach),
          cpu,
        })
        runs.set(`${page}\t${i}`, [...(runs.get(`${page}\t${i}`) ?? []), run])
      }
    }
    console.log(`round ${round} of ${rounds} done`)
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
  console.log(`\nLighthouse (mobile, simulated throttling), ${rounds} interleaved runs each, medians`)
  console.log('  page        build   score   FCP ms   LCP ms   TBT ms   scores')
  for (const page of pages) {
    for (const i of builds.keys()) {
      const list = runs.get(`${page}\t${i}`) ?? []
      const cells = [
        median(list.map((r) => r.score)),
        median(list.map((r) => r.fcpMs)),
        median(list.map((r) => r.lcpMs)),
        median(list.map((r) => r.tbtMs)),
      ]
      console.log(
        `  ${page.padEnd(10)} ${String.fromCharCode(65 + i).padStart(6)} ${cells.map((c) => c.toFixed(0).padStart(8)).join(' ')}   ${list.map((r) => r.score).join(' ')}`,
      )
    }
  }
  for (const [i, dir] of builds.entries()) console.log(`  ${String.fromCharCode(65 + i)}: ${dir}`)
} finally {
  chrome.kill()
  await Promise.all(servers.map((server) => server.stop()))
}
