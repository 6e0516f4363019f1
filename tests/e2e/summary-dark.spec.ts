import { randomUUID } from 'node:crypto'
import { expectAccessible } from './axe.ts'
import { expect, findMovement, test } from './fixtures.ts'

test('a summary’s miss marks (reps short, skipped) read clearly in both themes', async ({ page, login }) => {
  await login({ role: 'client', displayName: 'Dana Dark' })
  const squat = await findMovement(page.request, 'back squat')
  const workout = (await (
    await page.request.post('/api/workouts', {
      data: {
        title: 'Three fives',
        exercises: [
          {
            movementId: squat.id,
            sets: [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 } })),
          },
        ],
      },
    })
  ).json()) as { id: string }
  const session = (await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()) as {
    id: string
    exercises: { key: string }[]
  }
  const key = session.exercises[0]?.key ?? ''
  // Set 1 as prescribed, set 2 three reps short, set 3 never done.
  for (const [setNumber, reps] of [
    [1, 5],
    [2, 2],
  ] as const) {
    const logged = await page.request.put(`/api/sessions/${session.id}/sets/${randomUUID()}`, {
      data: { exerciseKey: key, setNumber, reps, loadKg: 80, editedAt: new Date().toISOString() },
    })
    expect(logged.status(), await logged.text()).toBe(200)
  }
  expect((await page.request.post(`/api/sessions/${session.id}/finish`, { data: {} })).status()).toBe(200)

  await page.goto(`/summary/${session.id}`)
  const review = page.getByRole('region', { name: 'Back squat' })
  await expect(review.getByRole('listitem', { name: 'Set 2', exact: true })).toContainText('Reps short')
  await expect(review.getByRole('listitem', { name: 'Set 3', exact: true })).toContainText('Skipped')
  await expectAccessible(page, 'a summary with miss marks, light')
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expectAccessible(page, 'a summary with miss marks, dark')
})
