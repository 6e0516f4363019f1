import { report, signInUser, type BenchServer, type Figure } from './lib.ts'

const ROWS = 50_000
const RUNS = 3
const EXERCISES = [
  'Bench Press (Barbell)',
  'Squat (Barbell)',
  'Deadlift (Barbell)',
  'Overhead Press (Barbell)',
  'Lat Pulldown (Cable)',
  'Bicep Curl (Dumbbell)',
  'Plank',
  'Atlas Stone Load',
]
const SETS_PER_EXERCISE = 5
const EXERCISES_PER_WORKOUT = 4

/** A Strong export of ROWS sets: workouts of 4 exercises × 5 sets, one every other day from 2012 on. */
function strongCsv(): string {
  const lines = [
    'Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE',
  ]
  const perWorkout = EXERCISES_PER_WORKOUT * SETS_PER_EXERCISE
  for (let w = 0; w * perWorkout < ROWS; w++) {
    const date = new Date(Date.UTC(2012, 0, 1, 7, 30) + w * 2 * 86_400_000).toISOString().replace('T', ' ').slice(0, 19)
    for (let e = 0; e < EXERCISES_PER_WORKOUT; e++) {
      const exercise = EXERCISES[(w + e) % EXERCISES.length] ?? 'Plank'
      for (let s = 1; s <= SETS_PER_EXERCISE; s++) {
        const timed = exercise === 'Plank'
        const order = s === 1 ? 'W' : String(s - 1)
        lines.push(
          `${date},"Workout ${w % 3 ? 'A' : 'B'}","1h 5m","${exercise}",${order},${timed ? 0 : 40 + (w % 50) + s * 5},${timed ? 0 : 5 + (s % 3)},0,${timed ? 60 : 0},"${s === 2 ? 'Felt good, moved fast' : ''}","",${s > 2 ? 8 : ''}`,
        )
      }
    }
  }
  return `${lines.slice(0, ROWS + 1).join('\n')}\n`
}

function single(name: string, ms: number[], perSecond: number): Figure {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { name, count: sorted.length, median: at(0.5), p95: at(0.95), p99: at(0.99), perSecond }
}

async function post(
  server: BenchServer,
  cookie: string,
  path: string,
  csv: string,
  mapping?: unknown,
): Promise<{ status: number; text: string }> {
  const form = new FormData()
  form.set('file', new File([csv], 'strong.csv', { type: 'text/csv' }))
  form.set('unit', 'kg')
  form.set('timeZone', 'Europe/Berlin')
  if (mapping) form.set('mapping', JSON.stringify(mapping))
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { cookie, origin: server.url },
    body: form,
  })
  return { status: res.status, text: await res.text() }
}

/**
 * The history import (docs/import.md): a 50,000-row Strong export read and previewed, imported
 * (to the last progress line, in one transaction), and imported again (every session skipped),
 * over HTTP against the built server, each by a new lifter.
 */
export async function benchHistoryImport(server: BenchServer, label: string): Promise<void> {
  const csv = strongCsv()
  const previews: number[] = []
  const imports: number[] = []
  const agains: number[] = []
  let sets = 0
  for (let run = 0; run < RUNS; run++) {
    const lifter = await signInUser(server.url, 'client')
    let t0 = performance.now()
    const preview = await post(server, lifter.cookie, '/api/history-import/preview', csv)
    previews.push(performance.now() - t0)
    if (preview.status !== 200) throw new Error(`preview: ${preview.status} ${preview.text.slice(0, 300)}`)
    const { exercises } = JSON.parse(preview.text) as {
      exercises: { name: string; suggested: boolean; tracking: string; suggestions: { id: string }[] }[]
    }
    const mapping = exercises.map((e) =>
      e.suggested && e.suggestions[0]
        ? { name: e.name, movementId: e.suggestions[0].id }
        : { name: e.name, create: { name: e.name, tracking: e.tracking } },
    )
    t0 = performance.now()
    const imported = await post(server, lifter.cookie, '/api/history-import', csv, mapping)
    imports.push(performance.now() - t0)
    const lastLine = imported.text.trim().split('\n').at(-1) ?? '{}'
    const last = JSON.parse(lastLine) as { type?: string; result?: { sets: number } }
    if (imported.status !== 200 || last.type !== 'done') {
      throw new Error(`import: ${imported.status} ${imported.text.slice(-300)}`)
    }
    sets = last.result?.sets ?? 0
    t0 = performance.now()
    const again = await post(server, lifter.cookie, '/api/history-import', csv, mapping)
    agains.push(performance.now() - t0)
    if (!again.text.includes('"sessions":0')) throw new Error(`import again wrote sessions: ${again.text.slice(-300)}`)
  }
  const seconds = (list: number[]) => (single('', list, 0).median || 1) / 1000
  report(
    `History import · ${label} · a Strong export of ${ROWS.toLocaleString('en')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB), ${sets.toLocaleString('en')} sets · sets/s in the last column`,
    [
      single('preview (read, suggest movements)', previews, sets / seconds(previews)),
      single('import (one transaction, streamed)', imports, sets / seconds(imports)),
      single('the same file again (all skipped)', agains, sets / seconds(agains)),
    ],
  )
}
