import { createHash } from 'node:crypto'
import { notificationText, type PushDevice } from '../../src/shared/schemas/notifications.ts'
import { expectAccessible } from './axe.ts'
import { expect, test } from './fixtures.ts'

/** The parts of a service worker's global scope the test uses (the e2e types know the page's only). */
type WorkerScope = {
  registration: { getNotifications: () => Promise<Notification[]> }
  dispatchEvent: (event: Event) => boolean
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event
}

/**
 * The signed-in app on /home, controlled by its service worker (public/push-handler.js) as an
 * installed app's pages are: Chromium's DevTools protocol delivers a push message to the worker as
 * a push service would, and the test reads the notifications the worker shows.
 */
async function appWithWorker({ page, context }: Pick<Parameters<Parameters<typeof test>[2]>[0], 'page' | 'context'>) {
  await context.grantPermissions(['notifications'])
  await page.goto('/home')
  // A drawn page starts its app (and the worker) once the visitor acts.
  await page.keyboard.press('Tab')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

  const cdp = await context.newCDPSession(page)
  // The registration whose worker is activated: a push delivered to one still installing or
  // activating can be lost.
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const active = versions.find((v) => v.status === 'activated')
      if (active) resolve(active.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const registrationId = await registered
  const origin = new URL(page.url()).origin
  const [worker] = context.serviceWorkers()
  if (!worker) throw new Error('no service worker')
  const deliver = (payload: object) =>
    cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) })
  const shown = () =>
    worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope
      const notifications = await sw.registration.getNotifications()
      return notifications.map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        url: (n.data as { url: string }).url,
      }))
    })
  return {
    worker,
    shown,
    /**
     * Delivers these pushes in order, again while the worker shows no notification tagged
     * `expected` (the DevTools protocol drops a delivery now and then on a busy machine, where a
     * push service would retry).
     */
    deliverUntilShown: async (payloads: object[], expected: string) => {
      await expect
        .poll(
          async () => {
            if ((await shown()).some((n) => n.tag === expected)) return true
            for (const payload of payloads) await deliver(payload)
            return false
          },
          { timeout: 20_000 },
        )
        .toBe(true)
    },
  }
}

test('a push shows a notification, and a tap opens its screen', async ({ page, context, login }) => {
  await login({ role: 'client' })
  const { worker, deliverUntilShown, shown } = await appWithWorker({ page, context })
  const payload = {
    title: 'Coach Carla',
    body: '2 new messages. The latest: Send me a video',
    url: '/chat',
    tag: 'chat:a:b',
    kind: 'chat',
    badge: 2,
  }
  await deliverUntilShown([payload], payload.tag)
  expect(await shown()).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: '/chat' }])

  // A tap on it opens the chat in the app's window.
  await worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope
    const [notification] = await sw.registration.getNotifications()
    if (notification) sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }))
  })
  await expect(page).toHaveURL((url) => url.pathname === '/chat')
  await expect.poll(shown).toEqual([])
})

test('the end of a rest is shown when the app is off screen, not over the app’s own timer', async ({
  page,
  context,
  login,
}) => {
  await login({ role: 'client' })
  const { deliverUntilShown, shown } = await appWithWorker({ page, context })
  const rest = {
    title: notificationText.restOver,
    body: notificationText.restNext('Back squat, set 3'),
    url: '/home',
    tag: 'restTimer:device',
    kind: 'restTimer',
    badge: 0,
  }
  // On screen, the app's timer beeps: the worker's notification is silent and gone at once (a chat
  // push after it shows that the worker has handled both).
  const chat = { title: 'Coach Carla', body: 'Nice set', url: '/chat', tag: 'chat:a:b', kind: 'chat' }
  await deliverUntilShown([rest, chat], chat.tag)
  expect(await shown()).toEqual([{ title: 'Coach Carla', body: 'Nice set', tag: 'chat:a:b', url: '/chat' }])
  // Off screen (the phone locked, the app closed): the worker shows it.
  await page.goto('about:blank')
  await deliverUntilShown([rest], rest.tag)
  expect((await shown()).map((n) => n.title)).toEqual(expect.arrayContaining([notificationText.restOver]))
})

