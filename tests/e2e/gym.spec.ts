import type { Locator, Page } from '@playwright/test'
import { expect, expectToast, holdTheApp, test } from './fixtures.ts'

/** A standalone workout of these movements (found by name) and prescribed sets, and a session started from it. */
async function startSession(page: Page, exercises: { movement: string; sets: unknown[] }[]) {
  const found = await Promise.all(
    exercises.map(
      async ({ movement }) =>
        (await (await page.request.get(`/api/movements?q=${encodeURIComponent(movement)}`)).json()).items[0],
    ),
  )
  const workout = await (
    await page.request.post('/api/workouts', {
      data: {
        title: 'Gym day',
        exercises: exercises.map(({ sets }, i) => ({ movementId: found[i].id, restSeconds: 90, sets })),
      },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  expect(found.map((m) => m.name)).toEqual(exercises.map((e) => e.movement))
  return session.id as string
}

/** The sets the server holds for a session, as logged. */
type LoggedSet = { setNumber: number; loadKg: number; reps: number; rpe: number }
const loggedSets = async (page: Page, sessionId: string): Promise<LoggedSet[]> =>
  (await (await page.request.get(`/api/sessions/${sessionId}`)).json()).sets

const fiveAt = (kg: number) => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: kg } })

test('a lifter in pounds with 2.5 lb plates reads targets in 2.5 lb steps', async ({ page, login }) => {
  await login({ role: 'client', displayName: 'Plate Pat' })
  expect((await page.request.patch('/api/profile', { data: { unit: 'lb' } })).status()).toBe(200)

  // The account page shows the pound setup's defaults, and saves a smaller step.
  await page.goto('/account')
  await expect(page.getByLabel('Bar weight (lb)')).toHaveValue('45')
  await expect(
    page.getByRole('group', { name: 'Plates you have (lb)' }).getByRole('checkbox', { name: '45', exact: true }),
  ).toBeChecked()
  await page.getByLabel('Smallest plate step').selectOption('2.5')
  await page.getByRole('button', { name: 'Save bar and plates' }).click()
  await expectToast(page, 'Bar and plates saved')

  const sessionId = await startSession(page, [{ movement: 'Back squat', sets: [80, 140, 100].map(fiveAt) }])
  await page.goto(`/session/${sessionId}`)
  // 80 kg is 176.4 lb: 177.5 with 2.5 lb steps (175 with 5); 140 kg is 308.6 lb: 307.5 (310 with 5).
  await expect(page.getByLabel('Load (lb) for set 1 of Back squat')).toHaveValue('177.5')
  await expect(page.getByLabel('Load (lb) for set 2 of Back squat')).toHaveValue('307.5')
  await expect(page.getByLabel('Load (lb) for set 3 of Back squat')).toHaveValue('220')

  // Back in kilograms, the kg setup is the default one: 2.5 kg steps.
  expect((await page.request.patch('/api/profile', { data: { unit: 'kg' } })).status()).toBe(200)
  await page.goto('/account')
  await expect(page.getByLabel('Bar weight (kg)')).toHaveValue('20')
  await expect(page.getByLabel('Smallest plate step')).toHaveValue('2.5')
})

test('the plate calculator shows the plates per side of a barbell set, what is short, and a load below the bar', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Plate Pia' })
  const sessionId = await startSession(page, [
    { movement: 'Back squat', sets: [fiveAt(102.5), fiveAt(100), fiveAt(100)] },
    { movement: 'Goblet squat', sets: [fiveAt(24)] },
  ])
  await page.goto(`/session/${sessionId}`)

  // The target, with the default kg plates: 25, 15 and 1.25 on each side of a 20 kg bar.
  await page.getByRole('button', { name: 'Plates for set 1 of Back squat' }).click()
  const dialog = page.getByRole('dialog', { name: 'Plates for 102.5 kg' })
  await expect(dialog).toContainText('Set 1 of Back squat, on a 20 kg bar')
  await expect(dialog.getByRole('list', { name: 'Each side' }).getByRole('listitem')).toHaveText([
    '25 kg',
    '15 kg',
    '1.25 kg',
  ])
  await expect(dialog.getByText(/short/)).toHaveCount(0)
  await page.keyboard.press('Escape')

  // A typed load that the plates cannot make: the closest below it, and what is missing.
  await page.getByLabel('Load (kg) for set 2 of Back squat').fill('101')
  await page.getByRole('button', { name: 'Plates for set 2 of Back squat' }).click()
  const typed = page.getByRole('dialog', { name: 'Plates for 101 kg' })
  await expect(typed.getByRole('list', { name: 'Each side' }).getByRole('listitem')).toHaveText(['25 kg', '15 kg'])
  await expect(typed).toContainText('Closest: 100 kg; 1 kg short')
  await page.keyboard.press('Escape')

  await page.getByLabel('Load (kg) for set 3 of Back squat').fill('15')
  await page.getByRole('button', { name: 'Plates for set 3 of Back squat' }).click()
  await expect(page.getByRole('dialog', { name: 'Plates for 15 kg' })).toContainText('Below the bar')
  await page.keyboard.press('Escape')

  // A kettlebell movement has no bar to load.
  await expect(page.getByLabel('Load (kg) for set 1 of Goblet squat')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Plates for set 1 of Goblet squat' })).toHaveCount(0)
})

