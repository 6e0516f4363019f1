import type { Page } from '@playwright/test'
import { expect, linkCoach, otherUser, test, todayInBrowser } from './fixtures.ts'

/** Whether this device has kept an answer whose address contains `part` for when there is no signal. */
const keptOnDevice = (page: Page, part: string) =>
  page.evaluate(async (part) => {
    for (const name of await caches.keys()) {
      if ((await (await caches.open(name)).keys()).some((request) => request.url.includes(part))) return true
    }
    return false
  }, part)

test('a lifter who loses the signal on their first visit reloads, trains today’s workout with last time’s numbers, and it syncs once', async ({
  page,
  login,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(90_000)
  // The coach's plan, assigned from today: day 1 is today's workout.
  const client = await login({ role: 'client', displayName: 'First Visit Fran' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Vida')
  await linkCoach(coachPage, coach, client)
  const squat = (
    (await (await coachPage.request.get('/api/movements?q=back%20squat')).json()) as { items: { id: string }[] }
  ).items[0]?.id
  const plan = (await (
    await coachPage.request.post('/api/plans', { data: { name: 'Signal-free block', weeks: 4, daysPerWeek: 3 } })
  ).json()) as { id: string }
  const prescribed = [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }))
  const day = {
    version: 1,
    workout: { title: 'Basement squats', exercises: [{ movementId: squat, restSeconds: 60, sets: prescribed }] },
  }
  expect((await coachPage.request.put(`/api/plans/${plan.id}/days/1/1`, { data: day })).status()).toBe(200)
  const today = await todayInBrowser(page)
  const assigned = await coachPage.request.post(`/api/plans/${plan.id}/assign`, {
    data: { clientId: client.id, startDate: today },
  })
  expect(assigned.status()).toBe(201)
  // The lifter trains their own copy of the plan.
  const copy = (await assigned.json()) as { id: string }
  await coachPage.context().close()

  // An earlier session of the lifter's own with the movement: 5 × 95 kg, finished.
  const workout = (await (
    await page.request.post('/api/workouts', {
      data: { title: 'Earlier squats', exercises: [{ movementId: squat, sets: prescribed }] },
    })
  ).json()) as {
    id: string
  }
  const earlier = (await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()) as {
    id: string
    exercises: { key: string }[]
  }
  for (const setNumber of [1, 2, 3]) {
    const set = {
      exerciseKey: earlier.exercises[0]?.key,
      setNumber,
      reps: 5,
      loadKg: 95,
      editedAt: new Date().toISOString(),
    }
    expect(
      (await page.request.put(`/api/sessions/${earlier.id}/sets/${crypto.randomUUID()}`, { data: set })).status(),
    ).toBe(200)
  }
  expect((await page.request.post(`/api/sessions/${earlier.id}/finish`, { data: {} })).status()).toBe(200)

  // The first visit: home, once, with a signal. No reload: the service worker installs meanwhile,
  // and the device keeps what the gym's screens read, last time's numbers included. The server drew
  // home, and its app (with the worker) starts once the lifter does something.
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Basement squats' })).toBeVisible()
  await page.keyboard.press('Tab')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => keptOnDevice(page, '/api/sessions/movement-stats')).toBe(true)

  // The signal goes, and the lifter reloads: still signed in, today's workout on home.
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Basement squats' })).toBeVisible()
  await expect(page.getByText('Offline: showing your plan as this device last saw it.', { exact: false })).toBeVisible()
  await expect(page.getByText('We could not check your sign-in')).toHaveCount(0)

  // The preview and the logger show last time's numbers.
  await page.getByRole('link', { name: 'Preview and start' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Basement squats' })).toBeVisible()
  await expect(page.getByText('Last time: 95×5, 95×5, 95×5', { exact: false })).toBeVisible()
  await page.getByRole('button', { name: 'Start workout' }).click()
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/)
  const sessionId = page.url().split('/').at(-1) as string
  await expect(page.getByText(/^Best e1RM \d/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Last: 95 kg × 5: use it for set 1 of Back squat' })).toBeVisible()

  for (const n of [1, 2]) await page.getByRole('button', { name: `Log set ${n} of Back squat` }).click()
  await page.getByLabel('Load (kg) for set 3 of Back squat').fill('102.5')
  await page.getByRole('button', { name: 'Log set 3 of Back squat' }).click()
  await expect(page.getByText('Offline: 3 sets waiting')).toBeVisible()

  // The signal returns: one session, the device's, with the three sets.
  await context.setOffline(false)
  await expect(page.getByText(/sets? waiting|Saving \d+ set/)).toHaveCount(0, { timeout: 20_000 })
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/sessions?planId=${copy.id}`)).json()) as { id: string }[]).map(
          (s) => s.id,
        ),
      { timeout: 20_000 },
    )
    .toEqual([sessionId])
  const synced = (await (await page.request.get(`/api/sessions/${sessionId}`)).json()) as {
    sets: { setNumber: number; loadKg: number; reps: number }[]
  }
  expect(synced.sets.map((s) => [s.setNumber, s.loadKg, s.reps]).sort()).toEqual([
    [1, 100, 5],
    [2, 100, 5],
    [3, 102.5, 5],
  ])

  // Signing out leaves nothing of the lifter's on the device.
  await page.getByRole('button', { name: 'Sign out' }).first().click()
  await expect(page).toHaveURL(/\/auth/)
  await expect.poll(() => keptOnDevice(page, '/api/')).toBe(false)
})
