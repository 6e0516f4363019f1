import { writeFileSync } from 'node:fs'
import http from 'node:http'
import { signInUser, sqlClient, type BenchServer, type BenchTarget, quote, memoryMb } from './lib.ts'

/** Sets of the one lifter (BENCH_EXPORT_SETS for a quick run): sessions of 5 exercises x 5 sets. */
const SETS = Number(process.env.BENCH_EXPORT_SETS ?? 1_000_000)
const EXERCISES = 5
const SETS_PER_EXERCISE = 5
const SESSIONS = Math.ceil(SETS / (EXERCISES * SETS_PER_EXERCISE))
/** Sessions written per statement, so neither database holds the whole load in one transaction. */
const CHUNK = 4000
const TARGET_MB = 300

type Exec = (text: string) => Promise<Record<string, unknown>[]>

/**
 * The data export of a lifter with a million sets (docs/export-format.md): the JSON and the CSV
 * downloaded over HTTP from the built server, timed, with the app server's peak resident memory
 * while it streams them (the kernel's high-water mark, VmHWM, reset before each download through
 * /proc/<pid>/clear_refs, and VmRSS sampled every 50 ms beside it; on either target the database
 * runs in processes of its own, not counted here). The sets are written with SQL
 * (through the API they would take hours), on a connection of the bench's own beside the server's.
 */
export async function benchExport(server: BenchServer, label: string, target: BenchTarget): Promise<void> {
  const client = await sqlClient(target.url)
  try {
    const lifter = await signInUser(server.url, 'client')
    const exec: Exec = async (text) => (await client.query(text)).rows as Record<string, unknown>[]
    const loadSeconds = await load(exec, lifter.id)
    await client.query('vacuum analyze')
    await measure(label, server, lifter.cookie, loadSeconds)
  } finally {
    await client.end()
  }
}

/** Writes the lifter's sessions and sets; the seconds it took. */
async function load(exec: Exec, lifterId: string): Promise<number> {
  const started = performance.now()
  await exec(`drop table if exists bench_export_moves`)
  await exec(
    `create temp table bench_export_moves as
     select (row_number() over (order by name) - 1)::int as i, id, name
     from movements where owner_id is null and tracking = 'weight_reps' order by name limit ${EXERCISES}`,
  )
  for (let from = 0; from < SESSIONS; from += CHUNK) {
    const to = Math.min(SESSIONS, from + CHUNK) - 1
    // Ids are made from the lifter and the session's number, so the sets can name their session.
    const sessionId = (n: string) => `md5(${quote(lifterId)} || '/s/' || ${n})::uuid`
    const exerciseKey = (n: string, k: string) => `md5(${quote(lifterId)} || '/e/' || ${n} || '/' || ${k})::uuid`
    await exec(
      `insert into workout_sessions (id, client_id, title, exercises, status, started_at, completed_at, rpe, notes, created_at)
       select ${sessionId('n')}, ${quote(lifterId)}, 'Session ' || (n + 1),
         (select jsonb_agg(jsonb_build_object('key', ${exerciseKey('n', 'm.i')}, 'movementId', m.id, 'movementName', m.name, 'tracking', 'weight_reps',
             'prescriptionId', null, 'superset', null, 'restSeconds', 120, 'notes', null, 'targets', '[]'::jsonb) order by m.i)
          from bench_export_moves m),
         'completed', at, at + interval '70 minutes', 8, case when n % 10 = 0 then 'Felt good, "strong" today' end, at
       from generate_series(${from}, ${to}) n, lateral (select timestamptz '2012-01-01 06:00:00+00' + n * interval '3 hours' as at) t`,
    )
    await exec(
      `insert into set_logs (id, session_id, exercise_key, movement_id, set_number, reps, load_kg, rpe, completed, note, edited_at, logged_at)
       select gen_random_uuid(), ${sessionId('n')}, ${exerciseKey('n', 'm.i')}::text, m.id, sn, 3 + (n + sn) % 8,
         60 + (n % 40) * 2.5, case when sn > 2 then 7 + (sn % 3) end, (n + sn) % 50 <> 0,
         case when sn = 1 and m.i = 0 and n % 5 = 0 then 'Belt on, "tight", then =SUM(A1)' end,
         timestamptz '2012-01-01 06:00:00+00' + n * interval '3 hours' + (m.i * 5 + sn) * interval '2 minutes',
         timestamptz '2012-01-01 06:00:00+00' + n * interval '3 hours' + (m.i * 5 + sn) * interval '2 minutes'
       from generate_series(${from}, ${to}) n cross join bench_export_moves m cross join generate_series(1, ${SETS_PER_EXERCISE}) sn`,
    )
  }
  await exec('drop table bench_export_moves')
  return (performance.now() - started) / 1000
}

