import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { plateSetupOf } from '#shared/schemas/plate-setups.ts'
import { fromKg } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { DeloadNote, PlanWorkoutHeading, WorkoutView } from '#client/features/plans/components/workout-view.tsx'
import {
  oneRepMaxMovementOf,
  sessionQueries,
  statsMovementIdsOf,
} from '#client/features/sessions/api/session-queries.ts'
import { OfflineNote } from '#client/features/sessions/components/offline-note.tsx'
import { sessionText } from '#client/features/sessions/session-text.ts'
import { usePlannedWorkout } from '#client/features/sessions/use-planned-workout.ts'
import { useStartSession } from '#client/features/sessions/use-start-session.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'

/** /workout/preview/{planWorkoutId}: the day's prescription with last time's numbers, and 'Start workout'. */
export function WorkoutPreviewPage() {
  const { planWorkoutId = '' } = useParams()
  const auth = useAuth()
  const workout = usePlannedWorkout(auth.status === 'authenticated' ? auth.user.id : '', planWorkoutId)
  const movementIds = workout.state === 'ready' ? statsMovementIdsOf(workout.data.exercises) : []
  const stats = useQuery({ ...sessionQueries.movementStats(movementIds), enabled: movementIds.length > 0 })
  const { start, busy } = useStartSession()
  if (auth.status !== 'authenticated') return null
  const unit = auth.profile.unit

  if (workout.state === 'loading') return <p className="text-muted-foreground">Loading…</p>
  if (workout.state === 'offline') return <p role="status">{sessionText.offlineNoWorkout}</p>
  if (workout.state === 'error') return <LoadError error={workout.error} what="workout" />
  const data = workout.data
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <PlanWorkoutHeading workout={data} />
      <OfflineNote>{sessionText.offlineCopy}</OfflineNote>
      {data.deloaded && <DeloadNote plan={data.plan} />}
      <WorkoutView
        workout={data}
        unit={unit}
        plateStep={plateSetupOf(auth.profile.plateSetups, unit).plateStep}
        oneRepMaxOf={(exercise) =>
          stats.data?.find((s) => s.movementId === oneRepMaxMovementOf(exercise))?.bestE1rmKg ?? null
        }
        extra={(exercise) => {
          const stat = stats.data?.find((s) => s.movementId === exercise.movementId)
          if (!stat?.last && !stat?.bestE1rmKg) return null
          return (
            <p className="mt-2 text-xs text-muted-foreground">
              {stat.last &&
                `Last time: ${stat.last.sets.map((s) => (s.loadKg != null ? `${fromKg(s.loadKg, unit)}×${s.reps ?? 0}` : s.reps != null ? `${s.reps} reps` : `${s.durationSeconds ?? 0} s`)).join(', ')}`}
              {stat.last && stat.bestE1rmKg ? ' · ' : ''}
              {stat.bestE1rmKg ? `Best e1RM ${fromKg(stat.bestE1rmKg, unit)} ${unit}` : ''}
            </p>
          )
        }}
      />
      {data.plan.clientId === auth.user.id || (!data.plan.clientId && data.plan.ownerId === auth.user.id) ? (
        <Button
          size="lg"
          className="sticky bottom-20 md:bottom-4"
          disabled={busy}
          onClick={() =>
            void start(
              { planWorkoutId: data.id },
              {
                source: {
                  title: data.title,
                  exercises: data.exercises,
                  planned: {
                    planWorkoutId: data.id,
                    planId: data.plan.id,
                    planName: data.plan.name,
                    week: data.week,
                    day: data.day,
                  },
                },
              },
            )
          }
        >
          {busy ? 'Starting…' : 'Start workout'}
        </Button>
      ) : null}
    </section>
  )
}
