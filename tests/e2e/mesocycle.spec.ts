import { expect, findMovement, linkCoach, otherUser, test, todayInBrowser } from './fixtures.ts'

test('the calendar opens at the current week of a plan three weeks in, a rest day read once @phone', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const lifter = await login({ role: 'client', displayName: 'Wes Weekfour' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Ida')
  await linkCoach(coachPage, coach, lifter)
  const squat = await findMovement(coachPage.request, 'back squat')
  const plan = (await (
    await coachPage.request.post('/api/plans', { data: { name: 'Eight-week block', weeks: 8, daysPerWeek: 4 } })
  ).json()) as { id: string; version: number }
  const day = { title: 'Squat day', exercises: [{ movementId: squat.id, sets: [{ reps: { min: 5, max: 5 } }] }] }
  expect(
    (
      await coachPage.request.put(`/api/plans/${plan.id}/days/4/1`, { data: { version: plan.version, workout: day } })
    ).status(),
  ).toBe(200)
  // Started 22 days ago: today is in week 4.
  const today = await todayInBrowser(page)
  const startDate = new Date(Date.parse(`${today}T00:00:00Z`) - 22 * 86_400_000).toISOString().slice(0, 10)
  const assigned = await coachPage.request.post(`/api/plans/${plan.id}/assign`, {
    data: { clientId: lifter.id, startDate },
  })
  expect(assigned.status(), await assigned.text()).toBe(201)
  await coachPage.context().close()

  await page.goto('/mesocycle')
  await expect(page.getByRole('heading', { name: 'Calendar', level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Week 4' })).toBeInViewport()
  await expect(page.getByRole('region', { name: 'Week 1' })).not.toBeInViewport()
  // A rest day says so once; a workout's tile names it and what became of it.
  const rest = page.getByRole('listitem', { name: 'Week 4 day 2: Rest' })
  await expect(rest).toContainText('Rest')
  expect((await rest.innerText()).match(/Rest/g)).toHaveLength(1)
  await expect(page.getByRole('listitem', { name: /^Week 4 day 1: / })).toContainText('Squat day')
  // The earlier weeks are still there above it.
  await page.getByRole('region', { name: 'Week 1' }).scrollIntoViewIfNeeded()
  await expect(page.getByRole('region', { name: 'Week 1' })).toBeInViewport()
})
