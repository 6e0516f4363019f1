import type { Page } from '@playwright/test'
import { expect, expectToast, test, todayInBrowser } from './fixtures.ts'

/** How many changes wait in the app's offline queue on this device. */
const queuedOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('coachline-queue')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const request = open.result.transaction('items').objectStore('items').count()
          request.onsuccess = () => resolve(request.result)
        }
      }),
  )

test('a client trains today’s workout, logs sets offline through a reload, syncs, finishes, and reads the coach’s comment', async ({
  page,
  login,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(90_000)
  // The coach's side, through the API: a plan whose day 1 is today, assigned to the client.
  const coachPage = await (await browser.newContext({ baseURL })).newPage()
  const coach = await (
    await coachPage.request.post('/api/testing/users', {
      data: { email: `train-coach-${Date.now()}@example.test`, role: 'coach', displayName: 'Coach Tara' },
    })
  ).json()
  const client = await login({ role: 'client', displayName: 'Lifter Lou' })
  expect(
    (
      await coachPage.request.post('/api/testing/coach-clients', {
        data: { coachEmail: coach.email, clientEmail: client.email },
      })
    ).status(),
  ).toBe(201)
  const squat = (await (await coachPage.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const plan = await (
    await coachPage.request.post('/api/plans', { data: { name: 'Squat block', weeks: 4, daysPerWeek: 3 } })
  ).json()
  await coachPage.request.put(`/api/plans/${plan.id}/days/1/1`, {
    data: {
      version: 1,
      workout: {
        title: 'Squat day',
        exercises: [
          {
            movementId: squat.id,
            restSeconds: 60,
            sets: [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } })),
          },
        ],
      },
    },
  })
  const today = await todayInBrowser(page)
  expect(
    (
      await coachPage.request.post(`/api/plans/${plan.id}/assign`, { data: { clientId: client.id, startDate: today } })
    ).status(),
  ).toBe(201)

  // The service worker must control the page before the signal goes. (Home comes drawn by the
  // server: its app, and the worker with it, start once the lifter does something.)
  await page.goto('/home')
  await page.keyboard.press('Tab')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

  await expect(page.getByRole('heading', { name: 'Squat day' })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'This week' }).getByRole('listitem', { name: 'Day 1: Today' }),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Preview and start' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Squat day' })).toBeVisible()
  await page.getByRole('button', { name: 'Start workout' }).click()
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/)
  const sessionId = page.url().split('/').at(-1) as string

  // Three sets as prescribed: one tap each (empty inputs log the target).
  for (const n of [1, 2, 3]) {
    await page.getByRole('button', { name: `Log set ${n} of Back squat` }).click()
    await expect(page.getByRole('button', { name: `Update set ${n} of Back squat` })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  }
  await expect(page.getByRole('timer', { name: 'Rest timer' })).toBeVisible()
  await expect
    .poll(async () => (await (await page.request.get(`/api/sessions/${sessionId}`)).json()).sets.length)
    .toBe(3)

  // No signal: three more sets wait on the device.
  await context.setOffline(true)
  for (const n of [4, 5, 6]) {
    await page.getByRole('button', { name: 'Add set to 1 Back squat' }).click()
    await page.getByLabel(`Load (kg) for set ${n} of Back squat`).fill('102.5')
    await page.getByLabel(`Reps for set ${n} of Back squat`).fill('5')
    await page.getByRole('button', { name: `Log set ${n} of Back squat` }).click()
  }
  await expect(page.getByText('Offline: 3 sets waiting')).toBeVisible()

  // A reload with no signal still has them.
  await page.reload()
  await expect(page.getByText('Offline: 3 sets waiting')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update set 6 of Back squat' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByLabel('Load (kg) for set 6 of Back squat')).toHaveValue('102.5')

  // Back online: they sync, once each.
  await context.setOffline(false)
  await expect(page.getByText('Offline: 3 sets waiting')).toBeHidden({ timeout: 15_000 })
  await expect(page.getByText(/sets? waiting|Saving \d+ set/)).toHaveCount(0, { timeout: 15_000 })
  await expect
    .poll(async () => (await (await page.request.get(`/api/sessions/${sessionId}`)).json()).sets.length)
    .toBe(6)

  await page.getByLabel('Session RPE').selectOption('8')
  await page.getByRole('button', { name: 'Finish workout' }).click()
  await page.getByRole('dialog', { name: 'Finish this workout?' }).getByRole('button', { name: 'Finish' }).click()
  await expectToast(page, 'Workout finished')
  await expect(page).toHaveURL(`${baseURL}/summary/${sessionId}`)
  const totals = page.getByRole('definition')
  await expect(page.getByText('6 of 3')).toBeVisible()
  await expect(totals.filter({ hasText: '3,037.5 kg' })).toBeVisible()
  // The lifter's first session with the movement: baselines, not records.
  await expect(page.getByRole('region', { name: 'New personal records' })).toHaveCount(0)

  // The calendar marks the day done and opens its summary.
  await page.goto('/mesocycle')
  await page.getByRole('listitem', { name: 'Week 1 day 1: Done' }).getByRole('link').click()
  await expect(page).toHaveURL(`${baseURL}/summary/${sessionId}`)
  await expect(page.getByRole('listitem', { name: 'Week 1 day 2: Rest' })).toHaveCount(0)

  // The coach sees it on the dashboard, reads the session and comments; the client, elsewhere
  // in the app with its live connection open, is told.
  const live = page.waitForResponse((r) => r.url().includes('/api/chat/stream'))
  await page.goto('/home')
  // Home comes drawn by the server; the app (and its live connection) starts once the lifter acts.
  await page.keyboard.press('Tab')
  await live
  await coachPage.goto('/coach')
  await expect(coachPage.getByRole('dialog')).toHaveCount(0)
  const recent = coachPage.getByRole('region', { name: 'Recent sessions' })
  await expect(recent).toContainText('Lifter Lou')
  await recent.getByRole('link', { name: /Squat day/ }).click()
  await expect(coachPage).toHaveURL(`${baseURL}/summary/${sessionId}`)
  await coachPage.getByLabel('Your comment').fill('Great depth on the last three!')
  await coachPage.getByRole('button', { name: 'Add comment' }).click()
  await expectToast(coachPage, 'Comment added')
  // The lifter's open app is told at once, and the toast opens the summary.
  await expectToast(page, 'Coach Tara commented on your workout')
  await expect(page.getByRole('region', { name: 'New comments from your coach' })).toContainText(
    'Great depth on the last three!',
  )
  await expect(page.getByRole('link', { name: 'Home, 1 new comment' }).first()).toBeVisible()
  await page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('button', { name: 'Open' })
    .click()
  await expect(page).toHaveURL(`${baseURL}/summary/${sessionId}`)
  await expect(page.getByRole('region', { name: 'Comments on the session' })).toContainText(
    'Great depth on the last three!',
  )
  await expect(page.getByRole('region', { name: 'Comments on the session' })).toContainText('Coach Tara')
  // Read now: the count is gone.
  await expect(page.getByRole('link', { name: /^Home, \d+ unread$/ })).toHaveCount(0)

  // A comment on one set shows under that set, for both.
  const squatReview = (p: typeof page) => p.getByRole('region', { name: 'Back squat' })
  await squatReview(coachPage).getByRole('button', { name: 'Comment on set 2' }).click()
  await squatReview(coachPage).getByLabel('Comment on set 2').fill('Hips rose first here')
  await squatReview(coachPage).getByRole('button', { name: 'Add comment' }).click()
  await expect(squatReview(coachPage).getByRole('listitem', { name: 'Set 2' })).toContainText('Hips rose first here')
  await expect(squatReview(page).getByRole('listitem', { name: 'Set 2' })).toContainText('Hips rose first here')
  await coachPage.context().close()

  // This browser kept the timings of its session and set-log calls.
  await page.goto('/debug/perf-sessions')
  const calls = page.getByRole('region', { name: 'Calls' })
  await expect(calls).toContainText('log a set')
  await expect(calls).toContainText('start a session')
  await page.getByRole('button', { name: 'Clear' }).click()
  // (The click itself may be measured: Web Vitals report on the first interaction.)
  await expect(page.getByRole('region', { name: 'Calls' })).toHaveCount(0)
})

