import sharp from 'sharp'
import { expectAccessible } from './axe.ts'
import { expect, linkCoach, otherUser, phonePhoto, test } from './fixtures.ts'

test('@photos a lifter adds front photos of two days and compares them; their coach sees them, no one else', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 360, height: 780 })
  const lifter = await login({ role: 'client', displayName: 'Photo Pia' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Oda')
  await linkCoach(coachPage, coach, lifter)

  await page.goto('/progress')
  const section = page.getByRole('region', { name: 'Progress photos' })
  await expect(section.getByText('No photos yet.', { exact: false })).toBeVisible()
  for (const [day, colour] of [
    ['2026-10-01', '#b03030'],
    ['2026-11-20', '#3050b0'],
  ] as const) {
    await section.getByLabel('Day', { exact: true }).fill(day)
    await section.getByLabel('Add a photo').setInputFiles({
      name: 'IMG_0001.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto(colour),
    })
    await expect(section.getByRole('link', { name: new RegExp(`^Front, .*${day.slice(0, 4)}`) }).first()).toBeVisible()
  }
  await expect(section.getByRole('img', { name: /^Front, / })).toHaveCount(4, { timeout: 15_000 })

  // Side by side: the first day on the left, the latest on the right.
  const compare = section.getByRole('region', { name: 'Compare two days' })
  const sides = compare.getByRole('img')
  await expect(sides).toHaveCount(2)
  await expect(sides.first()).toHaveAttribute('alt', /Oct 1, 2026|1 Oct 2026/)
  await expect(sides.last()).toHaveAttribute('alt', /Nov 20, 2026|20 Nov 2026/)
  await expect.poll(() => sides.last().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1200)
  await expectAccessible(page, 'progress photos at 360 px')
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectAccessible(page, 'progress photos at 1280 px')

  // What the server keeps has no EXIF and no location.
  const photos = (await (await page.request.get('/api/progress-photos')).json()) as { photos: { id: string }[] }
  expect(photos.photos).toHaveLength(2)
  const kept = Buffer.from(
    await (await page.request.get(`/api/progress-photos/${photos.photos[0]?.id}/display`)).body(),
  )
  expect((await sharp(kept).metadata()).exif).toBeUndefined()
  expect(kept.includes('WGS-84')).toBe(false)

  // The coach sees them on the client's progress; another coach and a visitor get nothing.
  await coachPage.goto(`/coach/clients/${lifter.id}?tab=progress`)
  await expect(
    coachPage.getByRole('region', { name: 'Progress photos' }).getByRole('img', { name: /^Front, / }),
  ).toHaveCount(4)
  await expect(coachPage.getByRole('button', { name: /^Delete / })).toHaveCount(0)
  const image = `/api/progress-photos/${photos.photos[0]?.id}/display`
  expect((await coachPage.request.get(image)).status()).toBe(200)
  const { page: otherCoach } = await otherUser(browser, baseURL, 'coach', 'Coach Elsewhere')
  expect((await otherCoach.request.get(image)).status()).toBe(403)
  const visitor = await browser.newContext({ baseURL })
  expect((await visitor.request.get(image)).status()).toBe(401)
  await Promise.all([coachPage.context().close(), otherCoach.context().close(), visitor.close()])
})

test('@photos a lifter deletes their account from the account page, and their photos go with it', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const lifter = await login({ role: 'client', displayName: 'Leaving Lou' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Stays')
  await linkCoach(coachPage, coach, lifter)
  const added = await page.request.post('/api/progress-photos', {
    multipart: {
      file: { name: 'front.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto('#808080') },
      pose: 'front',
      takenOn: '2026-11-01',
    },
  })
  expect(added.status()).toBe(201)
  const image = `/api/progress-photos/${((await added.json()) as { id: string }).id}/display`
  expect((await coachPage.request.get(image)).status()).toBe(200)

  await page.goto('/account')
  const card = page.getByRole('form', { name: 'Delete your account' })
  await card.getByLabel('Your password').fill('not-my-Passw0rd')
  await card.getByLabel('I understand that this cannot be undone').check()
  await card.getByRole('button', { name: 'Delete my account' }).click()
  await expect(card.getByRole('alert')).toHaveText('That password is not right')
  await expectAccessible(page, 'the account page with its delete card')
  await card.getByLabel('Your password').fill('Passw0rd!')
  await card.getByRole('button', { name: 'Delete my account' }).click()
  await expect(page).toHaveURL(/\/welcome$/)
  expect((await coachPage.request.get(image)).status()).toBe(404)
  await coachPage.context().close()
})
