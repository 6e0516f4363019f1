import type { APIResponse, Locator, Page } from '@playwright/test'
import { expectAccessible } from './axe.ts'
import {
  expect,
  findMovement,
  linkCoach,
  newEmail,
  newPlan,
  otherUser,
  test,
  todayInBrowser,
  type User,
} from './fixtures.ts'

/**
 * axe on every screen of the app, signed out, as a client and as a coach, each with data on it,
 * at a laptop's width and a small phone's: a serious or critical violation fails, and so do a
 * page's outline and landmarks (expectAccessible says which rules).
 */

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
] as const

type Screen = {
  path: string
  /** The page's h1. */
  heading: string | RegExp
  /** Content that comes after the heading (data loaded, a live connection open). */
  ready?: (page: Page) => Locator
  /** Opens what is closed at first (tables behind 'Show as table'), once it is ready. */
  open?: (page: Page) => Promise<void>
}

/**
 * Opens each screen once and scans it at each width, after its real content is on screen; in the
 * dark theme when asked (saved before the pages load, as a lifter's choice is: the page open must
 * be one of the app's).
 */
async function scanScreens(page: Page, screens: Screen[], theme: 'light' | 'dark' = 'light') {
  if (theme === 'dark') await page.evaluate(() => localStorage.setItem('coachline-theme', 'dark'))
  for (const screen of screens) {
    await page.setViewportSize(WIDTHS[0])
    await page.goto(screen.path)
    for (const size of WIDTHS) {
      await page.setViewportSize(size)
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible()
      if (screen.ready) await expect(screen.ready(page).first()).toBeVisible()
      if (size === WIDTHS[0]) await screen.open?.(page)
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/dark/)
      await expectAccessible(page, `${screen.path} at ${size.width} px${theme === 'dark' ? ', dark' : ''}`)
    }
  }
}

/** Every chart's table, shown: axe reads only what is open. */
async function showTables(page: Page) {
  const toggles = page.getByText('Show as table', { exact: true })
  await expect(toggles.first()).toBeVisible()
  for (const toggle of await toggles.all()) await toggle.click()
}

/** A toast on screen, held open (hovering pauses its timer) and faded in before the scan. */
async function scanToast(page: Page, title: string, where: string) {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title })
  await expect(toast).toBeVisible()
  await toast.hover()
  await expect.poll(() => toast.evaluate((el) => getComputedStyle(el).opacity)).toBe('1')
  await expectAccessible(page, `${where} with the toast '${title}'`)
}

type World = {
  templateId: string
  assignedPlanId: string
  plannedWorkoutId: string
  finishedSessionId: string
  liveSessionId: string
  clientWorkoutId: string
  coachWorkoutId: string
  clientPlanId: string
}

/**
 * A coach and their client with a day's life in the app, made through the real API: a plan
 * assigned from today, a session logged, finished and commented on, another under way, workouts
 * of each, the client's own plan, body weight, an open invite and messages both ways.
 */