test('a set the server refuses stays on screen, marked with its reason, not logged and with no rest after it', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Refused Rae' })
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const workout = await (
    await page.request.post('/api/workouts', {
      data: {
        title: 'Two sets',
        exercises: [
          {
            movementId: squat.id,
            restSeconds: 90,
            sets: [1, 2].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 } })),
          },
        ],
      },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  await page.goto(`/session/${session.id}`)

  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await expect(page.getByRole('button', { name: 'Update set 1 of Back squat' })).toHaveAttribute('aria-pressed', 'true')
  await expect
    .poll(async () => (await (await page.request.get(`/api/sessions/${session.id}`)).json()).sets.length)
    .toBe(1)
  await page.getByRole('button', { name: 'Skip rest' }).click()

  // Discarded on another device: this screen does not know yet, and the server refuses the next set.
  expect((await page.request.post(`/api/sessions/${session.id}/discard`)).status()).toBe(204)
  await page.getByLabel('Reps for set 2 of Back squat').fill('4')
  await page.getByRole('button', { name: 'Log set 2 of Back squat' }).click()

  const reason = page
    .getByRole('alert')
    .filter({ hasText: 'Not saved: This session was discarded. Fix it and log it again, or remove it.' })
  await expect(reason).toBeVisible()
  await expectToast(page, 'A change could not be saved')
  // Kept with what was typed, but not called logged, not counted as waiting, and no rest timer.
  await expect(page.getByRole('button', { name: 'Log set 2 of Back squat' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByLabel('Reps for set 2 of Back squat')).toHaveValue('4')
  await expect(page.getByRole('timer', { name: 'Rest timer' })).toBeHidden()
  await expect(page.getByText(/sets? waiting|Saving \d+ set/)).toHaveCount(0)
  expect((await (await page.request.get(`/api/sessions/${session.id}`)).json()).sets).toHaveLength(1)

  // The device keeps it in its queue until the lifter fixes or removes it.
  await expect.poll(() => queuedOnDevice(page)).toBe(1)

  // Finishing waits until it is fixed or removed.
  await page.getByRole('button', { name: 'Finish workout' }).click()
  await page.getByRole('dialog', { name: 'Finish this workout?' }).getByRole('button', { name: 'Finish' }).click()
  await expectToast(page, 'Some sets were not saved')

  // The lifter gives it up: it leaves the screen and the device.
  await page.getByRole('button', { name: 'Remove set 2 of Back squat' }).click()
  await expect(reason).toBeHidden()
  await expect.poll(() => queuedOnDevice(page)).toBe(0)
})

