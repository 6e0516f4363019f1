import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import { CalendarFeedAddressSchema, CalendarFeedStatusSchema } from '#shared/schemas/calendar.ts'
import type { AppEnv } from '#server/context.ts'
import { publicUrl } from '#server/lib/env.ts'
import { doc } from '#server/lib/api-doc.ts'
import { requireProfile, requireSignInSession } from '#server/middleware/sign-in.ts'
import { createFeed, feedByAddress, feedStatus, revokeFeed } from './calendar.service.ts'

const route = apiRoutes.calendar

/**
 * The calendar feed: the signed-in user turns it on, makes a new address or turns it off; calendar
 * apps fetch `/:secret.ics` with no cookie, so the secret in the address is its only key. That
 * address outlives any API token, so only a sign-in session makes, replaces or removes it.
 */
export const calendarRoutes = new Hono<AppEnv>()
  .get(
    route.own,
    doc({ summary: 'Whether your calendar feed is on', response: CalendarFeedStatusSchema }),
    requireProfile(),
    async (c) => c.json(await feedStatus(c.var.db, c.var.profile)),
  )
  .post(
    route.own,
    doc({
      summary: 'Turn your calendar feed on, or make it a new address (the old one stops working)',
      response: CalendarFeedAddressSchema,
      status: 201,
    }),
    requireSignInSession,
    requireProfile(),
    async (c) => c.json(await createFeed(c.var.db, c.var.profile, publicUrl(c.var.env)), 201),
  )
  .delete(
    route.own,
    doc({ summary: 'Turn your calendar feed off: its address answers 404', status: 204 }),
    requireSignInSession,
    requireProfile(),
    async (c) => {
      await revokeFeed(c.var.db, c.var.profile)
      return c.body(null, 204)
    },
  )
  .get(
    route.feed,
    doc({ summary: 'The calendar feed (text/calendar, RFC 5545): the secret address is its only key' }),
    async (c) => {
      const ics = await feedByAddress(c.var.db, c.req.param('file'), publicUrl(c.var.env))
      return c.body(ics, 200, {
        'Content-Type': 'text/calendar; charset=utf-8',
        'Content-Disposition': 'inline; filename="coachline.ics"',
      })
    },
  )
