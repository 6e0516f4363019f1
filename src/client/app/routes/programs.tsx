import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { PlanSummary } from '#shared/schemas/plans.ts'
import { builderText } from '#client/features/plans/builder-text.ts'
import { PageHeader } from '#client/components/layouts/page-header.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { clientQueries } from '#client/features/clients/api/client-queries.ts'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { planDateText } from '#client/features/plans/plan-dates.ts'

const STATUS_LABELS = { draft: 'Draft', active: 'Active', completed: 'Completed', archived: 'Archived' } as const

/**
 * /programs: the plans this user may see, their own and the ones assigned to them. The plans in
 * use come first; the completed blocks, which pile up with every block a client finishes, load on
 * request.
 */
export function ProgramsPage() {
  const auth = useAuth()
  const plans = useQuery(planQueries.current())
  const [showCompleted, setShowCompleted] = useState(false)
  const completed = useQuery({ ...planQueries.completed(), enabled: showCompleted })
  const me = auth.status === 'authenticated' ? auth.user.id : ''
  const isCoach = auth.status === 'authenticated' && auth.profile.role === 'coach'
  // A coach's assigned plans name their client.
  const clients = useQuery({ ...clientQueries.active(), enabled: isCoach })
  const clientName = (clientId: string) =>
    clients.data?.find((c) => c.clientId === clientId)?.displayName ?? 'a former client'
  const planCard = (plan: PlanSummary, Heading: 'h2' | 'h3' = 'h2') => (
    <li key={plan.id}>
      <Link
        to={paths.open.program.getHref(plan.id)}
        className="block rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <Card className="h-full hover:border-primary">
          <div className="flex items-start justify-between gap-3">
            <Heading className="font-semibold">{plan.name}</Heading>
            <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-xs">
              {plan.isTemplate ? 'Template' : STATUS_LABELS[plan.status]}
            </span>
          </div>
          <p className="text-sm text-muted-foreground">
            {builderText.shape(plan.weeks, plan.daysPerWeek)}
            {plan.goal ? ` · ${plan.goal}` : ''}
            {plan.clientId === me && plan.ownerId !== me ? ' · from your coach' : ''}
            {isCoach && plan.clientId && plan.clientId !== me ? ` · for ${clientName(plan.clientId)}` : ''}
          </p>
          {plan.startDate && <p className="text-sm">Starts {planDateText(plan, 1, 1)}</p>}
        </Card>
      </Link>
    </li>
  )
  return (
    <section className="flex flex-col gap-6">
      <PageHeader
        title="Plans"
        description={
          isCoach
            ? 'Your templates and the plans you assigned to your clients.'
            : 'Your plans and the ones your coach assigned to you.'
        }
      >
        {auth.status === 'authenticated' && (
          <Button asChild variant="outline">
            {auth.profile.role === 'coach' ? (
              <Link to={paths.coach.createPlan.getHref()}>Create plan</Link>
            ) : (
              <Link to={paths.client.programNew.getHref()}>Build your own plan</Link>
            )}
          </Button>
        )}
      </PageHeader>
      {plans.isPending && <p className="text-muted-foreground">Loading…</p>}
      {plans.isError && <p role="alert">The plans could not be loaded. Try again.</p>}
      {plans.data?.length === 0 && <p className="text-muted-foreground">No plans in use.</p>}
      <ul aria-label="Plans" className="grid gap-3 md:grid-cols-2">
        {plans.data?.map((plan) => planCard(plan))}
      </ul>
      <section aria-labelledby="completed-plans" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="completed-plans" className="text-lg font-semibold">
            Completed
          </h2>
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={showCompleted}
            aria-controls="completed-plan-list"
            onClick={() => setShowCompleted((shown) => !shown)}
          >
            {showCompleted ? 'Hide completed plans' : 'Show completed plans'}
          </Button>
        </div>
        {showCompleted && (
          <>
            {completed.isPending && <p className="text-muted-foreground">Loading…</p>}
            {completed.isError && <p role="alert">The completed plans could not be loaded. Try again.</p>}
            {completed.data?.length === 0 && <p className="text-muted-foreground">No completed plans yet.</p>}
            <ul id="completed-plan-list" aria-label="Completed plans" className="grid gap-3 md:grid-cols-2">
              {completed.data?.map((plan) => planCard(plan, 'h3'))}
            </ul>
          </>
        )}
      </section>
    </section>
  )
}