type Download = {
  name: string
  bytes: number
  records: number
  firstByteMs: number
  totalMs: number
  peakMb: number
  beforeMb: number
}

/** One download read as fast as the socket gives it, with the server's memory watched throughout. */
async function download(
  name: string,
  url: string,
  cookie: string,
  pid: number,
  count: (chunk: string) => number,
): Promise<Download> {
  const beforeMb = memoryMb(pid, 'VmRSS')
  let hwmReset = true
  try {
    // 5 resets the peak resident set size (Linux 4.0 and later).
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
  } catch {
    hwmReset = false
  }
  let sampled = beforeMb
  const sampler = setInterval(() => (sampled = Math.max(sampled, memoryMb(pid, 'VmRSS'))), 50)
  const started = performance.now()
  try {
    return await new Promise<Download>((resolve, reject) => {
      http
        .get(url, { headers: { cookie } }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`${name}: answer ${res.statusCode}`))
          const firstByteMs = performance.now() - started
          let bytes = 0
          let records = 0
          res.setEncoding('utf8')
          res.on('data', (chunk: string) => {
            bytes += Buffer.byteLength(chunk)
            records += count(chunk)
          })
          res.on('end', () => {
            const totalMs = performance.now() - started
            const peakMb = Math.max(sampled, hwmReset ? memoryMb(pid, 'VmHWM') : 0)
            resolve({ name, bytes, records, firstByteMs, totalMs, peakMb, beforeMb })
          })
          res.on('error', reject)
        })
        .on('error', reject)
    })
  } finally {
    clearInterval(sampler)
  }
}

/** Occurrences of a marker in a stream of chunks (a marker may straddle two chunks). */
function counter(marker: string): (chunk: string) => number {
  let tail = ''
  return (chunk) => {
    const text = tail + chunk
    let found = 0
    for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) found++
    // Too short to hold a whole marker: one that straddles into the next chunk is counted there.
    tail = text.slice(-(marker.length - 1))
    return found
  }
}

async function measure(label: string, server: BenchServer, cookie: string, loadSeconds: number): Promise<void> {
  const pid = server.child.pid
  if (!pid) throw new Error('the server has no pid')
  const runs = [
    await download('JSON export', `${server.url}/api/data-export/json`, cookie, pid, counter('"exerciseKey":')),
    await download('CSV export', `${server.url}/api/data-export/csv`, cookie, pid, counter('\r\n')),
  ]
  console.log(
    `\n${label}: data export of one lifter with ${SETS.toLocaleString('en')} sets in ${SESSIONS.toLocaleString('en')} sessions (loaded in ${loadSeconds.toFixed(1)} s by SQL)`,
  )
  console.log(
    '  download        size        records      first byte      total      MB/s   server RSS before    peak   growth',
  )
  for (const r of runs) {
    const mb = r.bytes / 1024 / 1024
    console.log(
      `  ${r.name.padEnd(12)} ${`${mb.toFixed(1)} MB`.padStart(10)} ${r.records.toLocaleString('en').padStart(12)} ${`${r.firstByteMs.toFixed(0)} ms`.padStart(12)} ${`${(r.totalMs / 1000).toFixed(1)} s`.padStart(10)} ${(mb / (r.totalMs / 1000)).toFixed(1).padStart(8)} ${`${r.beforeMb.toFixed(0)} MB`.padStart(18)} ${`${r.peakMb.toFixed(0)} MB`.padStart(7)} ${`${(r.peakMb - r.beforeMb).toFixed(0)} MB`.padStart(8)}`,
    )
  }
  const over = runs.filter((r) => r.peakMb >= TARGET_MB)
  console.log(
    over.length
      ? `  over target (peak RSS >= ${TARGET_MB} MB): ${over.map((r) => r.name).join(', ')}`
      : `  peak RSS under ${TARGET_MB} MB: met`,
  )
}
