import { resolve } from 'node:path'
import { expectAccessible } from './axe.ts'
import { expect, test } from './fixtures.ts'

/** A lifter brings their Strong history in from the account page (docs/import.md). */
test('a lifter imports a Strong export: reviews the mapping, changes one, makes a movement, and sees the sessions @phone', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000)
  await login({ role: 'client' })
  await page.goto('/account')
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Import your history' }) })
  await card
    .getByLabel('Strong or Hevy export file (CSV)')
    .setInputFiles(resolve('tests/fixtures/history-import/strong.csv'))
  await card.getByLabel('Weights in the file are in').selectOption('kg')
  await card.getByRole('button', { name: 'Read file' }).click()

  // The review: counts first, then each exercise with its suggested movement. Nothing is written yet.
  await expect(card.getByText(/Strong export, weights in kg: 3 sessions with 12 sets/)).toBeVisible()
  const bench = card.getByRole('group', { name: 'Bench Press (Barbell)' })
  await expect(bench.getByLabel('Becomes').locator('option:checked')).toHaveText('Bench press')
  await expectAccessible(page, 'the import review')

  // One mapping changed through the library's search.
  const deadlift = card.getByRole('group', { name: 'Deadlift (Barbell)' })
  await expect(deadlift.getByLabel('Becomes').locator('option:checked')).toHaveText('Deadlift')
  await deadlift.getByRole('button', { name: 'Search the library for Deadlift (Barbell)' }).click()
  const picker = page.getByRole('dialog', { name: 'Movement for Deadlift (Barbell)' })
  await picker.getByLabel('Search movements').fill('sumo deadlift')
  await picker
    .getByRole('button', { name: /^Sumo deadlift/ })
    .first()
    .click()
  await expect(picker).toBeHidden()
  await expect(deadlift.getByLabel('Becomes').locator('option:checked')).toHaveText('Sumo deadlift')

  // An exercise the library does not know becomes a movement of the lifter's own.
  const atlas = card.getByRole('group', { name: 'Atlas Stone Load' })
  await expect(atlas.getByLabel('Becomes').locator('option:checked')).toHaveText('A new movement of my own')
  await atlas.getByLabel("New movement's name").fill('Atlas stone to shoulder')
  await expect(atlas.getByLabel('Tracked by').locator('option:checked')).toHaveText('Weight and reps')

  await card.getByRole('button', { name: 'Import 3 sessions' }).click()
  await expect(card.getByRole('status')).toHaveText(
    'Imported 3 sessions with 12 sets from Strong. 1 new movement of your own.',
  )

  // The sessions are in the lifter's history and progress, under the movements chosen.
  await card.getByRole('link', { name: 'See your progress' }).click()
  await expect(page.getByRole('cell', { name: 'Sumo deadlift', exact: true })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'Bench press', exact: true })).toBeVisible()
  // Every trained movement can be charted, the new one too.
  await expect(page.getByRole('option', { name: 'Atlas stone to shoulder' })).toBeAttached()
  // The chart opens on the last 3 months; sessions from years ago are a range away.
  await page.getByRole('combobox', { name: 'Movement' }).selectOption({ label: 'Bench press' })
  await expect(
    page.getByText(
      'No set of Bench press with a load and 1 to 12 reps in the last 3 months. Choose All time for older sessions.',
    ),
  ).toBeVisible()
  await page.getByRole('combobox', { name: 'Range' }).selectOption({ label: 'All time' })
  await expect(page.getByRole('img', { name: /^Estimated 1RM of Bench press: \d+ sessions?, from / })).toBeVisible()
  await page.goto('/home')
  const last = page.getByRole('region', { name: 'Last sessions' })
  await expect(last.getByText('Push Day')).toBeVisible()
  await expect(last.getByText('Conditioning')).toBeVisible()

  // The same file again finds nothing new.
  await page.goto('/account')
  await card
    .getByLabel('Strong or Hevy export file (CSV)')
    .setInputFiles(resolve('tests/fixtures/history-import/strong.csv'))
  await card.getByRole('button', { name: 'Read file' }).click()
  await expect(card.getByText(/3 sessions of them were imported before and will be skipped/)).toBeVisible()
  await expect(card.getByRole('button', { name: 'Nothing new to import' })).toBeDisabled()
})

test('a file with bad rows lists them by line and offers no import', async ({ page, login }) => {
  await login({ role: 'client' })
  await page.goto('/account')
  const card = page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Import your history' }) })
  await card
    .getByLabel('Strong or Hevy export file (CSV)')
    .setInputFiles(resolve('tests/fixtures/history-import/strong-bad-rows.csv'))
  await card.getByRole('button', { name: 'Read file' }).click()
  const rows = card.getByRole('list', { name: 'Rows that cannot be imported' })
  await expect(rows.getByRole('listitem')).toHaveCount(6)
  await expect(rows.getByRole('listitem').first()).toHaveText('Line 3: Reps must be a whole number from 0 to 1000')
  await expect(card.getByRole('button', { name: /^Import/ })).toHaveCount(0)
})