test('a set the server would refuse is refused in place: its fields say why, nothing is queued and no rest starts', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Typo Tia' })
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const workout = await (
    await page.request.post('/api/workouts', {
      data: {
        title: 'One set',
        exercises: [
          {
            movementId: squat.id,
            restSeconds: 90,
            sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 } }],
          },
        ],
      },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  await page.goto(`/session/${session.id}`)

  await page.getByLabel('Load (kg) for set 1 of Back squat').fill('10000')
  await page.getByLabel('Reps for set 1 of Back squat').fill('-5')
  await page.getByLabel('RPE for set 1 of Back squat').fill('15')
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()

  const why = page.getByRole('alert').filter({ hasText: 'Load must be from 0 to 1500 kg' })
  await expect(why).toContainText('Reps must be a whole number from 0 to 1000')
  await expect(why).toContainText('RPE must be from 1 to 10 in steps of 0.5')
  await expect(page.getByLabel('Load (kg) for set 1 of Back squat')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('button', { name: 'Log set 1 of Back squat' })).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByRole('timer', { name: 'Rest timer' })).toBeHidden()
  expect(await queuedOnDevice(page)).toBe(0)

  // Fixed, it logs as usual.
  await page.getByLabel('Load (kg) for set 1 of Back squat').fill('100')
  await page.getByLabel('Reps for set 1 of Back squat').fill('5')
  await page.getByLabel('RPE for set 1 of Back squat').fill('8')
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await expect(why).toBeHidden()
  await expect(page.getByRole('button', { name: 'Update set 1 of Back squat' })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('timer', { name: 'Rest timer' })).toBeVisible()
  await expect
    .poll(async () => (await (await page.request.get(`/api/sessions/${session.id}`)).json()).sets.length)
    .toBe(1)
})

