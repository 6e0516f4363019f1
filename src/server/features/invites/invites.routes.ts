import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import {
  AcceptInviteBody,
  AcceptInviteResultSchema,
  CreateInviteBody,
  InvitePreviewSchema,
  InviteSchema,
} from '#shared/schemas/invites.ts'
import type { AppEnv, AppVariables } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { publicUrl } from '#server/lib/env.ts'
import { AppError } from '#server/lib/app-error.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile, requireSignInSession } from '#server/middleware/sign-in.ts'
import {
  acceptInvite,
  createInvite,
  listInvites,
  previewInvite,
  resendInvite,
  revokeInvite,
  type InviteDeps,
} from './invites.service.ts'

const route = apiRoutes.invites

const IdParam = z.object({ id: z.uuid('Not an invite id') })
const TokenParam = z.object({ token: z.string().check(z.minLength(1), z.maxLength(200)) })

async function depsOf({
  db,
  auth,
  mailer,
  env,
}: Pick<AppVariables, 'db' | 'auth' | 'mailer' | 'env'>): Promise<InviteDeps> {
  const { secret } = await auth.$context
  return { db, secret, mailer, baseUrl: publicUrl(env) }
}

/** The coach's invites, the public invite page's data, and accepting an invite (docs/product.md#invites). */
export const invitesRoutes = new Hono<AppEnv>()
  // Public: the invite page shows who invited whom into what, before anyone signs in.
  .get(
    route.preview,
    doc({ summary: 'What an invite link offers (public; 404 when invalid or expired)', response: InvitePreviewSchema }),
    validate('param', TokenParam),
    async (c) => c.json(await previewInvite(c.var.db, c.req.valid('param').token)),
  )
  // Joining a coach gives them lasting read access to the client's training, and a coach sees their
  // invite's link: a sign-in session's alone, never an API token's.
  .post(
    route.accept,
    doc({ summary: 'Accept an invite: join the coach and get the plan', response: AcceptInviteResultSchema }),
    requireSignInSession,
    validate('json', AcceptInviteBody),
    async (c) => {
      const user = c.var.user
      if (!user) throw new AppError('UNAUTHENTICATED')
      const { token, today } = c.req.valid('json')
      return c.json(await acceptInvite(c.var.db, user, token, today))
    },
  )
  .get(
    route.list,
    doc({ summary: 'Your invites', response: z.array(InviteSchema) }),
    requireProfile('coach'),
    async (c) => c.json(await listInvites(await depsOf(c.var), c.var.profile.id)),
  )
  .post(
    route.list,
    doc({ summary: 'Invite a client by email into one of your plans', response: InviteSchema, status: 201 }),
    requireProfile('coach'),
    validate('json', CreateInviteBody),
    async (c) => {
      const user = c.var.user
      if (!user) throw new AppError('UNAUTHENTICATED')
      return c.json(
        await createInvite(await depsOf(c.var), { id: user.id, email: user.email }, c.req.valid('json')),
        201,
      )
    },
  )
  .post(
    route.resend,
    doc({ summary: 'Send an open invite again', response: InviteSchema }),
    requireProfile('coach'),
    validate('param', IdParam),
    async (c) => c.json(await resendInvite(await depsOf(c.var), c.var.profile.id, c.req.valid('param').id)),
  )
  .post(
    route.revoke,
    doc({ summary: 'Withdraw an open invite', response: InviteSchema }),
    requireProfile('coach'),
    validate('param', IdParam),
    async (c) => c.json(await revokeInvite(await depsOf(c.var), c.var.profile.id, c.req.valid('param').id)),
  )
