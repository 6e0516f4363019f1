import { desc } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../../context.ts'
import { outboxMessages } from '../../db/schema/index.ts'

/** The development outbox, newest first. Mounted only without SMTP_URL, on a loopback host. */
export const outboxRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const rows = await c.var.db
    .select({
      id: outboxMessages.id,
      to: outboxMessages.to,
      subject: outboxMessages.subject,
      text: outboxMessages.text,
      html: outboxMessages.html,
      links: outboxMessages.links,
      createdAt: outboxMessages.createdAt,
    })
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt))
    .limit(200)
  return c.json(rows)
})
