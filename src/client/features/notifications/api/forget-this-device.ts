import { apiPaths } from '#shared/api-paths.ts'
import { PushSetupSchema } from '#shared/schemas/notifications.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { endpointHash, pushSupport } from '../push-subscription.ts'

/**
 * On sign-out: this browser stops receiving the account's notifications, so that whoever signs in
 * on it next never sees them. The server forgets the device and the browser ends its
 * subscription (a push service then answers 410 to anything still sent to it). Best effort: a
 * failure never holds the sign-out back.
 */
export async function forgetThisDevice(): Promise<void> {
  if (pushSupport() === 'unsupported') return
  try {
    const registration = await navigator.serviceWorker.getRegistration()
    const subscription = await registration?.pushManager.getSubscription()
    if (!subscription) return
    const hash = await endpointHash(subscription.endpoint)
    const setup = await apiRequest(apiPaths.notifications.setup, { schema: PushSetupSchema }).catch(() => null)
    const device = setup?.devices.find((d) => d.endpointHash === hash)
    if (device) await apiRequest(apiPaths.notifications.device(device.id), { method: 'DELETE' }).catch(() => undefined)
    await subscription.unsubscribe()
  } catch {
    // Nothing more to do: the sign-out goes on.
  }
}
