// Push notifications (docs/notifications.md), in the service worker: shows what the server sent,
// opens its screen on a tap, and keeps the subscription when the browser renews it. The service
// worker that vite-plugin-pwa builds loads this file (workbox.importScripts in vite.config.ts).
/* global self */

self.addEventListener('push', (event) => {
  let payload = null
  try {
    payload = event.data ? event.data.json() : null
  } catch {
    payload = null
  }
  if (!payload || typeof payload.title !== 'string') return
  event.waitUntil(
    (async () => {
      // The end of a rest while the app is on screen: its own timer beeps already. A push must
      // still show a notification (Safari ends a subscription whose pushes show none), so this
      // one is silent and closed at once.
      const quiet = payload.kind === 'restTimer' && (await appOnScreen())
      await Promise.all([
        self.registration.showNotification(payload.title, {
          body: payload.body,
          tag: payload.tag,
          // A newer notification of one conversation replaces the older, and still tells.
          renotify: Boolean(payload.tag) && !quiet,
          silent: quiet,
          icon: '/icon-192.png',
          vibrate: payload.kind === 'restTimer' && !quiet ? [200, 100, 200] : undefined,
          data: { url: payload.url },
        }),
        showCount(payload.badge),
      ])
      if (quiet) {
        const shown = await self.registration.getNotifications({ tag: payload.tag })
        for (const notification of shown) notification.close()
      }
    })(),
  )
})

async function appOnScreen() {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  return windows.some((client) => client.visibilityState === 'visible')
}

// The count of unread messages and comments on the app's icon, where the device shows one
// (the Badging API: an installed app on Chrome, Edge and Safari).
async function showCount(count) {
  if (typeof count !== 'number' || !('setAppBadge' in self.navigator)) return
  try {
    await (count > 0 ? self.navigator.setAppBadge(count) : self.navigator.clearAppBadge())
  } catch {
    // A device that refuses a count shows the notification all the same.
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin)
  // Only the app's own screens.
  if (url.origin !== self.location.origin) return
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      for (const client of windows) {
        if (new URL(client.url).origin !== url.origin) continue
        try {
          const opened = await client.navigate(url.href)
          await (opened ?? client).focus()
          return
        } catch {
          // Not this worker's page yet: a new window below.
        }
      }
      await self.clients.openWindow(url.href)
    })(),
  )
})

// The browser renewed the subscription (new keys or endpoint): the server moves the device to it.
self.addEventListener('pushsubscriptionchange', (event) => {
  const key = event.oldSubscription?.options?.applicationServerKey
  if (!key) return
  event.waitUntil(
    (async () => {
      const subscription =
        event.newSubscription ??
        (await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }))
      await fetch('/api/notifications/devices', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        // The device the old subscription was keeps its name and kinds on the new one.
        body: JSON.stringify({ ...subscription.toJSON(), replaces: event.oldSubscription.endpoint }),
      })
    })(),
  )
})
