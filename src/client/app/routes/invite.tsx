import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { inviteApiText } from '#shared/schemas/invites.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { signOutOnServer } from '#client/features/auth/api/sign-out.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { forgetReturnTo, rememberReturnTo } from '#client/features/auth/return-to.ts'
import { useAcceptInvite } from '#client/features/invites/api/invite-mutations.ts'
import { trainsText } from '#client/features/plans/plan-dates.ts'
import { inviteQueries } from '#client/features/invites/api/invite-queries.ts'
import { localToday } from '#client/lib/dates.ts'
import type { AuthPageState } from './auth/auth-page.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric' })

/** /invite/{token} (docs/product.md#invites): who invites whom into what, and accepting it. */
export function InvitePage() {
  const { token = '' } = useParams()
  const auth = useAuth()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const accept = useAcceptInvite()
  // Busy until home opens.
  const busy = accept.isPending || accept.isSuccess
  // Not looked up again once accepting starts: accepting refreshes every query, and the used
  // invite would come back invalid behind the welcome.
  const preview = useQuery({ ...inviteQueries.preview(token), enabled: !busy })
  const here = paths.invite.getHref(token)
  const invalid = preview.isError && preview.error instanceof ApiError && [400, 404].includes(preview.error.status)

  useEffect(() => {
    if (!invalid) return
    notify.error(inviteApiText.invalid)
    forgetReturnTo()
    void navigate(paths.auth.login.getHref(), { replace: true })
  }, [invalid, navigate])

  // Back from signing in: the saved way back has done its job.
  useEffect(() => {
    if (auth.status === 'authenticated') forgetReturnTo()
  }, [auth.status])

  async function acceptInvite() {
    if (!preview.data) return
    if (auth.status !== 'authenticated') {
      rememberReturnTo(here)
      notify.error(inviteApiText.signInFirst)
      // Most invitees are new: the account to create, for the address invited.
      return navigate(paths.auth.login.getHref(), {
        state: { tab: 'sign-up', email: preview.data.email } satisfies AuthPageState,
      })
    }
    if (auth.user.email.toLowerCase() !== preview.data.email.toLowerCase())
      return notify.error(inviteApiText.emailMismatch)
    accept.mutate({ token, today: localToday(), planName: preview.data.planName })
  }

  async function switchAccount() {
    rememberReturnTo(here)
    if (auth.status === 'authenticated') {
      await signOutOnServer()
      queryClient.clear()
    }
    await navigate(paths.auth.login.getHref(), { state: { email: preview.data?.email } satisfies AuthPageState })
  }

  if (preview.isPending || invalid) return <p className="p-6 text-center text-muted-foreground">Loading invite…</p>
  if (preview.isError) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-6 pt-16 text-center">
        <p role="alert">The invite could not be loaded. Check your connection and try again.</p>
        <Button onClick={() => void preview.refetch()}>Try again</Button>
      </div>
    )
  }
  const invite = preview.data
  const trains = trainsText(invite.trainingDays)
  return (
    <div className="mx-auto max-w-md p-4 pt-12 sm:p-6 sm:pt-16">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h1>You’re invited</h1>
          </CardTitle>
          <CardDescription>
            {invite.coachName} wants to coach you on Coachline, starting with {invite.planName}.
          </CardDescription>
        </CardHeader>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-medium">{invite.planName}</dd>
          {trains && (
            <>
              <dt className="text-muted-foreground">Schedule</dt>
              <dd className="font-medium">{trains}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Coach</dt>
          <dd className="font-medium">{invite.coachName}</dd>
          <dt className="text-muted-foreground">Invited email</dt>
          <dd className="font-medium break-all">{invite.email}</dd>
          <dt className="text-muted-foreground">Expires</dt>
          <dd className="font-medium">{formatDate(invite.expiresAt)}</dd>
        </dl>
        {auth.status === 'authenticated' && (
          <p className="text-sm text-muted-foreground">
            Signed in as <span className="font-medium text-foreground">{auth.user.email}</span>
          </p>
        )}
        <div className="flex flex-col gap-2">
          <Button size="lg" disabled={busy || auth.status === 'loading'} onClick={() => void acceptInvite()}>
            {busy ? 'Accepting…' : 'Accept Invite'}
          </Button>
          <Button size="lg" variant="outline" disabled={busy} onClick={() => void switchAccount()}>
            Sign In with Different Account
          </Button>
        </div>
      </Card>
    </div>
  )
}
