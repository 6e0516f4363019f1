import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

/**
 * The calendar feed (docs/calendar-feed.md): a secret address of the user's planned workouts that
 * calendar apps subscribe to. Only the secret's hash is stored, so the address is shown once,
 * when it is made.
 */

/** GET /api/calendar: whether the caller's feed is on, and since when. */
export const CalendarFeedStatusSchema = lazySchema(() =>
  z.object({ enabled: z.boolean(), createdAt: z.nullable(z.string()) }),
)
export type CalendarFeedStatus = z.infer<typeof CalendarFeedStatusSchema>

/** POST /api/calendar: a new address (the old one, if any, stops working). */
export const CalendarFeedAddressSchema = lazySchema(() =>
  z.object({
    /** The https:// (or http://) address to paste into a calendar app. */
    url: z.string(),
    /** The same address as webcal://, which calendar apps open as a subscription. */
    webcalUrl: z.string(),
    createdAt: z.string(),
  }),
)
export type CalendarFeedAddress = z.infer<typeof CalendarFeedAddressSchema>

export const calendarApiText = {
  notFound: 'No calendar feed at this address',
} as const
