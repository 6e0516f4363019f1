import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

// What a tick logs: exactly the numbers its row shows as values. A target looks like a target
// (in the target column, never as a number in an input), and a range is never turned into a number.

type Exercise = { movement: string; sets: unknown[] }

/** A standalone workout of these movements and prescribed sets. */
async function workoutOf(page: Page, exercises: Exercise[]): Promise<string> {
  const found = await Promise.all(
    exercises.map(
      async ({ movement }) =>
        (await (await page.request.get(`/api/movements?q=${encodeURIComponent(movement)}`)).json()).items[0],
    ),
  )
  expect(found.map((m) => m.name)).toEqual(exercises.map((e) => e.movement))
  const res = await page.request.post('/api/workouts', {
    data: { title: 'Tick day', exercises: exercises.map(({ sets }, i) => ({ movementId: found[i].id, sets })) },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()).id
}

async function startFrom(page: Page, workoutId: string) {
  const res = await page.request.post('/api/sessions', { data: { workoutId } })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: string; exercises: { key: string }[] }
}

type Logged = {
  setNumber: number
  loadKg: number | null
  reps: number | null
  rpe: number | null
  durationSeconds: number | null
  distanceMeters: number | null
}
const loggedSets = async (page: Page, sessionId: string): Promise<Logged[]> =>
  (await (await page.request.get(`/api/sessions/${sessionId}`)).json()).sets

test('a prescribed set shows its load and reps as values and logs them; its RPE target stays a target', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Tick Tam' })
  const session = await startFrom(
    page,
    await workoutOf(page, [
      { movement: 'Back squat', sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 8 }] },
    ]),
  )
  await page.goto(`/session/${session.id}`)

  await expect(page.getByLabel('Load (kg) for set 1 of Back squat')).toHaveValue('100')
  await expect(page.getByLabel('Reps for set 1 of Back squat')).toHaveValue('5')
  const rpe = page.getByLabel('RPE for set 1 of Back squat')
  await expect(rpe).toHaveValue('')
  // No number in an empty input: the RPE target is read in the target column.
  await expect(rpe).toHaveAttribute('placeholder', 'RPE')
  await expect(page.getByRole('list', { name: 'Sets of 1 Back squat' }).getByRole('listitem').first()).toContainText(
    '5 × 100 @8',
  )

  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await expect
    .poll(() => loggedSets(page, session.id))
    .toEqual([expect.objectContaining({ setNumber: 1, loadKg: 100, reps: 5, rpe: null })])

  // An RPE the lifter types is logged.
  await rpe.fill('8.5')
  await page.getByRole('button', { name: 'Update set 1 of Back squat' }).click()
  await expect.poll(async () => (await loggedSets(page, session.id))[0]?.rpe).toBe(8.5)
})

test('a rep range is not turned into a number: the tick asks for the reps and logs nothing', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Range Rae' })
  const session = await startFrom(
    page,
    await workoutOf(page, [
      { movement: 'Bench press', sets: [{ reps: { min: 8, max: 10 }, load: { kind: 'kg', value: 60 } }] },
    ]),
  )
  await page.goto(`/session/${session.id}`)

  const reps = page.getByLabel('Reps for set 1 of Bench press')
  await expect(page.getByLabel('Load (kg) for set 1 of Bench press')).toHaveValue('60')
  await expect(reps).toHaveValue('')
  await expect(reps).toHaveAttribute('placeholder', '–')

  await page.getByRole('button', { name: 'Log set 1 of Bench press' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Type the reps you did first.' })).toBeVisible()
  await expect(reps).toBeFocused()
  await expect(reps).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('button', { name: 'Log set 1 of Bench press' })).toHaveAttribute('aria-pressed', 'false')
  expect(await loggedSets(page, session.id)).toEqual([])

  await reps.fill('9')
  await page.getByRole('button', { name: 'Log set 1 of Bench press' }).click()
  await expect
    .poll(() => loggedSets(page, session.id))
    .toEqual([expect.objectContaining({ loadKg: 60, reps: 9, rpe: null })])
  await expect(page.getByRole('alert').filter({ hasText: 'Type the reps you did first.' })).toHaveCount(0)
})

test('without a prescription, a set starts from what the lifter did on it last time', async ({ page, login }) => {
  await login({ role: 'client', displayName: 'Last Lin' })
  const workoutId = await workoutOf(page, [{ movement: 'Back squat', sets: [{}, {}] }])
  const first = await startFrom(page, workoutId)
  const key = first.exercises[0]?.key
  for (const [setNumber, loadKg, reps] of [
    [1, 80, 8],
    [2, 85, 6],
  ]) {
    const res = await page.request.put(`/api/sessions/${first.id}/sets/${crypto.randomUUID()}`, {
      data: { exerciseKey: key, setNumber, loadKg, reps, rpe: 8, editedAt: new Date().toISOString() },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  expect((await page.request.post(`/api/sessions/${first.id}/finish`, { data: {} })).status()).toBe(200)

  const second = await startFrom(page, workoutId)
  await page.goto(`/session/${second.id}`)
  await expect(page.getByLabel('Load (kg) for set 2 of Back squat')).toHaveValue('85')
  await expect(page.getByLabel('Reps for set 2 of Back squat')).toHaveValue('6')
  // Last time's RPE is not today's: it is never carried over.
  await expect(page.getByLabel('RPE for set 2 of Back squat')).toHaveValue('')
  await expect(page.getByLabel('Load (kg) for set 1 of Back squat')).toHaveValue('80')

  // Today's heavier set 1 carries down to set 2, before last time's.
  await page.getByLabel('Load (kg) for set 1 of Back squat').fill('90')
  await expect(page.getByLabel('Load (kg) for set 2 of Back squat')).toHaveValue('90')
  await page.getByRole('button', { name: 'Log set 2 of Back squat' }).click()
  await expect
    .poll(() => loggedSets(page, second.id))
    .toEqual([expect.objectContaining({ setNumber: 2, loadKg: 90, reps: 6, rpe: null })])
})

test('time and distance show the prescribed figures as values, and a timed set with none asks for the time', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Clock Cy' })
  const session = await startFrom(
    page,
    await workoutOf(page, [{ movement: 'Plank', sets: [{ durationSeconds: 45 }, {}] }]),
  )
  await page.goto(`/session/${session.id}`)

  await expect(page.getByLabel('Time (s) for set 1 of Plank')).toHaveValue('45')
  await expect(page.getByLabel('Time (s) for set 2 of Plank')).toHaveValue('')
  await page.getByRole('button', { name: 'Log set 1 of Plank' }).click()
  await page.getByRole('button', { name: 'Log set 2 of Plank' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Type the time first.' })).toBeVisible()
  await expect(page.getByLabel('Time (s) for set 2 of Plank')).toBeFocused()
  await expect
    .poll(() => loggedSets(page, session.id))
    .toEqual([expect.objectContaining({ setNumber: 1, durationSeconds: 45, reps: null, rpe: null })])
})
