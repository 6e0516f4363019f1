import { Hono } from 'hono'
import type { AppEnv } from '../../context.ts'
import { requireProfile } from '../../middleware/session.ts'
import { listActiveClients } from './clients.service.ts'

export const clientsRoutes = new Hono<AppEnv>().get('/', requireProfile('coach'), async (c) => c.json(await listActiveClients(c.var.db, c.var.profile)))
