import { expectAccessible } from './axe.ts'
import { expect, findMovement, linkCoach, otherUser, test, todayInBrowser } from './fixtures.ts'

const DAY_MS = 86_400_000
const dayFrom = (today: string, offset: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + offset * DAY_MS).toISOString().slice(0, 10)
/** A date as the app's plan screens read it ('Wed 25 Nov'). */
const shown = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })

test('a lifter moves a missed workout to today; home, the calendar and the coach’s page all show it moved', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  const lifter = await login({ role: 'client', displayName: 'Mia Mover' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Otto')
  await linkCoach(coachPage, coach, lifter)
  const squat = await findMovement(coachPage.request, 'back squat')
  const plan = (await (
    await coachPage.request.post('/api/plans', { data: { name: 'Three-day block', weeks: 4, daysPerWeek: 3 } })
  ).json()) as { id: string; version: number }
  let version = plan.version
  for (const [week, day, title] of [
    [1, 1, 'Lower A'],
    [1, 2, 'Upper A'],
    [1, 3, 'Lower B'],
    [2, 1, 'Lower C'],
  ] as const) {
    const workout = { title, exercises: [{ movementId: squat.id, sets: [{ reps: { min: 5, max: 5 } }] }] }
    const saved = await coachPage.request.put(`/api/plans/${plan.id}/days/${week}/${day}`, {
      data: { version, workout },
    })
    expect(saved.status(), await saved.text()).toBe(200)
    version += 1
  }
  // Started four days ago, its days one after another: Lower A, Upper A and Lower B have passed
  // untrained; today is a rest day, and week 2 starts in three days.
  const today = await todayInBrowser(page)
  const assigned = await coachPage.request.post(`/api/plans/${plan.id}/assign`, {
    data: { clientId: lifter.id, startDate: dayFrom(today, -4) },
  })
  expect(assigned.status(), await assigned.text()).toBe(201)

  await page.goto('/home')
  const todayCard = page.getByLabel('Today', { exact: true })
  await expect(todayCard).toContainText('Rest day')
  const missed = page.getByRole('region', { name: 'Missed workouts' })
  await expect(missed.getByRole('listitem')).toHaveText([
    new RegExp(`Lower A${shown(dayFrom(today, -4))}`),
    /Upper A/,
    new RegExp(`Lower B${shown(dayFrom(today, -2))}`),
  ])
  await expectAccessible(page, 'home with missed workouts, light')

  await missed.getByRole('button', { name: 'Move Lower B' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move Lower B' })
  await expect(dialog).toContainText(`Planned for ${shown(dayFrom(today, -2))}`)
  await expect(dialog.getByLabel('New date')).toHaveValue(today)
  await expectAccessible(page, 'the move dialog')
  await dialog.getByRole('button', { name: 'Move workout' }).click()
  await expect(page.getByText(`Lower B moved to ${shown(today)}`)).toBeVisible()
  await expect(dialog).toBeHidden()

  // Today's workout now, no longer missed; the week strip's tile says it moved.
  await expect(todayCard.getByText('Lower B', { exact: true })).toBeVisible()
  await expect(todayCard).toContainText(`moved from ${shown(dayFrom(today, -2))}`)
  await expect(missed.getByRole('listitem')).toHaveText([/Lower A/, /Upper A/])
  const tile = page.getByRole('listitem', { name: `Day 3: Today, moved from ${shown(dayFrom(today, -2))}` })
  await expect(tile).toContainText(shown(today))
  await expect(tile).toContainText('Moved · Today')

  // The move is the server's: after a reload, and on the calendar.
  await page.goto('/mesocycle')
  await expect(
    page.getByRole('listitem', { name: `Week 1 day 3: Today, moved from ${shown(dayFrom(today, -2))}` }),
  ).toContainText('Lower B')
  await expect(page.getByRole('listitem', { name: 'Week 1 day 2: Missed' })).toContainText('Upper A')

  // A date more than four weeks ahead is refused in the dialog, and nothing moves.
  await page.goto('/home')
  await missed.getByRole('button', { name: 'Move Upper A' }).click()
  const second = page.getByRole('dialog', { name: 'Move Upper A' })
  await second.getByLabel('New date').fill(dayFrom(today, 40))
  await second.getByRole('button', { name: 'Move workout' }).click()
  await expect(second.getByText('Choose a date from today to 28 days ahead')).toBeVisible()
  await second.getByRole('button', { name: 'Cancel' }).click()
  await expect(missed.getByRole('listitem')).toHaveText([/Lower A/, /Upper A/])

  // The coach sees it moved, and by whom.
  await coachPage.goto(`/coach/clients/${lifter.id}`)
  const moved = coachPage.getByRole('region', { name: 'Moved workouts' })
  await expect(moved).toContainText(`Lower B moved from ${shown(dayFrom(today, -2))} to ${shown(today)}, by Mia Mover`)

  // Both themes, on a laptop and on a phone: home with its missed list, the move dialog, and the coach's page.
  await expectAccessible(coachPage, 'the client’s page with moved workouts, 1280 px, light')
  const dark = async (p: typeof page) => {
    await p.getByRole('button', { name: 'Switch to dark theme' }).filter({ visible: true }).click()
    await expect(p.locator('html')).toHaveClass(/dark/)
  }
  await dark(page)
  await expectAccessible(page, 'home with missed workouts, 1280 px, dark')
  await dark(coachPage)
  await expectAccessible(coachPage, 'the client’s page with moved workouts, 1280 px, dark')
  await coachPage.setViewportSize({ width: 360, height: 740 })
  await expectAccessible(coachPage, 'the client’s page with moved workouts, 360 px, dark')
  await page.setViewportSize({ width: 360, height: 740 })
  await missed.scrollIntoViewIfNeeded()
  await expect(missed.getByRole('button', { name: 'Move Upper A' })).toBeInViewport()
  await expectAccessible(page, 'home with missed workouts, 360 px, dark')
  await missed.getByRole('button', { name: 'Move Upper A' }).click()
  await expect(page.getByRole('dialog', { name: 'Move Upper A' })).toBeVisible()
  await expectAccessible(page, 'the move dialog, 360 px, dark')
  await page.getByRole('dialog', { name: 'Move Upper A' }).getByRole('button', { name: 'Cancel' }).click()
  await page.getByRole('button', { name: 'Switch to light theme' }).filter({ visible: true }).click()
  await expect(page.locator('html')).not.toHaveClass(/dark/)
  await expectAccessible(page, 'home with missed workouts, 360 px, light')
  await coachPage.context().close()
})
