import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { FieldErrors } from '#shared/errors.ts'
import { paths } from '#shared/paths.ts'
import { workoutApiText } from '#shared/schemas/workouts.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { useCreateWorkout } from '#client/features/plans/api/workout-mutations.ts'
import { WorkoutEditor } from '#client/features/plans/components/workout-editor.tsx'
import { validateWorkoutDraft, workoutToDraft, type WorkoutDraft } from '#client/features/plans/workout-draft.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'

/** /create-workout: build a standalone workout; once created it opens at /workout/{id}, where it saves itself. */
export function CreateWorkoutPage() {
  const auth = useAuth()
  const navigate = useNavigate()
  const creating = useCreateWorkout()
  const unit = auth.status === 'authenticated' ? auth.profile.unit : 'kg'
  const [draft, setDraft] = useState<WorkoutDraft>(() => workoutToDraft(null, unit, ''))
  const [errors, setErrors] = useState<FieldErrors>({})
  if (auth.status !== 'authenticated') return null

  function create() {
    const checked = validateWorkoutDraft(draft, unit)
    if (!checked.ok) return setErrors(checked.fields)
    creating.mutate(checked.content, {
      onSuccess: (workout) => {
        notify.success({ title: workoutApiText.created })
        void navigate(paths.open.workout.getHref(workout.id))
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields)
      },
    })
  }
  const busy = creating.isPending || creating.isSuccess

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Create workout</h1>
        <p className="text-sm text-muted-foreground">
          A workout of your own, outside any plan: name it, add exercises and their sets.
        </p>
      </div>
      <WorkoutEditor draft={draft} onChange={setDraft} errors={errors} unit={unit} userId={auth.user.id} />
      <Button size="lg" className="self-start" disabled={busy} onClick={() => void create()}>
        {busy ? 'Creating…' : 'Create workout'}
      </Button>
    </section>
  )
}