test('a subscription the browser renews keeps its device: the worker tells the server, name and kinds stay', async ({
  page,
  context,
  login,
}) => {
  await login({ role: 'client' })
  const { worker } = await appWithWorker({ page, context })
  const ecdhKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 9)]).toString('base64url')
  const keys = { p256dh: ecdhKey, auth: Buffer.alloc(16, 2).toString('base64url') }
  const before = `https://fcm.googleapis.com/fcm/send/e2e-before-${Date.now()}`
  const after = `https://fcm.googleapis.com/fcm/send/e2e-after-${Date.now()}`
  const subscribed = await page.request.post('/api/notifications/devices', {
    data: { endpoint: before, keys, label: 'Gym phone', kinds: ['comments'] },
  })
  expect(subscribed.status()).toBe(201)
  // The browser renews the subscription (a new endpoint) and fires the event in the worker.
  await worker.evaluate(
    ({ before, after, keys }) => {
      const event = Object.assign(new Event('pushsubscriptionchange'), {
        oldSubscription: { endpoint: before, options: { applicationServerKey: new Uint8Array(65) } },
        newSubscription: { toJSON: () => ({ endpoint: after, keys }) },
        waitUntil: () => {},
      })
      self.dispatchEvent(event)
    },
    { before, after, keys },
  )
  // One device, the same, now on the new endpoint (the server answers its hash, never the endpoint).
  const devices = async () =>
    ((await (await page.request.get('/api/notifications')).json()) as { devices: PushDevice[] }).devices
  await expect
    .poll(async () => (await devices()).map((d) => d.endpointHash))
    .toEqual([createHash('sha256').update(after).digest('hex')])
  expect(await devices()).toMatchObject([
    { id: ((await subscribed.json()) as { id: string }).id, label: 'Gym phone', kinds: ['comments'] },
  ])
})

test.describe('the notification settings on the account page', () => {
  for (const width of [1280, 360]) {
    test(`list the devices, change what one hears of, and keep quiet hours, at ${width} px`, async ({
      page,
      login,
    }) => {
      await page.setViewportSize({ width, height: 900 })
      await login({ role: 'client' })
      // A device as a phone's browser subscribes it (the test's Chromium reaches no push service).
      const ecdhKey = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url')
      const subscribed = await page.request.post('/api/notifications/devices', {
        data: {
          endpoint: `https://fcm.googleapis.com/fcm/send/e2e-${width}-${Date.now()}`,
          keys: { p256dh: ecdhKey, auth: Buffer.alloc(16, 1).toString('base64url') },
          label: 'Chrome on Android',
        },
      })
      expect(subscribed.status()).toBe(201)
      await page.goto('/account')
      const card = page.getByRole('heading', { name: notificationText.title }).locator('..').locator('..')
      await expect(card.getByRole('status')).toHaveText(notificationText.offHere)
      const phone = card.getByRole('listitem', { name: 'Chrome on Android' })
      await expect(phone.getByText(notificationText.neverSent)).toBeVisible()

      // What the phone hears of, of a lifter's kinds (a coach's own, of clients who missed, is not shown): chat off.
      const kinds = phone.getByRole('group', { name: notificationText.kindsLegend('Chrome on Android') })
      await expect(kinds.getByRole('checkbox')).toHaveCount(8)
      await expect(kinds.getByRole('checkbox', { name: notificationText.kinds.clientMissed })).toHaveCount(0)
      await kinds.getByRole('checkbox', { name: notificationText.kinds.chat }).uncheck()
      const kindsNow = async () =>
        (await (await page.request.get('/api/notifications')).json()).devices[0].kinds as string[]
      await expect.poll(kindsNow).not.toContain('chat')
      expect(await kindsNow()).toContain('clientMissed')

      // Quiet hours and the reminder, kept through a reload.
      const settings = card.getByRole('form', { name: notificationText.settingsTitle })
      await settings.getByRole('checkbox', { name: notificationText.quietHours }).check()
      await settings.getByLabel(notificationText.quietFrom).fill('21:30')
      await settings.getByLabel(notificationText.quietUntil).fill('06:45')
      await settings.getByLabel(notificationText.reminder).fill('17:00')
      await settings.getByRole('button', { name: notificationText.save }).click()
      await expect(page.getByText(notificationText.saved)).toBeVisible()
      // Not over a button: axe reads colours as they are at rest.
      await page.mouse.move(0, 0)
      await expectAccessible(page, `the notification settings at ${width} px`)
      await page.reload()
      await expect(settings.getByLabel(notificationText.quietFrom)).toHaveValue('21:30')
      await expect(settings.getByLabel(notificationText.reminder)).toHaveValue('17:00')

      // Stopping the phone takes it off the list.
      await phone.getByRole('button', { name: notificationText.removeDevice('Chrome on Android') }).click()
      await expect(phone).toHaveCount(0)
    })
  }
})