test('a long unbroken word wraps instead of widening the page, on a phone', async ({ page, login }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await login({ role: 'client', displayName: 'Pneumonoultramicroscopicsilicovolcanoconiosis'.padEnd(80, 'x') })
  const word = 'a'.repeat(1990)
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const workout = await (
    await page.request.post('/api/workouts', {
      data: {
        title: `Long ${word.slice(0, 90)}`,
        exercises: [
          { movementId: squat.id, notes: word, sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 } }] },
        ],
      },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  const fits = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)

  await page.goto(`/session/${session.id}`)
  await expect(page.getByRole('button', { name: 'Log set 1 of Back squat' })).toBeVisible()
  await fits()
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await expect
    .poll(async () => (await (await page.request.get(`/api/sessions/${session.id}`)).json()).sets.length)
    .toBe(1)
  expect(
    (await page.request.post(`/api/sessions/${session.id}/finish`, { data: { rpe: null, notes: word } })).status(),
  ).toBe(200)
  expect((await page.request.post(`/api/sessions/${session.id}/comments`, { data: { body: word } })).status()).toBe(201)
  await page.goto(`/summary/${session.id}`)
  await expect(page.getByRole('region', { name: 'Comments on the session' })).toContainText('aaaa')
  await fits()
})

test('a lifter in pounds reads targets they can load, and logs exactly what they type', async ({ page, login }) => {
  await login({ role: 'client', displayName: 'Pound Pat' })
  expect((await page.request.patch('/api/profile', { data: { unit: 'lb' } })).status()).toBe(200)
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const workout = await (
    await page.request.post('/api/workouts', {
      data: {
        title: 'Pounds',
        exercises: [
          {
            movementId: squat.id,
            sets: [100, 80, 140].map((value) => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value } })),
          },
        ],
      },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  await page.goto(`/session/${session.id}`)

  const sets = page.getByRole('list', { name: 'Sets of 1 Back squat' })
  await expect(sets.getByText('Target 5 reps × 220 lb')).toBeVisible()
  await expect(sets.getByText('Target 5 reps × 175 lb')).toBeVisible()
  await expect(sets.getByText('Target 5 reps × 310 lb')).toBeVisible()
  await expect(page.getByLabel('Load (lb) for set 1 of Back squat')).toHaveValue('220')

  // One tap logs the loadable target; a typed load is kept as typed.
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await page.getByLabel('Load (lb) for set 2 of Back squat').fill('177.5')
  await page.getByRole('button', { name: 'Log set 2 of Back squat' }).click()
  await expect(page.getByLabel('Load (lb) for set 1 of Back squat')).toHaveValue('220')
  await expect
    .poll(async () => (await (await page.request.get(`/api/sessions/${session.id}`)).json()).sets.length)
    .toBe(2)
  await page.reload()
  await expect(page.getByLabel('Load (lb) for set 1 of Back squat')).toHaveValue('220')
  await expect(page.getByLabel('Load (lb) for set 2 of Back squat')).toHaveValue('177.5')
})

