import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { findThisDevice } from './this-device.ts'

/**
 * On sign-out: this browser stops receiving the account's notifications, so that whoever signs in
 * on it next never sees them. The server forgets the device and the browser ends its
 * subscription (a push service then answers 410 to anything still sent to it). Best effort: a
 * failure never holds the sign-out back.
 */
export async function forgetThisDevice(): Promise<void> {
  try {
    const found = await findThisDevice()
    if (!found) return
    if (found.device)
      await apiRequest(apiPaths.notifications.device(found.device.id), { method: 'DELETE' }).catch(() => undefined)
    await found.subscription.unsubscribe()
  } catch {
    // Nothing more to do: the sign-out goes on.
  }
}
