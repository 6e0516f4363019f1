import webpush from 'web-push'
import { notificationText, type PushPayload } from '#shared/schemas/notifications.ts'
import type { PushConfig } from './push-config.ts'

export type Device = { endpoint: string; p256dh: string; auth: string }

/** What became of one send: taken by the push service, gone for good (404/410), or failed for now. */
export type SendResult = { outcome: 'sent' } | { outcome: 'gone' } | { outcome: 'failed'; reason: string }

/** How long a push service keeps a notification for a device that is off: a day. */
const TTL_SECONDS = 24 * 60 * 60
const TIMEOUT_MS = 10_000

/**
 * Sends one notification to one device, encrypted for it (RFC 8291) and signed with the server's
 * VAPID key (RFC 8292), with web-push. `topic` lets the push service replace an undelivered
 * earlier copy of the same notification rather than deliver both.
 */
export async function sendPush(
  device: Device,
  payload: PushPayload,
  push: PushConfig,
  topic: string,
): Promise<SendResult> {
  try {
    await webpush.sendNotification(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: push.vapid,
        ...(push.agent ? { agent: push.agent } : {}),
        TTL: TTL_SECONDS,
        urgency: payload.kind === 'test' || payload.kind === 'chat' ? 'high' : 'normal',
        topic,
        timeout: TIMEOUT_MS,
      },
    )
    return { outcome: 'sent' }
  } catch (error) {
    if (error instanceof webpush.WebPushError) {
      if (error.statusCode === 404 || error.statusCode === 410) return { outcome: 'gone' }
      return { outcome: 'failed', reason: notificationText.serviceAnswered(error.statusCode) }
    }
    // Never the network's own error text: it would tell a caller about the server's surroundings.
    return { outcome: 'failed', reason: notificationText.unreachable }
  }
}
