import type { Browser, Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import {
  addExercise,
  expect,
  expectToast,
  finishedSession,
  findMovement,
  linkCoach,
  newPlan,
  otherUser,
  test,
  todayInBrowser,
  type User,
} from './fixtures.ts'

// The training a coach writes beyond straight sets: an EMOM and a circuit, run on the lifter's
// phone against a clock the test controls (a locked phone and a reopened app included); a warm-up
// ramp; swaps that fit the lifter's gym; and how to do a movement, from the logger.

/** A coach and their client (signed in on `page`). */
async function coachAndClient({
  browser,
  baseURL,
  login,
}: {
  browser: Browser
  baseURL: string | undefined
  login: () => Promise<User>
}): Promise<{ coachPage: Page; client: User }> {
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Cleo')
  const client = await login()
  await linkCoach(coachPage, coach, client)
  return { coachPage, client }
}

/** Assigns the coach's plan to the client from today and starts day 1 as the client; answers the session's id. */
async function startDayOne(coachPage: Page, page: Page, planId: string, client: User): Promise<string> {
  const today = await todayInBrowser(page)
  const assigned = await coachPage.request.post(`/api/plans/${planId}/assign`, {
    data: { clientId: client.id, startDate: today },
  })
  expect(assigned.status(), await assigned.text()).toBe(201)
  const plan = (await (await page.request.get(`/api/plans/${(await assigned.json()).id}`)).json()) as {
    workouts: { id: string }[]
  }
  const started = await page.request.post('/api/sessions', { data: { planWorkoutId: plan.workouts[0]?.id } })
  expect(started.status(), await started.text()).toBe(201)
  return ((await started.json()) as { id: string }).id
}

test('a coach programs an EMOM and a 3-round circuit; the lifter runs both timers through a locked screen and the results reach the coach', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { coachPage, client } = await coachAndClient({
    browser,
    baseURL,
    login: () => login({ role: 'client', displayName: 'Lifter Lin' }),
  })

  // The coach writes the day in the builder: 4 minutes of swings on the minute, then push-ups and
  // walking lunges as a circuit of 3 rounds for time.
  const planId = await newPlan(coachPage, 'Engine')
  await coachPage.goto(`/coach/program/${planId}`)
  await coachPage.getByRole('button', { name: 'Add a workout to week 1 day 1' }).click()
  const editor = coachPage.getByRole('dialog', { name: /Week 1 · Day 1/ })
  await editor.getByLabel('Workout title').fill('Conditioning')
  await addExercise(coachPage, editor, 'kettlebell swing', 'Kettlebell swing')
  const swings = editor.getByRole('listitem', { name: '1 Kettlebell swing' })
  await swings.getByLabel('Timer (1 Kettlebell swing)').selectOption('emom')
  await expect(swings.getByLabel('Every (1 Kettlebell swing)')).toHaveValue('1:00')
  await swings.getByRole('button', { name: 'Add sets to 1 Kettlebell swing' }).click()
  await expect(swings.getByText('Rounds: 4, one for each set.')).toBeVisible()
  await addExercise(coachPage, editor, 'push-up', 'Push-up')
  await editor.getByRole('listitem', { name: '2 Push-up' }).getByLabel('Superset').selectOption('B')
  await addExercise(coachPage, editor, 'walking lunge', 'Walking lunge')
  await editor.getByRole('listitem', { name: '3 Walking lunge' }).getByLabel('Superset').selectOption('B')
  const pushUps = editor.getByRole('listitem', { name: 'B1 Push-up' })
  await pushUps.getByLabel('Timer (B1 Push-up)').selectOption('circuit')
  await expect(pushUps.getByLabel('Goal (B1 Push-up)')).toHaveValue('time')
  await expect(editor.getByRole('listitem', { name: 'B2 Walking lunge' })).toContainText(
    'Done with B1: its timer runs the whole superset.',
  )
  await expect(editor.getByText('All changes saved')).toBeVisible()
  await editor.getByRole('button', { name: 'Done' }).click()

  // The lifter's clock is the test's from here.
  await page.clock.install({ time: new Date() })
  const sessionId = await startDayOne(coachPage, page, planId, client)
  await page.goto(`/session/${sessionId}`)
  // The clock runs on as it would, and the test jumps it ahead: what it reads leaves room for the
  // real seconds the steps between take (an axe run takes a few).
  const swingCard = page.getByRole('listitem', { name: '1 Kettlebell swing' })
  await expect(swingCard.getByRole('list', { name: 'Cues' })).toContainText('EMOM 4 minutes')

  await swingCard.getByRole('button', { name: 'Start EMOM 4 minutes' }).click()
  const timer = page.getByRole('dialog', { name: 'EMOM 4 minutes' })
  await expect(timer.getByText('Get ready')).toBeVisible()
  await page.clock.fastForward(5_000)
  await expect(timer.getByText('Work · Round 1 of 4')).toBeVisible()
  await expect(timer.getByRole('timer', { name: 'Time left' })).toHaveText(/^0:5\d|1:00$/)
  await expect(timer.getByRole('list', { name: 'This round' })).toContainText('Kettlebell swing')
  await page.clock.fastForward('02:05')
  await expect(timer.getByText('Work · Round 3 of 4')).toBeVisible()
  await expect(timer.getByRole('timer')).toHaveText(/^0:[45]\d$/)
  await expectAccessible(page, 'the EMOM timer at 1280 px')
  await page.setViewportSize({ width: 360, height: 740 })
  await expectAccessible(page, 'the EMOM timer at 360 px')

  // The phone locks and the app is closed; reopened a minute later, the timer is where it would be.
  await page.clock.fastForward(60_000)
  await page.reload()
  const reopened = page.getByRole('dialog', { name: 'EMOM 4 minutes' })
  await expect(reopened.getByText('Work · Round 4 of 4')).toBeVisible()
  await expect(reopened.getByRole('timer')).toHaveText(/^0:[1-5]\d$/)
  await page.clock.fastForward(60_000)
  await expect(reopened.getByText('4 rounds in 4:00')).toBeVisible()
  await expect(reopened.getByLabel('Rounds done')).toHaveValue('4')
  await reopened.getByRole('button', { name: 'Log the rounds' }).click()
  await expectToast(page, 'Logged: 4 rounds in 4:00')
  await expect(reopened).toBeHidden()
  await expect(swingCard.getByText('4 rounds in 4:00')).toBeVisible()

  // The circuit counts up; the lifter taps each round done.
  const circuitCard = page.getByRole('listitem', { name: 'B1 Push-up' })
  await circuitCard.getByRole('button', { name: 'Start Circuit: 3 rounds for time' }).click()
  const circuit = page.getByRole('dialog', { name: 'Circuit: 3 rounds for time' })
  await page.clock.fastForward(5_000)
  await expect(circuit.getByText('Work · Round 1 of 3')).toBeVisible()
  for (const seconds of [95, 100, 110]) {
    await page.clock.fastForward(seconds * 1000)
    await expect(circuit.getByRole('timer', { name: 'Time so far' })).not.toHaveText('0:00')
    await circuit.getByRole('button', { name: 'Round done' }).click()
  }
  await expect(circuit.getByText(/^3 rounds in 5:[01]\d$/)).toBeVisible()
  await circuit.getByRole('button', { name: 'Log the rounds' }).click()
  await expect(page.getByText(/^Logged: 3 rounds in 5:[01]\d$/)).toBeVisible()

  // Every round reached the server as a set of each exercise, and the block's result with it.
  const stored = async () => {
    const session = (await (await page.request.get(`/api/sessions/${sessionId}`)).json()) as {
      exercises: { movementName: string; key: string; result?: unknown }[]
      sets: { exerciseKey: string }[]
    }
    return session.exercises.map((e) => [
      e.movementName,
      session.sets.filter((s) => s.exerciseKey === e.key).length,
      e.result ?? null,
    ])
  }
  await expect.poll(stored).toEqual([
    ['Kettlebell swing', 4, { rounds: 4, seconds: 240 }],
    ['Push-up', 3, { rounds: 3, seconds: expect.any(Number) }],
    ['Walking lunge', 3, null],
  ])
  // 305 s of jumps, and the real seconds the taps took.
  const circuitSeconds = ((await stored())[1]?.[2] as { seconds: number }).seconds
  expect(circuitSeconds).toBeGreaterThanOrEqual(305)
  expect(circuitSeconds).toBeLessThan(330)
  expect((await page.request.post(`/api/sessions/${sessionId}/finish`, { data: {} })).status()).toBe(200)

  // The coach reads both results, and every round counted as a set done as prescribed.
  await coachPage.goto(`/summary/${sessionId}`)
  const review = coachPage.getByRole('region', { name: 'Kettlebell swing' })
  await expect(review).toContainText('EMOM 4 minutes: 4 rounds in 4:00')
  await expect(coachPage.getByRole('region', { name: 'Push-up' })).toContainText(
    /Circuit: 3 rounds for time: 3 rounds in 5:[01]\d/,
  )
  await expect(coachPage.getByRole('definition').filter({ hasText: /of 10$/ })).toHaveText('10 of 10')

  // Both results stand on the lifter's progress page, under Conditioning.
  await page.goto('/progress')
  const conditioning = page.getByRole('region', { name: 'Conditioning' })
  await expect(conditioning).toContainText('EMOM 4 minutes')
  await expect(conditioning).toContainText('4 rounds in 4:00')
  await expect(conditioning).toContainText('Push-up + Walking lunge')
})

