import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { ClientSummary } from '#shared/schemas/clients.ts'
import { sessionQueries } from '#client/features/sessions/api/session-queries.ts'
import { SessionList } from '#client/features/sessions/components/session-list.tsx'
import { useAssignPlan } from '#client/features/plans/api/plan-mutations.ts'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { dateText, planDateText, trainsText } from '#client/features/plans/plan-dates.ts'
import { localToday } from '#client/lib/dates.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { notify } from '#client/lib/notify.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { ChartHeadingLevel } from '#client/features/progress/components/chart-figure.tsx'
import { clientsText, lastTrainedText, percent } from '../clients-text.ts'

// The charts' library loads only when a coach opens a client's progress.
const ProgressView = lazy(() =>
  import('#client/features/progress/components/progress-view.tsx').then((m) => ({ default: m.ProgressView })),
)

type Props = { summary: ClientSummary }

/** The overview of a client's page: who they are, how they keep to the plan, and when they last trained. */
export function ClientOverview({ summary }: Props) {
  const { client } = summary
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[
          [clientsText.figures.sessions7, percent(client.adherence7)],
          [clientsText.figures.sessions28, percent(client.adherence28)],
          [clientsText.figures.sets7, percent(client.setAdherence7)],
          [clientsText.figures.sets28, percent(client.setAdherence28)],
          [clientsText.figures.lastTrained, lastTrainedText(client.lastSessionAt, client.timeZone)],
          [
            clientsText.figures.coachedSince,
            new Date(client.since).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' }),
          ],
        ].map(([term, value]) => (
          <div key={term} className="rounded-xl border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {client.missedLastTwo && (
        <p role="note" className="text-sm font-medium text-destructive">
          {clientsText.missedLastTwo}
        </p>
      )}
      <ClientPlan summary={summary} />
    </div>
  )
}

/** The client's current plan: its size and dates, where to edit it, and assigning another. */
export function ClientPlan({ summary }: Props) {
  const { client, plan } = summary
  const auth = useAuth()
  const me = auth.status === 'authenticated' ? auth.user.id : null
  const active = client.activePlan
  return (
    <section aria-label="Current plan" className="flex flex-col gap-2">
      <h2 className="font-semibold">Current plan</h2>
      {!active ? (
        <p className="text-sm text-muted-foreground">No active plan.</p>
      ) : (
        <div className="flex flex-col gap-1 rounded-xl border bg-card p-4 text-sm">
          <Link to={paths.coach.program.getHref(active.id)} className="font-medium hover:underline">
            {active.name}
          </Link>
          <p className="text-muted-foreground">
            {[
              active.startDate && `Started ${planDateText(active, 1, 1)}`,
              active.trainingDays && trainsText(active.trainingDays),
              plan && `${plan.weeks} weeks × ${plan.daysPerWeek} days, ${plan.workouts} workouts`,
              plan && plan.deloadWeeks.length > 0 && `deload in week ${plan.deloadWeeks.join(', ')}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
          <p className="flex gap-3">
            <Link to={paths.coach.program.getHref(active.id)} className="text-primary hover:underline">
              Edit in the builder
            </Link>
            <Link to={paths.open.program.getHref(active.id)} className="text-primary hover:underline">
              Calendar
            </Link>
          </p>
        </div>
      )}
      {summary.moved.length > 0 && (
        <section aria-label={clientsText.moved.heading} className="flex flex-col gap-1 text-sm">
          <h3 className="font-medium">{clientsText.moved.heading}</h3>
          <ul className="flex flex-col gap-1">
            {summary.moved.map((m) => (
              <li key={`${m.week}:${m.day}`}>
                <span className="font-medium">{m.title}</span>{' '}
                <span className="text-muted-foreground">
                  {clientsText.moved.line(
                    dateText(m.from),
                    dateText(m.to),
                    m.movedBy === client.clientId ? client.displayName : m.movedBy && m.movedBy === me ? 'you' : null,
                  )}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <AssignAnotherPlan summary={summary} />
    </section>
  )
}

/** The client's sessions, newest first, each opening its summary. */
export function ClientSessions({ clientId }: { clientId: string }) {
  const sessions = useQuery(sessionQueries.list({ clientId, limit: 20 }))
  return (
    <section aria-label="Sessions" className="flex flex-col gap-2">
      <h2 className="font-semibold">Sessions</h2>
      {sessions.isPending && <p className="text-sm text-muted-foreground">Loading sessions…</p>}
      {sessions.isError && <p role="alert">The sessions could not be loaded. Try again.</p>}
      <SessionList sessions={sessions.data} hrefOf={(s) => paths.open.summary.getHref(s.id)} />
    </section>
  )
}

/** The client's progress charts, as they see them. */
export function ClientProgress({ clientId }: { clientId: string }) {
  const auth = useAuth()
  return (
    <section aria-label="Progress" className="flex flex-col gap-2">
      <h2 className="font-semibold">Progress</h2>
      <ChartHeadingLevel value={3}>
        <Suspense fallback={<p className="text-sm text-muted-foreground">Loading progress…</p>}>
          <ProgressView
            clientId={clientId}
            unit={auth.status === 'authenticated' ? auth.profile.unit : 'kg'}
            canLogBodyWeight={false}
          />
        </Suspense>
      </ChartHeadingLevel>
    </section>
  )
}

function AssignAnotherPlan({ summary }: Props) {
  const { client } = summary
  const assign = useAssignPlan()
  const plans = useQuery(planQueries.own())
  const [planId, setPlanId] = useState('')
  const [startDate, setStartDate] = useState(localToday)
  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!planId) return
    assign.mutate(
      { planId, input: { clientId: client.clientId, startDate } },
      {
        onSuccess: (assigned) => {
          notify.success({
            title: clientsText.planAssigned,
            description: `${client.displayName} starts on ${planDateText(assigned, 1, 1) ?? startDate}.`,
          })
          setPlanId('')
        },
      },
    )
  }
  return (
    <form onSubmit={handleSubmit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
      <Field label={client.activePlan ? 'Assign another plan' : 'Assign a plan'}>
        {(control) => (
          <NativeSelect {...control} value={planId} onChange={(e) => setPlanId(e.target.value)}>
            <option value="">Choose a plan</option>
            {plans.data?.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Starting">
        {(control) => (
          <Input {...control} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
        )}
      </Field>
      <Button type="submit" disabled={assign.isPending || !planId}>
        {assign.isPending ? 'Assigning…' : 'Assign'}
      </Button>
    </form>
  )
}
