import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { planQueries } from '#client/features/plans/api/plan-queries.ts'
import { PlanWorkoutHeading, WorkoutView } from '#client/features/plans/components/workout-view.tsx'
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
  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <PlanWorkoutHeading workout={data} />
      <WorkoutView workout={data} unit={auth.profile.unit} />
    </section>
  )
}
