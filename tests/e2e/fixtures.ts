import { randomUUID } from 'node:crypto'
import { test as base, expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'

type Role = 'coach' | 'client'
export type User = { id: string; email: string }
type LoginOptions = { role?: Role; displayName?: string; withProfile?: boolean }

/** Where the server keeps progress photos: its data folder, or the S3-protocol server of the `chromium-s3` project. */
export type PhotoStorageOption = { photoStorage: 'disk' | 's3' }

export const test = base.extend<{ login: (options?: LoginOptions) => Promise<User> } & PhotoStorageOption>({
  photoStorage: ['disk', { option: true }],
  baseURL: async ({ photoStorage }, use) => {
    const name = photoStorage === 's3' ? 'E2E_S3_BASE_URL' : 'E2E_BASE_URL'
    const url = process.env[name]
    if (!url) throw new Error(`${name} is not set: the global setup did not start the server`)
    await use(url)
  },
  /** Creates a verified user with a role and signs this page's browser context in (epic-stack's login fixture). */
  login: async ({ page }, use) => {
    await use(async ({ role = 'client', displayName = `Test ${role}`, withProfile = true } = {}) => {
      const email = `${role}-${randomUUID()}@example.test`
      const res = await page.request.post('/api/testing/users', { data: { email, role, displayName, withProfile } })
      expect(res.status(), await res.text()).toBe(201)
      return (await res.json()) as User
    })
  },
})

export { expect }

/** The web app's entry script, as the build names it. */
export const APP_ENTRY = /\/assets\/index-[\w-]+\.js$/

/**
 * Counts the app's entry script being run, and holds it back until `release` is called: a phone
 * still busy with it, while the visitor acts on the page the server drew.
 */
export async function holdTheApp(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const runs: string[] = []
  await page.route(APP_ENTRY, async (route) => {
    // The page's prefetch asks too: only a script element's request is the app starting.
    if (route.request().resourceType() === 'script') runs.push(route.request().url())
    await held
    await route.continue()
  })
  return { release, runs }
}

export async function expectOnPath(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path)
}

export type Mail = { to: string; subject: string; text: string; links: string[]; createdAt: string }

/** The newest mail to this address in the development outbox, waiting for it to arrive. */
export async function readMail(request: APIRequestContext, to: string, subject?: RegExp): Promise<Mail> {
  let found: Mail | undefined
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/api/dev/outbox')).json()) as Mail[]
      found = messages.find((m) => m.to === to && (!subject || subject.test(m.subject)))
      return Boolean(found)
    })
    .toBe(true)
  return found as Mail
}

/** A toast with exactly this title and, when given, this text (docs/product.md#user-facing-strings). */
export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ })
  await expect(region.getByText(title, { exact: true }).first()).toBeVisible()
  if (description) await expect(region.getByText(description, { exact: true }).first()).toBeVisible()
}

/**
 * No toast with this title a moment after the one awaited: counted once, not waited for (a
 * retrying assertion would pass when the toast closes). Toasts stay 4 s, so one that came just
 * before is still there.
 */
export async function expectNoToast(page: Page, title: string) {
  await page.waitForTimeout(1000)
  const shown = page.getByRole('region', { name: /Notifications/ }).getByText(title, { exact: true })
  expect(await shown.count()).toBe(0)
}

export function newEmail(prefix: string): string {
  return `${prefix}-${randomUUID()}@example.test`
}

/** A second signed-in person in their own browser context (close it with `page.context().close()`). */
export async function otherUser(
  browser: Browser,
  baseURL: string | undefined,
  role: Role,
  displayName: string,
): Promise<{ page: Page; user: User }> {
  const page = await (await browser.newContext({ baseURL })).newPage()
  const res = await page.request.post('/api/testing/users', {
    data: { email: newEmail(`other-${role}`), role, displayName },
  })
  expect(res.status(), await res.text()).toBe(201)
  return { page, user: (await res.json()) as User }
}

/** The coach-client link an accepted invite makes, without the invite. */
export async function linkCoach(page: Page, coach: User, client: User) {
  expect(
    (
      await page.request.post('/api/testing/coach-clients', {
        data: { coachEmail: coach.email, clientEmail: client.email },
      })
    ).status(),
  ).toBe(201)
}

