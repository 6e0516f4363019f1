import { desc } from 'drizzle-orm'
import { Hono } from 'hono'
import { apiRoutes } from '#shared/api-paths.ts'
import type { AppEnv } from '#server/context.ts'
import { outboxMails } from '#server/db/schema/index.ts'

/** The development outbox, newest first. Mounted only without SMTP_URL, on a loopback host. */
export const outboxRoutes = new Hono<AppEnv>().get(apiRoutes.dev.outbox, async (c) => {
  const rows = await c.var.db
    .select({
      id: outboxMails.id,
      to: outboxMails.to,
      subject: outboxMails.subject,
      text: outboxMails.text,
      html: outboxMails.html,
      links: outboxMails.links,
      createdAt: outboxMails.createdAt,
    })
    .from(outboxMails)
    .orderBy(desc(outboxMails.createdAt))
    .limit(200)
  return c.json(rows)
})