test('one line per set: five sets of an exercise fit a 360 × 780 phone, and there is no tab bar on the session @phone', async ({
  page,
  login,
}) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await login({ role: 'client', displayName: 'Layout Lou' })
  const sessionId = await startSession(page, [
    { movement: 'Back squat', sets: [100, 100, 100, 100, 102.5].map((kg) => ({ ...fiveAt(kg), rpe: 8 })) },
    { movement: 'Goblet squat', sets: [fiveAt(24)] },
  ])
  await page.goto('/home')
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
  await page.goto(`/session/${sessionId}`)
  await expect(page.getByRole('button', { name: 'Log set 5 of Back squat' })).toBeInViewport({ ratio: 1 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
  // The header row names the columns; the target sits beside the set number.
  const squat = page.getByRole('listitem', { name: '1 Back squat' })
  await expect(squat.getByText('Set', { exact: true })).toBeVisible()
  await expect(squat.getByText('Target', { exact: true })).toBeVisible()
  await expect(squat.getByRole('list', { name: 'Sets of 1 Back squat' }).getByRole('listitem').first()).toContainText(
    '5 × 100',
  )

  // Leaving the session, the tab bar comes back.
  await page.getByRole('link', { name: 'Coachline' }).first().click()
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
})

/** The element at the centre of this one is it (or inside it): nothing covers it, and it is on the screen. */
const uncovered = (locator: Locator) =>
  locator.evaluate((el) => {
    const box = el.getBoundingClientRect()
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
    return hit !== null && (hit === el || el.contains(hit))
  })

test('a set without a prescribed load starts from the one above, and Add set copies the last', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Follow Fay' })
  const sessionId = await startSession(page, [
    { movement: 'Back squat', sets: [fiveAt(100), { reps: { min: 5, max: 5 } }, { reps: { min: 5, max: 5 } }] },
  ])
  await page.goto(`/session/${sessionId}`)
  const load = (n: number) => page.getByLabel(`Load (kg) for set ${n} of Back squat`)

  // Set 1 is prescribed; sets 2 and 3 start from it, ready to log.
  await expect(load(1)).toHaveValue('100')
  await expect(load(2)).toHaveValue('100')
  await expect(load(3)).toHaveValue('100')

  // A heavier set 2: set 3 follows it.
  await load(2).fill('105')
  await expect(load(3)).toHaveValue('105')
  await page.getByLabel('Reps for set 3 of Back squat').fill('4')
  await page.getByLabel('RPE for set 3 of Back squat').fill('9')
  await page.getByRole('button', { name: 'Log set 3 of Back squat' }).click()

  // Add set: set 4 starts as a copy of set 3's numbers, one tap to log; RPE is the lifter's to type.
  await page.getByRole('button', { name: 'Add set to 1 Back squat' }).click()
  await expect(load(4)).toHaveValue('105')
  await expect(page.getByLabel('Reps for set 4 of Back squat')).toHaveValue('4')
  await expect(page.getByLabel('RPE for set 4 of Back squat')).toHaveValue('')
  await page.getByRole('button', { name: 'Log set 4 of Back squat' }).click()
  await expect
    .poll(async () => (await loggedSets(page, sessionId)).map((s) => [s.setNumber, s.loadKg, s.reps, s.rpe]))
    .toEqual([
      [3, 105, 4, 9],
      [4, 105, 4, null],
    ])
})

