import { createHash } from 'node:crypto'
import { and, count, eq, inArray } from 'drizzle-orm'
import {
  minutesOf,
  NOTIFICATION_KINDS,
  notificationText,
  PUSH_SUBSCRIPTIONS_PER_USER,
  REST_MAX_MINUTES,
  timeOf,
  type NotificationKind,
  type NotificationSettings,
  type PushDevice,
  type PushSetup,
  type PushSubscriptionInput,
  type RestEndInput,
} from '#shared/schemas/notifications.ts'
import { paths } from '#shared/paths.ts'
import type { Db } from '#server/db/client.ts'
import { profiles, pushSubscriptions, reminderChecks } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { enqueueNotification, withdrawNotification } from './notifications.service.ts'
import { isAllowedPushEndpoint } from './push-endpoints.ts'
import { sendPush } from './push-sender.ts'
import type { PushConfig } from './push-config.ts'

type Row = typeof pushSubscriptions.$inferSelect
const toDevice = (row: Row): PushDevice => ({
  id: row.id,
  label: row.label,
  kinds: row.kinds,
  createdAt: row.createdAt.toISOString(),
  lastSentAt: row.lastSentAt?.toISOString() ?? null,
  lastError: row.lastError,
  endpointHash: createHash('sha256').update(row.endpoint).digest('hex'),
})

const onlyKinds = (kinds: readonly NotificationKind[]) => [...new Set(kinds)]

export async function notificationSetup(db: Db, userId: string, push: PushConfig): Promise<PushSetup> {
  const [devices, [profile]] = await Promise.all([
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(pushSubscriptions.createdAt),
    db
      .select({
        quietHoursStart: profiles.quietHoursStart,
        quietHoursEnd: profiles.quietHoursEnd,
        workoutReminderMinute: profiles.workoutReminderMinute,
      })
      .from(profiles)
      .where(eq(profiles.id, userId)),
  ])
  const start = profile?.quietHoursStart ?? null
  const end = profile?.quietHoursEnd ?? null
  return {
    publicKey: push.vapid.publicKey,
    devices: devices.map(toDevice),
    settings: {
      quietHours: start !== null && end !== null ? { start: timeOf(start), end: timeOf(end) } : null,
      workoutReminder: profile?.workoutReminderMinute != null ? timeOf(profile.workoutReminderMinute) : null,
    },
  }
}

/**
 * Keeps a person's quiet hours and reminder time. A new reminder time is looked into afresh today
 * (a reminder already made for today is not made again).
 */
export async function saveNotificationSettings(db: Db, userId: string, settings: NotificationSettings): Promise<void> {
  await db
    .update(profiles)
    .set({
      quietHoursStart: settings.quietHours ? minutesOf(settings.quietHours.start) : null,
      quietHoursEnd: settings.quietHours ? minutesOf(settings.quietHours.end) : null,
      workoutReminderMinute: settings.workoutReminder ? minutesOf(settings.workoutReminder) : null,
    })
    .where(eq(profiles.id, userId))
  await db
    .delete(reminderChecks)
    .where(and(eq(reminderChecks.userId, userId), inArray(reminderChecks.kind, ['workoutReminder', 'missedWorkout'])))
}

/**
 * Keeps this device's push subscription for the signed-in person. Subscribing the same endpoint
 * again (a browser renews its keys) updates it; an endpoint another account subscribed moves to
 * this one, as the browser now belongs to whoever signed in on it.
 */