test('a warm-up ramp, a swap that fits the lifter’s gym, and the demo from the logger', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { coachPage, client } = await coachAndClient({
    browser,
    baseURL,
    login: () => login({ role: 'client', displayName: 'Lifter Lin' }),
  })
  // The coach's own movement, with a demo they filmed.
  const goblet = await coachPage.request.post('/api/movements', {
    data: {
      name: 'Tempo goblet squat',
      pattern: 'squat',
      primaryMuscles: ['quads'],
      equipment: ['kettlebell'],
      tracking: 'weight_reps',
      instructions: 'Elbows inside the knees.\nThree seconds down.',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    },
  })
  expect(goblet.status()).toBe(201)
  const squat = await findMovement(coachPage.request, 'back squat')
  const bench = await findMovement(coachPage.request, 'bench press')
  const five = { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }
  const planId = await newPlan(coachPage, 'Strength')
  const saved = await coachPage.request.put(`/api/plans/${planId}/days/1/1`, {
    data: {
      version: 1,
      workout: {
        title: 'Lower and press',
        exercises: [
          {
            movementId: squat.id,
            sets: [five, five, five],
            warmUp: [
              { percent: 0, reps: 10 },
              { percent: 40, reps: 5 },
              { percent: 60, reps: 3 },
              { percent: 80, reps: 1 },
            ],
          },
          {
            movementId: (await goblet.json()).id,
            tempo: '31X1',
            restSeconds: 90,
            sets: [{ reps: { min: 8, max: 8 } }],
          },
          { movementId: bench.id, sets: [five] },
        ],
      },
    },
  })
  expect(saved.status(), await saved.text()).toBe(200)

  // The lifter trains at a hotel gym this week: dumbbells and a bench, no barbell.
  await page.goto('/account')
  await page.getByRole('button', { name: 'Add a gym' }).click()
  const gymDialog = page.getByRole('dialog', { name: 'Add a gym' })
  await gymDialog.getByLabel('Gym name').fill('Hotel gym')
  await gymDialog.getByLabel('barbell', { exact: true }).uncheck()
  await expect(gymDialog.getByLabel('dumbbell', { exact: true })).toBeChecked()
  await expectAccessible(page, 'the gym profile at 1280 px')
  await page.setViewportSize({ width: 360, height: 740 })
  await expectAccessible(page, 'the gym profile at 360 px')
  await gymDialog.getByRole('button', { name: 'Save gym' }).click()
  await expectToast(page, 'Gym added')
  await expect(page.getByLabel('Training at')).toHaveValue(/[0-9a-f-]{36}/)
  await expect(page.getByRole('list', { name: 'Your gyms' })).toContainText('dumbbell, bench')
  // The card itself, once the toast has gone (axe reads a fading toast's colours mid-fade).
  await expect(page.getByText('Gym added')).toBeHidden({ timeout: 10_000 })
  await expectAccessible(page, 'the gyms card at 360 px')
  await page.setViewportSize({ width: 1280, height: 800 })
  await expectAccessible(page, 'the gyms card at 1280 px')

  // Last week's squats, 5 at 90 kg: this week's 100 kg is a record, and so would be any warm-up
  // at a rep count not done before, did warm-ups count.
  await finishedSession(page, { title: 'Last week', loadKg: 90 })

  const sessionId = await startDayOne(coachPage, page, planId, client)
  await page.goto(`/session/${sessionId}`)

  // The ramp: the bar, 40, 60 and 80 kg before the 100 kg work, each marked as a warm-up.
  const sets = page.getByRole('list', { name: 'Sets of 1 Back squat' }).getByRole('listitem')
  await expect(sets).toHaveCount(7)
  for (const [n, target] of [
    [1, '10 × 20'],
    [2, '5 × 40'],
    [3, '3 × 60'],
    [4, '1 × 80'],
  ] as const) {
    await expect(page.getByRole('button', { name: new RegExp(`^Type of set ${n} of Back squat`) })).toHaveText('W')
    await expect(sets.nth(n - 1)).toContainText(target)
  }
  await expect(sets.nth(4)).toContainText('5 × 100')
  // The lifter ticks the bar and the 80 kg single, and does the two between without ticking them.
  for (const n of [1, 4, 5, 6, 7]) await page.getByRole('button', { name: `Log set ${n} of Back squat` }).click()
  await expect
    .poll(async () =>
      (
        (await (await page.request.get(`/api/sessions/${sessionId}`)).json()).sets as {
          setType: string
          loadKg: number | null
          reps: number | null
          completed: boolean
        }[]
      ).map((s) => `${s.setType} ${s.completed ? `${s.loadKg}×${s.reps}` : 'not done'}`),
    )
    .toEqual([
      'warmup 20×10',
      'warmup not done',
      'warmup not done',
      'warmup 80×1',
      'working 100×5',
      'working 100×5',
      'working 100×5',
    ])

  // Tempo and rest as cues; how to do the coach's movement, with their demo in YouTube's
  // privacy-enhanced player (answered here: the test has no internet).
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Demo</title><p>Demo</p>' }),
  )
  const gobletCard = page.getByRole('listitem', { name: '2 Tempo goblet squat' })
  await expect(gobletCard.getByRole('list', { name: 'Cues' })).toContainText(
    'Tempo 3-1-X-1: 3 s down, 1 s pause at the bottom, up fast, 1 s pause at the top',
  )
  await expect(gobletCard.getByRole('list', { name: 'Cues' })).toContainText('Rest 1:30 after each set')
  await gobletCard.getByRole('button', { name: 'How to do 2 Tempo goblet squat' }).click()
  const guide = page.getByRole('dialog', { name: 'How to: Tempo goblet squat' })
  await expect(guide.locator('iframe[title="Demo of Tempo goblet squat"]')).toHaveAttribute(
    'src',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
  )
  await expect(guide.getByRole('region', { name: 'Coaching cues' })).toContainText('Elbows inside the knees.')
  await page.keyboard.press('Escape')
  // A built-in movement shows its cues.
  await page.getByRole('button', { name: 'How to do 1 Back squat' }).click()
  await expect(page.getByRole('dialog', { name: 'How to: Back squat' }).getByRole('listitem').first()).toBeVisible()
  await page.keyboard.press('Escape')

  // The swap: the bench press needs a barbell the hotel lacks; the suggestions are what it has.
  await page.getByRole('button', { name: 'Swap 3 Bench press' }).click()
  const swap = page.getByRole('dialog', { name: 'Swap Bench press' })
  await expect(swap.getByLabel('Why swap?')).toHaveValue('Not at Hotel gym: needs barbell')
  const suggested = swap.getByRole('region', { name: 'Suggested for Hotel gym' })
  await expect(suggested.getByRole('button', { name: /^Dumbbell bench press/ })).toBeVisible()
  await expect(suggested.getByRole('button', { name: /^Close-grip bench press/ })).toHaveCount(0)
  await expectAccessible(page, 'the swap dialog at 1280 px')
  await page.setViewportSize({ width: 360, height: 740 })
  await expectAccessible(page, 'the swap dialog at 360 px')
  await suggested.getByRole('button', { name: /^Dumbbell bench press/ }).click()
  const swapped = page.getByRole('listitem', { name: '3 Dumbbell bench press' })
  await expect(swapped).toContainText('Instead of Bench press: Not at Hotel gym: needs barbell')
  await page.getByRole('button', { name: 'Log set 1 of Dumbbell bench press' }).click()

  await page.getByRole('button', { name: 'Finish workout' }).click()
  await page.getByRole('dialog', { name: 'Finish this workout?' }).getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(`${baseURL}/summary/${sessionId}`)
  // No warm-up is a record or volume: 3 × 5 × 100 kg of squats and the dumbbell set, 2,000 kg.
  const records = page.getByRole('region', { name: 'New personal records' })
  await expect(records).toContainText('Back squat: 100 kg × 5 (was 90 kg)')
  await expect(records).not.toContainText('20 kg × 10')
  await expect(records).not.toContainText('× 10')
  await expect(page.getByRole('definition').filter({ hasText: /kg$/ })).toHaveText('2,000 kg')

  // The work answered the prescription, warm-ups ticked or not: no squat set is skipped, and set 5 answers the first target.
  const squatReview = page.getByRole('region', { name: 'Back squat' })
  await expect(squatReview).toContainText('Warm-up')
  await expect(squatReview).not.toContainText('Skipped')
  await expect(squatReview.getByRole('listitem', { name: 'Set 5' })).toContainText('Target: 5 reps × 100 kg')

  // The coach sees the swap and why.
  await coachPage.goto(`/summary/${sessionId}`)
  await expect(coachPage.getByRole('region', { name: 'Dumbbell bench press' })).toContainText(
    'instead of Bench press (Not at Hotel gym: needs barbell)',
  )
})
