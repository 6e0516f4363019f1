import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { WorkoutView } from '#client/features/plans/components/workout-view.tsx'
import { dateOfPlanDay, formatPlanDate } from '#client/features/plans/plan-dates.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'

/** /workout-readonly/{planWorkoutId}: one planned workout, read-only. */
export function WorkoutReadonlyPage() {
  const { planWorkoutId = '' } = useParams()
  const auth = useAuth()
  const workout = useQuery(planQueries.workout(planWorkoutId))
  if (auth.status !== 'authenticated') return null
  if (workout.isPending) return <p className="text-muted-foreground">Loading…</p>
  if (workout.isError) return <LoadError error={workout.error} what="workout" />
  const { data } = workout
  const date = data.plan.startDate ? formatPlanDate(dateOfPlanDay(data.plan.startDate, data.week, data.day)) : null
  const deload = data.plan.deloadWeeks.includes(data.week)
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <div>
        <p className="text-sm text-muted-foreground">
          <Link to={paths.open.program.getHref(data.plan.id)} className="hover:underline">
            {data.plan.name}
          </Link>{' '}
          · Week {data.week}
          {deload ? ' (deload)' : ''} · Day {data.day}
          {date ? ` · ${date}` : ''}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{data.title}</h1>
      </div>
      <WorkoutView workout={data} unit={auth.profile.unit} />
    </section>
  )
}
