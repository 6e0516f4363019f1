import { expect, finishedSession, linkCoach, otherUser, test } from './fixtures.ts'

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
  const session = await finishedSession(page, { title: 'Volume day', sets: 10 })
  const { setIds } = session
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
