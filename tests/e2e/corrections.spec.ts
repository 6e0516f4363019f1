import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, expectToast, test } from './fixtures.ts'

async function expectNoSeriousViolations(page: Page) {
  // A toast fading out is half transparent for a moment: checked once toasts are gone.
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toHaveCount(0)
  const { violations } = await new AxeBuilder({ page }).analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
}

test('a lifter corrects a finished workout on its summary, offline too, and the coach sees each correction live', async ({
  page,
  login,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(90_000)
  // The coach, in a browser of their own, with the lifter as their client.
  const coachContext = await browser.newContext({ baseURL })
  const coachPage = await coachContext.newPage()
  const coach = await (
    await coachPage.request.post('/api/testing/users', {
      data: { email: `fix-coach-${Date.now()}@example.test`, role: 'coach', displayName: 'Coach Kit' },
    })
  ).json()
  const lifter = await login({ role: 'client', displayName: 'Lifter Luz' })
  expect(
    (
      await coachPage.request.post('/api/testing/coach-clients', {
        data: { coachEmail: coach.email, clientEmail: lifter.email },
      })
    ).status(),
  ).toBe(201)

  // The lifter trains a workout of their own and types 1000 for 100 on the first set.
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const workout = await (
    await page.request.post('/api/workouts', {
      data: {
        title: 'Fix day',
        exercises: [
          {
            movementId: squat.id,
            restSeconds: 60,
            sets: [1, 2].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } })),
          },
        ],
      },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  await page.goto(`/session/${session.id}`)
  await page.getByLabel('Load (kg) for set 1 of Back squat').fill('1000')
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await page.getByRole('button', { name: 'Log set 2 of Back squat' }).click()
  await expect
    .poll(async () => (await (await page.request.get(`/api/sessions/${session.id}`)).json()).sets.length)
    .toBe(2)
  await page.getByRole('button', { name: 'Finish workout' }).click()
  await page.getByRole('dialog', { name: 'Finish this workout?' }).getByRole('button', { name: 'Finish' }).click()
  await expectToast(page, 'Workout finished')
  await expect(page).toHaveURL(`${baseURL}/summary/${session.id}`)
  await expect(page.getByRole('definition').filter({ hasText: '5,500 kg' })).toBeVisible()

  // The coach reads the session, with the app's live connection open.
  const live = coachPage.waitForResponse((r) => r.url().includes('/api/chat/stream'))
  await coachPage.goto(`/summary/${session.id}`)
  await live
  const coachSet1 = coachPage.getByRole('region', { name: 'Back squat' }).getByRole('listitem', { name: 'Set 1' })
  await expect(coachSet1).toContainText('5 reps × 1000 kg')
  // Only the lifter corrects.
  await expect(coachPage.getByRole('button', { name: 'Correct sets' })).toHaveCount(0)

  // The lifter corrects the first set on the summary.
  const correction = page.getByRole('region', { name: 'Correct this session' })
  await expect(correction).toContainText('You can correct this session until')
  await correction.getByRole('button', { name: 'Correct sets' }).click()
  await correction.getByLabel('Load (kg) for set 1 of Back squat').fill('100')
  await correction.getByRole('button', { name: 'Update set 1 of Back squat' }).click()
  const lifterSet1 = page.getByRole('region', { name: 'Back squat' }).getByRole('listitem', { name: 'Set 1' })
  await expect(lifterSet1).toContainText('5 reps × 100 kg')
  await expect(lifterSet1).toContainText('Corrected after finishing: was 1000 kg × 5')
  await expect(page.getByRole('definition').filter({ hasText: '1,000 kg' })).toBeVisible()

  // The coach's open page follows at once, without a reload.
  await expect(coachSet1).toContainText('5 reps × 100 kg')
  await expect(coachSet1).toContainText('Corrected after finishing: was 1000 kg × 5')
  await expect(coachPage.getByText(/^Corrected after finishing, /)).toBeVisible()
  await expectNoSeriousViolations(page)
  await expectNoSeriousViolations(coachPage)

  // With no signal, a correction waits on the device like a set, and goes when the signal is back.
  await context.setOffline(true)
  await correction.getByLabel('Reps for set 2 of Back squat').fill('3')
  await correction.getByRole('button', { name: 'Update set 2 of Back squat' }).click()
  await expect(page.getByText('Offline: 1 set waiting')).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByText(/sets? waiting|Saving \d+ set/)).toHaveCount(0, { timeout: 15_000 })
  const coachSet2 = coachPage.getByRole('region', { name: 'Back squat' }).getByRole('listitem', { name: 'Set 2' })
  await expect(coachSet2).toContainText('3 reps × 100 kg')
  await expect(coachSet2).toContainText('Corrected after finishing: was 100 kg × 5')
  await correction.getByRole('button', { name: 'Done correcting' }).click()

  // The coach's list of the client's sessions marks it.
  await coachPage.goto('/coach/clients')
  await coachPage.getByRole('listitem', { name: 'Lifter Luz' }).getByRole('link', { name: 'Open Lifter Luz' }).click()
  await coachPage.getByRole('tab', { name: 'Sessions' }).click()
  await expect(
    coachPage.getByRole('region', { name: 'Sessions' }).getByRole('link', { name: /Fix day/ }),
  ).toContainText('Corrected')
  await coachContext.close()

  // 48 hours after the finish, the summary says so and the server refuses.
  expect(
    (await page.request.post('/api/testing/expire-corrections', { data: { sessionId: session.id } })).status(),
  ).toBe(200)
  await page.reload()
  await expect(correction).toContainText(
    'This session can no longer be corrected. A session can be corrected for 48 hours after it was finished.',
  )
  await expect(correction.getByRole('button', { name: 'Correct sets' })).toHaveCount(0)
  const late = await page.request.put(`/api/sessions/${session.id}/sets/${crypto.randomUUID()}`, {
    data: {
      exerciseKey: session.exercises[0].key,
      setNumber: 3,
      reps: 5,
      loadKg: 100,
      editedAt: new Date().toISOString(),
    },
  })
  expect(late.status()).toBe(409)
})
