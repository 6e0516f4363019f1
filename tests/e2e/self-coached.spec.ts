import { expect, expectToast, fillFirstDay, frameOwnPlan, test } from './fixtures.ts'

test('a self-coached lifter starts their own plan on chosen weekdays; a coach’s plan then leads, and home says so', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const lifter = await login({ role: 'client', displayName: 'Solo Sam' })
  await page.goto('/client/program/new')
  await frameOwnPlan(page, { name: 'My block', weeks: 4, days: 3 })
  await fillFirstDay(page, 'Full body', 'push-up', 'Push-up')

  // Day 1 is today: the lifter trains today and on the two weekdays after tomorrow.
  const weekdays = await page.evaluate(() => {
    const name = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toLocaleDateString('en-GB', { weekday: 'long' })
    return [name(0), name(2), name(4)]
  })
  await page.getByRole('button', { name: 'Start plan' }).click()
  const dialog = page.getByRole('dialog', { name: /Start plan: “My block”/ })
  const days = dialog.getByRole('group', { name: 'Training days' })
  for (const box of await days.getByRole('checkbox').all()) await box.uncheck()
  await days.getByRole('checkbox', { name: weekdays[0] as string }).check()
  await dialog.getByRole('button', { name: 'Start plan' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Pick 3 training days: one for each day of the plan’s week')
  for (const day of weekdays.slice(1)) await days.getByRole('checkbox', { name: day }).check()
  await dialog.getByRole('button', { name: 'Start plan' }).click()
  await expectToast(page, 'Plan started')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('button', { name: 'Change schedule' })).toBeVisible()

  // Home: today's workout, and the week's days on the chosen weekdays, each one tap from its workout.
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Full body' })).toBeVisible()
  const week = page.getByRole('region', { name: 'This week' })
  await expect(week.getByRole('listitem', { name: 'Day 1: Today' })).toBeVisible()
  await expect(week.getByRole('listitem', { name: 'Day 2: Rest' })).toContainText(weekdays[1]?.slice(0, 3) as string)
  await week.getByRole('listitem', { name: 'Day 1: Today' }).getByRole('link').click()
  await expect(page.getByRole('heading', { level: 1, name: 'Full body' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start workout' })).toBeVisible()

  // The calendar shows the plan, with day 3 on the third weekday chosen.
  await page.goto('/mesocycle')
  // It names the three weekdays (in weekday order; the tiles below say which ones).
  await expect(
    page.getByText(
      /^My block · Trains (Mon|Tue|Wed|Thu|Fri|Sat|Sun)(, (Mon|Tue|Wed|Thu|Fri|Sat|Sun)){2} · 0 of 1 workouts done$/,
    ),
  ).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'Week 1 day 1: Today' })).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'Week 1 day 3: Rest' })).toContainText(
    weekdays[2]?.slice(0, 3) as string,
  )

  // A coach takes the lifter on and assigns a plan: it leads on home, and the lifter's own plan is named beside it.
  const coachPage = await (await browser.newContext({ baseURL })).newPage()
  const coach = await (
    await coachPage.request.post('/api/testing/users', {
      data: { email: `solo-coach-${Date.now()}@example.test`, role: 'coach', displayName: 'Coach Kim' },
    })
  ).json()
  expect(
    (
      await coachPage.request.post('/api/testing/coach-clients', {
        data: { coachEmail: coach.email, clientEmail: lifter.email },
      })
    ).status(),
  ).toBe(201)
  const plan = await (
    await coachPage.request.post('/api/plans', { data: { name: 'Coach block', weeks: 4, daysPerWeek: 3 } })
  ).json()
  await coachPage.request.put(`/api/plans/${plan.id}/days/1/1`, {
    data: { version: 1, workout: { title: 'Coach day', exercises: [] } },
  })
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'))
  expect(
    (
      await coachPage.request.post(`/api/plans/${plan.id}/assign`, { data: { clientId: lifter.id, startDate: today } })
    ).status(),
  ).toBe(201)
  await page.goto('/home')
  await expect(page.getByRole('heading', { name: 'Coach day' })).toBeVisible()
  await expect(page.getByRole('note')).toHaveText(
    'This is the plan your coach assigned. Your own plan, My block, is active too.',
  )
  await page.getByRole('note').getByRole('link', { name: 'My block' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'My block' })).toBeVisible()
})
