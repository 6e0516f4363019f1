import { readFile } from 'node:fs/promises'
import { parse } from 'csv-parse/sync'
import { expect, expectToast, linkCoach, otherUser, test } from './fixtures.ts'

/**
 * The data export (docs/export-format.md): a lifter downloads their JSON and CSV from the account
 * page, restores the JSON into another account, and a coach downloads an active client's.
 */
test('a lifter downloads their data and restores it into another account', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  await login({ role: 'client', displayName: 'Rosa Export' })
  // A finished session of two sets, one with a note that needs quoting.
  const squat = (await (await page.request.get('/api/movements?q=back%20squat')).json()).items[0]
  const workout = await (
    await page.request.post('/api/workouts', {
      data: {
        title: 'Leg day',
        exercises: [{ movementId: squat.id, sets: [{ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 } }] }],
      },
    })
  ).json()
  const session = await (await page.request.post('/api/sessions', { data: { workoutId: workout.id } })).json()
  const key = session.exercises[0].key
  for (const [setNumber, note] of [
    [1, 'Easy, "fast"'],
    [2, '=1+1'],
  ] as const) {
    const res = await page.request.put(`/api/sessions/${session.id}/sets/${crypto.randomUUID()}`, {
      data: {
        exerciseKey: key,
        setNumber,
        reps: 5,
        loadKg: 100 + setNumber * 2.5,
        rpe: 8,
        note,
        editedAt: new Date().toISOString(),
      },
    })
    expect(res.status()).toBe(200)
  }
  expect((await page.request.post(`/api/sessions/${session.id}/finish`, { data: { rpe: 8 } })).status()).toBe(200)

  await page.goto('/account')
  const card = page.getByRole('heading', { name: 'Your data' }).locator('xpath=ancestor::*[@data-slot="card"][1]')

  const jsonDownload = page.waitForEvent('download')
  await card.getByRole('link', { name: 'Download JSON' }).click()
  const json = await jsonDownload
  expect(json.suggestedFilename()).toMatch(/^coachline-rosa-export-\d{4}-\d{2}-\d{2}\.json$/)
  const jsonPath = await json.path()
  const doc = JSON.parse(await readFile(jsonPath, 'utf8'))
  expect(doc).toMatchObject({ format: 'coachline-export', version: 1, profile: { displayName: 'Rosa Export' } })
  expect(doc.sessions[0].sets).toHaveLength(2)

  const csvDownload = page.waitForEvent('download')
  await card.getByRole('link', { name: 'Download CSV' }).click()
  const csv = await csvDownload
  expect(csv.suggestedFilename()).toMatch(/^coachline-rosa-export-sets-\d{4}-\d{2}-\d{2}\.csv$/)
  const rows = parse(await readFile(await csv.path(), 'utf8'), { columns: true }) as Record<string, string>[]
  expect(rows.map((r) => [r['Workout Name'], r['Exercise Name'], r['Set Order'], r.Weight, r.Reps, r.Notes])).toEqual([
    ['Leg day', 'Back squat', '1', '102.5', '5', 'Easy, "fast"'],
    ['Leg day', 'Back squat', '2', '105', '5', "'=1+1"],
  ])

  // Another account restores the file, twice: the second time adds nothing.
  const other = await otherUser(browser, baseURL, 'client', 'Second Account')
  await other.page.goto('/account')
  await other.page.getByLabel('Coachline export file (JSON)').setInputFiles(jsonPath)
  await other.page.getByRole('button', { name: 'Restore' }).click()
  await expectToast(other.page, 'Export restored', 'Added 1 session, 2 sets, 1 workout.')
  await other.page.getByLabel('Coachline export file (JSON)').setInputFiles(jsonPath)
  await other.page.getByRole('button', { name: 'Restore' }).click()
  await expectToast(other.page, 'Nothing new to restore')
  const restored = await (await other.page.request.get('/api/data-export/json')).json()
  expect(
    restored.sessions.map((s: { title: string; sets: { note: string }[] }) => [s.title, s.sets.map((set) => set.note)]),
  ).toEqual([['Leg day', ['Easy, "fast"', '=1+1']]])

  // A file that is no export is refused with the reason.
  await other.page
    .getByLabel('Coachline export file (JSON)')
    .setInputFiles({ name: 'strong.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"strong"}') })
  await other.page.getByRole('button', { name: 'Restore' }).click()
  await expectToast(other.page, 'Could not restore the export')
  await other.page.context().close()
})

test('a coach downloads an active client’s data from the roster', async ({ page, login, browser, baseURL }) => {
  const coach = await login({ role: 'coach', displayName: 'Coach Export' })
  const client = await otherUser(browser, baseURL, 'client', 'Client Nadia')
  await linkCoach(page, coach, client.user)
  await page.goto('/coach/clients')
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export CSV of Client Nadia’s data' }).click()
  expect((await download).suggestedFilename()).toMatch(/^coachline-client-nadia-sets-\d{4}-\d{2}-\d{2}\.csv$/)
  const jsonDownload = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export JSON of Client Nadia’s data' }).click()
  const doc = JSON.parse(await readFile(await (await jsonDownload).path(), 'utf8'))
  expect(doc).toMatchObject({
    format: 'coachline-export',
    profile: { displayName: 'Client Nadia' },
    exportedBy: { coachId: coach.id },
  })
  await client.page.context().close()
})