async function trainingWorld(coachPage: Page, coach: User, clientPage: Page, client: User): Promise<World> {
  const ok = async (res: Promise<APIResponse>) => {
    const answer = await res
    expect(answer.ok(), await answer.text()).toBe(true)
    return answer.status() === 204 ? {} : await answer.json()
  }
  await linkCoach(coachPage, coach, client)
  const squat = await findMovement(coachPage.request, 'back squat')
  const sets = [1, 2, 3].map(() => ({ reps: { min: 5, max: 5 }, load: { kind: 'kg', value: 100 }, rpe: 8 }))
  const exercises = [{ movementId: squat.id, restSeconds: 90, sets }]

  const templateId = await newPlan(coachPage, 'Squat block')
  await ok(
    coachPage.request.put(`/api/plans/${templateId}/days/1/1`, {
      data: { version: 1, workout: { title: 'Squat day', exercises } },
    }),
  )
  await ok(
    coachPage.request.put(`/api/plans/${templateId}/days/1/3`, {
      data: { version: 2, workout: { title: 'Volume day', exercises } },
    }),
  )
  const today = await todayInBrowser(clientPage)
  const assigned = await ok(
    coachPage.request.post(`/api/plans/${templateId}/assign`, { data: { clientId: client.id, startDate: today } }),
  )
  const plan = await ok(clientPage.request.get(`/api/plans/${assigned.id}`))
  const plannedWorkoutId = plan.workouts.find((w: { week: number; day: number }) => w.week === 1 && w.day === 1).id

  // Today's workout, logged (one set short and heavier), finished and commented on.
  const finished = await ok(clientPage.request.post('/api/sessions', { data: { planWorkoutId: plannedWorkoutId } }))
  const key = finished.exercises[0].key
  for (const [setNumber, reps, loadKg] of [
    [1, 5, 100],
    [2, 5, 105],
    [3, 3, 105],
  ] as const) {
    await ok(
      clientPage.request.put(`/api/sessions/${finished.id}/sets/${crypto.randomUUID()}`, {
        data: { exerciseKey: key, setNumber, reps, loadKg, rpe: 8, editedAt: new Date().toISOString() },
      }),
    )
  }
  await ok(clientPage.request.post(`/api/sessions/${finished.id}/finish`, { data: { rpe: 8, notes: 'Felt strong' } }))
  const logged = await ok(clientPage.request.get(`/api/sessions/${finished.id}`))
  await ok(coachPage.request.post(`/api/sessions/${finished.id}/comments`, { data: { body: 'Great depth today!' } }))
  await ok(
    coachPage.request.post(`/api/sessions/${finished.id}/comments`, {
      data: { body: 'Brace before the last rep.', setLogId: logged.sets[2].id },
    }),
  )

  // A workout of the client's own, under way; one of the coach's, shared.
  const clientWorkout = await ok(clientPage.request.post('/api/workouts', { data: { title: 'Hotel gym', exercises } }))
  const live = await ok(clientPage.request.post('/api/sessions', { data: { workoutId: clientWorkout.id } }))
  await ok(
    clientPage.request.put(`/api/sessions/${live.id}/sets/${crypto.randomUUID()}`, {
      data: {
        exerciseKey: live.exercises[0].key,
        setNumber: 1,
        reps: 5,
        loadKg: 100,
        editedAt: new Date().toISOString(),
      },
    }),
  )
  const coachWorkout = await ok(
    coachPage.request.post('/api/workouts', { data: { title: 'Conditioning finisher', exercises, isTemplate: true } }),
  )
  const clientPlanId = await newPlan(clientPage, 'My own block')
  await ok(
    clientPage.request.put(`/api/plans/${clientPlanId}/days/1/1`, {
      data: { version: 1, workout: { title: 'Full body', exercises } },
    }),
  )
  await ok(clientPage.request.put(`/api/body-weights/${today}`, { data: { weightKg: 82.5 } }))
  await ok(coachPage.request.post('/api/invites', { data: { email: newEmail('a11y-invitee'), planId: templateId } }))

  // Messages both ways; the coach has read the client's, so it shows 'Read'.
  await ok(
    coachPage.request.post(`/api/chat/${client.id}/messages`, {
      data: { id: crypto.randomUUID(), body: 'How did the squats feel?' },
    }),
  )
  const reply = await ok(
    clientPage.request.post(`/api/chat/${coach.id}/messages`, {
      data: { id: crypto.randomUUID(), body: 'Heavy but good.' },
    }),
  )
  await ok(coachPage.request.post(`/api/chat/${client.id}/read`, { data: { upTo: reply.seq } }))

  return {
    templateId,
    assignedPlanId: assigned.id,
    plannedWorkoutId,
    finishedSessionId: finished.id,
    liveSessionId: live.id,
    clientWorkoutId: clientWorkout.id,
    coachWorkoutId: coachWorkout.id,
    clientPlanId,
  }
}

const bubble = (page: Page, text: string) =>
  page.getByRole('log', { name: 'Messages' }).getByRole('listitem').filter({ hasText: text })

