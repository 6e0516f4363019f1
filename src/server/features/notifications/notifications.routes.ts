import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  NotificationSettingsSchema,
  PushDeviceSchema,
  PushDeviceUpdateBody,
  PushSetupSchema,
  PushSubscriptionBody,
  PushTestResultSchema,
  RestEndBody,
} from '#shared/schemas/notifications.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile, requireSignInSession } from '#server/middleware/sign-in.ts'
import {
  cancelRestEnd,
  notificationSetup,
  removeDevice,
  saveNotificationSettings,
  scheduleRestEnd,
  subscribeDevice,
  testDevice,
  updateDeviceKinds,
} from './push-devices.service.ts'

const route = apiRoutes.notifications

const IdParam = z.object({ id: z.uuid('Not a device id') })

/**
 * The signed-in person's push notifications (docs/notifications.md): the devices that receive them
 * and the kinds each hears of, quiet hours and the workout reminder. Subscribing a device needs a
 * sign-in session: a device would go on receiving what a leaked API token could never read again.
 */
export const notificationsRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(
    route.setup,
    doc({
      summary: 'Your notification devices and settings, and the server’s VAPID public key',
      response: PushSetupSchema,
    }),
    async (c) => c.json(await notificationSetup(c.var.db, c.var.user.id, c.var.push)),
  )
  .put(
    route.settings,
    doc({
      summary: 'Set your quiet hours and when today’s workout is announced',
      response: NotificationSettingsSchema,
    }),
    validate('json', NotificationSettingsSchema),
    async (c) => {
      const settings = c.req.valid('json')
      await saveNotificationSettings(c.var.db, c.var.user.id, settings)
      return c.json(settings)
    },
  )
  .post(
    route.devices,
    doc({
      summary: 'Subscribe this browser to push notifications (its PushSubscription, a name, the kinds it hears of)',
      response: PushDeviceSchema,
      status: 201,
    }),
    requireSignInSession,
    validate('json', PushSubscriptionBody),
    async (c) =>
      c.json(await subscribeDevice(c.var.db, c.var.user.id, c.req.valid('json'), c.var.push.extraHosts), 201),
  )
  .patch(
    route.device,
    doc({ summary: 'Choose the kinds of notification a device hears of', response: PushDeviceSchema }),
    validate('param', IdParam),
    validate('json', PushDeviceUpdateBody),
    async (c) =>
      c.json(await updateDeviceKinds(c.var.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json').kinds)),
  )
  .delete(
    route.device,
    doc({ summary: 'Stop sending notifications to a device', status: 204 }),
    validate('param', IdParam),
    async (c) => {
      await removeDevice(c.var.db, c.var.user.id, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
  .post(
    route.test,
    doc({
      summary: 'Send a test notification to a device now, and hear whether its push service took it',
      response: PushTestResultSchema,
    }),
    validate('param', IdParam),
    async (c) => c.json(await testDevice(c.var.db, c.var.user.id, c.req.valid('param').id, c.var.push)),
  )
  .put(
    route.rest,
    doc({
      summary: 'Tell this device when the rest it is timing ends, even with its screen locked (one rest per device)',
      status: 204,
    }),
    validate('param', IdParam),
    validate('json', RestEndBody),
    async (c) => {
      await scheduleRestEnd(c.var.db, c.var.user.id, c.req.valid('param').id, c.req.valid('json'))
      return c.body(null, 204)
    },
  )
  .delete(
    route.rest,
    doc({ summary: 'The rest this device timed was skipped: its end is not told', status: 204 }),
    validate('param', IdParam),
    async (c) => {
      await cancelRestEnd(c.var.db, c.var.user.id, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
