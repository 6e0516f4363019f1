import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  AcceptInviteResultSchema,
  InvitePreviewSchema,
  InviteSchema,
  type CreateInviteInput,
} from '#shared/schemas/invites.ts'
import { apiPaths } from '#shared/api-paths.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export const inviteQueries = {
  all: () => ['invites'] as const,
  /** The coach's invites; fetched again whenever the coach comes back to the tab, as the invitee accepts elsewhere. */
  list: () =>
    queryOptions({
      queryKey: [...inviteQueries.all(), 'list'],
      queryFn: ({ signal }) => apiRequest(apiPaths.invites.list, { schema: z.array(InviteSchema), signal }),
      refetchOnWindowFocus: 'always',
    }),
  /** The invite page's data; an invalid, expired, revoked or used token is a 404 (not retried). */
  preview: (token: string) =>
    queryOptions({
      queryKey: [...inviteQueries.all(), 'preview', token],
      queryFn: ({ signal }) => apiRequest(apiPaths.invites.preview(token), { schema: InvitePreviewSchema, signal }),
      retry: false,
      staleTime: 0,
    }),
}

export const inviteCalls = {
  create: (body: CreateInviteInput) =>
    apiRequest(apiPaths.invites.create, { method: 'POST', body, schema: InviteSchema }),
  resend: (id: string) => apiRequest(apiPaths.invites.resend(id), { method: 'POST', body: {}, schema: InviteSchema }),
  revoke: (id: string) => apiRequest(apiPaths.invites.revoke(id), { method: 'POST', body: {}, schema: InviteSchema }),
  /** accept_client_invite: {token} in, {success, error} out. */
  accept: (token: string, today: string) =>
    apiRequest(apiPaths.invites.accept, { method: 'POST', body: { token, today }, schema: AcceptInviteResultSchema }),
}