test('signed out: the public screens, the invite, the 404 and a toast pass axe at 1280 and 360 px', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const { page: coachPage } = await otherUser(browser, baseURL, 'coach', 'Coach Ada')
  const planId = await newPlan(coachPage, 'Open block')
  const invite = (await (
    await coachPage.request.post('/api/invites', { data: { email: newEmail('a11y-open'), planId } })
  ).json()) as { link: string }
  await coachPage.context().close()

  await scanScreens(page, [
    { path: '/', heading: 'Program it. Lift it. Log every set.' },
    { path: '/welcome', heading: 'Program it. Lift it. Log every set.' },
    { path: '/auth', heading: 'Welcome to Coachline', ready: (p) => p.getByRole('tab', { name: 'Sign in' }) },
    { path: '/auth/reset', heading: 'Reset password' },
    { path: '/dev/outbox', heading: 'Development outbox' },
    { path: new URL(invite.link).pathname, heading: 'You’re invited', ready: (p) => p.getByText('Open block').first() },
    { path: '/no/such/page', heading: 'Oops! Page not found' },
    // An open route signed out: the sign-in prompt.
    { path: '/programs', heading: 'Sign in to see this page' },
  ])

  // A bad link's error toast, on /auth.
  await page.goto('/invite/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  await scanToast(page, 'Invalid invite', '/auth')

  // Signed in without a profile yet.
  await login({ role: 'client', withProfile: false })
  await scanScreens(page, [{ path: '/create-profile', heading: 'Create your profile' }])
})

