import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Plan } from '#shared/schemas/plans.ts'
import { builderText } from '#client/features/plans/builder-text.ts'
import { PageHeader } from '#client/components/layouts/page-header.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { planDateText } from '#client/features/plans/plan-dates.ts'
import { PlanBuilder } from '#client/features/plans/components/plan-builder.tsx'
import { StartPlanDialog } from '#client/features/plans/components/start-plan-dialog.tsx'

/** /client/plan-builder: a self-coached client's plans, and the builder for one (`?plan=`). */
export function PlanBuilderPage() {
  const auth = useAuth()
  const [params] = useSearchParams()
  const planId = params.get('plan')
  if (auth.status !== 'authenticated') return null
  if (planId) {
    // A client's own plan starts from here; a coach's plans are assigned from the coach's builder.
    const actions =
      auth.profile.role === 'client'
        ? (plan: Plan, whenSaved: () => Promise<void>) =>
            !plan.isTemplate && <StartPlanDialog plan={plan} whenSaved={whenSaved} />
        : undefined
    return <PlanBuilder key={planId} planId={planId} userId={auth.user.id} unit={auth.profile.unit} actions={actions} />
  }
  return <OwnPlans canCreate={auth.profile.role === 'client'} />
}

function OwnPlans({ canCreate }: { canCreate: boolean }) {
  const plans = useQuery(planQueries.own())
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Plan builder" description="The plans you build for yourself.">
        {canCreate && (
          <Button asChild>
            <Link to={paths.client.programNew.getHref()}>New plan</Link>
          </Button>
        )}
      </PageHeader>
      {plans.isPending && <p className="text-muted-foreground">Loading…</p>}
      {plans.isError && <p role="alert">Your plans could not be loaded. Try again.</p>}
      {plans.data?.length === 0 && <p className="text-muted-foreground">No plans of your own yet.</p>}
      <ul aria-label="Your plans" className="grid gap-3 md:grid-cols-2">
        {plans.data?.map((plan) => (
          <li key={plan.id}>
            <Link
              to={paths.open.planBuilder.getHref(plan.id)}
              className="block rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              <Card className="h-full hover:border-primary">
                <h2 className="font-semibold">{plan.name}</h2>
                <p className="text-sm text-muted-foreground">
                  {builderText.shape(plan.weeks, plan.daysPerWeek)}
                  {plan.goal ? ` · ${plan.goal}` : ''}
                </p>
                <p className="text-sm">
                  {plan.status === 'active' && plan.startDate
                    ? `Active · started ${planDateText(plan, 1, 1)}`
                    : plan.status === 'completed'
                      ? 'Completed'
                      : 'Draft: not started'}
                </p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
