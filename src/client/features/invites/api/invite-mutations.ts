import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { CreateInviteInput, Invite } from '#shared/schemas/invites.ts'
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
