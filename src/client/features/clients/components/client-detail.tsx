import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { ActiveClient } from '#shared/schemas/clients.ts'
import { sessionQueries } from '#client/features/sessions/api/session-queries.ts'
import { SessionList } from '#client/features/sessions/components/session-list.tsx'
import { useAssignPlan } from '#client/features/plans/api/plan-mutations.ts'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { planDateText, trainsText } from '#client/features/plans/plan-dates.ts'
import { localToday } from '#client/lib/dates.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { notify } from '#client/lib/notify.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { ChartHeadingLevel } from '#client/features/progress/components/chart-figure.tsx'
import { percent } from '../clients-text.ts'

// The charts' library loads only when a coach opens a client's details.
const ProgressView = lazy(() => import('#client/features/progress/components/progress-view.tsx').then((m) => ({ default: m.ProgressView })))

/** One client in detail: profile, current plan, recent sessions (to their summaries), and assigning another plan. */
export function ClientDetail({ client }: { client: ActiveClient }) {
  const auth = useAuth()
  const sessions = useQuery(sessionQueries.list({ clientId: client.clientId, limit: 10 }))
  const plan = useQuery({ ...planQueries.detail(client.activePlan?.id ?? ''), enabled: Boolean(client.activePlan) })
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-muted-foreground">Goal</dt>
        <dd>{client.primaryGoal || '–'}</dd>
        <dt className="text-muted-foreground">Level</dt>
        <dd>{client.experienceLevel || '–'}</dd>
        <dt className="text-muted-foreground">Adherence 7 days</dt>
        <dd>{percent(client.adherence7)}</dd>
        <dt className="text-muted-foreground">Adherence 28 days</dt>
        <dd>{percent(client.adherence28)}</dd>
        <dt className="text-muted-foreground">Sets as prescribed 7 days</dt>
        <dd>{percent(client.setAdherence7)}</dd>
        <dt className="text-muted-foreground">Sets as prescribed 28 days</dt>
        <dd>{percent(client.setAdherence28)}</dd>
      </dl>

      <section aria-label="Current plan" className="flex flex-col gap-2">
        <h3 className="font-semibold">Current plan</h3>
        {!client.activePlan ? (
          <p className="text-sm text-muted-foreground">No active plan.</p>
        ) : (
          <p className="text-sm">
            <Link to={paths.coach.program.getHref(client.activePlan.id)} className="font-medium hover:underline">
              {client.activePlan.name}
            </Link>
            {client.activePlan.startDate && ` · started ${planDateText(client.activePlan, 1, 1)}`}
            {client.activePlan.trainingDays && ` · ${trainsText(client.activePlan.trainingDays)}`}
            {plan.data && ` · ${plan.data.weeks} weeks, ${plan.data.workouts.length} workouts`}
            {' · '}
            <Link to={paths.open.program.getHref(client.activePlan.id)} className="hover:underline">
              calendar
            </Link>
          </p>
        )}
        <AssignAnotherPlan client={client} />
      </section>

      <section aria-label="Recent sessions" className="flex flex-col gap-2">
        <h3 className="font-semibold">Recent sessions</h3>
        <SessionList sessions={sessions.data} hrefOf={(s) => paths.open.summary.getHref(s.id)} />
      </section>

      <section aria-label="Progress" className="flex flex-col gap-2">
        <h3 className="font-semibold">Progress</h3>
        <ChartHeadingLevel value={4}>
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading progress…</p>}>
            <ProgressView clientId={client.clientId} unit={auth.status === 'authenticated' ? auth.profile.unit : 'kg'} canLogBodyWeight={false} />
          </Suspense>
        </ChartHeadingLevel>
      </section>
    </div>
  )
}

function AssignAnotherPlan({ client }: { client: ActiveClient }) {
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
          notify.success({ title: 'Plan assigned', description: `${client.displayName} starts on ${planDateText(assigned, 1, 1) ?? startDate}.` })
          setPlanId('')
        },
      },
    )
  }
  return (
    <form onSubmit={handleSubmit} className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
      <Field label="Assign another plan">
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
      <Field label="Starting">{(control) => <Input {...control} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />}</Field>
      <Button type="submit" disabled={assign.isPending || !planId}>
        {assign.isPending ? 'Assigning…' : 'Assign'}
      </Button>
    </form>
  )
}
