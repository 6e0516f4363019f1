import { Hono } from 'hono'
import * as z from 'zod/mini'
import type { AppEnv } from '../../context.ts'
import { validate } from '../../lib/validate.ts'
import { requireProfile } from '../../middleware/session.ts'
import { archiveClient, listActiveClients } from './clients.service.ts'

const ClientParam = z.object({ clientId: z.string().check(z.minLength(1), z.maxLength(64)) })

export const clientsRoutes = new Hono<AppEnv>()
  .use(requireProfile('coach'))
  .get('/', async (c) => c.json(await listActiveClients(c.var.db, c.var.profile)))
  .post('/:clientId/archive', validate('param', ClientParam), async (c) => {
    await archiveClient(c.var.db, c.var.profile, c.req.valid('param').clientId)
    return c.body(null, 204)
  })
