import { apiPaths } from '#shared/api-paths.ts'
import { PushSetupSchema, type PushDevice } from '#shared/schemas/notifications.ts'
import { apiRequest } from '#client/lib/api-client.ts'
import { currentSubscription, endpointHash } from '../push-subscription.ts'

/**
 * This browser's push subscription, and the person's device it is (found by its endpoint's hash,
 * which the server answers instead of the endpoint): null when the browser has no subscription,
 * a null device when the server does not know it or cannot be asked.
 */
export async function findThisDevice(): Promise<{ subscription: PushSubscription; device: PushDevice | null } | null> {
  const subscription = await currentSubscription()
  if (!subscription) return null
  const hash = await endpointHash(subscription.endpoint)
  const setup = await apiRequest(apiPaths.notifications.setup, { schema: PushSetupSchema }).catch(() => null)
  return { subscription, device: setup?.devices.find((d) => d.endpointHash === hash) ?? null }
}
