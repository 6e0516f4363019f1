import { expect, expectOnPath, test } from './fixtures.ts'

test('a workout in progress is one tap from home, and leaves it once finished @phone', async ({ page, login }) => {
  await login({ role: 'client', displayName: 'Rae Resume' })
  const started = await page.request.post('/api/sessions', { data: { title: 'Open gym' } })
  expect(started.status(), await started.text()).toBe(201)
  const { id } = (await started.json()) as { id: string }

  await page.goto('/home')
  const card = page.getByRole('region', { name: 'Workout in progress' })
  await expect(card.getByText('Open gym')).toBeVisible()
  await expect(card.getByText(/^In progress · started /)).toBeVisible()
  await card.getByRole('link', { name: 'Resume' }).click()
  await expectOnPath(page, `/session/${id}`)

  expect((await page.request.post(`/api/sessions/${id}/finish`, { data: {} })).status()).toBe(200)
  await page.goto('/home')
  await expect(page.getByRole('region', { name: 'Last sessions' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Workout in progress' })).toHaveCount(0)
})
