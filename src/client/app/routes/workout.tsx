import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { workoutApiText } from '#shared/schemas/workouts.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { useCopyWorkout } from '#client/features/plans/api/workout-mutations.ts'
import { workoutQueries } from '#client/features/plans/api/workout-queries.ts'
import {
  StandaloneWorkoutEditor,
  useWorkoutSaver,
} from '#client/features/plans/components/standalone-workout-editor.tsx'
import { WorkoutView } from '#client/features/plans/components/workout-view.tsx'
import { useStartSession } from '#client/features/sessions/use-start-session.ts'
import { notify } from '#client/lib/notify.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'

/** /workout/{id}: one standalone workout: the editor when it is yours, read-only (with 'Copy') when your coach shares it. */
export function WorkoutPage() {
  const { id = '' } = useParams()
  const auth = useAuth()
  const workout = useQuery(workoutQueries.detail(id))
  const copy = useCopyWorkout()
  const navigate = useNavigate()
  const starting = useStartSession()
  const saving = useWorkoutSaver(id)
  if (auth.status !== 'authenticated') return null
  if (workout.isPending) return <p className="text-muted-foreground">Loading…</p>
  if (workout.isError) return <LoadError error={workout.error} what="workout" />
  const data = workout.data
  const own = data.ownerId === auth.user.id

  const copyToMine = () =>
    copy.mutate(
      // Duplicating copies the server's workout: what is being typed goes first.
      { workoutId: data.id, body: { isTemplate: false }, whenSaved: own ? saving.whenSaved : undefined },
      {
        onSuccess: (copied) => {
          notify.success({ title: workoutApiText.copied, description: copied.title })
          void navigate(paths.open.workout.getHref(copied.id))
        },
      },
    )

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-muted-foreground">
            <Link
              to={auth.profile.role === 'coach' ? paths.coach.templateBoard.getHref() : paths.client.workouts.getHref()}
              className="hover:underline"
            >
              {auth.profile.role === 'coach' ? 'Templates' : 'Workouts'}
            </Link>
            {own ? '' : ` · shared by ${data.ownerName}`}
          </p>
          <h1 className="text-2xl font-semibold tracking-tight">{data.title}</h1>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" disabled={copy.isPending || copy.isSuccess} onClick={copyToMine}>
            {own ? 'Duplicate' : 'Copy to my workouts'}
          </Button>
          {auth.profile.role === 'client' && (
            <Button
              disabled={starting.busy}
              onClick={() =>
                void starting.start(
                  { workoutId: data.id },
                  {
                    before: own ? saving.whenSaved : undefined,
                    source: { title: data.title, exercises: data.exercises, workoutId: data.id },
                  },
                )
              }
            >
              {starting.busy ? 'Starting…' : 'Start workout'}
            </Button>
          )}
        </div>
      </div>
      {own ? (
        <StandaloneWorkoutEditor
          key={data.id}
          saving={saving}
          workout={data}
          unit={auth.profile.unit}
          userId={auth.user.id}
          canTemplate={auth.profile.role === 'coach'}
        />
      ) : (
        <WorkoutView workout={data} unit={auth.profile.unit} />
      )}
    </section>
  )
}
