import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { FieldErrors } from '#shared/errors.ts'
import type { Workout } from '#shared/schemas/workouts.ts'
import type { Unit } from '#shared/units.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { useSaveQueue } from '../api/use-save-queue.ts'
import { workoutCalls, workoutQueries } from '../api/workout-queries.ts'
import { useDraftAutosave } from '../use-draft-autosave.ts'
import { validateWorkoutDraft, workoutToDraft, type WorkoutDraft } from '../workout-draft.ts'
import { ConflictBanner, SaveStatus } from './save-status.tsx'
import { WorkoutEditor } from './workout-editor.tsx'

type Props = { workout: Workout; unit: Unit; userId: string; canTemplate: boolean }
type Draft = WorkoutDraft & { isTemplate: boolean }

/** The user's own standalone workout in the exercise editor; every change saves itself a moment later. */
export function StandaloneWorkoutEditor(props: Props) {
  const saver = useSaveQueue<Workout>(workoutQueries.detail(props.workout.id).queryKey)
  return (
    <div className="flex flex-col gap-4">
      <SaveStatus state={saver.state} />
      {saver.state === 'conflict' && <ConflictBanner onReload={() => void saver.reload()} />}
      <Editor key={saver.generation} {...props} saver={saver} />
    </div>
  )
}

function Editor({ workout, unit, userId, canTemplate, saver }: Props & { saver: ReturnType<typeof useSaveQueue<Workout>> }) {
  const queryClient = useQueryClient()
  const [draft, setDraft] = useState<Draft>(() => ({ ...workoutToDraft(workout, unit, 'Workout'), isTemplate: workout.isTemplate }))
  const [errors, setErrors] = useState<FieldErrors>({})

  function save(next: Draft) {
    const checked = validateWorkoutDraft(next, unit)
    if (!checked.ok) {
      setErrors(checked.fields)
      saver.setState('invalid')
      return
    }
    setErrors({})
    saver.enqueue('content', (version) => workoutCalls.save(workout.id, { ...checked.content, isTemplate: next.isTemplate, version })).then(
      () => queryClient.invalidateQueries({ queryKey: workoutQueries.list().queryKey }),
      (error: unknown) => {
        if (error instanceof ApiError && error.fields) setErrors(error.fields)
      },
    )
  }
  useDraftAutosave(draft, save)

  function change(next: Draft) {
    saver.setState('pending')
    setDraft(next)
  }

  return (
    <>
      {canTemplate && (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4 accent-[var(--primary)]" checked={draft.isTemplate} onChange={(e) => change({ ...draft, isTemplate: e.target.checked })} />
          Template: shared with your clients and shown on your template board
        </label>
      )}
      <WorkoutEditor draft={draft} onChange={(next) => change({ ...next, isTemplate: draft.isTemplate })} errors={errors} unit={unit} userId={userId} />
    </>
  )
}
