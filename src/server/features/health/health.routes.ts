import { sql } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '#server/context.ts'
import { AppError } from '#server/lib/app-error.ts'

export const healthRoutes = new Hono<AppEnv>().get('/', async (c) => {
  try {
    await c.var.db.execute(sql`select 1`)
  } catch (cause) {
    throw new AppError('UNAVAILABLE', { message: 'Database unreachable', cause })
  }
  return c.json({ status: 'ok', database: 'ok' })
})
