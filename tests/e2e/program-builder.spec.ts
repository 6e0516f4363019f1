import type { Locator } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { addExercise, expect, expectToast, fillFirstDay, frameOwnPlan, test } from './fixtures.ts'

async function fillLoads(exercise: Locator, kg: string) {
  for (const set of [1, 2, 3]) await exercise.getByLabel(`Set ${set} load (kg)`).fill(kg)
}

test('a coach builds an 8-week plan, copies week 1 forward with +2.5 kg, marks a deload, reorders, templates it and assigns a copy', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  // A long walk through many screens: more than the default 30 s on a busy CI machine.
  test.setTimeout(90_000)
  const coach = await login({ role: 'coach', displayName: 'Coach Builder' })
  await page.goto('/coach/create-plan')
  await page.getByLabel('Name').fill('Strength block')
  await page.getByLabel('Goal (optional)').fill('Strength')
  await page.getByLabel('Weeks').fill('8')
  await page.getByLabel('Days per week').fill('4')
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expect(page).toHaveURL(/\/coach\/program\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('region', { name: 'Week 8' })).toBeVisible()

  // Week 1, day 1: two exercises with three sets each.
  await page.getByRole('button', { name: 'Add a workout to week 1 day 1' }).click()
  let editor = page.getByRole('dialog', { name: /Week 1 · Day 1/ })
  await editor.getByLabel('Workout title').fill('Lower A')
  await addExercise(page, editor, 'back squat', 'Back squat')
  await addExercise(page, editor, 'RDL', 'Romanian deadlift')
  const exercises = editor.getByRole('list', { name: 'Exercises' }).locator(':scope > li')
  await expect(exercises).toHaveCount(2)
  await fillLoads(editor.getByRole('listitem', { name: '1 Back squat' }), '100')
  await fillLoads(editor.getByRole('listitem', { name: '2 Romanian deadlift' }), '80')
  // A bad value is refused with its field message and not saved.
  await editor
    .getByRole('listitem', { name: '2 Romanian deadlift' })
    .getByLabel('Set 1 reps', { exact: true })
    .fill('500')
  await expect(editor.getByText('Reps must be whole numbers from 1 to 100')).toBeVisible()
  await expect(editor.getByText('Not saved: fix the marked fields')).toBeVisible()
  // Leaving now would drop the other unsaved changes: the editor stays open on the error.
  await page.keyboard.press('Escape')
  await expect(editor).toBeVisible()
  await expect(editor.getByText('Reps must be whole numbers from 1 to 100')).toBeVisible()
  await editor
    .getByRole('listitem', { name: '2 Romanian deadlift' })
    .getByLabel('Set 1 reps', { exact: true })
    .fill('8')

  // Reorder from the keyboard: pick the deadlift up by its handle, move it up, drop it.
  const reorder = editor.getByRole('button', { name: 'Reorder 2 Romanian deadlift' })
  await reorder.focus()
  await page.keyboard.press('Space')
  await expect(reorder).toHaveAttribute('aria-pressed', 'true')
  // The first arrow can come before the list is measured; press until the card moves.
  await expect(async () => {
    await page.keyboard.press('ArrowUp')
    // The squat makes room once the deadlift is over it.
    await expect(editor.getByRole('listitem', { name: '1 Back squat' })).toHaveAttribute(
      'style',
      /translate3d\(0px, [1-9]/,
      { timeout: 500 },
    )
  }).toPass()
  await page.keyboard.press('Space')
  await expect(exercises.first()).toHaveAccessibleName('1 Romanian deadlift')
  await expect(editor.getByText('All changes saved')).toBeVisible()
  await editor.getByRole('button', { name: 'Done' }).click()

  const week1 = page.getByRole('region', { name: 'Week 1' })
  await expect(
    week1.getByRole('listitem', { name: 'Week 1 day 1' }).getByRole('button', { name: /^Lower A/ }),
  ).toContainText('2 exercises')

  // Drag the workout from day 1 to day 2 with the mouse.
  const handle = week1.getByRole('button', { name: 'Drag Lower A (week 1 day 1)' })
  const from = await handle.boundingBox()
  const to = await week1.getByRole('listitem', { name: 'Week 1 day 2' }).boundingBox()
  if (!from || !to) throw new Error('the grid is not on screen')
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
  await page.mouse.down()
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 })
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 })
  await page.mouse.up()
  await expectToast(page, 'Workout moved')
  await expect(
    week1.getByRole('listitem', { name: 'Week 1 day 2' }).getByRole('button', { name: /^Lower A/ }),
  ).toBeVisible()
  await expect(week1.getByRole('button', { name: 'Add a workout to week 1 day 1' })).toBeVisible()

  // Copy week 1 forward with +2.5 kg a week.
  await week1.getByRole('button', { name: 'Copy week 1' }).click()
  const copy = page.getByRole('dialog', { name: 'Copy week 1' })
  await copy.getByLabel('Add load (kg) each week').check()
  await expect(copy.getByLabel('kg per week')).toHaveValue('2.5')
  await copy.getByRole('button', { name: 'Copy week' }).click()
  await expectToast(page, 'Week copied')
  await page
    .getByRole('region', { name: 'Week 3' })
    .getByRole('button', { name: /^Lower A/ })
    .click()
  editor = page.getByRole('dialog', { name: /Week 3 · Day 2/ })
  await expect(editor.getByRole('listitem', { name: '2 Back squat' }).getByLabel('Set 1 load (kg)')).toHaveValue('105')
  await expect(editor.getByRole('listitem', { name: '1 Romanian deadlift' }).getByLabel('Set 3 load (kg)')).toHaveValue(
    '85',
  )
  await editor.getByRole('button', { name: 'Done' }).click()

  // Week 4 is a deload.
  await page.getByLabel('Deload week 4').check()
  await expect(page.getByRole('region', { name: 'Week 4' }).getByText('Deload', { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Plan builder' }).getByText('All changes saved')).toBeVisible()

  // Save it as a template, then start a new plan from the template board.
  await page.getByRole('button', { name: 'Save as template' }).click()
  const saveTemplate = page.getByRole('dialog', { name: 'Save as template' })
  await expect(saveTemplate.getByLabel('Template name')).toHaveValue('Strength block')
  await saveTemplate.getByRole('button', { name: 'Save template' }).click()
  await expectToast(page, 'Template saved')
  await page.goto('/coach/template-board')
  const card = page.getByRole('region', { name: 'Strength' }).getByRole('listitem', { name: 'Strength block' })
  await expect(card).toContainText('8 weeks × 4 days')
  await card.getByRole('button', { name: 'Use template' }).click()
  await expectToast(page, 'Plan created')
  await expect(page).toHaveURL(/\/coach\/program\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('region', { name: 'Week 4' }).getByText('Deload', { exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Week 2' }).getByRole('button', { name: /^Lower A/ })).toBeVisible()

  // Assign the new plan to a client (linked directly until invites exist).
  const clientContext = await browser.newContext({ baseURL })
  const clientPage = await clientContext.newPage()
  const client = await (
    await clientPage.request.post('/api/testing/users', {
      data: { email: `builder-client-${Date.now()}@example.test`, role: 'client', displayName: 'Lifter Lou' },
    })
  ).json()
  expect(
    (
      await page.request.post('/api/testing/coach-clients', {
        data: { coachEmail: coach.email, clientEmail: client.email },
      })
    ).status(),
  ).toBe(201)
  await page.getByRole('button', { name: 'Assign to client' }).click()
  const assign = page.getByRole('dialog', { name: /Assign/ })
  await assign.getByLabel('Client').selectOption({ label: 'Lifter Lou' })
  await assign.getByLabel('Start date').fill('2026-11-23')
  await assign.getByRole('button', { name: 'Assign plan' }).click()
  await expectToast(page, 'Plan assigned')

  await clientPage.goto('/programs')
  const plan = clientPage.getByRole('list', { name: 'Plans' }).getByRole('link', { name: /Strength block/ })
  await expect(plan).toContainText('from your coach')
  await expect(plan).toContainText(/Starts Mon, (Nov 23|23 Nov)/)
  await plan.click()
  await expect(clientPage.getByRole('region', { name: 'Week 4 (deload)' })).toBeVisible()
  const week3 = clientPage.getByRole('region', { name: 'Week 3' })
  await expect(week3.getByText(/Tue, (Dec 8|8 Dec)/)).toBeVisible()
  await expect(week3.getByRole('link', { name: 'Lower A' })).toBeVisible()
  await clientContext.close()
})

test('a self-coached client builds their own plan, and a second tab is stopped from overwriting the first', async ({
  page,
  login,
  context,
}) => {
  // A long walk through many screens: more than the default 30 s on a busy CI machine.
  test.setTimeout(90_000)
  await login({ role: 'client', displayName: 'Solo Sue' })
  await page.goto('/programs')
  await page.getByRole('link', { name: 'Build your own plan' }).click()
  await frameOwnPlan(page, { name: 'My summer block', weeks: 4, days: 3 })
  await fillFirstDay(page, 'Full body', 'push-up', 'Push-up')

  // A second tab on the same plan saves first; this tab's next change is refused, not merged over it.
  const other = await context.newPage()
  await other.goto(page.url())
  await other.getByLabel('Plan name').fill('Summer block v2')
  await other.getByLabel('Plan name').press('Enter')
  await expect(other.getByRole('region', { name: 'Plan builder' }).getByText('All changes saved')).toBeVisible()

  await page.getByLabel('Deload week 4').check()
  const conflict = page
    .getByRole('alert')
    .filter({ hasText: 'This plan was changed in another tab or by someone else.' })
  await expect(conflict).toBeVisible()
  await conflict.getByRole('button', { name: 'Reload the latest version' }).click()
  await expect(page.getByLabel('Plan name')).toHaveValue('Summer block v2')
  await expect(page.getByLabel('Deload week 4')).not.toBeChecked()
  await page.getByLabel('Deload week 4').check()
  await expect(page.getByRole('region', { name: 'Plan builder' }).getByText('All changes saved')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Deload week 4')).toBeChecked()
  await expect(page.getByRole('region', { name: 'Week 1' }).getByRole('button', { name: /^Full body/ })).toContainText(
    '1 exercise',
  )

  await page.getByRole('button', { name: 'Delete plan' }).click()
  await page
    .getByRole('dialog', { name: /Delete “Summer block v2”/ })
    .getByRole('button', { name: 'Delete for good' })
    .click()
  await expectToast(page, 'Plan deleted', 'Summer block v2')
  await expect(page).toHaveURL(/\/programs$/)
  await expect(page.getByText('No plans in use.')).toBeVisible()
})

test('a save the network loses is kept and retried, and reopening the day shows what was typed meanwhile', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  await login({ role: 'client', displayName: 'Patchy Pat' })
  await page.goto('/client/program/new')
  await page.getByLabel('Name').fill('Basement block')
  await page.getByLabel('Weeks').fill('2')
  await page.getByLabel('Days per week').fill('2')
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expect(page).toHaveURL(/\/client\/plan-builder\?plan=[0-9a-f-]{36}$/)

  // The signal drops: every save of this day fails on the network.
  await page.route('**/api/plans/*/days/1/2', (route) => route.abort('internetdisconnected'))
  await page.getByRole('button', { name: 'Add a workout to week 1 day 2' }).click()
  const editor = page.getByRole('dialog', { name: /Week 1 · Day 2/ })
  await editor.getByLabel('Workout title').fill('Legs in the basement')
  await editor.getByRole('button', { name: 'Add exercise' }).click()
  await page.getByRole('dialog', { name: 'Add an exercise' }).getByLabel('Search movements').fill('push-up')
  await page
    .getByRole('dialog', { name: 'Add an exercise' })
    .getByRole('button', { name: /^Push-up/ })
    .first()
    .click()
  await expect(editor.getByText('Not saved yet: the server could not be reached. Retrying…')).toBeVisible()
  await editor.getByRole('button', { name: 'Done' }).click()

  // Reopened before the save landed: what was typed, not the empty day the server still has.
  await page.getByRole('button', { name: 'Add a workout to week 1 day 2' }).click()
  await expect(editor.getByLabel('Workout title')).toHaveValue('Legs in the basement')
  await editor.getByRole('button', { name: 'Done' }).click()

  // The signal is back: the kept save goes through on its own.
  await page.unroute('**/api/plans/*/days/1/2')
  await expect(page.getByRole('region', { name: 'Plan builder' }).getByText('All changes saved')).toBeVisible({
    timeout: 20_000,
  })
  await page.reload()
  await expect(
    page.getByRole('region', { name: 'Week 1' }).getByRole('button', { name: /^Legs in the basement/ }),
  ).toContainText('1 exercise')
})

test('on a phone each prescribed set is one line; a tap opens its fields, and the keys hint is left out @phone', async ({
  page,
  login,
}) => {
  await login({ role: 'coach', displayName: 'Coach Pocket' })
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const plan = await (
    await page.request.post('/api/plans', { data: { name: 'Pocket block', weeks: 4, daysPerWeek: 3 } })
  ).json()
  const sets = [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 8 }))
  const saved = await page.request.put(`/api/plans/${plan.id}/days/1/1`, {
    data: { version: plan.version, workout: { title: 'Squat day', exercises: [{ movementId: squat.id, sets }] } },
  })
  expect(saved.status(), await saved.text()).toBe(200)

  await page.goto(`/coach/program/${plan.id}`)
  await page
    .getByRole('region', { name: 'Week 1' })
    .getByRole('button', { name: /^Squat day/ })
    .click()
  const editor = page.getByRole('dialog', { name: /Week 1 · Day 1/ })
  const exercise = editor.getByRole('listitem', { name: '1 Back squat' })
  await expect(exercise).toBeVisible()
  // A touch screen has no Enter or arrow keys to hint at.
  await expect(editor.getByText(/^Keys: Enter/)).toBeHidden()

  const line = (n: number) => exercise.getByRole('button', { name: new RegExp(`^Set ${n} `) })
  for (const n of [1, 2, 3]) {
    await expect(line(n)).toHaveAccessibleName(`Set ${n} 5 reps × 100 kg @ RPE 8`)
    await expect(line(n)).toHaveAttribute('aria-expanded', 'false')
    const box = await line(n).boundingBox()
    expect(box?.height).toBeLessThan(48)
  }
  await expect(exercise.getByLabel('Set 2 reps', { exact: true })).toBeHidden()

  await expectAccessible(page, 'the workout editor on a phone, sets closed, light')
  await line(2).click()
  await expect(line(2)).toHaveAttribute('aria-expanded', 'true')
  await expectAccessible(page, 'the workout editor on a phone, a set open, light')
  await exercise.getByLabel('Set 2 reps', { exact: true }).fill('6')
  await exercise.getByLabel('Set 2 load (kg)').fill('102.5')
  await expect(line(2)).toHaveAccessibleName('Set 2 6 reps × 102.5 kg @ RPE 8')
  await expect(editor.getByText('All changes saved')).toBeVisible()
  await line(2).click()
  await expect(exercise.getByLabel('Set 2 reps', { exact: true })).toBeHidden()
  // In the dark: closed, then with a set open.
  await editor.getByRole('button', { name: 'Done' }).click()
  await page.getByRole('button', { name: 'Switch to dark theme' }).filter({ visible: true }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page
    .getByRole('region', { name: 'Week 1' })
    .getByRole('button', { name: /^Squat day/ })
    .click()
  await expectAccessible(page, 'the workout editor on a phone, sets closed, dark')
  await line(1).click()
  await expectAccessible(page, 'the workout editor on a phone, a set open, dark')
  const stored = (await (await page.request.get(`/api/plans/${plan.id}`)).json()).workouts[0].exercises[0].sets
  expect(stored[1]).toMatchObject({ reps: { min: 6, max: 6 }, load: { kind: 'kg', value: 102.5 } })
})
