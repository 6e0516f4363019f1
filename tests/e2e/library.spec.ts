import { expect, expectOnPath, expectToast, test } from './fixtures.ts'

test('a coach finds RDL, then creates, edits and archives an own movement', async ({ page, login }) => {
  await login({ role: 'coach', displayName: 'Coach Lib' })
  await page.goto('/coach/library')
  await page.getByRole('searchbox', { name: 'Search movements' }).fill('rdl')
  const results = page.getByRole('list', { name: 'Movements' })
  await expect(results.getByRole('button').first()).toContainText('Romanian deadlift')
  await results
    .getByRole('button', { name: /^Romanian deadlift/ })
    .first()
    .click()
  const detail = page.getByRole('dialog', { name: 'Romanian deadlift' })
  await expect(detail.getByText('Coaching cues')).toBeVisible()
  await page.keyboard.press('Escape')

  // Create: the form refuses bad input next to the fields, and stores nothing.
  await page.getByRole('button', { name: 'New movement' }).click()
  const form = page.getByRole('dialog', { name: 'New movement' })
  await form.getByLabel('Name', { exact: true }).fill('x'.repeat(130))
  await form.getByLabel('Video or reference link').fill('javascript:alert(1)')
  await form.getByRole('button', { name: 'Create movement' }).click()
  await expect(form.getByText('Name must be at most 120 characters')).toBeVisible()
  await expect(form.getByText('Choose a movement pattern')).toBeVisible()
  await expect(form.getByText('The link must start with http:// or https://')).toBeVisible()
  await expect(form.getByText('Choose at least one primary muscle')).toBeVisible()

  await form.getByLabel('Name', { exact: true }).fill('Spoto press')
  await form.getByLabel('Aliases').fill('Spoto, Pause-above-chest press')
  await form.getByLabel('Pattern').selectOption('horizontal push')
  await form.getByRole('group', { name: 'Primary muscles' }).getByLabel('chest').check()
  await form.getByRole('group', { name: 'Equipment' }).getByLabel('barbell').check()
  await form.getByLabel('Coaching instructions').fill('Pause one inch above the chest.\nDrive up without bouncing.')
  await form.getByLabel('Video or reference link').fill('https://video.example/spoto')
  await form.getByRole('button', { name: 'Create movement' }).click()
  await expectToast(page, 'Movement created')

  // Edit it from its detail.
  const created = page.getByRole('dialog', { name: 'Spoto press' })
  await expect(created.getByRole('link', { name: /Watch the video/ })).toHaveAttribute(
    'href',
    'https://video.example/spoto',
  )
  await created.getByRole('button', { name: 'Edit' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit movement' })
  await edit.getByLabel('Name', { exact: true }).fill('Spoto bench press')
  await edit.getByRole('button', { name: 'Save movement' }).click()
  await expectToast(page, 'Movement saved')
  await page.getByRole('dialog', { name: 'Spoto bench press' }).getByRole('button', { name: 'Archive' }).click()
  await expectToast(page, 'Movement archived')

  await page.getByRole('button', { name: 'My movements' }).click()
  await page.getByRole('searchbox', { name: 'Search movements' }).fill('spoto')
  await expect(page.getByText('No movements match.')).toBeVisible()
  await page.getByLabel('Archived only').check()
  await expect(
    page.getByRole('list', { name: 'Movements' }).getByRole('button', { name: /Spoto bench press/ }),
  ).toBeVisible()
})

test('a coach copies a built-in into an editable own movement', async ({ page, login }) => {
  await login({ role: 'coach' })
  await page.goto('/coach/library')
  await page.getByRole('button', { name: 'hinge', exact: true }).click()
  await page.getByRole('searchbox', { name: 'Search movements' }).fill('romanian deadlift')
  await page
    .getByRole('list', { name: 'Movements' })
    .getByRole('button', { name: /^Romanian deadlift/ })
    .first()
    .click()
  await page.getByRole('button', { name: 'Copy to my movements' }).click()
  await expectToast(page, 'Copied to your movements')
  await expect(
    page.getByRole('dialog', { name: 'Romanian deadlift' }).getByRole('button', { name: 'Edit' }),
  ).toBeVisible()
})

test('a client cannot open /coach/library; neither a client nor another coach can read a coach’s own movement', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const coachContext = await browser.newContext({ baseURL })
  const coachPage = await coachContext.newPage()
  const created = await coachPage.request.post('/api/testing/users', {
    data: { email: `lib-owner-${Date.now()}@example.test`, role: 'coach' },
  })
  expect(created.status()).toBe(201)
  const movement = await (
    await coachPage.request.post('/api/movements', {
      data: {
        name: 'Secret squat',
        pattern: 'squat',
        primaryMuscles: ['quads'],
        equipment: ['barbell'],
        tracking: 'weight_reps',
      },
    })
  ).json()
  // Another coach cannot read it either.
  const otherContext = await browser.newContext({ baseURL })
  await otherContext.request.post('/api/testing/users', {
    data: { email: `lib-other-${Date.now()}@example.test`, role: 'coach' },
  })
  expect((await otherContext.request.get(`/api/movements/${movement.id}`)).status()).toBe(403)
  await otherContext.close()
  await coachContext.close()

  await login({ role: 'client' })
  await page.goto('/coach/library')
  await expectOnPath(page, '/home')
  expect((await page.request.get(`/api/movements/${movement.id}`)).status()).toBe(403)
})
