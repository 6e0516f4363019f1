import { expect, linkCoach, otherUser, test } from './fixtures.ts'

test('a new coach reads the sessions a client logged on a former coach’s plan; the former coach no longer does', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const lifter = await login({ role: 'client', displayName: 'Hale Lifter' })
  const { page: former, user: formerCoach } = await otherUser(browser, baseURL, 'coach', 'Coach Former')
  await linkCoach(former, formerCoach, lifter)

  // The former coach's plan, trained by the lifter through the API.
  const squat = (
    (await (await former.request.get('/api/movements?q=back%20squat')).json()) as { items: { id: string }[] }
  ).items[0]?.id
  const plan = (await (
    await former.request.post('/api/plans', { data: { name: 'Former block', weeks: 1, daysPerWeek: 1 } })
  ).json()) as { id: string; version: number }
  const workout = {
    title: 'Old squat day',
    exercises: [{ movementId: squat, sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }] }],
  }
  expect(
    (await former.request.put(`/api/plans/${plan.id}/days/1/1`, { data: { version: plan.version, workout } })).status(),
  ).toBe(200)
  const copy = (await (
    await former.request.post(`/api/plans/${plan.id}/assign`, {
      data: { clientId: lifter.id, startDate: '2026-11-02' },
    })
  ).json()) as { id: string }
  const planWorkoutId = (
    (await (await page.request.get(`/api/plans/${copy.id}`)).json()) as { workouts: { id: string }[] }
  ).workouts[0]?.id
  const session = (await (await page.request.post('/api/sessions', { data: { planWorkoutId } })).json()) as {
    id: string
    exercises: { key: string }[]
  }
  const set = {
    exerciseKey: session.exercises[0]?.key,
    setNumber: 1,
    reps: 5,
    loadKg: 100,
    editedAt: new Date().toISOString(),
  }
  expect(
    (await page.request.put(`/api/sessions/${session.id}/sets/${crypto.randomUUID()}`, { data: set })).status(),
  ).toBe(200)
  expect((await page.request.post(`/api/sessions/${session.id}/finish`, { data: {} })).status()).toBe(200)

  // The former coach archives the lifter, and another coach takes them on.
  await former.goto('/coach/clients')
  expect((await former.request.post(`/api/clients/${lifter.id}/archive`)).status()).toBe(204)
  const { page: next, user: newCoach } = await otherUser(browser, baseURL, 'coach', 'Coach Next')
  await linkCoach(next, newCoach, lifter)

  await next.goto('/coach/clients')
  const row = next.getByRole('region', { name: 'Clients' }).getByRole('listitem', { name: 'Hale Lifter' })
  await row.getByRole('link', { name: 'Open Hale Lifter' }).click()
  await next.getByRole('tab', { name: 'Sessions' }).click()
  await next
    .getByRole('region', { name: 'Sessions' })
    .getByRole('link', { name: /Old squat day/ })
    .click()
  await expect(next).toHaveURL(/\/summary\//)
  await expect(next.getByRole('heading', { level: 1, name: 'Old squat day' })).toBeVisible()
  await expect(next.getByText(/Former block, week 1 day 1/)).toBeVisible()

  // The former coach's roster no longer holds the lifter, and the session is not shared with them.
  await former.reload()
  await expect(
    former.getByRole('region', { name: 'Clients' }).getByRole('listitem', { name: 'Hale Lifter' }),
  ).toHaveCount(0)
  await former.goto(`/summary/${session.id}`)
  await expect(former.getByRole('alert')).toBeVisible()
  await former.context().close()
  await next.context().close()
})
