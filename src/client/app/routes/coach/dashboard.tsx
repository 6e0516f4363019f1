import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { PageHeader } from '#client/components/layouts/page-header.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { readDeviceCookie, writeDeviceCookie } from '#client/first-paint/device-cookies.ts'
import { UnreadComments } from '#client/features/sessions/components/unread-comments.tsx'
import { sessionText } from '#client/features/sessions/session-text.ts'
import { UnreadMessages } from '#client/features/chat/components/unread-messages.tsx'
import { clientQueries } from '#client/features/clients/api/client-queries.ts'
import { percent } from '#client/features/clients/clients-text.ts'
import { NeedsYou, RecordsToCongratulate } from '#client/features/clients/components/needs-you.tsx'
import { ProgressionProposals } from '#client/features/plans/components/progression-proposals.tsx'

/** The coach's last visit to the dashboard on this device: their id and when, as `<id> <ISO time>`. */
const LAST_VISIT = 'coachline-dashboard-visit'

/** When this coach last opened the dashboard on this device, or null. */
function lastVisitOf(coachId: string): string | null {
  const [id, at] = (readDeviceCookie(LAST_VISIT) ?? '').split(' ')
  return id === coachId && at && !Number.isNaN(Date.parse(at)) ? at : null
}

/** /coach: active clients, adherence, sessions since the last visit, unread messages, who needs the coach today, invites about to expire. */
export function DashboardPage() {
  const auth = useAuth()
  const coachId = auth.status === 'authenticated' ? auth.user.id : ''
  // The previous visit, read once; this visit becomes the next one's 'since'. (A cookie: the
  // server, drawing this screen, reads it as the browser does.)
  const [since] = useState(() => lastVisitOf(coachId))
  useEffect(() => {
    writeDeviceCookie(LAST_VISIT, `${coachId} ${new Date().toISOString()}`)
  }, [coachId])
  const dashboard = useQuery(clientQueries.dashboard(since))

  if (dashboard.isPending) return <p className="text-muted-foreground">Loading…</p>
  if (dashboard.isError) return <p role="alert">The dashboard could not be loaded. Try again.</p>
  const d = dashboard.data
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Coach dashboard" description="Your clients at a glance.">
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to={paths.coach.clients.getHref()}>Invite a client</Link>
          </Button>
          <Button asChild>
            <Link to={paths.coach.createPlan.getHref()}>Create plan</Link>
          </Button>
        </div>
      </PageHeader>
      <dl aria-label="At a glance" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[
          ['Active clients', String(d.activeClients)],
          ['Adherence, 7 days', percent(d.adherence7)],
          ['Adherence, 28 days', percent(d.adherence28)],
          ['Sets as prescribed, 7 days', percent(d.setAdherence7)],
          ['Sets as prescribed, 28 days', percent(d.setAdherence28)],
          [since ? 'Sessions since your last visit' : 'Sessions this week', String(d.sessionsSince.length)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-xl border bg-card p-4">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <ProgressionProposals unit={auth.status === 'authenticated' ? auth.profile.unit : 'kg'} />
      <NeedsYou clients={d.needsYou} />
      <RecordsToCongratulate clients={d.recordsToCongratulate} />

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-label="Recent sessions" className="flex flex-col gap-2">
          <h2 className="font-semibold">{since ? 'Completed since your last visit' : 'Completed this week'}</h2>
          {d.sessionsSince.length === 0 && <p className="text-sm text-muted-foreground">No new sessions.</p>}
          <ul className="divide-y rounded-xl border bg-card">
            {d.sessionsSince.map((s) => (
              <li key={s.sessionId}>
                <Link
                  to={paths.open.summary.getHref(s.sessionId)}
                  className="flex justify-between gap-3 p-3 text-sm hover:bg-muted"
                >
                  <span>
                    <span className="font-medium">{s.clientName}</span> · {s.title}
                  </span>
                  <span className="text-muted-foreground">
                    {new Date(s.completedAt).toLocaleString(undefined, {
                      weekday: 'short',
                      hour: 'numeric',
                      minute: '2-digit',
                    })}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <div className="flex flex-col gap-6">
          <UnreadMessages />
          <UnreadComments title={sessionText.unreadFromClients} />
          <section aria-label="Invites expiring soon" className="flex flex-col gap-2">
            <h2 className="font-semibold">Invites expiring within two days</h2>
            {d.expiringInvites.length === 0 ? (
              <p className="text-sm text-muted-foreground">None.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {d.expiringInvites.map((i) => (
                  <li key={i.id}>
                    {i.email} · {i.planName} ·{' '}
                    <Link to={paths.coach.clients.getHref()} className="hover:underline">
                      resend
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </section>
  )
}
