import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { DEVICE_LABEL_MAX, PUSH_ENDPOINT_MAX, type NotificationKind } from '#shared/schemas/notifications.ts'
import { users } from './auth.ts'
import { createdAt } from './columns.ts'

/**
 * A device that receives Web Push notifications (docs/notifications.md): the browser's push
 * subscription (its push service's endpoint and the keys that encrypt what is sent to it), and
 * the kinds of notification this device is to hear of. An endpoint belongs to one person: a
 * device subscribed again by someone else moves to them.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull().default(''),
    kinds: text('kinds').array().$type<NotificationKind[]>().notNull(),
    createdAt: createdAt(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    /** Why the last send failed, for the settings screen; cleared by a send that worked. */
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    check(
      'push_subscriptions_endpoint_length',
      sql`char_length(${t.endpoint}) <= ${sql.raw(String(PUSH_ENDPOINT_MAX))}`,
    ),
    check('push_subscriptions_label_length', sql`char_length(${t.label}) <= ${sql.raw(String(DEVICE_LABEL_MAX))}`),
  ],
)

/**
 * Notifications waiting to be sent, and those sent (kept five weeks, so that one meant once is never
 * made twice). A server claims due rows with SKIP LOCKED and a lease (`claimed_until`), so several
 * servers never send one twice, and a server that stops mid-send leaves its rows to the others
 * once the lease ends.
 *
 * - `group_key`: rows for one person with the same key merge while unsent (a burst of chat messages
 *   is one notification, its `count` growing).
 * - `once_key`: a row that must exist once ever (today's workout reminder of one date).
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** For one device only (the phone timing a rest), instead of every device that hears of the kind. */
    deviceId: uuid('device_id').references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    groupKey: text('group_key').notNull(),
    onceKey: text('once_key'),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url').notNull(),
    count: integer('count').notNull().default(1),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** How many of the person's devices took it; 0 when none could be reached. */
    delivered: integer('delivered'),
    /**
     * Sent, but no device of the person's could be reached (they have none, or every one that
     * hears of its kind failed): the unread-messages email tells of it, unless it is seen first.
     */
    emailDue: boolean('email_due').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_outbox_pending_group')
      .on(t.userId, t.groupKey)
      .where(sql`${t.sentAt} is null`),
    uniqueIndex('push_outbox_once').on(t.userId, t.onceKey),
    index('push_outbox_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} is null`),
    index('push_outbox_email_idx')
      .on(t.sentAt)
      .where(sql`${t.emailDue}`),
    index('push_outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
)

/**
 * The date, in the person's time zone, on which a reminder of one kind was last looked into for
 * them (today's workout, yesterday's missed one, clients who missed two): the sweep looks at each
 * person once a day per kind, whether or not it found anything to tell.
 */
export const reminderChecks = pgTable(
  'reminder_checks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    checkedOn: date('checked_on').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)
