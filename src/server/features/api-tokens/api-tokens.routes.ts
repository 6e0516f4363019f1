import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { ApiTokenSchema, CreateApiTokenBody, CreatedApiTokenSchema } from '#shared/schemas/api-tokens.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { requireSignInSession } from '#server/middleware/sign-in.ts'
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts'

const route = apiRoutes.tokens

const IdParam = z.object({ id: z.uuid('Not a token id') })

/** The signed-in user's personal API tokens; only a sign-in session manages them, never a token. */
export const apiTokensRoutes = new Hono<AppEnv>()
  .use(requireSignInSession)
  .get(
    route.list,
    doc({ summary: 'List your API tokens (never their secrets)', response: z.array(ApiTokenSchema) }),
    async (c) => c.json(await listApiTokens(c.var.db, c.var.user.id)),
  )
  .post(
    route.list,
    doc({
      summary: 'Create an API token; the answer is the only time its secret is shown',
      response: CreatedApiTokenSchema,
      status: 201,
    }),
    validate('json', CreateApiTokenBody),
    async (c) => c.json(await createApiToken(c.var.db, c.var.user.id, c.req.valid('json')), 201),
  )
  .delete(
    route.one,
    doc({ summary: 'Revoke an API token: it stops working at once', status: 204 }),
    validate('param', IdParam),
    async (c) => {
      await revokeApiToken(c.var.db, c.var.user.id, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
