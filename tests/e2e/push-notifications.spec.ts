import { expect, test } from './fixtures.ts'

/** The parts of a service worker's global scope the test uses (the e2e types know the page's only). */
type WorkerScope = {
  registration: { getNotifications: () => Promise<Notification[]> }
  dispatchEvent: (event: Event) => boolean
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event
}

/**
 * Push notifications in the service worker (public/push-handler.js): Chromium's DevTools protocol
 * delivers a push message as a push service would, and the test reads the notification the worker
 * shows, then taps it (a notificationclick in the worker).
 */
test('a push shows a notification, and a tap opens its screen', async ({ page, context, login }) => {
  await context.grantPermissions(['notifications'])
  await login({ role: 'client' })
  await page.goto('/home')
  // A drawn page starts its app (and the worker) once the visitor acts.
  await page.keyboard.press('Tab')
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  // Controlled by the worker, as an installed app's pages are.
  await page.reload()
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)

  const cdp = await context.newCDPSession(page)
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted)
      if (found) resolve(found.registrationId)
    }),
  )
  await cdp.send('ServiceWorker.enable')
  const registrationId = await registered
  const origin = new URL(page.url()).origin
  const payload = {
    title: 'Coach Carla',
    body: '2 new messages. The latest: Send me a video',
    url: '/chat',
    tag: 'chat:a:b',
    kind: 'chat',
  }
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(payload) })

  const [worker] = context.serviceWorkers()
  if (!worker) throw new Error('no service worker')
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
  await expect.poll(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: '/chat' }])

  // A tap on it opens the chat in the app's window.
  await worker.evaluate(async () => {
    const sw = self as unknown as WorkerScope
    const [notification] = await sw.registration.getNotifications()
    if (notification) sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }))
  })
  await expect(page).toHaveURL((url) => url.pathname === '/chat')
  await expect.poll(shown).toEqual([])
})
