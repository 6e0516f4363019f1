import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { builderText } from '#client/features/plans/builder-text.ts'
import { PageHeader } from '#client/components/layouts/page-header.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { clientQueries } from '#client/features/clients/api/client-queries.ts'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { planDateText } from '#client/features/plans/plan-dates.ts'

const STATUS_LABELS = { draft: 'Draft', active: 'Active', completed: 'Completed', archived: 'Archived' } as const

/** /programs: the plans this user may see, their own and the ones assigned to them. */
export function ProgramsPage() {
  const auth = useAuth()
  const plans = useQuery(planQueries.list())
  const me = auth.status === 'authenticated' ? auth.user.id : ''
  const isCoach = auth.status === 'authenticated' && auth.profile.role === 'coach'
  // A coach's assigned plans name their client.
  const clients = useQuery({ ...clientQueries.active(), enabled: isCoach })
  const clientName = (clientId: string) => clients.data?.find((c) => c.clientId === clientId)?.displayName ?? 'a former client'
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Programs" description={isCoach ? 'Your templates and the plans you assigned to your clients.' : 'Your plans and the ones your coach assigned to you.'}>
        {auth.status === 'authenticated' && (
          <Button asChild variant="outline">
            {auth.profile.role === 'coach' ? (
              <Link to={paths.coach.createPlan.getHref()}>Create plan</Link>
            ) : (
              <Link to={paths.client.programNew.getHref()}>Build your own program</Link>
            )}
          </Button>
        )}
      </PageHeader>
      {plans.isPending && <p className="text-muted-foreground">Loading…</p>}
      {plans.isError && <p role="alert">The programs could not be loaded. Try again.</p>}
      {plans.data?.length === 0 && <p className="text-muted-foreground">No programs yet.</p>}
      <ul aria-label="Programs" className="grid gap-3 md:grid-cols-2">
        {plans.data?.map((plan) => (
          <li key={plan.id}>
            <Link to={paths.open.program.getHref(plan.id)} className="block rounded-xl focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              <Card className="h-full hover:border-primary">
                <div className="flex items-start justify-between gap-3">
                  <h2 className="font-semibold">{plan.name}</h2>
                  <span className="shrink-0 rounded-full bg-secondary px-2 py-0.5 text-xs">{plan.isTemplate ? 'Template' : STATUS_LABELS[plan.status]}</span>
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
        ))}
      </ul>
    </section>
  )
}
