import { Hono } from 'hono'
import type { AppEnv } from '#server/context.ts'
import { publicUrl } from '#server/env.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { createFeed, feedByAddress, feedStatus, revokeFeed } from './calendar.service.ts'

/**
 * The calendar feed: the signed-in user turns it on, makes a new address or turns it off; calendar
 * apps fetch `/:secret.ics` with no cookie, so the secret in the address is its only key.
 */
export const calendarRoutes = new Hono<AppEnv>()
  .get('/', requireProfile(), async (c) => c.json(await feedStatus(c.var.db, c.var.profile)))
  .post('/', requireProfile(), async (c) => c.json(await createFeed(c.var.db, c.var.profile, publicUrl(c.var.env)), 201))
  .delete('/', requireProfile(), async (c) => {
    await revokeFeed(c.var.db, c.var.profile)
    return c.body(null, 204)
  })
  .get('/:file', async (c) => {
    const ics = await feedByAddress(c.var.db, c.req.param('file'), publicUrl(c.var.env))
    return c.body(ics, 200, { 'Content-Type': 'text/calendar; charset=utf-8', 'Content-Disposition': 'inline; filename="coachline.ics"' })
  })
