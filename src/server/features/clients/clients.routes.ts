import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  ActiveClientSchema,
  AsOfQuery,
  ClientSummarySchema,
  DashboardQuery,
  DashboardSchema,
} from '#shared/schemas/clients.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { archiveClient, clientSummary, coachDashboard, listActiveClients } from './clients.service.ts'

const route = apiRoutes.clients

const ClientParam = z.object({ clientId: z.string().check(z.minLength(1), z.maxLength(64)) })

export const clientsRoutes = new Hono<AppEnv>()
  .use(requireProfile('coach'))
  .get(
    route.list,
    doc({ summary: 'Your active clients', response: z.array(ActiveClientSchema) }),
    validate('query', AsOfQuery),
    async (c) => c.json(await listActiveClients(c.var.db, c.var.profile, c.req.valid('query').today)),
  )
  .get(
    route.dashboard,
    doc({ summary: 'The coach dashboard: clients needing you, adherence, recent activity', response: DashboardSchema }),
    validate('query', DashboardQuery),
    async (c) => c.json(await coachDashboard(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .get(
    route.one,
    doc({
      summary: 'One of your active clients: their figures and the size of their active plan',
      response: ClientSummarySchema,
    }),
    validate('param', ClientParam),
    validate('query', AsOfQuery),
    async (c) =>
      c.json(await clientSummary(c.var.db, c.var.profile, c.req.valid('param').clientId, c.req.valid('query').today)),
  )
  .post(
    route.archive,
    doc({ summary: 'End the coaching of a client (the link is archived)', status: 204 }),
    validate('param', ClientParam),
    async (c) => {
      await archiveClient(c.var.db, c.var.profile, c.req.valid('param').clientId)
      return c.body(null, 204)
    },
  )
