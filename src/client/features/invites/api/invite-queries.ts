import { queryOptions } from '@tanstack/react-query'
import * as z from 'zod/mini'
import {
  AcceptInviteResultSchema,
  InvitePreviewSchema,
  InviteSchema,
  type CreateInviteInput,
} from '#shared/schemas/invites.ts'
import { apiRequest } from '#client/lib/api-client.ts'

export const inviteQueries = {
  all: () => ['invites'] as const,
  /** The coach's invites; fetched again whenever the coach comes back to the tab, as the invitee accepts elsewhere. */
  list: () =>
    queryOptions({
      queryKey: [...inviteQueries.all(), 'list'],
      queryFn: ({ signal }) => apiRequest('/api/invites', { schema: z.array(InviteSchema), signal }),
      refetchOnWindowFocus: 'always',
    }),
  /** The invite page's data; an invalid, expired, revoked or used token is a 404 (not retried). */
  preview: (token: string) =>
    queryOptions({
      queryKey: [...inviteQueries.all(), 'preview', token],
      queryFn: ({ signal }) =>
        apiRequest(`/api/invites/preview/${encodeURIComponent(token)}`, { schema: InvitePreviewSchema, signal }),
      retry: false,
      staleTime: 0,
    }),
}

export const inviteCalls = {
  create: (body: CreateInviteInput) => apiRequest('/api/invites', { method: 'POST', body, schema: InviteSchema }),
  resend: (id: string) =>
    apiRequest(`/api/invites/${encodeURIComponent(id)}/resend`, { method: 'POST', body: {}, schema: InviteSchema }),
  revoke: (id: string) =>
    apiRequest(`/api/invites/${encodeURIComponent(id)}/revoke`, { method: 'POST', body: {}, schema: InviteSchema }),
  /** accept_client_invite: {token} in, {success, error} out. */
  accept: (token: string, today: string) =>
    apiRequest('/api/invites/accept', { method: 'POST', body: { token, today }, schema: AcceptInviteResultSchema }),
}
