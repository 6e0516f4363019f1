import { Hono } from 'hono'
import * as z from 'zod/mini'
import { AsOfQuery, DashboardQuery } from '#shared/schemas/clients.ts'
import type { AppEnv } from '#server/context.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { archiveClient, coachDashboard, listActiveClients } from './clients.service.ts'

const ClientParam = z.object({ clientId: z.string().check(z.minLength(1), z.maxLength(64)) })

export const clientsRoutes = new Hono<AppEnv>()
  .use(requireProfile('coach'))
  .get('/', validate('query', AsOfQuery), async (c) => c.json(await listActiveClients(c.var.db, c.var.profile, c.req.valid('query').today)))
  .get('/dashboard', validate('query', DashboardQuery), async (c) => c.json(await coachDashboard(c.var.db, c.var.profile, c.req.valid('query'))))
  .post('/:clientId/archive', validate('param', ClientParam), async (c) => {
    await archiveClient(c.var.db, c.var.profile, c.req.valid('param').clientId)
    return c.body(null, 204)
  })