test('a superset alternates: after A1 the lifter moves to A2, and the rest comes after A2', async ({ page, login }) => {
  await login({ role: 'client', displayName: 'Superset Sol' })
  const find = async (q: string) =>
    (await (await page.request.get(`/api/movements?q=${encodeURIComponent(q)}`)).json()).items[0]
  const [bench, squat] = [await find('bench press'), await find('back squat')]
  const sets = [1, 2].map(() => ({ reps: { min: 8, max: 8 }, load: { kind: 'kg', value: 60 } }))
  const workout = await (
    await page.request.post('/api/workouts', {
      data: {
        title: 'Pairs',
        exercises: [
          { movementId: bench.id, superset: 'A', restSeconds: 120, sets },
          { movementId: squat.id, superset: 'A', restSeconds: 120, sets },
        ],
      },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  await page.goto(`/session/${session.id}`)
  const timer = page.getByRole('timer', { name: 'Rest timer' })

  await page.getByRole('button', { name: `Log set 1 of ${bench.name}` }).click()
  await expect(page.getByRole('button', { name: `Update set 1 of ${bench.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByRole('button', { name: `Log set 1 of ${squat.name}` })).toBeFocused()
  await expect(timer).toBeHidden()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('button', { name: `Update set 1 of ${squat.name}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(timer).toBeVisible()

  await page.getByRole('button', { name: `Log set 2 of ${bench.name}` }).click()
  await expect(timer).toBeHidden()
  await expect(page.getByRole('button', { name: `Log set 2 of ${squat.name}` })).toBeFocused()
})

test('with no signal from the first tap: home, the calendar and the preview read the device’s copy, and a workout started offline reaches the server once', async ({
  page,
  login,
  context,
}) => {
  test.setTimeout(90_000)
  const client = await login({ role: 'client', displayName: 'Basement Bo' })
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const plan = await (
    await page.request.post('/api/plans', { data: { name: 'Basement block', weeks: 4, daysPerWeek: 3 } })
  ).json()
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'))
  const weekday = await page.evaluate(() => ((new Date().getDay() + 6) % 7) + 1)
  await page.request.put(`/api/plans/${plan.id}/days/1/1`, {
    data: {
      version: 1,
      workout: {
        title: 'Cellar squats',
        exercises: [
          {
            movementId: squat.id,
            restSeconds: 60,
            sets: [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 } })),
          },
        ],
      },
    },
  })
  // Today is day 1: its weekday and two others.
  const trainingDays = [weekday, ...[1, 2, 3, 4, 5, 6, 7].filter((d) => d !== weekday).slice(0, 2)]
  expect(
    (await page.request.post(`/api/plans/${plan.id}/start`, { data: { startDate: today, trainingDays } })).status(),
  ).toBe(200)

  // Home opened once with a signal, under the service worker: the device keeps its copy. (The app
  // and its worker start once the lifter does something on the drawn page.)
  await page.goto('/home')
  await page.keyboard.press('Tab')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  await expect(page.getByRole('heading', { name: 'Cellar squats' })).toBeVisible()
  await page.goto('/mesocycle')
  await expect(page.getByRole('listitem', { name: 'Week 1 day 1: Today' })).toBeVisible()

  // No signal from here on: a reload of home still shows today's workout, saying where it comes from.
  await context.setOffline(true)
  await page.goto('/home')
  await expect(page.getByText('Offline: showing your plan as this device last saw it.', { exact: false })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Cellar squats' })).toBeVisible()
  await expect(page.getByText('No plan yet')).toHaveCount(0)
  await page.getByRole('link', { name: 'Preview and start' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cellar squats' })).toBeVisible()
  await page.getByRole('button', { name: 'Start workout' }).click()
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/)
  const sessionId = page.url().split('/').at(-1) as string

  for (const n of [1, 2]) await page.getByRole('button', { name: `Log set ${n} of Back squat` }).click()
  await expect(page.getByText('Offline: 2 sets waiting')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Cellar squats' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Update set 2 of Back squat' })).toHaveAttribute('aria-pressed', 'true')
  // The note stays in sight while the page scrolls.
  await page.mouse.wheel(0, 2000)
  await expect(page.getByText('Offline: 2 sets waiting')).toBeInViewport()

  // The signal returns: the session is created once, with its sets, under the device's id.
  await context.setOffline(false)
  await expect
    .poll(async () => (await page.request.get(`/api/sessions/${sessionId}`)).status(), { timeout: 20_000 })
    .toBe(200)
  await expect
    .poll(async () => (await (await page.request.get(`/api/sessions/${sessionId}`)).json()).sets.length, {
      timeout: 20_000,
    })
    .toBe(2)
  await expect(page.getByText(/sets? waiting|Saving \d+ set/)).toHaveCount(0, { timeout: 15_000 })
  const sessions = (await (await page.request.get(`/api/sessions?planId=${plan.id}`)).json()) as {
    id: string
    clientId: string
  }[]
  expect(sessions.map((s) => s.id)).toEqual([sessionId])
  expect(sessions[0]?.clientId).toBe(client.id)
  await expect.poll(() => queuedOnDevice(page)).toBe(0)
})
