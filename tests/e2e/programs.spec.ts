import { expect, expectOnPath, expectToast, test } from './fixtures.ts'

test('a coach creates a plan, and the client it is assigned to sees it with real dates', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const coach = await login({ role: 'coach', displayName: 'Coach Plan' })
  await page.goto('/coach/create-plan')
  await page.getByLabel('Name').fill('Hypertrophy block')
  await page.getByLabel('Weeks').fill('17')
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expect(page.getByText('Weeks must be a whole number from 1 to 16')).toBeVisible()
  await page.getByLabel('Weeks').fill('8')
  await page.getByLabel('Days per week').fill('4')
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expectToast(page, 'Plan created')
  await expect(page).toHaveURL(/\/coach\/program\/[0-9a-f-]{36}$/)
  const planId = page.url().split('/').at(-1) as string

  // Until the builder screen exists, the day is filled through the API the builder will use.
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const filled = await page.request.put(`/api/plans/${planId}/days/1/1`, {
    data: {
      version: 1,
      workout: {
        title: 'Lower A',
        exercises: [{ movementId: squat.id, sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }] }],
      },
    },
  })
  expect(filled.status()).toBe(200)

  const clientContext = await browser.newContext({ baseURL })
  const clientPage = await clientContext.newPage()
  const client = await (
    await clientPage.request.post('/api/testing/users', {
      data: { email: `plan-client-${Date.now()}@example.test`, role: 'client', displayName: 'Client Plan' },
    })
  ).json()
  expect(
    (
      await page.request.post('/api/testing/coach-clients', {
        data: { coachEmail: coach.email, clientEmail: client.email },
      })
    ).status(),
  ).toBe(201)
  const assigned = await page.request.post(`/api/plans/${planId}/assign`, {
    data: { clientId: client.id, startDate: '2026-11-23' },
  })
  expect(assigned.status()).toBe(201)

  // The coach's list names whose plan an assigned copy is.
  await page.goto('/programs')
  await expect(page.getByText('Your templates and the plans you assigned to your clients.')).toBeVisible()
  const coachCard = page
    .getByRole('list', { name: 'Plans' })
    .getByRole('link', { name: /Hypertrophy block/ })
    .filter({ hasText: 'for Client Plan' })
  await expect(coachCard).toContainText('8 weeks × 4 days')

  await clientPage.goto('/programs')
  const card = clientPage.getByRole('list', { name: 'Plans' }).getByRole('link', { name: /Hypertrophy block/ })
  await expect(card).toContainText('from your coach')
  await expect(clientPage.getByText('Your plans and the ones your coach assigned to you.')).toBeVisible()
  await expect(card).toContainText(/Starts Mon, (Nov 23|23 Nov)/)
  await card.click()
  await expectOnPath(clientPage, `/programs/${(await assigned.json()).id}`)
  const week1 = clientPage.getByRole('region', { name: 'Week 1' })
  await expect(week1.getByRole('link', { name: 'Lower A' })).toBeVisible()
  await expect(week1.getByText('1 exercise')).toBeVisible()
  await expect(week1.getByText(/Mon, (Nov 23|23 Nov)/)).toBeVisible()
  await expect(clientPage.getByRole('region', { name: 'Week 2' }).getByText(/Mon, (Nov 30|30 Nov)/)).toBeVisible()

  // The next block completes this one: it leaves the list of plans in use for the completed ones, shown on request.
  const next = await page.request.post(`/api/plans/${planId}/assign`, {
    data: { clientId: client.id, startDate: '2027-01-25' },
  })
  expect(next.status()).toBe(201)
  await clientPage.goto('/programs')
  const inUse = clientPage.getByRole('list', { name: 'Plans' }).getByRole('link', { name: /Hypertrophy block/ })
  await expect(inUse).toHaveCount(1)
  await expect(inUse).toContainText(/Starts Mon, (Jan 25|25 Jan)/)
  await expect(clientPage.getByRole('list', { name: 'Completed plans' })).toHaveCount(0)
  await clientPage.getByRole('button', { name: 'Show completed plans' }).click()
  const done = clientPage
    .getByRole('list', { name: 'Completed plans' })
    .getByRole('link', { name: /Hypertrophy block/ })
  await expect(done).toContainText('Completed')
  await expect(done).toContainText(/Starts Mon, (Nov 23|23 Nov)/)
  await clientContext.close()
})
