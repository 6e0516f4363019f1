import { expectAccessible } from './axe.ts'
import { expect, expectToast, test } from './fixtures.ts'

// A warm-up, a working set and a drop set, marked with one tap each in the logger, then read back
// in the review, on the progress figures and in the CSV export: the warm-up counts as no work.

test('a lifter marks a warm-up and a drop set in one tap each; the warm-up counts in no figure', async ({
  page,
  login,
}) => {
  await login({ role: 'client', displayName: 'Type Tia' })
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const five = { reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }
  const workout = await (
    await page.request.post('/api/workouts', {
      data: { title: 'Squat day', exercises: [{ movementId: squat.id, sets: [five, five] }] },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  await page.goto(`/session/${session.id}`)

  // Set 1 becomes a warm-up with one tap: the row shows W in place of its number.
  const type = (n: number) => page.getByRole('button', { name: new RegExp(`^Type of set ${n} of Back squat`) })
  await expect(type(1)).toHaveAccessibleName('Type of set 1 of Back squat: Working set')
  const setRows = page.getByRole('list', { name: 'Sets of 1 Back squat' }).getByRole('listitem')
  await expect(setRows).toHaveCount(2)
  await type(1).click()
  await expect(type(1)).toHaveAccessibleName('Type of set 1 of Back squat: Warm-up')
  await expect(type(1)).toHaveText('W')
  // The warm-up stands aside: the two prescribed sets move down to rows 2 and 3.
  await expect(setRows).toHaveCount(3)
  await expect(setRows.nth(0)).not.toContainText('Target')
  await expect(setRows.nth(2)).toContainText('Target 5 reps × 100 kg')
  // A warm-up has no prescription to start from: the lifter types what they did.
  await expect(page.getByLabel('Reps for set 1 of Back squat')).toHaveValue('')
  await page.getByLabel('Load (kg) for set 1 of Back squat').fill('60')
  await page.getByLabel('Reps for set 1 of Back squat').fill('5')
  await page.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await page.getByRole('button', { name: 'Log set 2 of Back squat' }).click()

  // The last prescribed set, two taps to a drop set.
  await type(3).click()
  await type(3).click()
  await expect(type(3)).toHaveAccessibleName('Type of set 3 of Back squat: Drop set')
  await expect(type(3)).toHaveText('D')
  await page.getByLabel('Load (kg) for set 3 of Back squat').fill('80')
  await page.getByLabel('Reps for set 3 of Back squat').fill('8')
  await page.getByRole('button', { name: 'Log set 3 of Back squat' }).click()
  const stored = async () =>
    (
      (await (await page.request.get(`/api/sessions/${session.id}`)).json()).sets as {
        setNumber: number
        setType: string
        loadKg: number
      }[]
    ).map((s) => [s.setNumber, s.setType, s.loadKg])
  await expect.poll(stored).toEqual([
    [1, 'warmup', 60],
    [2, 'working', 100],
    [3, 'drop', 80],
  ])

  // A logged set changes type at once: set 2 to failure, and back to working after three more taps.
  await type(2).click()
  await type(2).click()
  await type(2).click()
  await expect(type(2)).toHaveText('F')
  await expect.poll(async () => (await stored())[1]).toEqual([2, 'failure', 100])
  await type(2).click()
  await expect.poll(async () => (await stored())[1]).toEqual([2, 'working', 100])

  // The logger with a warm-up, a failure and a drop set, light and dark, on a laptop and a phone.
  await expectAccessible(page, 'the logger with set types at 1280 px, light')
  await page.getByRole('button', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await expectAccessible(page, 'the logger with set types at 1280 px, dark')
  await page.setViewportSize({ width: 360, height: 780 })
  await expectAccessible(page, 'the logger with set types at 360 px, dark')
  await page.getByRole('button', { name: 'Switch to light theme' }).filter({ visible: true }).click()
  await expectAccessible(page, 'the logger with set types at 360 px, light')
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.getByRole('button', { name: 'Finish workout' }).click()
  await page.getByRole('dialog', { name: 'Finish this workout?' }).getByRole('button', { name: 'Finish' }).click()
  await expectToast(page, 'Workout finished')
  await expect(page).toHaveURL(/\/summary\//)

  // The review: the warm-up stands aside and the sets after it answer the prescription; the drop
  // set is named; volume leaves the warm-up out.
  const totals = page.getByRole('region', { name: 'Session totals' }).or(page.getByLabel('Session totals'))
  await expect(totals).toContainText('1,140 kg')
  await expect(totals).toContainText('2 of 2')
  await expect(page.getByRole('list', { name: 'Set 1 marks' })).toHaveText('Warm-up')
  await expect(page.getByRole('list', { name: 'Set 2 marks' })).toHaveCount(0)
  // The drop set answers the second prescribed set (not an added one), at a load other than 100 kg.
  await expect(page.getByRole('list', { name: 'Set 3 marks' })).toHaveText('Load off')
  await expect(page.getByRole('listitem', { name: 'Set 3' })).toContainText('Drop set')

  // Progress: this week's tonnage and hard sets count the working and drop sets only.
  const progress = await (await page.request.get('/api/progress')).json()
  const week = progress.weeklyVolume.at(-1)
  expect([week.tonnageKg, week.hardSets]).toEqual([1140, 2])

  // The CSV writes Strong's set order and the type.
  const csv = await (await page.request.get('/api/data-export/csv')).text()
  const rows = csv.trim().split('\r\n').slice(1)
  expect(rows.map((row) => row.split(',')[4])).toEqual(['W', '2', 'D'])
  expect(rows.map((row) => row.split(',').at(-1))).toEqual(['warmup', 'working', 'drop'])
})
