import { expect, expectToast, findMovement, linkCoach, otherUser, test } from './fixtures.ts'

test('a coach sets double progression and waits for approval; 12, 12, 12 proposes +2.5 kg, approved, the client reads it with the reason; %1RM and deload loads', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const coach = await login({ role: 'coach', displayName: 'Coach Dana' })
  const bench = await findMovement(page.request, 'bench press')
  const squat = await findMovement(page.request, 'back squat')
  const plan = await (
    await page.request.post('/api/plans', { data: { name: 'Press block', weeks: 3, daysPerWeek: 1 } })
  ).json()
  let version = plan.version as number
  for (const week of [1, 2, 3]) {
    const workout = {
      title: `Press ${week}`,
      exercises: [
        {
          movementId: bench.id,
          sets: [1, 2, 3].map(() => ({ reps: { min: 8, max: 12 }, load: { kind: 'kg', value: 60 } })),
        },
        {
          movementId: squat.id,
          sets: [
            {
              reps: { min: 5, max: 5 },
              load: week === 1 ? { kind: 'kg', value: 100 } : { kind: 'percent_1rm', value: 70 },
            },
          ],
        },
      ],
    }
    version = (
      await (await page.request.put(`/api/plans/${plan.id}/days/${week}/1`, { data: { version, workout } })).json()
    ).version
  }
  expect((await page.request.patch(`/api/plans/${plan.id}`, { data: { version, deloadWeeks: [3] } })).status()).toBe(
    200,
  )

  // In the builder: bench press gets double progression; the plan waits for approval and deloads 20% and a set.
  await page.goto(`/coach/program/${plan.id}`)
  await page.getByRole('button', { name: /^Press 1 / }).click()
  const editor = page.getByRole('dialog', { name: /Week 1 · Day 1/ })
  await editor.getByRole('button', { name: 'Progression of 1 Bench press' }).click()
  const rule = page.getByRole('dialog', { name: 'Progression: 1 Bench press' })
  await rule.getByLabel('Rule').selectOption({ label: 'Double progression: reps, then load' })
  await rule.getByRole('button', { name: 'Use this rule' }).click()
  await expect(editor.getByText('Double progression: reps up to the top of the range, then +2.5 kg')).toBeVisible()
  await expect(editor.getByText('All changes saved')).toBeVisible()
  await editor.getByRole('button', { name: 'Done' }).click()
  await page.getByRole('button', { name: 'Plan progression' }).click()
  const settings = page.getByRole('dialog', { name: 'Plan progression' })
  await settings.getByLabel('When a rule changes a client’s targets').selectOption('approve')
  await settings.getByLabel('Load (%)').fill('20')
  await settings.getByLabel('Sets').fill('1')
  await settings.getByRole('button', { name: 'Save progression' }).click()
  await expect(page.getByText(/changes wait for your approval · deload weeks −20% load, −1 set/)).toBeVisible()
  await expect(page.getByText('All changes saved')).toBeVisible()

  // The coach assigns it to a client starting today.
  const lifter = await otherUser(browser, baseURL, 'client', 'Lifter Lee')
  await linkCoach(page, coach, lifter.user)
  const today = await page.evaluate(() => new Date().toLocaleDateString('sv-SE'))
  const assigned = await (
    await page.request.post(`/api/plans/${plan.id}/assign`, { data: { clientId: lifter.user.id, startDate: today } })
  ).json()
  const days = (await (await page.request.get(`/api/plans/${assigned.id}`)).json()).workouts as {
    id: string
    week: number
  }[]
  const dayOf = (week: number) => days.find((d) => d.week === week)?.id as string

  // The client trains week 1: 12, 12, 12 on bench, and a squat of 100 × 5.
  const client = lifter.page
  await client.goto(`/workout/preview/${dayOf(1)}`)
  await client.getByRole('button', { name: 'Start workout' }).click()
  await expect(client).toHaveURL(/\/session\//)
  for (const n of [1, 2, 3]) {
    await client.getByLabel(`Reps for set ${n} of Bench press`).fill('12')
    await client.getByRole('button', { name: `Log set ${n} of Bench press` }).click()
  }
  await client.getByRole('button', { name: 'Log set 1 of Back squat' }).click()
  await client.getByRole('button', { name: 'Finish workout' }).click()
  await client.getByRole('dialog', { name: 'Finish this workout?' }).getByRole('button', { name: 'Finish' }).click()
  await expectToast(client, 'Workout finished')

  // Waiting for approval: week 2 is unchanged until the coach approves on the dashboard.
  await client.goto(`/workout/preview/${dayOf(2)}`)
  await expect(client.getByRole('listitem', { name: '1 Bench press' })).toContainText('8–12 reps × 60 kg')
  await page.goto('/coach')
  const proposals = page.getByRole('region', { name: /Progressions to approve/ })
  const proposal = proposals.getByRole('listitem', { name: 'Lifter Lee: Bench press, week 2 day 1' })
  await expect(proposal).toContainText('8–12 reps × 60 kg → 8–12 reps × 62.5 kg')
  await expect(proposal).toContainText('+2.5 kg: all sets reached 12 reps last time; back to 8 reps')
  await proposals.getByRole('button', { name: 'Approve all' }).click()
  await expectToast(page, 'Targets updated', '1 approved.')
  await expect(proposals).toBeHidden()

  // The client's next bench session: +2.5 kg at 8 reps, with the reason; the squat at 70% of their e1RM (116.7 kg) reads 82.5 kg.
  await client.reload()
  const nextBench = client.getByRole('listitem', { name: '1 Bench press' })
  await expect(nextBench).toContainText('8–12 reps × 62.5 kg')
  await expect(nextBench).toContainText(
    'Why these targets: +2.5 kg: all sets reached 12 reps last time; back to 8 reps',
  )
  await expect(client.getByRole('listitem', { name: '2 Back squat' })).toContainText('5 reps × 82.5 kg (70% 1RM)')
  await client.getByRole('button', { name: 'Start workout' }).click()
  await expect(client.getByText('+2.5 kg: all sets reached 12 reps last time; back to 8 reps')).toBeVisible()
  await expect(client.getByLabel('Load (kg) for set 1 of Bench press')).toHaveValue('62.5')
  await expect(client.getByLabel('Load (kg) for set 1 of Back squat')).toHaveValue('82.5')

  // Week 3 is a deload: 20% off (48 kg, which loads as 47.5) and one set fewer.
  await client.goto(`/workout/preview/${dayOf(3)}`)
  await expect(client.getByRole('note')).toHaveText(
    'Deload week: 20% less load, 1 set fewer than the plan’s usual targets.',
  )
  const deloadBench = client.getByRole('listitem', { name: '1 Bench press' })
  await expect(deloadBench.getByText('8–12 reps × 47.5 kg')).toHaveCount(2)
  await client.context().close()
})

