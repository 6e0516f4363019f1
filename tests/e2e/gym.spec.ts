import type { Page } from '@playwright/test'
import { expect, expectToast, test } from './fixtures.ts'

/** A standalone workout of one movement with these prescribed sets, and a session started from it. */
async function startSession(page: Page, movement: string, sets: unknown[], title = 'Gym day') {
  const found = (await (await page.request.get(`/api/movements?q=${encodeURIComponent(movement)}`)).json()).items[0]
  const workout = await (await page.request.post('/api/workouts', { data: { title, exercises: [{ movementId: found.id, restSeconds: 90, sets }] } })).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  return { sessionId: session.id as string, movementName: found.name as string }
}

const fiveAt = (kg: number) => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: kg } })

test('a lifter in pounds with 2.5 lb plates reads targets in 2.5 lb steps', async ({ page, login }) => {
  await login({ role: 'client', displayName: 'Plate Pat' })
  expect((await page.request.patch('/api/profile', { data: { unit: 'lb' } })).status()).toBe(200)

  // The account page shows the pound setup's defaults, and saves a smaller step.
  await page.goto('/account')
  await expect(page.getByLabel('Bar weight (lb)')).toHaveValue('45')
  await expect(page.getByRole('group', { name: 'Plates you have (lb)' }).getByRole('checkbox', { name: '45', exact: true })).toBeChecked()
  await page.getByLabel('Smallest plate step').selectOption('2.5')
  await page.getByRole('button', { name: 'Save bar and plates' }).click()
  await expectToast(page, 'Bar and plates saved')

  const { sessionId } = await startSession(page, 'back squat', [80, 140, 100].map(fiveAt))
  await page.goto(`/session/${sessionId}`)
  // 80 kg is 176.4 lb: 177.5 with 2.5 lb steps (175 with 5); 140 kg is 308.6 lb: 307.5 (310 with 5).
  await expect(page.getByLabel('Load (lb) for set 1 of Back squat')).toHaveAttribute('placeholder', '177.5')
  await expect(page.getByLabel('Load (lb) for set 2 of Back squat')).toHaveAttribute('placeholder', '307.5')
  await expect(page.getByLabel('Load (lb) for set 3 of Back squat')).toHaveAttribute('placeholder', '220')

  // Back in kilograms, the kg setup is the default one: 2.5 kg steps.
  expect((await page.request.patch('/api/profile', { data: { unit: 'kg' } })).status()).toBe(200)
  await page.goto('/account')
  await expect(page.getByLabel('Bar weight (kg)')).toHaveValue('20')
  await expect(page.getByLabel('Smallest plate step')).toHaveValue('2.5')
})
