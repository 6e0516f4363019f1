import { apiRoutes } from '#shared/api-paths.ts'
import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { AppError } from '#server/lib/app-error.ts'

const route = apiRoutes.health

export const healthRoutes = new Hono<AppEnv>().get(
  route.check,
  doc({
    summary: 'Is the server up and its database reachable',
    response: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
  }),
  async (c) => {
    try {
      await c.var.db.execute(sql`select 1`)
    } catch (cause) {
      throw new AppError('UNAVAILABLE', { message: 'Database unreachable', cause })
    }
    return c.json({ status: 'ok', database: 'ok' })
  },
)