test('a %1RM rule takes its e1RM from a linked movement, and the plan’s rule previews on one of its exercises', async ({
  page,
  login,
}) => {
  await login({ role: 'coach', displayName: 'Coach Kim' })
  const front = await findMovement(page.request, 'front squat')
  const bench = await findMovement(page.request, 'bench press')
  const plan = await (
    await page.request.post('/api/plans', { data: { name: 'Squat block', weeks: 2, daysPerWeek: 1 } })
  ).json()
  const workout = {
    title: 'Squat day',
    exercises: [
      { movementId: front.id, sets: [{ reps: { min: 3, max: 3 }, load: { kind: 'percent_1rm', value: 65 } }] },
      { movementId: bench.id, sets: [1, 2].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 80 } })) },
    ],
  }
  expect(
    (await page.request.put(`/api/plans/${plan.id}/days/1/1`, { data: { version: plan.version, workout } })).status(),
  ).toBe(200)

  await page.goto(`/coach/program/${plan.id}`)
  await page.getByRole('button', { name: /^Squat day / }).click()
  const editor = page.getByRole('dialog', { name: /Week 1 · Day 1/ })
  await editor.getByRole('button', { name: 'Progression of 1 Front squat' }).click()
  const rule = page.getByRole('dialog', { name: 'Progression: 1 Front squat' })
  await rule.getByLabel('Rule').selectOption({ label: '% of e1RM' })
  await expect(rule.getByText('e1RM from: Front squat')).toBeVisible()
  await rule.getByRole('button', { name: 'Link a movement' }).click()
  const picker = page.getByRole('dialog', { name: 'Take the e1RM from' })
  await picker.getByLabel('Search movements').fill('back squat')
  await picker
    .getByRole('button', { name: /^Back squat/ })
    .first()
    .click()
  await expect(picker).toBeHidden()
  await expect(rule.getByText('e1RM from: Back squat')).toBeVisible()
  await rule.getByRole('button', { name: 'Use this rule' }).click()
  await expect(editor.getByText('%1RM from the current e1RM of Back squat')).toBeVisible()
  await expect(editor.getByText('All changes saved')).toBeVisible()
  await editor.getByRole('button', { name: 'Done' }).click()

  // Read back from the server: the link was saved.
  const saved = await (await page.request.get(`/api/plans/${plan.id}`)).json()
  expect(saved.workouts[0].exercises[0].progression).toEqual({
    kind: 'percent_e1rm',
    linkedMovementId: expect.any(String),
  })

  // The plan's rule previews on an exercise that follows it: the bench press (the front squat has its own).
  await page.getByRole('button', { name: 'Plan progression' }).click()
  const settings = page.getByRole('dialog', { name: 'Plan progression' })
  await settings.getByLabel('Rule', { exact: true }).selectOption({ label: 'Linear: add load when every set is done' })
  await expect(settings.getByLabel('Preview on').locator('option')).toHaveText(['Bench press'])
  await settings.getByRole('button', { name: 'Preview', exact: true }).click()
  const weeks = settings.getByRole('list', { name: 'Next four weeks' })
  await expect(weeks.getByRole('listitem')).toHaveCount(4)
  await expect(weeks.getByRole('listitem').first()).toContainText('5 reps × 82.5 kg')
  await expect(weeks.getByRole('listitem').last()).toContainText('5 reps × 90 kg')
})
