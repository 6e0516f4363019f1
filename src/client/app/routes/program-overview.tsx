import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { builderText } from '#client/features/plans/builder-text.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { PlanWeeks } from '#client/features/plans/components/plan-weeks.tsx'
import { planDateText } from '#client/features/plans/plan-dates.ts'
import { cn } from '#client/lib/cn.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'

/** /programs/{planId}: weeks x days with workout titles and exercise counts, and dates once assigned. */
export function ProgramOverviewPage() {
  const { planId = '' } = useParams()
  const auth = useAuth()
  const plan = useQuery(planQueries.detail(planId))

  if (plan.isPending) return <p className="text-muted-foreground">Loading…</p>
  if (plan.isError) return <LoadError error={plan.error} what="plan" />
  const { data } = plan
  const canEdit = auth.status === 'authenticated' && auth.user.id === data.ownerId

  return (
    <section className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{data.name}</h1>
          <p className="text-sm text-muted-foreground">
            {builderText.shape(data.weeks, data.daysPerWeek)}
            {data.goal ? ` · ${data.goal}` : ''}
            {data.startDate ? ` · starts ${planDateText(data, 1, 1)}` : ''}
          </p>
        </div>
        {canEdit && auth.status === 'authenticated' && (
          <Button asChild variant="outline">
            <Link
              to={
                auth.profile.role === 'coach'
                  ? paths.coach.program.getHref(data.id)
                  : paths.open.planBuilder.getHref(data.id)
              }
            >
              Open in the builder
            </Link>
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-4">
        <PlanWeeks
          plan={data}
          renderDay={(week, day) => {
            const workout = data.workouts.find((w) => w.week === week && w.day === day)
            const date = planDateText(data, week, day) ?? `Day ${day}`
            return (
              <li
                key={day}
                className={cn(
                  'flex min-h-20 flex-col gap-1 rounded-lg border p-3 text-sm',
                  workout ? 'bg-card' : 'bg-muted/40 text-muted-foreground',
                )}
              >
                <span className="text-xs text-muted-foreground">{date}</span>
                {workout ? (
                  <Link to={paths.open.workoutReadonly.getHref(workout.id)} className="font-medium hover:underline">
                    {workout.title}
                  </Link>
                ) : (
                  <span>Rest</span>
                )}
                {workout && (
                  <span className="text-xs text-muted-foreground">
                    {workout.exercises.length} exercise{workout.exercises.length === 1 ? '' : 's'}
                  </span>
                )}
              </li>
            )
          }}
        />
      </div>
    </section>
  )
}
