import { expect, expectOnPath, expectToast, test } from './fixtures.ts'

test('a client builds a standalone workout that saves itself, and copies a template their coach shares', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  // A long walk through many screens: more than the default 30 s on a busy CI machine.
  test.setTimeout(90_000)
  const client = await login({ role: 'client', displayName: 'Solo Sam' })
  await page.goto('/create-workout')
  await page.getByRole('button', { name: 'Create workout' }).click()
  await expect(page.getByText('Name is required')).toBeVisible()
  await page.getByLabel('Workout title').fill('Hotel gym')
  await page.getByRole('button', { name: 'Add exercise' }).click()
  const picker = page.getByRole('dialog', { name: 'Add an exercise' })
  await picker.getByLabel('Search movements').fill('goblet')
  await picker.getByRole('button', { name: /^Goblet squat/ }).click()
  await page.getByRole('listitem', { name: '1 Goblet squat' }).getByLabel('Set 1 load (kg)').fill('24')
  await page.getByRole('button', { name: 'Create workout' }).click()
  await expectToast(page, 'Workout created')
  await expect(page).toHaveURL(/\/workout\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('listitem', { name: '1 Goblet squat' }).getByLabel('Set 1 load (kg)')).toHaveValue('24')
  const workoutUrl = page.url()

  // Edits save themselves; a reload shows them.
  await page.getByLabel('Workout title').fill('Hotel gym, short')
  await expect(page.getByText('All changes saved')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Workout title')).toHaveValue('Hotel gym, short')
  await page.goto('/workouts')
  await expect(
    page.getByRole('region', { name: 'Your workouts' }).getByRole('listitem', { name: 'Hotel gym, short' }),
  ).toContainText('1 exercise')

  // Starting it opens the logger with its exercises.
  await page.goto(workoutUrl)
  await page.getByRole('button', { name: 'Start workout' }).click()
  await expect(page).toHaveURL(/\/session\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Hotel gym, short' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Log set 1 of Goblet squat' })).toBeVisible()

  // A coach's workout template reaches their client, read-only, and can be copied.
  const coachContext = await browser.newContext({ baseURL })
  const coachPage = await coachContext.newPage()
  const coach = await (
    await coachPage.request.post('/api/testing/users', {
      data: { email: `wk-coach-${Date.now()}@example.test`, role: 'coach', displayName: 'Coach Kim' },
    })
  ).json()
  expect(
    (
      await coachPage.request.post('/api/testing/coach-clients', {
        data: { coachEmail: coach.email, clientEmail: client.email },
      })
    ).status(),
  ).toBe(201)
  await coachPage.goto('/coach/template-board')
  await coachPage.getByRole('button', { name: 'New workout template' }).click()
  await expect(coachPage).toHaveURL(/\/workout\/[0-9a-f-]{36}$/)
  await coachPage.getByLabel('Workout title').fill('Conditioning finisher')
  await coachPage.getByRole('button', { name: 'Add exercise' }).click()
  await coachPage
    .getByRole('dialog', { name: 'Add an exercise' })
    .getByLabel('Search movements')
    .fill('kettlebell swing')
  await coachPage
    .getByRole('dialog', { name: 'Add an exercise' })
    .getByRole('button', { name: /^Kettlebell swing/ })
    .first()
    .click()
  await expect(coachPage.getByText('All changes saved')).toBeVisible()
  await coachPage.goto('/coach/template-board')
  await expect(
    coachPage
      .getByRole('region', { name: 'Workout templates' })
      .getByRole('listitem', { name: 'Conditioning finisher' }),
  ).toBeVisible()
  await coachContext.close()

  await page.goto('/workouts')
  const shared = page
    .getByRole('region', { name: 'From your coach' })
    .getByRole('listitem', { name: 'Conditioning finisher' })
  await expect(shared).toContainText('from Coach Kim')
  await shared.getByRole('link', { name: 'Conditioning finisher' }).click()
  await expect(page.getByText('shared by Coach Kim')).toBeVisible()
  await expect(page.getByLabel('Workout title')).toHaveCount(0)
  await page.getByRole('button', { name: 'Copy to my workouts' }).click()
  await expectToast(page, 'Copied to your workouts')
  await expect(page.getByLabel('Workout title')).toHaveValue('Conditioning finisher')
  const copyId = page.url().split('/').at(-1) as string
  await page.goto('/workouts')
  await page
    .getByRole('region', { name: 'Your workouts' })
    .getByRole('listitem', { name: 'Conditioning finisher' })
    .getByRole('button', { name: 'Archive' })
    .click()
  await expectToast(page, 'Workout archived')
  await page.getByRole('button', { name: 'Show archived' }).click()
  await page
    .getByRole('region', { name: 'Archived workouts' })
    .getByRole('link', { name: 'Conditioning finisher' })
    .click()
  await expectOnPath(page, `/workout/${copyId}`)
})
