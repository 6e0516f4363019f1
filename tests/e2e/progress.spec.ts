import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { test, expect, type Browser, type Locator, type Page } from '@playwright/test'
import { startBuiltServer, type BuiltServer } from '../helpers/built-server.ts'
import { expectAccessible } from './axe.ts'
import { expectToast } from './fixtures.ts'

/**
 * The coach's and the lifter's progress and review, on the demo's twelve weeks of training: a
 * server of its own on a data folder that `npm run demo` filled.
 */
const run = promisify(execFile)
const PASSWORD = 'CoachlineDemo1'
let server: BuiltServer
let dataDir: string

/** How many pixels of a chart's canvas are painted: none until the chart is drawn. */
function paintedPixels(chart: Locator): Promise<number> {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height) ?? { data: [] }
    let painted = 0
    for (let alpha = 3; alpha < data.length; alpha += 4) if (data[alpha]) painted++
    return painted
  })
}

test.beforeAll(async () => {
  test.setTimeout(180_000)
  dataDir = mkdtempSync(join(tmpdir(), 'coachline-demo-e2e-'))
  await run('node_modules/.bin/tsx', ['src/server/cli/demo.ts'], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
  })
  server = await startBuiltServer({}, { dataDir })
})
test.afterAll(async () => {
  await server?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

async function signedIn(browser: Browser, email: string, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport })
  const page = await context.newPage()
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: server.url },
  })
  expect(res.status(), await res.text()).toBe(200)
  return page
}

