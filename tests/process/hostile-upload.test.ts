import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { MAX_IMPORT_BYTES } from '../../src/shared/schemas/history-import.ts'
import { startBuiltServer } from '../helpers/built-server.ts'
import { signIn } from '../helpers/lifter.ts'
import { cleanUpAfterEach } from '../helpers/process-cleanup.ts'

/**
 * Uploads made to stall or exhaust the server, sent to the built server as a process: each is
 * answered (refused, or read when it is a real export) while the health check keeps answering
 * without stalling (STALL_MS), and the process stays up with its memory bounded.
 */

const cleanup = cleanUpAfterEach()

/**
 * The longest a health check may wait while an upload is read. Reading 8 MB on the event loop
 * held it for 3 s or more here, so 2 s still tells a stalled server from a busy machine; 1 s did
 * not (a full CI run, every test file's servers and databases sharing two cores, saw 1,043 ms).
 */
const STALL_MS = 2000

const HEADER =
  'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n'
/** Rows of `row` filling the largest file an import takes. */
const filled = (row: string) => HEADER + row.repeat(Math.floor((MAX_IMPORT_BYTES - HEADER.length) / row.length))

/** The server's resident memory, in MB, as the kernel counts it (the workers' included). */
function residentMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line?.replace(/\D/g, '') ?? 0) / 1024
}

test('hostile uploads are answered while the server keeps answering everyone else', async () => {
  const server = cleanup.track(await startBuiltServer())
  const pid = server.child.pid ?? 0
  const lifter = await signIn(server.url)
  const uploads: [string, string, number, RegExp][] = [
    ['8 MB of one-letter rows', filled('a\n'), 400, /cannot be read, so it is not read further/],
    ['8 MB of rows of separators', filled(',\n'), 400, /cannot be read, so it is not read further/],
    ['8 MB of rest timers', filled(',,,,Rest Timer,,,,,,,\n'), 400, /at most 200,000 rows/],
    [
      '1,000 different exercise names',
      HEADER +
        Array.from(
          { length: 1000 },
          (_, i) => `2023-05-14 08:03:11,A,1h,Exercise ${i} (Barbell),1,20,10,0,0,,,\n`,
        ).join(''),
      200,
      /"exercises"/,
    ],
  ]
  let peakMb = residentMb(pid)
  for (const [label, text, status, body] of uploads) {
    const form = new FormData()
    form.set('file', new File([text], 'strong.csv', { type: 'text/csv' }))
    const answer = fetch(`${server.url}/api/history-import/preview`, {
      method: 'POST',
      headers: { cookie: lifter.cookie, origin: server.url },
      body: form,
    }).then(async (res) => ({
      status: res.status,
      text: await res.text(),
    }))
    let done = false
    void answer.finally(() => (done = true))
    const healthWaits: number[] = []
    while (!done) {
      const started = performance.now()
      const health = await fetch(`${server.url}/api/health`)
      expect(health.status, label).toBe(200)
      healthWaits.push(performance.now() - started)
      peakMb = Math.max(peakMb, residentMb(pid))
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const { status: got, text: answered } = await answer
    expect(got, `${label}: ${answered.slice(0, 200)}`).toBe(status)
    expect(answered, label).toMatch(body)
    expect(Math.max(...healthWaits), `${label}: the longest wait for /api/health, in ms`).toBeLessThan(STALL_MS)
  }
  expect(server.child.exitCode).toBeNull()
  // Before these limits, 1 MB of junk took the heap to 1.9 GB and 8 MB past 4 GB (out of memory).
  expect(peakMb).toBeLessThan(1024)
})

test('a large import is written in one request while everyone else is answered', async () => {
  const server = cleanup.track(await startBuiltServer())
  const lifter = await signIn(server.url)
  // 625 sessions of 20 sets: 12,500 sets, one transaction.
  const rows: string[] = []
  for (let session = 0; session < 625; session++) {
    const day = new Date(Date.UTC(2020, 0, 1) + session * 86_400_000).toISOString().slice(0, 10)
    for (let set = 0; set < 20; set++) {
      rows.push(`${day} 08:00:00,Day,1h,Exercise ${set % 4} (Barbell),${set + 1},${60 + set},5,,,,,\n`)
    }
  }
  const csv = HEADER + rows.join('')
  const mapping = Array.from({ length: 4 }, (_, i) => ({
    name: `Exercise ${i} (Barbell)`,
    create: { name: `Exercise ${i}`, tracking: 'weight_reps' },
  }))
  type Line = { type: string; done?: number; total?: number; result?: Record<string, unknown> }
  const importFile = async (): Promise<Line[]> => {
    const form = new FormData()
    form.set('file', new File([csv], 'strong.csv', { type: 'text/csv' }))
    form.set('mapping', JSON.stringify(mapping))
    const headers = { cookie: lifter.cookie, origin: server.url }
    const res = await fetch(`${server.url}/api/history-import`, { method: 'POST', headers, body: form })
    const text = await res.text()
    expect(res.status, text.slice(0, 300)).toBe(200)
    return text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Line)
  }
  let done = false
  const importing = importFile().finally(() => (done = true))
  const healthWaits: number[] = []
  while (!done) {
    const started = performance.now()
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
    healthWaits.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const lines = await importing
  expect(lines.at(-1)).toEqual({
    type: 'done',
    result: { source: 'strong', sessions: 625, sets: 12_500, skipped: 0, movementsCreated: 4 },
  })
  // One bar for the whole file.
  const progress = lines.filter((line) => line.type === 'progress')
  expect(progress.at(-1)).toEqual({ type: 'progress', done: 12_500, total: 12_500 })
  expect(Math.max(...healthWaits), 'the longest wait for /api/health during the import, in ms').toBeLessThan(STALL_MS)
  // The health check was answered while the import went on, not only after it.
  expect(healthWaits.length).toBeGreaterThan(1)
  // Every session is written once: the file again writes nothing.
  expect((await importFile()).at(-1)).toMatchObject({
    type: 'done',
    result: { sessions: 0, sets: 0, skipped: 625, movementsCreated: 0 },
  })
})
