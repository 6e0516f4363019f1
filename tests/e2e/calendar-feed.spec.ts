import { expectAccessible } from './axe.ts'
import { expect, expectToast, linkCoach, otherUser, test } from './fixtures.ts'

test('a lifter turns the calendar feed on from the account page, subscribes, makes a new address and turns it off @phone', async ({
  page,
  login,
  browser,
  baseURL,
  playwright,
}) => {
  test.setTimeout(90_000)
  const lifter = await login({ role: 'client', displayName: 'Cal Lifter' })
  // The lifter's coach assigns a plan from last Monday on Mondays, Wednesdays and Fridays.
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Ada')
  await linkCoach(coachPage, coach, lifter)
  const squat = (
    (await (await coachPage.request.get('/api/movements?q=back%20squat')).json()) as { items: { id: string }[] }
  ).items[0]?.id
  const plan = (await (
    await coachPage.request.post('/api/plans', { data: { name: 'Feed block', weeks: 2, daysPerWeek: 3 } })
  ).json()) as { id: string; version: number }
  const day = {
    version: plan.version,
    workout: {
      title: 'Heavy squat day',
      exercises: [{ movementId: squat, sets: [{ reps: { min: 5, max: 5 } }, { reps: { min: 5, max: 5 } }] }],
    },
  }
  expect((await coachPage.request.put(`/api/plans/${plan.id}/days/1/1`, { data: day })).status()).toBe(200)
  const monday = await page.evaluate(() => {
    const now = new Date()
    const back = (now.getDay() + 6) % 7
    return new Date(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate() - back)).toISOString().slice(0, 10)
  })
  const assigned = await coachPage.request.post(`/api/plans/${plan.id}/assign`, {
    data: { clientId: lifter.id, startDate: monday, trainingDays: [1, 3, 5] },
  })
  expect(assigned.status(), await assigned.text()).toBe(201)
  await coachPage.context().close()

  // A calendar app: no cookie, only the address.
  const calendarApp = await playwright.request.newContext({ baseURL })
  const fetchFeed = (url: string) => calendarApp.get(new URL(url).pathname)

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.goto('/account')
  const card = page.getByRole('region', { name: 'Calendar feed' })
  await card.getByRole('button', { name: 'Turn on calendar feed' }).click()
  const address = card.getByRole('textbox', { name: 'Feed address' })
  await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
  const url = await address.inputValue()
  await expect(card.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
    'href',
    url.replace(/^https?:/, 'webcal:'),
  )
  await expectAccessible(page, 'the account page with a calendar address')

  await card.getByRole('button', { name: 'Copy address' }).click()
  await expectToast(page, 'Address copied')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)

  const feed = await fetchFeed(url)
  expect(feed.status()).toBe(200)
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  const text = await feed.text()
  expect(text).toContain('BEGIN:VCALENDAR')
  expect(text).toContain('SUMMARY:Heavy squat day')
  expect(text).toContain(`DTSTART;VALUE=DATE:${monday.replaceAll('-', '')}`)

  // After a reload the address is not shown again: a new one replaces it, and the old one stops.
  await page.reload()
  await expect(card.getByText(/^Your calendar feed is on since /)).toBeVisible()
  await expect(card.getByRole('textbox', { name: 'Feed address' })).toBeHidden()
  await card.getByRole('button', { name: 'Make a new address' }).click()
  await page
    .getByRole('dialog', { name: 'Make a new address?' })
    .getByRole('button', { name: 'Make a new address' })
    .click()
  await expect(address).not.toHaveValue(url)
  const fresh = await address.inputValue()
  expect((await fetchFeed(url)).status()).toBe(404)
  expect((await fetchFeed(fresh)).status()).toBe(200)

  // Turned off: the address answers 404, and the card offers to turn it on again.
  await card.getByRole('button', { name: 'Turn off' }).click()
  await page
    .getByRole('dialog', { name: 'Turn off the calendar feed?' })
    .getByRole('button', { name: 'Turn off feed' })
    .click()
  await expectToast(page, 'Calendar feed turned off')
  await expect(card.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible()
  expect((await fetchFeed(fresh)).status()).toBe(404)
  await calendarApp.dispose()
})