test('a coach reads a client’s progress and a session set by set, and comments on a set the lifter is told of', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const coach = await signedIn(browser, 'coach@demo.coachline.app')
  const maya = await signedIn(browser, 'maya@demo.coachline.app')
  // Maya has the app open: the coach's comment will reach her live.
  const live = maya.waitForResponse((r) => r.url().includes('/api/chat/stream'))
  await maya.goto('/home')
  // Home comes drawn by the server; the app (and its live connection) starts once she acts.
  await maya.keyboard.press('Tab')
  await live

  // The dashboard says who needs the coach today, and why.
  await coach.goto('/coach')
  const needs = coach.getByRole('region', { name: 'Needs you today' })
  await expect(needs.getByRole('listitem', { name: 'Jordan Blake' })).toContainText(
    /Missed (2 planned workouts this week|the last two planned workouts)/,
  )
  await expect(needs.getByRole('listitem', { name: 'Priya Natarajan' })).toContainText(/RPE [\d.]+ above target/)
  // Leo's records ask for no action: they stand apart, to congratulate.
  await expect(needs.getByRole('listitem', { name: 'Leo Marchetti' })).toHaveCount(0)
  await expect(
    coach.getByRole('region', { name: 'Records to congratulate' }).getByRole('listitem', { name: 'Leo Marchetti' }),
  ).toContainText('New record')
  await expectAccessible(coach, 'the dashboard at 1280 px')
  await coach.setViewportSize({ width: 360, height: 780 })
  await expectAccessible(coach, 'the dashboard at 360 px')
  // One tap opens a client's page.
  await needs.getByRole('link', { name: 'Open Jordan Blake' }).click()
  await expect(coach).toHaveURL(/\/coach\/clients\/[^/?]+$/)
  await expect(coach.getByRole('heading', { level: 1, name: 'Jordan Blake' })).toBeVisible()
  await expect(coach.getByRole('region', { name: 'Current plan' })).toBeVisible()
  await expectAccessible(coach, "a client's page at 360 px")
  await coach.getByRole('tab', { name: 'Progress' }).click()
  await expect(coach).toHaveURL(/\?tab=progress$/)
  await expect(coach.getByRole('region', { name: 'Progress' }).getByRole('img').first()).toBeVisible()
  await expectAccessible(coach, "a client's progress at 360 px")
  await coach.setViewportSize({ width: 1280, height: 900 })

  // The coach opens Maya's page from the roster.
  await coach.goto('/coach/clients')
  await coach.getByRole('listitem', { name: 'Maya Chen' }).getByRole('link', { name: 'Open Maya Chen' }).click()
  await expect(coach.getByRole('heading', { level: 1, name: 'Maya Chen' })).toBeVisible()
  await expectAccessible(coach, "a client's page at 1280 px")
  await coach.getByRole('tab', { name: 'Progress' }).click()
  const progress = coach.getByRole('region', { name: 'Progress' })

  // Estimated 1RM of her most trained movement: one dot per session that trained it.
  const e1rm = progress.getByRole('img', { name: /^Estimated 1RM of / })
  await expect(e1rm).toBeVisible()
  const movement = await progress.getByRole('combobox', { name: 'Movement' }).inputValue()
  const series = (await (
    await coach.request.get(
      `/api/progress/e1rm?clientId=${await clientIdOf(coach, 'Maya Chen')}&movementId=${movement}`,
    )
  ).json()) as { points: unknown[] }
  expect(series.points.length).toBeGreaterThanOrEqual(10)
  await expect.poll(() => paintedPixels(e1rm)).toBeGreaterThan(0)
  await expect(e1rm).toHaveAccessibleName(new RegExp(`${series.points.length} sessions`))
  // The same figures as a table, on request.
  await progress.getByText('Show as table').first().click()
  await expect(progress.getByRole('table', { name: /^Estimated 1RM of .* by session$/ }).getByRole('row')).toHaveCount(
    series.points.length + 1,
  )

  // Another movement by search.
  await progress.getByLabel('Find a movement').fill('dead')
  await progress.getByRole('group', { name: 'Movements found' }).getByRole('button', { name: 'Deadlift' }).click()
  await expect(progress.getByRole('img', { name: /^Estimated 1RM of Deadlift/ })).toBeVisible()

  // Weekly volume by muscle group, then by pattern; and the records table.
  const volume = progress.getByRole('img', { name: /^Weekly hard sets by muscle group over the last 12 weeks/ })
  await expect(volume).toBeVisible()
  await expect.poll(() => paintedPixels(volume)).toBeGreaterThan(0)
  await progress.getByRole('button', { name: 'By movement pattern' }).click()
  await expect(progress.getByRole('img', { name: /^Weekly hard sets by movement pattern/ })).toBeVisible()
  const records = progress.getByRole('table', { name: 'Personal records by movement' })
  await expect(records.getByRole('row', { name: /Back squat/ })).toBeVisible()
  await expectAccessible(coach, "a client's progress")

  // The session of two days ago, set by set: a skipped set and a short one are marked.
  await coach.getByRole('tab', { name: 'Sessions' }).click()
  await coach
    .getByRole('region', { name: 'Sessions' })
    .getByRole('link', { name: /Squat & bench/ })
    .first()
    .click()
  await expect(coach).toHaveURL(/\/summary\//)
  const bench = coach.getByRole('region', { name: 'Bench press' })
  await expect(bench.getByRole('list', { name: 'Set 4 marks' })).toContainText('Reps short')
  await expect(coach.getByRole('region', { name: 'Plank' }).getByRole('list', { name: 'Set 3 marks' })).toContainText(
    'Skipped',
  )
  await expectAccessible(coach, "a session's review at 1280 px")
  await coach.setViewportSize({ width: 360, height: 780 })
  await expectAccessible(coach, "a session's review at 360 px")

  // A comment on set 2 of the squats.
  const squat = (p: Page) => p.getByRole('region', { name: 'Back squat' })
  await squat(coach).getByRole('button', { name: 'Comment on set 2' }).click()
  await squat(coach).getByLabel('Comment on set 2').fill('Second set looked fast. Add 2.5 next week.')
  await squat(coach).getByRole('button', { name: 'Add comment' }).click()
  await expectToast(coach, 'Comment added')

  // Maya is told, and finds the comment under that set on her summary.
  await expectToast(maya, 'Dana Reyes commented on your workout')
  await expect(maya.getByRole('region', { name: 'New comments from your coach' })).toContainText(
    'Second set looked fast',
  )
  await maya
    .getByRole('region', { name: /Notifications/ })
    .getByRole('button', { name: 'Open' })
    .first()
    .click()
  await expect(maya).toHaveURL(/\/summary\//)
  await expect(squat(maya).getByRole('listitem', { name: 'Set 2' })).toContainText(
    'Second set looked fast. Add 2.5 next week.',
  )
})

test('the lifter’s progress page charts their training and logs body weight, on a laptop and a phone', async ({
  browser,
}) => {
  // Two widths, each scanned by axe, then a form: a long story on a busy two-core machine.
  test.setTimeout(90_000)
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    const leo = await signedIn(browser, 'leo@demo.coachline.app', viewport)
    await leo.goto('/progress')
    await expect(leo.getByRole('heading', { level: 1, name: 'Progress' })).toBeVisible()
    // Leo trains in lb: his estimated 1RM reads in lb.
    await expect(leo.getByRole('img', { name: /^Estimated 1RM of .* lb/ })).toBeVisible()
    await expect(leo.getByRole('img', { name: /^Session RPE over the last 12 weeks/ })).toBeVisible()
    await expect(leo.getByRole('img', { name: /^Body weight over the last year/ })).toBeVisible()
    await expectAccessible(leo, `the lifter's progress at ${viewport.width} px`)
    // The charts' tables, in the dark: a long lift name breaks between words, not inside one.
    const toggles = leo.getByText('Show as table', { exact: true })
    for (const toggle of await toggles.all()) await toggle.click()
    await expect(leo.getByRole('table').first()).toBeVisible()
    await leo.getByRole('button', { name: 'Switch to dark theme' }).filter({ visible: true }).click()
    await expect(leo.locator('html')).toHaveClass(/dark/)
    await expectAccessible(leo, `the lifter's progress tables at ${viewport.width} px, dark`)
    await leo.context().close()
  }

  // A body weight typed in lb is kept to the pound.
  const leo = await signedIn(browser, 'leo@demo.coachline.app')
  await leo.goto('/progress')
  const form = leo.getByRole('form', { name: 'Log body weight' })
  await form.getByLabel('Body weight (lb)').fill('2000')
  await form.getByRole('button', { name: 'Save weight' }).click()
  await expect(form.getByRole('alert')).toContainText('Enter your weight from')
  await form.getByLabel('Date').fill('2026-01-05')
  await form.getByLabel('Body weight (lb)').fill('181.5')
  await form.getByRole('button', { name: 'Save weight' }).click()
  await expectToast(leo, 'Body weight saved', '181.5 lb')
  const section = leo.getByRole('region', { name: 'Body weight' })
  await section.getByText('Show as table').click()
  await expect(section.getByRole('row', { name: /Jan 5, 2026/ })).toContainText('181.5')
})

