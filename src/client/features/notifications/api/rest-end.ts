import { apiPaths } from '#shared/api-paths.ts'
import type { RestEndInput } from '#shared/schemas/notifications.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { findThisDevice } from './this-device.ts'

/** This browser's device id, once found (a failed or empty lookup is tried again at the next rest). */
let knownDevice: string | null = null
async function deviceId(): Promise<string | null> {
  if (knownDevice) return knownDevice
  const found = await findThisDevice().catch(() => null)
  knownDevice = found?.device?.kinds.includes('restTimer') ? found.device.id : null
  return knownDevice
}

/** The rest's calls, one after another: a skip never overtakes the start it undoes, nor an older end a newer. */
let queue: Promise<void> = Promise.resolve()
function inTurn(call: (id: string) => Promise<unknown>): void {
  queue = queue
    .then(async () => {
      const id = await deviceId()
      if (id) await call(id)
    })
    .catch(() => {
      // No signal, or the device is gone: the screen's own timer is all there is.
      knownDevice = null
    })
}

/**
 * Has the server tell this device when the rest it is timing ends, so that a lifter who locked
 * the screen hears of it (docs/notifications.md). Best effort: with no signal, or notifications
 * off here, the screen's own timer is all there is.
 */
export function tellRestEnd(rest: RestEndInput): void {
  inTurn((id) => apiRequest(apiPaths.notifications.rest(id), { method: 'PUT', body: rest }))
}

/** The rest was skipped, or its session left: its end is not told. */
export function forgetRestEnd(): void {
  inTurn((id) => apiRequest(apiPaths.notifications.rest(id), { method: 'DELETE' }))
}