export async function subscribeDevice(
  db: Db,
  userId: string,
  input: PushSubscriptionInput,
  allowedHosts: readonly string[],
): Promise<PushDevice> {
  if (!isAllowedPushEndpoint(input.endpoint, allowedHosts))
    throw new AppError('VALIDATION_FAILED', {
      message: 'Invalid input',
      fields: { endpoint: [notificationText.endpointInvalid] },
    })
  return db.transaction(async (tx) => {
    // The browser replaced its subscription (a new endpoint): the device it was keeps its name and
    // kinds, and moves to the new endpoint, unless that one is stored already.
    if (input.replaces && input.replaces !== input.endpoint) {
      const [taken] = await tx
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, input.endpoint))
      const [moved] = taken
        ? []
        : await tx
            .update(pushSubscriptions)
            .set({ endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, lastError: null })
            .where(and(eq(pushSubscriptions.endpoint, input.replaces), eq(pushSubscriptions.userId, userId)))
            .returning()
      if (moved) return toDevice(moved)
    }
    const [held] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    const [existing] = await tx
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, input.endpoint))
    if (existing?.userId !== userId && (held?.n ?? 0) >= PUSH_SUBSCRIPTIONS_PER_USER)
      throw new AppError('CONFLICT', { message: notificationText.tooMany })
    const values = {
      userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: input.label ?? '',
      // A new device hears of every kind until its owner says otherwise.
      kinds: onlyKinds(input.kinds ?? NOTIFICATION_KINDS),
    }
    // The same person subscribing again (the browser renewed its keys) keeps the device's name and
    // kinds unless they are given; a device that moves to another person starts afresh.
    const renewed = existing?.userId === userId
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: renewed
          ? {
              p256dh: values.p256dh,
              auth: values.auth,
              lastError: null,
              ...(input.label !== undefined ? { label: values.label } : {}),
              ...(input.kinds ? { kinds: values.kinds } : {}),
            }
          : { ...values, lastError: null, lastSentAt: null, createdAt: new Date() },
      })
      .returning()
    if (!row) throw new Error('the push subscription was not stored')
    return toDevice(row)
  })
}

export async function updateDeviceKinds(
  db: Db,
  userId: string,
  id: string,
  kinds: readonly NotificationKind[],
): Promise<PushDevice> {
  const [row] = await db
    .update(pushSubscriptions)
    .set({ kinds: onlyKinds(kinds) })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning()
  if (!row) throw new AppError('NOT_FOUND', { message: notificationText.notFound })
  return toDevice(row)
}

export async function removeDevice(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id })
  if (removed.length === 0) throw new AppError('NOT_FOUND', { message: notificationText.notFound })
}

/**
 * Sends a test notification to one of the person's devices at once (quiet hours do not apply: they
 * asked for it), and says whether its push service took it. A device that is gone is forgotten.
 */
export async function testDevice(
  db: Db,
  userId: string,
  id: string,
  push: PushConfig,
): Promise<{ delivered: boolean; error: string | null }> {
  const [device] = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
  if (!device) throw new AppError('NOT_FOUND', { message: notificationText.notFound })
  const result = await sendPush(
    device,
    { title: notificationText.testTitle, body: notificationText.testBody, url: '/account', tag: 'test', kind: 'test' },
    push,
    'test',
  )
  if (result.outcome === 'gone') {
    await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id))
    return { delivered: false, error: notificationText.gone }
  }
  const error = result.outcome === 'failed' ? result.reason : null
  await db
    .update(pushSubscriptions)
    .set(error ? { lastError: error } : { lastError: null, lastSentAt: new Date() })
    .where(eq(pushSubscriptions.id, id))
  return { delivered: error === null, error }
}

/** One of the person's devices, or 404. */
async function ownDevice(db: Db, userId: string, id: string): Promise<void> {
  const [device] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
  if (!device) throw new AppError('NOT_FOUND', { message: notificationText.notFound })
}

const restGroup = (deviceId: string) => `restTimer:${deviceId}`

/**
 * A rest timed on this device ends at `endsAt`: the device is told then, with the screen locked
 * or the app closed (one rest per device: a new one replaces the one before).
 */
export async function scheduleRestEnd(
  db: Db,
  userId: string,
  deviceId: string,
  { endsAt, next, sessionId }: RestEndInput,
  now = new Date(),
): Promise<void> {
  const at = new Date(endsAt)
  // A clock a little behind the server's is fine; a rest that ended long ago, or hours away, is not a rest.
  if (at.getTime() < now.getTime() - 60_000 || at.getTime() > now.getTime() + REST_MAX_MINUTES * 60_000)
    throw new AppError('VALIDATION_FAILED', {
      message: notificationText.restTooFar,
      fields: { endsAt: [notificationText.restTooFar] },
    })
  await ownDevice(db, userId, deviceId)
  await enqueueNotification(db, {
    userId,
    deviceId,
    kind: 'restTimer',
    groupKey: restGroup(deviceId),
    title: notificationText.restOver,
    body: next ? notificationText.restNext(next) : notificationText.restNextUnknown,
    url: sessionId ? paths.client.session.getHref(sessionId) : paths.client.home.getHref(),
    dueAt: at,
    replaces: true,
  })
}

/** The rest was skipped, or the lifter is back in the app: its end is not told. */
export async function cancelRestEnd(db: Db, userId: string, deviceId: string): Promise<void> {
  await ownDevice(db, userId, deviceId)
  await withdrawNotification(db, userId, restGroup(deviceId))
}
