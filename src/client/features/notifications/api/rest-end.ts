import { apiPaths } from '#shared/api-paths.ts'
import type { RestEndInput } from '#shared/schemas/notifications.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { findThisDevice } from './this-device.ts'

/** This browser's device id, looked up once a page (null: no notifications here). */
let thisDevice: Promise<string | null> | null = null
const deviceId = () =>
  (thisDevice ??= findThisDevice()
    .then((found) => (found?.device?.kinds.includes('restTimer') ? found.device.id : null))
    .catch(() => null))

/**
 * Has the server tell this device when the rest it is timing ends, so that a lifter who locked
 * the screen hears of it (the open app beeps itself: the service worker then shows nothing). Best
 * effort: with no signal, or notifications off here, the screen's own timer is all there is.
 */
export function tellRestEnd(rest: RestEndInput): void {
  void deviceId().then(async (id) => {
    if (!id) return
    await apiRequest(apiPaths.notifications.rest(id), { method: 'PUT', body: rest }).catch(() => {
      thisDevice = null
    })
  })
}

/** The rest was skipped: its end is not told. */
export function forgetRestEnd(): void {
  void deviceId().then(async (id) => {
    if (id) await apiRequest(apiPaths.notifications.rest(id), { method: 'DELETE' }).catch(() => undefined)
  })
}
