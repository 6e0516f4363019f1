import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { paths } from '#shared/paths.ts'
import { inviteApiText, type CreateInviteInput, type Invite } from '#shared/schemas/invites.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { describeError } from '#client/lib/error-text.ts'
import { notify } from '#client/lib/notify.ts'
import { inviteCalls, inviteQueries } from './invite-queries.ts'

/** The coach invites a client by email into a plan; field errors go under the form's fields. */
export function useCreateInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateInviteInput) => inviteCalls.create(input),
    meta: { errorTitle: 'Could not send the invite', fieldsShown: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteQueries.all() }),
  })
}

/** Sends an open invite again, or revokes it. */
export function useInviteAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ invite, action }: { invite: Invite; action: 'resend' | 'revoke' }) => inviteCalls[action](invite.id),
    meta: { errorTitle: 'That did not work' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteQueries.all() }),
  })
}

/** accept_client_invite answered {success: false, error}: the server's reason for refusing. */
class InviteRefused extends Error {}

/** The server's reason in its words; when no server answered, 'An unexpected error occurred.' */
function acceptErrorText(error: unknown): string {
  if (error instanceof InviteRefused) return error.message
  return error instanceof ApiError && error.fromServer ? describeError(error) : inviteApiText.unexpected
}

/**
 * The invitee accepts on the invite page, then lands home with the plan. `planName` is the page's,
 * for an answer without one.
 */
export function useAcceptInvite() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: async ({ token, today }: { token: string; today: string; planName: string }) => {
      const result = await inviteCalls.accept(token, today)
      if (!result.success) throw new InviteRefused(result.error ?? inviteApiText.unexpected)
      return result
    },
    meta: { errorTitle: inviteApiText.acceptFailedTitle, errorText: acceptErrorText },
    onSuccess: async (result, { planName }) => {
      await queryClient.invalidateQueries()
      notify.success(inviteApiText.welcome(result.planName ?? planName))
      await navigate(paths.client.home.getHref(), { replace: true })
    },
  })
}