test('the rest banner never covers the next set @phone', async ({ page, login }) => {
  await page.setViewportSize({ width: 360, height: 780 })
  await login({ role: 'client', displayName: 'Rest Rio' })
  const sessionId = await startSession(page, [
    { movement: 'Back squat', sets: Array.from({ length: 12 }, () => fiveAt(100)) },
  ])
  await page.goto(`/session/${sessionId}`)
  const logButton = (n: number) => page.getByRole('button', { name: `Log set ${n} of Back squat` })

  // Set 11 at the very bottom of the screen, where a banner would sit; set 10 logged just above it.
  await logButton(11).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 2))
  expect(await logButton(11).evaluate((el) => el.getBoundingClientRect().bottom)).toBeGreaterThan(760)
  await logButton(10).click()
  await expect(page.getByRole('timer', { name: 'Rest timer' })).toBeVisible()
  await expect.poll(() => uncovered(logButton(11))).toBe(true)

  // Scrolled to the end, the last set clears the banner too.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  await expect.poll(() => uncovered(logButton(12))).toBe(true)
  await expect(page.getByRole('timer', { name: 'Rest timer' })).toBeVisible()
})

test('the finish dialog lists the sets not logged before the lifter confirms', async ({ page, login }) => {
  await login({ role: 'client', displayName: 'Finish Fin' })
  const sessionId = await startSession(page, [
    { movement: 'Back squat', sets: [fiveAt(100), fiveAt(100), fiveAt(100)] },
    { movement: 'Goblet squat', sets: [fiveAt(24), fiveAt(24)] },
  ])
  await page.goto(`/session/${sessionId}`)
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await page.getByRole('button', { name: 'Log set 2 of Goblet squat' }).click()

  await page.getByRole('button', { name: 'Finish workout' }).click()
  const dialog = page.getByRole('dialog', { name: 'Finish this workout?' })
  await expect(dialog).toContainText('2 sets logged')
  await expect(dialog.getByRole('list', { name: 'Not logged yet' }).getByRole('listitem')).toHaveText([
    'Back squat: sets 2 and 3',
    'Goblet squat: set 1',
  ])
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // Logged now: it leaves the list.
  await page.getByRole('button', { name: 'Log set 1 of Goblet squat' }).click()
  await page.getByRole('button', { name: 'Finish workout' }).click()
  await expect(dialog.getByRole('list', { name: 'Not logged yet' }).getByRole('listitem')).toHaveText([
    'Back squat: sets 2 and 3',
  ])
  await dialog.getByRole('button', { name: 'Finish' }).click()
  await expectToast(page, 'Workout finished')
})

test.describe('the first answers', () => {
  // The server's page, not the service worker's copy of it (which carries nothing).
  test.use({ serviceWorkers: 'block' })

  test('a phone opening /home or a session finds its first answers in the page', async ({ page, login }) => {
    await login({ role: 'client', displayName: 'Quick Quinn' })
    const sessionId = await startSession(page, [{ movement: 'Back squat', sets: [fiveAt(100)] }])
    const asked: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search)
    })
    // The server asked for these while it sent the page, which carries the answers: the browser asks
    // for none of them again, by a preload or by the app, nor the same call written otherwise (the
    // same path and parameters, other values: the page would carry the wrong answer).
    const shape = (url: string) => {
      const { pathname, searchParams } = new URL(url, 'http://any')
      return `${pathname}?${[...searchParams.keys()].sort().join('&')}`
    }
    const carried = (url: string) =>
      expect(
        asked.filter((a) => shape(a) === shape(url)),
        url,
      ).toEqual([])

    await page.goto('/home')
    await expect(page.getByRole('heading', { name: 'Home' })).toBeVisible()
    await expect(page.getByText('Hi, Quick Quinn')).toBeVisible()
    await expect(page.getByText('Loading…')).toHaveCount(0)
    // (The unread comments are carried too, then asked afresh once the live stream is up, as always.)
    for (const url of ['/api/me', '/api/plans?completed=false', '/api/sessions?limit=3', '/api/profile/coach'])
      carried(url)

    asked.length = 0
    await page.goto(`/session/${sessionId}`)
    await expect(page.getByLabel('Load (kg) for set 1 of Back squat')).toBeVisible()
    carried('/api/me')
    carried(`/api/sessions/${sessionId}`)
  })
})