test('a client: every screen with a plan, sessions, progress and chat, a dialog and toasts pass axe at 1280 and 360 px', async ({
  page,
  login,
  browser,
  baseURL,
  context,
}) => {
  test.setTimeout(240_000)
  const client = await login({ role: 'client', displayName: 'Lifter Lou' })
  const { page: coachPage, user: coach } = await otherUser(browser, baseURL, 'coach', 'Coach Tara')
  const world = await trainingWorld(coachPage, coach, page, client)

  await scanScreens(page, [
    { path: '/home', heading: 'Home', ready: (p) => p.getByRole('region', { name: 'This week' }) },
    { path: '/mesocycle', heading: 'Calendar', ready: (p) => p.getByRole('listitem', { name: /Week 1 day 1/ }) },
    {
      path: '/programs',
      heading: 'Plans',
      ready: (p) => p.getByRole('list', { name: 'Plans' }).getByRole('link'),
    },
    {
      path: `/programs/${world.assignedPlanId}`,
      heading: 'Squat block',
      ready: (p) => p.getByRole('region', { name: 'Week 1' }),
    },
    { path: '/client/program/new', heading: 'New plan' },
    {
      path: '/client/plan-builder',
      heading: 'Plan builder',
      ready: (p) => p.getByRole('list', { name: 'Your plans' }).getByRole('link'),
    },
    {
      path: `/client/plan-builder?plan=${world.clientPlanId}`,
      heading: 'My own block',
      ready: (p) => p.getByRole('region', { name: 'Week 1' }).getByRole('button', { name: /^Full body/ }),
    },
    {
      path: '/workouts',
      heading: 'Workouts',
      ready: (p) => p.getByRole('region', { name: 'From your coach' }).getByRole('listitem'),
    },
    { path: '/create-workout', heading: 'Create workout' },
    { path: `/workout/${world.clientWorkoutId}`, heading: 'Hotel gym', ready: (p) => p.getByLabel('Workout title') },
    {
      path: `/workout/${world.coachWorkoutId}`,
      heading: 'Conditioning finisher',
      ready: (p) => p.getByText('shared by Coach Tara'),
    },
    {
      path: `/workout/preview/${world.plannedWorkoutId}`,
      heading: 'Squat day',
      ready: (p) => p.getByText(/Last time/),
    },
    { path: `/workout-readonly/${world.plannedWorkoutId}`, heading: 'Squat day' },
    {
      path: `/session/${world.liveSessionId}`,
      heading: 'Hotel gym',
      ready: (p) => p.getByRole('button', { name: 'Update set 1 of Back squat' }),
    },
    {
      path: `/summary/${world.finishedSessionId}`,
      heading: 'Squat day',
      ready: (p) => p.getByRole('region', { name: 'Comments on the session' }),
    },
    {
      path: '/progress',
      heading: 'Progress',
      ready: (p) => p.getByRole('img', { name: /^Estimated 1RM of / }),
      open: showTables,
    },
    { path: '/chat', heading: 'Coach Tara', ready: (p) => bubble(p, 'Heavy but good.').getByText('Read') },
    { path: '/account', heading: 'Account' },
  ])
  // The screens this release changed, in the dark too.
  await scanScreens(
    page,
    [
      { path: '/home', heading: 'Home', ready: (p) => p.getByRole('region', { name: 'This week' }) },
      { path: '/mesocycle', heading: 'Calendar', ready: (p) => p.getByRole('listitem', { name: /Week 1 day 1/ }) },
      {
        path: `/session/${world.liveSessionId}`,
        heading: 'Hotel gym',
        ready: (p) => p.getByRole('button', { name: 'Update set 1 of Back squat' }),
      },
      {
        path: `/summary/${world.finishedSessionId}`,
        heading: 'Squat day',
        ready: (p) => p.getByRole('region', { name: 'Comments on the session' }),
      },
    ],
    'dark',
  )

  // The finish dialog, open over the live session.
  await page.goto(`/session/${world.liveSessionId}`)
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    await page.getByRole('button', { name: 'Finish workout' }).click()
    await expect(page.getByRole('dialog', { name: 'Finish this workout?' })).toBeVisible()
    await expectAccessible(page, `the finish dialog at ${size.width} px`)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toHaveCount(0)
  }
  // A set logged here is timed: the performance page has a table of calls.
  await page.getByRole('button', { name: 'Log set 2 of Back squat' }).click()
  await expect(page.getByRole('button', { name: 'Update set 2 of Back squat' })).toHaveAttribute('aria-pressed', 'true')
  await scanScreens(page, [
    { path: '/debug/perf-sessions', heading: 'Performance', ready: (p) => p.getByRole('region', { name: 'Calls' }) },
  ])

  // A success toast, and news from the coach while elsewhere in the app.
  await page.setViewportSize(WIDTHS[0])
  await page.goto('/account')
  await page.getByRole('checkbox', { name: 'Email me unread messages' }).uncheck()
  await scanToast(page, 'Chat emails off', '/account')
  const live = page.waitForResponse((r) => r.url().includes('/api/chat/stream'))
  await page.goto('/home')
  // Home comes drawn by the server; the app (and its live connection) starts once the lifter acts.
  await page.keyboard.press('Tab')
  await live
  await coachPage.request.post(`/api/chat/${client.id}/messages`, {
    data: { id: crypto.randomUUID(), body: 'Sleep well!' },
  })
  await scanToast(page, 'New message from Coach Tara', '/home')
  await coachPage.context().close()

  // One's own message waiting for a signal, in a dimmed bubble.
  await page.goto('/chat')
  await expect(bubble(page, 'Sleep well!')).toBeVisible()
  await context.setOffline(true)
  await page.getByRole('textbox', { name: 'Message' }).fill('Written in the basement gym')
  await page.getByRole('textbox', { name: 'Message' }).press('Enter')
  await expect(bubble(page, 'Written in the basement gym')).toContainText('Waiting for connection')
  await expectAccessible(page, '/chat with a waiting message')
  await context.setOffline(false)
})

