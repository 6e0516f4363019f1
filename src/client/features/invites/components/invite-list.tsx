import { useQuery } from '@tanstack/react-query'
import { inviteApiText, type Invite } from '#shared/schemas/invites.ts'
import { Button } from '#client/components/ui/button.tsx'
import { notify } from '#client/lib/notify.ts'
import { useInviteAction } from '../api/invite-mutations.ts'
import { inviteQueries } from '../api/invite-queries.ts'
import { CopyLinkButton } from './copy-link-button.tsx'

const DAY_MS = 86_400_000

function expiryText(invite: Invite): string {
  const left = Date.parse(invite.expiresAt) - Date.now()
  if (invite.status === 'expired') return 'Expired'
  if (left < DAY_MS) return `Expires in ${Math.max(1, Math.round(left / 3_600_000))} h`
  return `Expires ${new Date(invite.expiresAt).toLocaleDateString(undefined, { day: 'numeric', month: 'short' })}`
}

/** The coach's open invites (pending or expired): copy the link, send it again, or revoke it. */
export function InviteList() {
  const invites = useQuery({
    ...inviteQueries.list(),
    select: (all) => all.filter((i) => i.status === 'pending' || i.status === 'expired'),
  })
  const action = useInviteAction()
  const busy = action.isPending ? action.variables.invite.id : null
  const act = (invite: Invite, kind: 'resend' | 'revoke') =>
    action.mutate(
      { invite, action: kind },
      {
        onSuccess: () =>
          notify.success({
            title: kind === 'resend' ? inviteApiText.resent : inviteApiText.revokedDone,
            description: invite.email,
          }),
      },
    )

  if (invites.isPending) return <p className="text-sm text-muted-foreground">Loading invites…</p>
  if (invites.isError) return <p role="alert">The invites could not be loaded. Try again.</p>
  return (
    <section aria-label="Pending invites" className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">Pending invites</h2>
      {invites.data.length === 0 && <p className="text-sm text-muted-foreground">No open invites.</p>}
      <ul className="divide-y rounded-xl border bg-card">
        {invites.data.map((invite) => (
          <li
            key={invite.id}
            aria-label={invite.email}
            className="flex flex-wrap items-center justify-between gap-3 p-4"
          >
            <div className="min-w-0">
              <p className="truncate font-medium">{invite.email}</p>
              <p className="text-sm text-muted-foreground">
                {invite.planName} ·{' '}
                <span className={invite.status === 'expired' ? 'text-destructive' : undefined}>
                  {expiryText(invite)}
                </span>
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              {invite.link && <CopyLinkButton link={invite.link} label={`Copy link for ${invite.email}`} />}
              <Button size="sm" variant="outline" disabled={busy === invite.id} onClick={() => act(invite, 'resend')}>
                Resend
              </Button>
              <Button size="sm" variant="ghost" disabled={busy === invite.id} onClick={() => act(invite, 'revoke')}>
                Revoke
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
