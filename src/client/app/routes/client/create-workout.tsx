import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { FieldErrors } from '#shared/errors.ts'
import { paths } from '#shared/paths.ts'
import { workoutMessages } from '#shared/schemas/workouts.ts'
import { Button } from '#client/components/ui/button.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { workoutCalls, workoutQueries } from '#client/features/programs/api/workout-queries.ts'
import { WorkoutEditor } from '#client/features/programs/components/workout-editor.tsx'
import { validateWorkoutDraft, workoutToDraft, type WorkoutDraft } from '#client/features/programs/workout-draft.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import { describeError } from '#client/lib/query-client.ts'

/** /create-workout: build a standalone workout; once created it opens at /workout/{id}, where it saves itself. */
export function CreateWorkoutPage() {
  const auth = useAuth()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const unit = auth.status === 'authenticated' ? auth.profile.unit : 'kg'
  const [draft, setDraft] = useState<WorkoutDraft>(() => workoutToDraft(null, unit, ''))
  const [errors, setErrors] = useState<FieldErrors>({})
  const [busy, setBusy] = useState(false)
  if (auth.status !== 'authenticated') return null

  async function create() {
    const checked = validateWorkoutDraft(draft, unit)
    if (!checked.ok) return setErrors(checked.fields)
    setBusy(true)
    try {
      const workout = await workoutCalls.create(checked.content)
      await queryClient.invalidateQueries({ queryKey: workoutQueries.all() })
      notify.success({ title: workoutMessages.created })
      await navigate(paths.open.workout.getHref(workout.id))
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields)
      else notify.error({ title: 'Could not create the workout', description: describeError(error) })
      setBusy(false)
    }
  }

  return (
    <section className="flex max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Create workout</h1>
        <p className="text-sm text-muted-foreground">A workout of your own, outside any program: name it, add exercises and their sets.</p>
      </div>
      <WorkoutEditor draft={draft} onChange={setDraft} errors={errors} unit={unit} userId={auth.user.id} />
      <Button size="lg" className="self-start" disabled={busy} onClick={() => void create()}>
        {busy ? 'Creating…' : 'Create workout'}
      </Button>
    </section>
  )
}
