import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

/**
 * What a push notification is about. A person turns each kind on or off per device: a phone may
 * hear of every chat message while the laptop hears of nothing.
 */
export const NOTIFICATION_KINDS = [
  'comments',
  'chat',
  'plans',
  'progression',
  'workoutReminder',
  'missedWorkout',
  'clientMissed',
  'restTimer',
  'checkIns',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** The kinds that can reach a coach, and a lifter: the settings show each person theirs. */
export const notificationKindsFor = (role: 'coach' | 'client'): readonly NotificationKind[] =>
  role === 'coach'
    ? ['comments', 'chat', 'clientMissed', 'checkIns']
    : NOTIFICATION_KINDS.filter((kind) => kind !== 'clientMissed')

export const PUSH_ENDPOINT_MAX = 2048
export const DEVICE_LABEL_MAX = 100
/** How many devices one account may have subscribed at once (each costs a request per notification). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 20
/** The longest rest whose end a device is told of. */
export const REST_MAX_MINUTES = 60

export const notificationText = {
  kinds: {
    comments: 'Comments on your training',
    chat: 'Chat messages',
    plans: 'A plan assigned or changed',
    progression: 'Progression changes approved',
    workoutReminder: 'Today’s workout',
    missedWorkout: 'A missed workout',
    clientMissed: 'A client who missed workouts',
    restTimer: 'The end of a rest, with the screen locked',
    checkIns: 'Check-ins: one due, and comments on them',
  } satisfies Record<NotificationKind, string>,
  endpointInvalid: 'The push endpoint must be an https address of a browser’s push service',
  endpointTooLong: `A push endpoint is at most ${PUSH_ENDPOINT_MAX} characters`,
  keyInvalid: 'The subscription’s keys are not valid (p256dh: a P-256 public key, auth: 16 bytes, in base64url)',
  labelTooLong: `A device name is at most ${DEVICE_LABEL_MAX} characters`,
  kindInvalid: 'Unknown kind of notification',
  tooMany: `An account may have at most ${PUSH_SUBSCRIPTIONS_PER_USER} devices subscribed: remove one first`,
  notFound: 'No such device',
  testTitle: 'Notifications reach this device',
  testBody: 'This is the test you asked for. You will hear of your training here.',
  gone: 'This device’s subscription has ended: turn notifications on again',
  timeInvalid: 'A time is HH:MM, from 00:00 to 23:59',
  // What notifications say, and why a send failed.
  commented: (author: string) => `${author} commented on your workout`,
  replied: (author: string) => `${author} replied on their workout`,
  newMessage: 'New message',
  manyMessages: (count: number, latest: string) => `${count} new messages. The latest: ${latest}`,
  manyUpdates: (count: number, latest: string) => `${count} updates. The latest: ${latest}`,
  checkInDue: (name: string) => `Check-in due: ${name}`,
  checkInDueBody: 'Tap to fill it in. Your answers are kept as you go.',
  checkInCommented: (author: string) => `${author} commented on your check-in`,
  checkInReplied: (author: string) => `${author} replied on their check-in`,
  planAssigned: (coach: string) => `${coach} assigned you a plan`,
  planAssignedBody: (plan: string, start: string) => `${plan} starts ${start}. Tap to see it.`,
  planChanged: (coach: string) => `${coach} changed your plan`,
  planChangedBody: (plan: string) => `${plan} has changes. Tap to see what is next.`,
  progressionApproved: (coach: string) => `${coach} approved new targets`,
  progressionApprovedBody: (count: number, plan: string) =>
    count === 1
      ? `An exercise of ${plan} has new targets from your next workout.`
      : `${count} exercises of ${plan} have new targets from your next workout.`,
  restOver: 'Rest is over',
  restNext: (next: string) => `Next: ${next}`,
  restNextUnknown: 'Time for your next set.',
  restTooFar: `A rest ends within ${REST_MAX_MINUTES} minutes from now`,
  restNextTooLong: `What comes next is at most ${DEVICE_LABEL_MAX} characters`,
  todayTitle: (workout: string) => `Today: ${workout}`,
  todayBody: (more: number) =>
    more > 0
      ? `Your plan has ${more + 1} workouts for today. Tap to see them and start.`
      : 'Your workout is planned for today. Tap to see it and start.',
  missedTitle: (workout: string) => `${workout} is still waiting`,
  missedBody: 'It was planned for yesterday. Do it today, or move it on your plan.',
  clientMissedTitle: (client: string) => `${client} missed two workouts in a row`,
  clientMissedBody: (first: string, second: string) =>
    `${first} and ${second} were not done. A word from you may help.`,
  serviceAnswered: (status: number) => `the push service answered ${status}`,
  unreachable: 'the push service could not be reached',
  loadFailed: 'The notification settings could not be loaded. Try again.',
  unnamedDevice: 'A device',
  unnamedCoach: 'Your coach',
  unnamedClient: 'A client',
  title: 'Notifications',
  description: 'Hear of comments, messages and your training on this device, even with the app closed.',
  turnOn: 'Turn on notifications on this device',
  turningOn: 'Turning on…',
  onHere: 'Notifications reach this device.',
  offHere: 'Notifications are off on this device.',
  blocked: 'This browser blocks notifications from Coachline: allow them in its site settings, then turn them on here.',
  unsupported:
    'This browser cannot receive notifications. On an iPhone or iPad, add Coachline to the Home Screen (Share, then Add to Home Screen) and open it from there.',
  turnOnFailed: 'Could not turn notifications on',
  devices: 'Devices that receive notifications',
  thisDevice: 'This device',
  kindsLegend: (device: string) => `What ${device} hears of`,
  test: 'Send a test',
  testTo: (device: string) => `Send a test notification to ${device}`,
  testSent: 'Test sent: it should appear on the device in a moment',
  testFailed: 'The test did not reach the device',
  remove: 'Remove',
  removeDevice: (device: string) => `Remove ${device}`,
  removed: 'Notifications stopped on that device',
  lastSent: (when: string) => `Last reached ${when}`,
  neverSent: 'Not reached yet',
  settingsTitle: 'Quiet hours and reminders',
  quietHours: 'Quiet hours',
  quietHoursHint: 'Nothing arrives between these times (your time zone); it waits until they end.',
  quietFrom: 'From',
  quietUntil: 'Until',
  reminder: 'Announce today’s workout at',
  reminderHint:
    'On your training days; a missed workout is told of at this time the next morning (at 08:00 without one). Leave empty for no reminder.',
  save: 'Save',
  saved: 'Notification settings saved',
  saveFailed: 'Could not save the notification settings',
  quietHoursEqual: 'Quiet hours must start and end at different times',
} as const

const TimeOfDay = z
  .string(notificationText.timeInvalid)
  .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, notificationText.timeInvalid))