/** A plan of 4 weeks × 3 days with no workouts yet, owned by the page's user. */
export async function newPlan(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/plans', { data: { name, weeks: 4, daysPerWeek: 3 } })
  expect(res.status()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

/** The first movement of the library a search finds. */
export async function findMovement(request: APIRequestContext, query: string): Promise<{ id: string; name: string }> {
  const found = (await (await request.get(`/api/movements?q=${encodeURIComponent(query)}`)).json()) as {
    items: { id: string; name: string }[]
  }
  const movement = found.items[0]
  if (!movement) throw new Error(`no movement matches ${query}`)
  return movement
}

/**
 * A workout the signed-in lifter logged and finished through the API: an unplanned session of
 * back squats, `sets` sets of 5 at `loadKg` (100 kg unless given). Answers its id and its sets' ids in order.
 */
export async function finishedSession(
  page: Page,
  { title, sets = 1, loadKg = 100 }: { title?: string; sets?: number; loadKg?: number } = {},
): Promise<{ id: string; setIds: string[] }> {
  const squat = await findMovement(page.request, 'back squat')
  const started = await page.request.post('/api/sessions', { data: title ? { title } : {} })
  expect(started.status()).toBe(201)
  const { id } = (await started.json()) as { id: string }
  const key = randomUUID()
  const exercise = {
    key,
    movementId: squat.id,
    movementName: squat.name,
    tracking: 'weight_reps',
    prescriptionId: null,
    superset: null,
    restSeconds: null,
    notes: null,
    targets: [],
  }
  expect((await page.request.patch(`/api/sessions/${id}`, { data: { exercises: [exercise] } })).status()).toBe(200)
  const setIds: string[] = []
  for (let n = 1; n <= sets; n++) {
    const setId = randomUUID()
    setIds.push(setId)
    const logged = await page.request.put(`/api/sessions/${id}/sets/${setId}`, {
      data: { exerciseKey: key, setNumber: n, reps: 5, loadKg, editedAt: new Date().toISOString() },
    })
    expect(logged.status(), await logged.text()).toBe(200)
  }
  expect((await page.request.post(`/api/sessions/${id}/finish`, { data: {} })).status()).toBe(200)
  return { id, setIds }
}

/** Today's date on the browser's clock (YYYY-MM-DD), as the app counts plan days. */
export function todayInBrowser(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date()
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
  })
}

/** A self-coached client's new plan, framed on the form that /programs and /client/program/new open; the page ends in its builder. */
export async function frameOwnPlan(page: Page, { name, weeks, days }: { name: string; weeks: number; days: number }) {
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Weeks').fill(String(weeks))
  await page.getByLabel('Days per week').fill(String(days))
  await page.getByRole('button', { name: 'Create plan' }).click()
  await expect(page).toHaveURL(/\/client\/plan-builder\?plan=[0-9a-f-]{36}$/)
}

/** Adds a movement to the open workout editor from the 'Add an exercise' picker, found by a search. */
export async function addExercise(page: Page, editor: Locator, search: string, name: string) {
  await editor.getByRole('button', { name: 'Add exercise' }).click()
  const picker = page.getByRole('dialog', { name: 'Add an exercise' })
  await picker.getByLabel('Search movements').fill(search)
  await picker
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .first()
    .click()
  await expect(picker).toBeHidden()
}

/** Fills week 1 day 1 of the open builder with a workout of one movement, and closes the editor once it is saved. */
export async function fillFirstDay(page: Page, title: string, search: string, movement: string) {
  await page.getByRole('button', { name: 'Add a workout to week 1 day 1' }).click()
  const editor = page.getByRole('dialog', { name: /Week 1 · Day 1/ })
  await editor.getByLabel('Workout title').fill(title)
  await addExercise(page, editor, search, movement)
  await expect(editor.getByText('All changes saved')).toBeVisible()
  await editor.getByRole('button', { name: 'Done' }).click()
}

/** A phone's photo: a JPEG of one colour, with the camera and a GPS position in its EXIF. */
export function phonePhoto(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 1600, channels: 3, background: colour } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Phonemaker', Model: 'Phone 15 Pro' },
      IFD3: { GPSMapDatum: 'WGS-84', GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 1234/100' },
    })
    .toBuffer()
}
