import sharp from 'sharp'
import { expectAccessible } from './axe.ts'
import { expect, expectToast, linkCoach, otherUser, phonePhoto, test } from './fixtures.ts'

test('@photos a coach writes a weekly check-in with a scale and photos; the lifter fills it on a phone; the coach compares and comments; the lifter reads it', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const lifter = await login({ role: 'client', displayName: 'Check-in Cleo' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Rhea')
  await linkCoach(coachPage, coach, lifter)
  await coachPage.setViewportSize({ width: 1280, height: 900 })

  // The coach writes the form: a required scale and a set of photos.
  await coachPage.goto('/coach/check-ins')
  await coachPage.getByRole('button', { name: 'New form' }).click()
  const editor = coachPage.getByRole('form', { name: 'New form' })
  await editor.getByLabel('Form name').fill('Weekly check-in')
  await editor.getByLabel('Question 1: text').fill('How did you sleep this week?')
  await editor.getByLabel('Question 1: required').check()
  await editor.getByRole('button', { name: 'Add a question' }).click()
  await editor.getByLabel('Question 2: text').fill('Progress photos')
  await editor.getByLabel('Question 2: kind').selectOption({ label: 'Photos: front, side, back' })
  await expectAccessible(coachPage, 'the check-in form editor at 1280 px')
  await editor.getByRole('button', { name: 'Save form' }).click()
  await expectToast(coachPage, 'Form saved', 'Weekly check-in')
  await expect(coachPage.getByRole('heading', { name: 'Weekly check-in' })).toBeVisible()
  await expect(coachPage.getByText('2 questions')).toBeVisible()

  // ... and sends it weekly from today.
  await coachPage.goto(`/coach/clients/${lifter.id}?tab=check-ins`)
  const send = coachPage.getByRole('form', { name: 'Send a form' })
  await expect(send.getByLabel('Form')).toHaveValue(/.+/)
  await expectAccessible(coachPage, 'a client’s check-ins at 1280 px')
  await send.getByRole('button', { name: 'Schedule it' }).click()
  await expectToast(coachPage, 'Check-in scheduled')
  const schedules = coachPage.getByRole('region', { name: 'Schedules' })
  await expect(schedules.getByRole('listitem').filter({ hasText: 'Weekly check-in' })).toContainText('Due ')

  // An earlier front photo of the lifter's, to compare with.
  const old = await phonePhoto('#a04040')
  expect(
    (
      await page.request.post('/api/progress-photos', {
        multipart: {
          file: { name: 'old.jpg', mimeType: 'image/jpeg', buffer: old },
          pose: 'front',
          takenOn: '2026-09-01',
        },
      })
    ).status(),
  ).toBe(201)

  // The lifter, on a phone: home says a check-in is due.
  await page.setViewportSize({ width: 360, height: 780 })
  await page.goto('/home')
  const due = page.getByRole('region', { name: 'Check-in due' })
  await due.getByRole('link', { name: 'Fill in Weekly check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Weekly check-in' })).toBeVisible()
  // A required question left out is named.
  await page.getByRole('button', { name: 'Send check-in' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Answer this question' })).toBeVisible()
  const sleep = page.getByRole('group', { name: /How did you sleep/ })
  await sleep.getByText('4', { exact: true }).click()
  await expect(sleep.getByLabel('4', { exact: true })).toBeChecked()
  for (const [pose, colour] of [
    ['Front', '#3050b0'],
    ['Side', '#30a050'],
    ['Back', '#b0a030'],
  ] as const) {
    await page.getByLabel(`${pose} photo`, { exact: true }).setInputFiles({
      name: `${pose}.jpg`,
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(colour),
    })
    await expect(page.getByRole('img', { name: pose, exact: true })).toBeVisible()
  }
  // Everything given so far is kept on the phone: a reload loses none of it.
  await page.reload()
  await expect(sleep.getByLabel('4', { exact: true })).toBeChecked()
  for (const pose of ['Front', 'Side', 'Back'])
    await expect(page.getByRole('img', { name: pose, exact: true })).toBeVisible()
  await expectAccessible(page, 'filling in a check-in at 360 px')
  await page.getByRole('button', { name: 'Send check-in' }).click()
  await expectToast(page, 'Check-in sent')
  await expect(page).toHaveURL(/\/check-ins$/)
  const mine = page.getByRole('region', { name: 'Your check-ins' })
  await expect(mine.getByText('4 of 5')).toBeVisible({ timeout: 20_000 })

  // What the server keeps of the photos has no location.
  const photos = (await (await page.request.get('/api/progress-photos')).json()) as {
    photos: { id: string; pose: string; takenOn: string }[]
  }
  expect(photos.photos.map((p) => p.pose).sort()).toEqual(['back', 'front', 'front', 'side'])
  for (const photo of photos.photos) {
    const kept = Buffer.from(await (await page.request.get(`/api/progress-photos/${photo.id}/display`)).body())
    expect(kept.includes('WGS-84')).toBe(false)
    expect((await sharp(kept).metadata()).exif).toBeUndefined()
  }

  // The coach opens it, compares the front photo of two days side by side, and comments.
  await coachPage.reload()
  await coachPage.getByRole('button', { name: /^Weekly check-in/ }).click()
  const checkIn = coachPage.getByRole('article', { name: /Weekly check-in/ })
  await expect(checkIn.getByText('4 of 5')).toBeVisible()
  await expect(checkIn.getByRole('img', { name: /^Front, / })).toBeVisible()
  await coachPage.getByRole('tab', { name: 'Progress' }).click()
  const compare = coachPage.getByRole('region', { name: 'Compare two days' })
  await expect(compare.getByRole('img')).toHaveCount(2)
  await expect(compare.getByRole('img').first()).toHaveAttribute('alt', /2026/)
  await expect(compare.getByLabel('Earlier day').locator('option:checked')).toHaveText(/Sep 1, 2026|1 Sept? 2026/)
  await coachPage.getByRole('tab', { name: 'Check-ins' }).click()
  await coachPage.getByRole('button', { name: /^Weekly check-in/ }).click()
  await checkIn.getByLabel('Your comment').fill('Sleep is up and the photos show it. Keep going!')
  await checkIn.getByRole('button', { name: 'Comment' }).click()
  await expectToast(coachPage, 'Comment sent')
  await expect(coachPage.getByText('Comment sent')).toBeHidden({ timeout: 10_000 })
  await coachPage.setViewportSize({ width: 360, height: 780 })
  await expectAccessible(coachPage, 'a client’s check-ins at 360 px')

  // The lifter reads the comment.
  await page.reload()
  await expect(
    page.getByRole('region', { name: 'Your check-ins' }).getByText('Sleep is up and the photos show it. Keep going!'),
  ).toBeVisible()
  await expectAccessible(page, 'the lifter’s check-ins at 360 px')
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectAccessible(page, 'the lifter’s check-ins at 1280 px')
  await coachPage.goto('/coach/check-ins')
  await expect(coachPage.getByRole('heading', { level: 2, name: 'Weekly check-in' })).toBeVisible()
  await expectAccessible(coachPage, 'check-in forms at 360 px')
  await coachPage.context().close()
})