test('a coach: every screen with a client, plans, a logged session and chat, a dialog and a toast pass axe at 1280 and 360 px', async ({
  page,
  login,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000)
  const coach = await login({ role: 'coach', displayName: 'Coach Tara' })
  const { page: clientPage, user: client } = await otherUser(browser, baseURL, 'client', 'Lifter Lou')
  const world = await trainingWorld(page, coach, clientPage, client)
  await clientPage.context().close()

  await scanScreens(page, [
    {
      path: '/coach',
      heading: 'Coach dashboard',
      ready: (p) => p.getByRole('region', { name: 'Recent sessions' }).getByRole('link'),
    },
    {
      path: '/coach/clients',
      heading: 'Clients',
      ready: (p) => p.getByRole('region', { name: 'Pending invites' }).getByRole('listitem'),
    },
    {
      path: `/coach/clients/${client.id}`,
      heading: 'Lifter Lou',
      ready: (p) => p.getByRole('region', { name: 'Current plan' }),
    },
    {
      path: `/coach/clients/${client.id}?tab=progress`,
      heading: 'Lifter Lou',
      ready: (p) => p.getByRole('region', { name: 'Progress' }).getByRole('img').first(),
      open: showTables,
    },
    {
      path: `/coach/clients/${client.id}?tab=chat`,
      heading: 'Lifter Lou',
      ready: (p) => bubble(p, 'How did the squats feel?'),
    },
    {
      path: '/coach/messages',
      heading: 'Messages',
      ready: (p) => p.getByRole('list', { name: 'Messages' }).getByRole('link'),
    },
    { path: `/coach/chat/${client.id}`, heading: 'Lifter Lou', ready: (p) => bubble(p, 'How did the squats feel?') },
    { path: '/coach/create-plan', heading: 'Create plan' },
    {
      path: `/coach/program/${world.templateId}`,
      heading: 'Squat block',
      ready: (p) => p.getByRole('region', { name: 'Week 1' }).getByRole('button', { name: /^Squat day/ }),
    },
    {
      path: '/coach/template-board',
      heading: 'Templates',
      ready: (p) => p.getByRole('region', { name: 'Workout templates' }).getByRole('listitem'),
    },
    { path: '/coach/library', heading: 'Movement library', ready: (p) => p.getByText('Back squat') },
    {
      path: '/programs',
      heading: 'Plans',
      ready: (p) => p.getByRole('list', { name: 'Plans' }).getByRole('link').filter({ hasText: 'for Lifter Lou' }),
    },
    {
      path: `/programs/${world.templateId}`,
      heading: 'Squat block',
      ready: (p) => p.getByRole('region', { name: 'Week 1' }),
    },
    {
      path: `/workout/${world.coachWorkoutId}`,
      heading: 'Conditioning finisher',
      ready: (p) => p.getByLabel('Workout title'),
    },
    { path: `/workout-readonly/${world.plannedWorkoutId}`, heading: 'Squat day' },
    {
      path: `/summary/${world.finishedSessionId}`,
      heading: 'Squat day',
      ready: (p) => p.getByRole('region', { name: 'Comments on the session' }),
    },
    { path: '/account', heading: 'Account' },
    { path: '/debug/perf-sessions', heading: 'Performance' },
  ])
  // The screens this release changed, in the dark too.
  await scanScreens(
    page,
    [
      // Seen once already: the sessions are no longer new since the coach's last visit.
      { path: '/coach', heading: 'Coach dashboard', ready: (p) => p.getByRole('region', { name: 'Recent sessions' }) },
      {
        path: '/coach/clients',
        heading: 'Clients',
        ready: (p) => p.getByRole('region', { name: 'Pending invites' }).getByRole('listitem'),
      },
      {
        path: `/coach/clients/${client.id}`,
        heading: 'Lifter Lou',
        ready: (p) => p.getByRole('region', { name: 'Current plan' }),
      },
      {
        path: '/coach/messages',
        heading: 'Messages',
        ready: (p) => p.getByRole('list', { name: 'Messages' }).getByRole('link'),
      },
    ],
    'dark',
  )
  // Back to the light theme for the rest.
  await page.evaluate(() => localStorage.removeItem('coachline-theme'))

  // The day's workout editor, open in the builder.
  await page.goto(`/coach/program/${world.templateId}`)
  for (const size of WIDTHS) {
    await page.setViewportSize(size)
    await page
      .getByRole('region', { name: 'Week 1' })
      .getByRole('button', { name: /^Squat day/ })
      .click()
    const editor = page.getByRole('dialog', { name: /Week 1 · Day 1/ })
    await expect(editor.getByRole('listitem', { name: '1 Back squat' })).toBeVisible()
    await expectAccessible(page, `the workout editor at ${size.width} px`)
    await editor.getByRole('button', { name: 'Done' }).click()
    await expect(editor).toBeHidden()
  }

  // A success toast after commenting on the summary.
  await page.setViewportSize(WIDTHS[0])
  await page.goto(`/summary/${world.finishedSessionId}`)
  await page.getByLabel('Your comment').fill('Keep the bar path straight.')
  await page.getByRole('button', { name: 'Add comment' }).click()
  await scanToast(page, 'Comment added', '/summary')
})
