import type { Locator } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import { addExercise, expect, expectToast, test } from './fixtures.ts'

/** No text of the element is cut off: it fits its own box. */
async function expectUnclipped(locator: Locator) {
  for (const element of await locator.all())
    expect(await element.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
}

test('a coach fills a day like a spreadsheet, sees it in the grid, copies the week with three progressions and names a template', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  await login({ role: 'coach', displayName: 'Coach Quick' })
  await page.goto('/coach/create-plan')
  await page.getByLabel('Name').fill('Speed block')
  await page.getByLabel('Weeks').fill('3')
  await page.getByLabel('Days per week').fill('2')
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expect(page).toHaveURL(/\/coach\/program\/[0-9a-f-]{36}$/)

  await page.getByRole('button', { name: 'Add a workout to week 1 day 1' }).click()
  const editor = page.getByRole('dialog', { name: /Week 1 · Day 1/ })
  await editor.getByLabel('Workout title').fill('Lower A')
  await addExercise(page, editor, 'back squat', 'Back squat')
  const squat = editor.getByRole('listitem', { name: '1 Back squat' })

  // Fill one set, then apply it to the others.
  await squat.getByLabel('Set 1 reps', { exact: true }).fill('5')
  await squat.getByLabel('Set 1 load (kg)').fill('100')
  await squat.getByLabel('Set 1 effort type').selectOption('rpe')
  await squat.getByLabel('Set 1 RPE').fill('8')
  const apply = squat.getByRole('button', { name: 'Apply to all sets: set 1 of 1 Back squat' })
  await expect(apply).toContainText('Apply to all sets')
  await apply.click()
  for (const set of [2, 3]) {
    await expect(squat.getByLabel(`Set ${set} reps`, { exact: true })).toHaveValue('5')
    await expect(squat.getByLabel(`Set ${set} load (kg)`)).toHaveValue('100')
    await expect(squat.getByLabel(`Set ${set} RPE`)).toHaveValue('8')
  }

  // Two more sets at once, each a copy of the last.
  await squat.getByLabel('Sets to add to 1 Back squat').fill('2')
  await squat.getByRole('button', { name: 'Add sets to 1 Back squat' }).click()
  await expect(squat.getByRole('list', { name: 'Sets of 1 Back squat' }).getByRole('listitem')).toHaveCount(5)
  await expect(squat.getByLabel('Set 5 load (kg)')).toHaveValue('100')
  await expect(squat.getByLabel('Set 5 RPE')).toHaveValue('8')

  // From the keyboard: Enter goes down a column, on into the next exercise; Shift+Enter and ↑ go back up.
  await addExercise(page, editor, 'RDL', 'Romanian deadlift')
  const rdl = editor.getByRole('listitem', { name: '2 Romanian deadlift' })
  await expect(editor.getByText(/Enter or ↓ goes to the same field of the next set/)).toBeVisible()
  await squat.getByLabel('Set 4 load (kg)').focus()
  await page.keyboard.press('Enter')
  await expect(squat.getByLabel('Set 5 load (kg)')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(rdl.getByLabel('Set 1 load (kg)')).toBeFocused()
  await page.keyboard.type('80')
  await page.keyboard.press('Enter')
  await page.keyboard.type('82.5')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.type('85')
  // The last set of the last exercise: Enter stays.
  await page.keyboard.press('Enter')
  await expect(rdl.getByLabel('Set 3 load (kg)')).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(rdl.getByLabel('Set 2 load (kg)')).toBeFocused()
  await page.keyboard.press('Shift+Enter')
  await expect(rdl.getByLabel('Set 1 load (kg)')).toBeFocused()
  await expect(rdl.getByLabel('Set 1 load (kg)')).toHaveValue('80')
  await expect(rdl.getByLabel('Set 2 load (kg)')).toHaveValue('82.5')
  await expect(rdl.getByLabel('Set 3 load (kg)')).toHaveValue('85')
  // Tab moves along the set: reps, up to, load type, load.
  await rdl.getByLabel('Set 1 reps', { exact: true }).focus()
  await page.keyboard.press('Tab')
  await expect(rdl.getByLabel('Set 1 reps up to')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(rdl.getByLabel('Set 1 load type')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(rdl.getByLabel('Set 1 load (kg)')).toBeFocused()
  await expect(editor.getByText('All changes saved')).toBeVisible()
  await editor.getByRole('button', { name: 'Done' }).click()

  // The day's cell lists its exercises with sets × reps, readable on a phone and on a desktop.
  const week1 = page.getByRole('region', { name: 'Week 1' })
  const listed = week1.getByRole('list', { name: 'Exercises of Lower A, week 1 day 1' }).getByRole('listitem')
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await expect(listed).toHaveText(['Back squat5 × 5', 'Romanian deadlift3 × 8'])
    await expectUnclipped(listed.locator('span'))
  }

  // Copy week 1 forward with load, reps and RPE together.
  await week1.getByRole('button', { name: 'Copy week 1' }).click()
  const copy = page.getByRole('dialog', { name: 'Copy week 1' })
  await copy.getByLabel('Add load (kg) each week').check()
  await copy.getByLabel('Add reps each week').check()
  await copy.getByLabel('Add RPE each week').check()
  await expect(copy.getByLabel('kg per week')).toHaveValue('2.5')
  await expect(copy.getByLabel('Reps per week')).toHaveValue('1')
  await expect(copy.getByLabel('RPE per week')).toHaveValue('0.5')
  await expectAccessible(page, 'the copy-week dialog with three progressions')
  await copy.getByRole('button', { name: 'Copy week' }).click()
  await expectToast(page, 'Week copied')
  const week3 = page.getByRole('region', { name: 'Week 3' })
  await expect(
    week3.getByRole('list', { name: 'Exercises of Lower A, week 3 day 1' }).getByRole('listitem'),
  ).toHaveText(['Back squat5 × 7', 'Romanian deadlift3 × 10'])
  await week3.getByRole('button', { name: /^Lower A/ }).click()
  const week3Editor = page.getByRole('dialog', { name: /Week 3 · Day 1/ })
  const squat3 = week3Editor.getByRole('listitem', { name: '1 Back squat' })
  await expect(squat3.getByLabel('Set 1 load (kg)')).toHaveValue('105')
  await expect(squat3.getByLabel('Set 1 reps', { exact: true })).toHaveValue('7')
  await expect(squat3.getByLabel('Set 1 RPE')).toHaveValue('9')
  await week3Editor.getByRole('button', { name: 'Done' }).click()

  // A named template; the same name again is refused in the dialog, another name is saved.
  await page.getByRole('button', { name: 'Save as template' }).click()
  const save = page.getByRole('dialog', { name: 'Save as template' })
  await expect(save.getByLabel('Template name')).toHaveValue('Speed block')
  await save.getByRole('button', { name: 'Save template' }).click()
  await expectToast(page, 'Template saved', '“Speed block” is on your template board.')
  await expect(save).toBeHidden()
  await page.getByRole('button', { name: 'Save as template' }).click()
  await save.getByLabel('Template name').fill('speed BLOCK')
  await save.getByRole('button', { name: 'Save template' }).click()
  await expect(save.getByRole('alert')).toHaveText(
    'You already have a template named “Speed block”. Choose another name.',
  )
  await expect(save.getByLabel('Template name')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page, 'the save-as-template dialog saying the name is taken')
  await save.getByLabel('Template name').fill('Speed block, heavy')
  await save.getByRole('button', { name: 'Save template' }).click()
  await expectToast(page, 'Template saved', '“Speed block, heavy” is on your template board.')

  await page.goto('/coach/template-board')
  const board = page.getByRole('region', { name: 'No goal set' })
  await expect(board.getByRole('listitem', { name: 'Speed block', exact: true })).toHaveCount(1)
  await expect(board.getByRole('listitem', { name: 'Speed block, heavy' })).toHaveCount(1)
})
