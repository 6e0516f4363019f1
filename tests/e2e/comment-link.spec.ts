import { randomUUID } from 'node:crypto'
import { expect, findMovement, linkCoach, otherUser, test } from './fixtures.ts'

test('a comment on a set, tapped on home, opens the summary at that set @phone', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const lifter = await login({ role: 'client', displayName: 'Sid Setten' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Noor')
  await linkCoach(coachPage, coach, lifter)

  // Ten sets of squats, finished; the coach comments on the ninth.
  const squat = await findMovement(page.request, 'back squat')
  const session = (await (await page.request.post('/api/sessions', { data: { title: 'Volume day' } })).json()) as {
    id: string
  }
  const key = randomUUID()
  const exercise = {
    key,
    movementId: squat.id,
    movementName: squat.name,
    tracking: 'weight_reps',
    prescriptionId: null,
    superset: null,
    restSeconds: null,
    notes: null,
    targets: [],
  }
  expect((await page.request.patch(`/api/sessions/${session.id}`, { data: { exercises: [exercise] } })).status()).toBe(
    200,
  )
  const setIds: string[] = []
  for (let n = 1; n <= 10; n++) {
    const id = randomUUID()
    setIds.push(id)
    const logged = await page.request.put(`/api/sessions/${session.id}/sets/${id}`, {
      data: { exerciseKey: key, setNumber: n, reps: 5, loadKg: 100, editedAt: new Date().toISOString() },
    })
    expect(logged.status(), await logged.text()).toBe(200)
  }
  expect((await page.request.post(`/api/sessions/${session.id}/finish`, { data: {} })).status()).toBe(200)
  const comment = await coachPage.request.post(`/api/sessions/${session.id}/comments`, {
    data: { body: 'Bar path drifted forward here', setLogId: setIds[8] },
  })
  expect(comment.status(), await comment.text()).toBe(201)
  await coachPage.context().close()

  await page.goto('/home')
  await page
    .getByRole('region', { name: 'New comments from your coach' })
    .getByRole('link', { name: /Bar path drifted forward here/ })
    .click()
  await expect(page).toHaveURL(`${baseURL}/summary/${session.id}#set-${setIds[8]}`)
  const review = page.getByRole('region', { name: 'Back squat' })
  await expect(review.getByRole('listitem', { name: 'Set 9', exact: true })).toBeInViewport()
  await expect(review.getByRole('listitem', { name: 'Set 9', exact: true })).toContainText(
    'Bar path drifted forward here',
  )
  await expect(review.getByRole('listitem', { name: 'Set 1', exact: true })).not.toBeInViewport()
})
