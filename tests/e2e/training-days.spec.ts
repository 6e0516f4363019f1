import type { Page } from '@playwright/test'
import {
  expect,
  expectOnPath,
  expectToast,
  findMovement,
  linkCoach,
  newEmail,
  newPlan,
  otherUser,
  test,
} from './fixtures.ts'

/**
 * Three weekdays from today on the browser's clock (today, and two and four days on), so the test
 * holds on any date: day 1 is today, day 2 two days later, day 3 four days later. Long names for
 * the checkboxes, short ones in weekday order as 'Trains …' says them.
 */
function weekdaysFromToday(page: Page) {
  return page.evaluate(() => {
    const at = (offset: number) => new Date(Date.now() + offset * 86_400_000)
    const days = [0, 2, 4].map((offset) => ({
      iso: ((at(offset).getDay() + 6) % 7) + 1,
      name: at(offset).toLocaleDateString('en-GB', { weekday: 'long' }),
    }))
    const trains = [...days]
      .sort((a, b) => a.iso - b.iso)
      .map((d) => d.name.slice(0, 3))
      .join(', ')
    return { names: days.map((d) => d.name), iso: days.map((d) => d.iso), trains: `Trains ${trains}` }
  })
}

test('a coach sets a plan’s training days and assigns it: the client’s home and calendar follow them, and the invite names them', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const coach = await login({ role: 'coach', displayName: 'Coach Wendy' })
  const planId = await newPlan(page, 'Weekday block')
  const squat = await findMovement(page.request, 'back squat')
  const day = (title: string) => ({
    title,
    exercises: [{ movementId: squat.id, sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 } }] }],
  })
  expect(
    (
      await page.request.put(`/api/plans/${planId}/days/1/1`, { data: { version: 1, workout: day('Lower A') } })
    ).status(),
  ).toBe(200)
  expect(
    (
      await page.request.put(`/api/plans/${planId}/days/1/2`, { data: { version: 2, workout: day('Upper A') } })
    ).status(),
  ).toBe(200)
  const weekdays = await weekdaysFromToday(page)

  // The builder: two weekdays are not enough for a 3-day week; the third saves them.
  await page.goto(`/coach/program/${planId}`)
  const days = page.getByRole('group', { name: 'Training days' })
  await days.getByRole('checkbox', { name: weekdays.names[0] }).check()
  await days.getByRole('checkbox', { name: weekdays.names[1] }).check()
  await expect(days.getByRole('alert')).toHaveText('Pick 3 training days: one for each day of the plan’s week')
  await days.getByRole('checkbox', { name: weekdays.names[2] }).check()
  await expect(days.getByRole('alert')).toBeHidden()
  await expect(page.getByText('All changes saved')).toBeVisible()
  const saved = (await (await page.request.get(`/api/plans/${planId}`)).json()) as { trainingDays: number[] }
  expect(saved.trainingDays).toEqual([...weekdays.iso].sort((a, b) => a - b))

  // Assigning offers the plan's days; the client's copy starts today on them.
  const client = await otherUser(browser, baseURL, 'client', 'Client Wes')
  await linkCoach(page, coach, client.user)
  await page.getByRole('button', { name: 'Assign to client' }).click()
  const dialog = page.getByRole('dialog', { name: /Assign “Weekday block”/ })
  await dialog.getByLabel('Client').selectOption({ label: 'Client Wes' })
  for (const name of weekdays.names)
    await expect(dialog.getByRole('group', { name: 'Training days' }).getByRole('checkbox', { name })).toBeChecked()
  await dialog.getByRole('button', { name: 'Assign plan' }).click()
  await expectToast(page, 'Plan assigned')

  // Home: today's workout is day 1; day 2 falls on the second weekday, two days on.
  const clientPage = client.page
  await clientPage.goto('/home')
  await expect(clientPage.getByRole('heading', { name: 'Lower A' })).toBeVisible()
  const week = clientPage.getByRole('region', { name: 'This week' })
  await expect(week.getByRole('listitem', { name: 'Day 1: Today' })).toBeVisible()
  await expect(week.getByRole('listitem', { name: /^Day 2:/ })).toContainText(weekdays.names[1]?.slice(0, 3) as string)
  await expect(week.getByRole('listitem', { name: /^Day 3:/ })).toContainText(weekdays.names[2]?.slice(0, 3) as string)

  // The calendar says which weekdays the plan trains on, and puts the days on them.
  await clientPage.goto('/mesocycle')
  await expect(clientPage.getByText(`Weekday block · ${weekdays.trains} · 0 of 2 workouts done`)).toBeVisible()
  await expect(clientPage.getByRole('listitem', { name: 'Week 1 day 1: Today' })).toBeVisible()
  await expect(clientPage.getByRole('listitem', { name: /^Week 1 day 3:/ })).toContainText(
    weekdays.names[2]?.slice(0, 3) as string,
  )
  await expect(clientPage.getByRole('listitem', { name: /^Week 2 day 2:/ })).toContainText(
    weekdays.names[1]?.slice(0, 3) as string,
  )
  await clientPage.context().close()

  // The invite page names the weekdays; accepting puts the new client on them from today.
  const email = newEmail('weekdays')
  const sent = await page.request.post('/api/invites', { data: { email, planId } })
  expect(sent.status()).toBe(201)
  const link = ((await sent.json()) as { link: string }).link
  const invitee = await (await browser.newContext({ baseURL })).newPage()
  expect(
    (
      await invitee.request.post('/api/testing/users', { data: { email, role: 'client', displayName: 'Invited Ivo' } })
    ).status(),
  ).toBe(201)
  await invitee.goto(link)
  await expect(invitee.getByRole('heading', { name: 'You’re invited' })).toBeVisible()
  await expect(invitee.getByText(weekdays.trains)).toBeVisible()
  await expect(invitee.getByText('Coach Wendy').first()).toBeVisible()
  await expect(invitee.getByRole('definition').filter({ hasText: email })).toBeVisible()
  await expect(invitee.getByText('Expires')).toBeVisible()
  await expect(invitee.getByRole('button', { name: 'Sign In with Different Account' })).toBeVisible()
  await invitee.getByRole('button', { name: 'Accept Invite' }).click()
  await expectOnPath(invitee, '/home')
  await expect(invitee.getByRole('heading', { name: 'Lower A' })).toBeVisible()
  await invitee.goto('/mesocycle')
  await expect(invitee.getByText(`Weekday block · ${weekdays.trains}`, { exact: false })).toBeVisible()
  await expect(invitee.getByRole('listitem', { name: /^Week 1 day 2:/ })).toContainText(
    weekdays.names[1]?.slice(0, 3) as string,
  )
  await invitee.context().close()
})
