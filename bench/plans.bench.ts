import { measure, report, signInCoach, type BenchServer } from './lib.ts'

const WEEKS = 16
const DAYS = 7
const EXERCISES = 8

/** Loading and saving a 16-week, 7-day plan with 8 exercises a day (~900 exercise rows; decision 006). */
export async function benchPlans(server: BenchServer, label: string): Promise<void> {
  const cookie = await signInCoach(server.url)
  const headers = { cookie, 'content-type': 'application/json', origin: server.url }
  const page = (await (
    await fetch(`${server.url}/api/movements?limit=${EXERCISES}&pattern=squat`, { headers })
  ).json()) as { items: { id: string }[] }
  const movementIds = page.items.map((m) => m.id)
  const created = (await (
    await fetch(`${server.url}/api/plans`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench block', weeks: WEEKS, daysPerWeek: DAYS }),
    })
  ).json()) as { id: string; version: number }

  const cell = (version: number, title: string) =>
    JSON.stringify({
      version,
      workout: {
        title,
        exercises: Array.from({ length: EXERCISES }, (_, i) => ({
          movementId: movementIds[i % movementIds.length],
          restSeconds: 120,
          sets: Array.from({ length: 4 }, () => ({
            reps: { min: 6, max: 8 },
            load: { kind: 'kg', value: 80 + i },
            rpe: 8,
          })),
        })),
      },
    })

  let version = created.version
  const save = async (week: number, day: number, title: string) => {
    const res = await fetch(`${server.url}/api/plans/${created.id}/days/${week}/${day}`, {
      method: 'PUT',
      headers,
      body: cell(version, title),
    })
    if (res.ok) version += 1
    return res
  }
  for (let week = 1; week <= WEEKS; week++)
    for (let day = 1; day <= DAYS; day++) await (await save(week, day, `W${week}D${day}`)).arrayBuffer()

  const floor = await measure('floor: GET /api/health (one query)', 300, 1, () => fetch(`${server.url}/api/health`))
  const figures = [
    floor,
    await measure(`load the whole plan (${WEEKS * DAYS * EXERCISES} exercises)`, 200, 1, () =>
      fetch(`${server.url}/api/plans/${created.id}`, { headers }),
    ),
    await measure('save one cell (8 exercises, 32 sets)', 200, 1, (i) =>
      save(1 + (i % WEEKS), 1 + (i % DAYS), `Edit ${i}`),
    ),
  ]
  report(`${label}: a ${WEEKS}-week, ${DAYS}-day plan (target: load and single-cell save under 100 ms)`, figures, floor)
}
