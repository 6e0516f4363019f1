import type { Page } from '@playwright/test'
import { expect, expectToast, test } from './fixtures.ts'

/** A standalone workout of these movements (found by name) and prescribed sets, and a session started from it. */
async function startSession(page: Page, exercises: { movement: string; sets: unknown[] }[]) {
  const found = await Promise.all(exercises.map(async ({ movement }) => (await (await page.request.get(`/api/movements?q=${encodeURIComponent(movement)}`)).json()).items[0]))
  const workout = await (
    await page.request.post('/api/workouts', {
      data: { title: 'Gym day', exercises: exercises.map(({ sets }, i) => ({ movementId: found[i].id, restSeconds: 90, sets })) },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  expect(found.map((m) => m.name)).toEqual(exercises.map((e) => e.movement))
  return session.id as string
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

  const sessionId = await startSession(page, [{ movement: 'Back squat', sets: [80, 140, 100].map(fiveAt) }])
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

test('the plate calculator shows the plates per side of a barbell set, what is short, and a load below the bar', async ({ page, login }) => {
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
  await expect(dialog.getByRole('list', { name: 'Each side' }).getByRole('listitem')).toHaveText(['25 kg', '15 kg', '1.25 kg'])
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
