import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { workoutApiText, type WorkoutSummary } from '#shared/schemas/workouts.ts'
import { PageHeader } from '#client/components/layouts/page-header.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { useCardAction } from '#client/features/plans/api/workout-mutations.ts'
import { workoutCalls, workoutQueries } from '#client/features/plans/api/workout-queries.ts'
import { notify } from '#client/lib/notify.ts'

/** /workouts: the user's standalone workouts and the templates their coach shares. */
export function WorkoutsPage() {
  const [archived, setArchived] = useState(false)
  const workouts = useQuery(workoutQueries.list(archived))
  const own = workouts.data?.filter((w) => !w.shared) ?? []
  const shared = workouts.data?.filter((w) => w.shared) ?? []
  return (
    <section className="flex flex-col gap-6">
      <PageHeader title="Workouts" description="Your own workouts, and the ones your coach shares with you.">
        <div className="flex gap-2">
          <Button variant="outline" aria-pressed={archived} onClick={() => setArchived((v) => !v)}>
            {archived ? 'Show current' : 'Show archived'}
          </Button>
          <Button asChild>
            <Link to={paths.client.createWorkout.getHref()}>Create workout</Link>
          </Button>
        </div>
      </PageHeader>
      {workouts.isPending && <p className="text-muted-foreground">Loading…</p>}
      {workouts.isError && <p role="alert">The workouts could not be loaded. Try again.</p>}
      {workouts.isSuccess && (
        <WorkoutList
          label={archived ? 'Archived workouts' : 'Your workouts'}
          items={own}
          archived={archived}
          empty={archived ? 'Nothing archived.' : 'No workouts of your own yet.'}
        />
      )}
      {shared.length > 0 && <WorkoutList label="From your coach" items={shared} archived={false} empty="" />}
    </section>
  )
}

function WorkoutList({
  label,
  items,
  archived,
  empty,
}: {
  label: string
  items: WorkoutSummary[]
  archived: boolean
  empty: string
}) {
  const card = useCardAction()
  const toggle = (workout: WorkoutSummary) =>
    card.mutate(
      { id: workout.id, run: () => (archived ? workoutCalls.restore(workout.id) : workoutCalls.archive(workout.id)) },
      {
        onSuccess: () =>
          notify.success({
            title: archived ? workoutApiText.restored : workoutApiText.archived,
            description: workout.title,
          }),
      },
    )
  return (
    <section aria-label={label} className="flex flex-col gap-3">
      <h2 className="text-sm font-semibold">{label}</h2>
      {items.length === 0 && <p className="text-sm text-muted-foreground">{empty}</p>}
      <ul className="grid gap-3 md:grid-cols-2">
        {items.map((workout) => (
          <li key={workout.id} aria-label={workout.title}>
            <Card className="h-full">
              <div className="flex items-start justify-between gap-3">
                <Link to={paths.open.workout.getHref(workout.id)} className="font-semibold hover:underline">
                  {workout.title}
                </Link>
                {!workout.shared && (
                  <Button size="sm" variant="ghost" onClick={() => void toggle(workout)}>
                    {archived ? 'Restore' : 'Archive'}
                  </Button>
                )}
              </div>
              <p className="text-sm text-muted-foreground">
                {workout.exerciseCount} exercise{workout.exerciseCount === 1 ? '' : 's'}
                {workout.shared ? ` · from ${workout.ownerName}` : ''}
                {workout.isTemplate && !workout.shared ? ' · Template' : ''}
              </p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  )
}