/** When a person is not to be disturbed, and when today's workout is announced, in their own time zone. */
export const NotificationSettingsSchema = lazySchema(() =>
  z.object({
    quietHours: z.nullable(
      z
        .object({ start: TimeOfDay, end: TimeOfDay })
        .check(
          z.refine((hours) => hours.start !== hours.end, { message: notificationText.quietHoursEqual, path: ['end'] }),
        ),
    ),
    workoutReminder: z.nullable(TimeOfDay),
  }),
)
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>

/** 22:30 as 1350 minutes after midnight, and back. */
export const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5))
export const timeOf = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

const base64url = (bytes: number) =>
  z.string(notificationText.keyInvalid).check(
    z.regex(/^[\w-]+={0,2}$/, notificationText.keyInvalid),
    z.refine((value) => base64urlLength(value) === bytes, notificationText.keyInvalid),
  )

/** How many bytes a base64url text decodes to (padding allowed). */
function base64urlLength(value: string): number {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0
  return Math.floor(((value.length - padding) * 3) / 4)
}

const Kinds = z
  .array(z.enum(NOTIFICATION_KINDS, notificationText.kindInvalid))
  .check(z.maxLength(NOTIFICATION_KINDS.length))

/** A browser's PushSubscription as `subscription.toJSON()` gives it, with this device's name and kinds. */
export const PushSubscriptionBody = lazySchema(() =>
  z.object({
    endpoint: z
      .string(notificationText.endpointInvalid)
      .check(z.maxLength(PUSH_ENDPOINT_MAX, notificationText.endpointTooLong), z.url(notificationText.endpointInvalid)),
    keys: z.object({ p256dh: base64url(65), auth: base64url(16) }, notificationText.keyInvalid),
    label: z.optional(z.string().check(z.trim(), z.maxLength(DEVICE_LABEL_MAX, notificationText.labelTooLong))),
    kinds: z.optional(Kinds),
    /** The endpoint of the subscription this one replaces (the browser renewed it): its device moves here. */
    replaces: z.optional(
      z
        .string(notificationText.endpointInvalid)
        .check(
          z.maxLength(PUSH_ENDPOINT_MAX, notificationText.endpointTooLong),
          z.url(notificationText.endpointInvalid),
        ),
    ),
  }),
)
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionBody>

/** A rest being timed on this device: when it ends, and what comes next ("Back squat, set 3"). */
export const RestEndBody = lazySchema(() =>
  z.object({
    endsAt: z.iso.datetime({ offset: true, error: notificationText.restTooFar }),
    /** The session the rest is in: a tap opens it. */
    sessionId: z.optional(z.uuid('Not a session id')),
    next: z.optional(
      z.nullable(z.string().check(z.trim(), z.maxLength(DEVICE_LABEL_MAX, notificationText.restNextTooLong))),
    ),
  }),
)
export type RestEndInput = z.infer<typeof RestEndBody>

export const PushDeviceUpdateBody = lazySchema(() => z.object({ kinds: Kinds }))

/** What a test notification sent to one device came to: taken by its push service, or why not. */
export const PushTestResultSchema = lazySchema(() =>
  z.object({ delivered: z.boolean(), error: z.nullable(z.string()) }),
)

/** A device of the signed-in person that receives notifications (never its keys). */
export const PushDeviceSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    kinds: z.array(z.enum(NOTIFICATION_KINDS)),
    createdAt: z.string(),
    lastSentAt: z.nullable(z.string()),
    lastError: z.nullable(z.string()),
    /** The SHA-256 of the device's endpoint, in hex: a browser finds its own device by it (the endpoint is never answered). */
    endpointHash: z.string(),
  }),
)
export type PushDevice = z.infer<typeof PushDeviceSchema>

export const PushSetupSchema = lazySchema(() =>
  z.object({
    /** The server's VAPID public key, for `pushManager.subscribe({ applicationServerKey })`. */
    publicKey: z.string(),
    devices: z.array(PushDeviceSchema),
    settings: NotificationSettingsSchema,
  }),
)
export type PushSetup = z.infer<typeof PushSetupSchema>

/** What the service worker receives in a push: shown as a notification that opens `url` on a tap. */
export type PushPayload = {
  title: string
  body: string
  url: string
  /** Notifications with one tag replace each other on the device (one per conversation, say). */
  tag: string
  kind: NotificationKind | 'test'
  /** Messages and comments unread for the person, for the app's icon where the device shows a count. */
  badge?: number
}