test('a session opened afresh comes drawn: no call before the lifter acts, and two sets ticked as the app starts are both logged @phone', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Drawn Dana' })
  const sessionId = await startSession(page, [{ movement: 'Back squat', sets: [fiveAt(60), fiveAt(60)] }])
  const calls: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url())
  })
  await page.goto(`/session/${sessionId}`, { waitUntil: 'load' })
  // The server drew the session with its data: the prescribed loads are in the fields already.
  await expect(page.getByLabel('Load (kg) for set 1 of Back squat')).toHaveValue('60')
  await page.waitForTimeout(500)
  expect(calls).toEqual([])
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await page.getByRole('button', { name: 'Log set 2 of Back squat' }).click()
  await expect.poll(async () => (await loggedSets(page, sessionId)).length).toBe(2)
})

test('on a drawn session, a load typed before the app runs is the load logged, between two sets ticked', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Early Eli' })
  const sessionId = await startSession(page, [{ movement: 'Back squat', sets: [fiveAt(60), fiveAt(60)] }])
  // The app is held back until the lifter has ticked, typed and ticked again.
  const app = await holdTheApp(page)
  await page.goto(`/session/${sessionId}`, { waitUntil: 'load' })
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await page.getByLabel('Load (kg) for set 2 of Back squat').fill('62.5')
  await page.getByRole('button', { name: 'Log set 2 of Back squat' }).click()
  app.release()
  await expect.poll(async () => (await loggedSets(page, sessionId)).map((set) => set.loadKg)).toEqual([60, 62.5])
  await expect(page.getByLabel('Load (kg) for set 2 of Back squat')).toHaveValue('62.5')
})

test('on a drawn session, a load typed over last time’s numbers before the app runs is the load logged', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Early Eva' })
  // Last time: 60 kg × 5.
  const before = await startSession(page, [{ movement: 'Back squat', sets: [fiveAt(60)] }])
  const { exercises } = await (await page.request.get(`/api/sessions/${before}`)).json()
  const set = { exerciseKey: exercises[0].key, setNumber: 1, reps: 5, loadKg: 60, editedAt: new Date().toISOString() }
  expect((await page.request.put(`/api/sessions/${before}/sets/${crypto.randomUUID()}`, { data: set })).ok()).toBe(true)
  expect((await page.request.post(`/api/sessions/${before}/finish`, { data: { rpe: null, notes: null } })).ok()).toBe(
    true,
  )
  const sessionId = await startSession(page, [{ movement: 'Back squat', sets: [fiveAt(70)] }])
  const app = await holdTheApp(page)
  await page.goto(`/session/${sessionId}`, { waitUntil: 'load' })
  // The lifter takes last time's numbers, then types the load they mean over them, and ticks.
  await page.getByRole('button', { name: 'Last: 60 kg × 5: use it for set 1 of Back squat' }).click()
  await page.getByLabel('Load (kg) for set 1 of Back squat').fill('62.5')
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  app.release()
  await expect
    .poll(async () => (await loggedSets(page, sessionId)).map((logged) => [logged.loadKg, logged.reps]))
    .toEqual([[62.5, 5]])
})

test('a set ticked on a drawn session is logged even when the app draws the screen afresh as it takes over', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Afresh Ali' })
  const sessionId = await startSession(page, [{ movement: 'Back squat', sets: [fiveAt(60), fiveAt(60)] }])
  // The drawing and the app's first render differ (as when a minute turns between the two): React
  // throws the drawn screen away and draws it again, under the held tap.
  await page.route(`**/session/${sessionId}`, async (route) => {
    const response = await route.fetch()
    const body = (await response.text()).replace('>Gym day<', '>Gym day, as drawn<')
    await route.fulfill({ response, body })
  })
  await page.goto(`/session/${sessionId}`, { waitUntil: 'load' })
  await expect(page.getByText('Gym day, as drawn')).toBeVisible()
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await expect(page.getByText('Gym day, as drawn')).toHaveCount(0)
  await expect.poll(async () => (await loggedSets(page, sessionId)).length).toBe(1)
})
