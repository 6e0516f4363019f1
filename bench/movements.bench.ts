import { PATTERNS, EQUIPMENT, MUSCLES } from '../src/shared/schemas/movements.ts'
import { measure, pool, report, signInCoach, type BenchServer } from './lib.ts'

const OWN_MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 10_000)
const WORDS = [
  'tempo',
  'paused',
  'deficit',
  'banded',
  'chains',
  'close-grip',
  'wide',
  'single-arm',
  'front-foot',
  'isometric',
  'speed',
  'heavy',
]
const BASES = [
  'squat',
  'deadlift',
  'press',
  'row',
  'lunge',
  'carry',
  'curl',
  'pulldown',
  'bridge',
  'step-up',
  'swing',
  'plank',
]
/** What coaches type: aliases, prefixes, whole names, typos, own variations. */
const QUERIES = [
  'rdl',
  'bench',
  'squat',
  'romanain deadlift',
  'pull',
  'ohp',
  'paused squat',
  'kettlebell swing',
  'row',
  'tempo deficit',
  'farmer',
  'lunge',
]

const pick = <T>(list: readonly T[], i: number) => list[i % list.length] as T

/** Search latency over the built-in library plus 10,000 of one coach's own movements (decision 005). */
export async function benchMovementSearch(server: BenchServer, label: string): Promise<void> {
  const cookie = await signInCoach(server.url)
  const headers = { cookie, 'content-type': 'application/json', origin: server.url }
  const loadStarted = performance.now()
  await pool(OWN_MOVEMENTS, 16, async (i) => {
    const res = await fetch(`${server.url}/api/movements`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} ${pick(BASES, i * 3)} ${i}`,
        aliases: i % 3 === 0 ? [`v${i}`] : [],
        pattern: pick(PATTERNS, i),
        primaryMuscles: [pick(MUSCLES, i)],
        equipment: [pick(EQUIPMENT, i)],
        tracking: 'weight_reps',
      }),
    })
    if (res.status !== 201) throw new Error(`loading movements: ${res.status} ${await res.text()}`)
  })
  console.log(
    `\n${label}: loaded ${OWN_MOVEMENTS} own movements in ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  )

  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } })
  // Warm up caches and the JIT before measuring.
  await measure('warm-up', 200, 4, (i) => get(`/api/movements?q=${encodeURIComponent(pick(QUERIES, i))}`))

  const floor = await measure('floor: GET /api/health (one query)', 1000, 1, () => get('/api/health'))
  const figures = [
    floor,
    await measure('GET /api/me (session lookup)', 1000, 1, () => get('/api/me')),
    await measure('search ?q= (1 at a time)', 1000, 1, (i) =>
      get(`/api/movements?q=${encodeURIComponent(pick(QUERIES, i))}`),
    ),
    await measure('search ?q= (8 at a time)', 2000, 8, (i) =>
      get(`/api/movements?q=${encodeURIComponent(pick(QUERIES, i))}`),
    ),
    await measure('search ?q=&pattern=&equipment=', 1000, 1, (i) =>
      get(
        `/api/movements?q=${encodeURIComponent(pick(QUERIES, i))}&pattern=${encodeURIComponent(pick(PATTERNS, i))}&equipment=${encodeURIComponent(pick(EQUIPMENT, i))}`,
      ),
    ),
    await measure('browse (no q, page 3, own scope)', 1000, 1, () => get('/api/movements?scope=own&offset=60')),
  ]
  report(`${label}: movement search over ${OWN_MOVEMENTS} own movements (target: search p95 < 30 ms)`, figures, floor)
}