test('the coach reads the inbox and answers; a lifter resumes a workout from home', async ({ browser }) => {
  test.setTimeout(90_000)
  const coach = await signedIn(browser, 'coach@demo.coachline.app')
  await coach.goto('/coach')
  // The navigation's count says what it counts: Priya, Sam and Leo each wrote last.
  const nav = coach.getByRole('navigation', { name: 'Coach' }).first()
  await nav.getByRole('link', { name: 'Messages, 3 unread messages' }).click()
  await expect(coach.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible()
  const inbox = coach.getByRole('list', { name: 'Messages' })
  await expect(inbox.getByRole('link', { name: 'Priya Natarajan, 1 unread' })).toBeVisible()
  // Every conversation, by its last message: Maya's last word was the coach's.
  await expect(inbox.getByRole('listitem')).toHaveCount(5)
  await expect(inbox.getByRole('link', { name: 'Maya Chen', exact: true })).toContainText('You: ')
  for (const [width, theme] of [
    [1280, 'light'],
    [360, 'light'],
    [1280, 'dark'],
    [360, 'dark'],
  ] as const) {
    await coach.setViewportSize({ width, height: width === 360 ? 780 : 900 })
    if (theme === 'dark' && !(await coach.locator('html.dark').count()))
      await coach.getByRole('button', { name: 'Switch to dark theme' }).filter({ visible: true }).click()
    await expectAccessible(coach, `the inbox at ${width} px, ${theme}`)
  }
  // The phone's navigation is one row (the sidebar's twin is hidden at this width).
  const phoneNav = coach.getByRole('navigation', { name: 'Coach' }).filter({ visible: true })
  const tabs = phoneNav.getByRole('link')
  await expect(tabs).toHaveCount(6)
  const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)))
  expect(new Set(tops).size).toBe(1)

  await inbox.getByRole('link', { name: 'Priya Natarajan, 1 unread' }).click()
  const box = coach.getByRole('textbox', { name: 'Message' })
  await box.fill('Great week, Priya. Keep the RPE honest.')
  await box.press('Enter')
  await expect(
    coach.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Keep the RPE honest.' }),
  ).toBeVisible()
  await coach.goto('/coach/messages')
  await expect(inbox.getByRole('link', { name: 'Priya Natarajan', exact: true })).toContainText(
    'You: Great week, Priya.',
  )
  await expect(inbox.getByRole('listitem').first()).toContainText('Priya Natarajan')
  await expect(phoneNav.getByRole('link', { name: 'Messages, 2 unread messages' })).toBeVisible()

  // The client's page, in the dark at 360 px: overview and chat.
  await coach.goto(`/coach/clients/${await clientIdOf(coach, 'Priya Natarajan')}?tab=chat`)
  await expect(coach.getByRole('heading', { level: 1, name: 'Priya Natarajan' })).toBeVisible()
  await expect(
    coach.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Keep the RPE honest.' }),
  ).toBeVisible()
  await expectAccessible(coach, "a client's chat tab at 360 px, dark")
  await coach.getByRole('tab', { name: 'Overview' }).click()
  await expect(coach.getByRole('region', { name: 'Current plan' })).toBeVisible()
  await expectAccessible(coach, "a client's overview at 360 px, dark")
  await coach.context().close()

  // Jordan left a workout open: home offers it first, one tap away.
  const jordan = await signedIn(browser, 'jordan@demo.coachline.app', { width: 360, height: 780 })
  const started = await jordan.request.post('/api/sessions', { data: { title: 'Catch-up session' } })
  expect(started.status(), await started.text()).toBe(201)
  const { id } = (await started.json()) as { id: string }
  await jordan.goto('/home')
  const card = jordan.getByRole('region', { name: 'Workout in progress' })
  await expect(card.getByText('Catch-up session')).toBeVisible()
  await card.getByRole('link', { name: 'Resume' }).click()
  await expect(jordan).toHaveURL(new RegExp(`/session/${id}$`))
  await expect(jordan.getByRole('heading', { level: 1, name: 'Catch-up session' })).toBeVisible()
  await jordan.context().close()
})

async function clientIdOf(page: Page, name: string): Promise<string> {
  const clients = (await (await page.request.get('/api/clients')).json()) as { clientId: string; displayName: string }[]
  const found = clients.find((c) => c.displayName === name)
  if (!found) throw new Error(`${name} is not on the roster`)
  return found.clientId
}
