import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import type { Workout } from '#shared/schemas/workouts.ts'
import type { Unit } from '#shared/units.ts'
import { useSaveQueue, type SaveQueue } from '../api/use-save-queue.ts'
import { workoutDocument, workoutQueries, workoutSaves } from '../api/workout-queries.ts'
import { useAutosavedWorkout } from '../use-autosaved-workout.ts'
import { workoutToDraft, type WorkoutDraft } from '../workout-draft.ts'
import { ConflictBanner, SaveStatus } from './save-status.tsx'
import { WorkoutEditor } from './workout-editor.tsx'

type Props = { workout: Workout; unit: Unit; userId: string; canTemplate: boolean }
type Saver = SaveQueue<Workout>

/** The editor's saves, owned by the page so that its own actions (duplicate, start) can wait for them. */
export function useWorkoutSaver(workoutId: string) {
  const saver = useSaveQueue<Workout>(workoutDocument(workoutId))
  const flushRef = useRef<() => void>(() => {})
  /** Sends the draft being typed at once, then resolves when every save is on the server (or fails with why not). */
  const whenSaved = useCallback(() => {
    flushRef.current()
    return saver.whenSaved()
  }, [saver])
  return { saver, flushRef, whenSaved }
}
type Draft = WorkoutDraft & { isTemplate: boolean }

/** The user's own standalone workout in the exercise editor; every change saves itself a moment later. */
export function StandaloneWorkoutEditor({ saving, ...props }: Props & { saving: ReturnType<typeof useWorkoutSaver> }) {
  const { saver } = saving
  return (
    <div className="flex flex-col gap-4">
      <SaveStatus state={saver.state} />
      {saver.state === 'conflict' && <ConflictBanner onReload={() => void saver.reload()} />}
      <Editor key={saver.generation} {...props} saver={saver} flushRef={saving.flushRef} />
    </div>
  )
}

function Editor({
  workout,
  unit,
  userId,
  canTemplate,
  saver,
  flushRef,
}: Props & { saver: Saver; flushRef: RefObject<() => void> }) {
  const queryClient = useQueryClient()
  const { draft, change, errors, flush } = useAutosavedWorkout<Draft>({
    initial: () => ({ ...workoutToDraft(workout, unit, 'Workout'), isTemplate: workout.isTemplate }),
    unit,
    setSaveState: saver.setState,
    send: (content, next) =>
      saver
        .enqueue('content', workoutSaves.save(workout.id, { ...content, isTemplate: next.isTemplate }))
        .then(() => queryClient.invalidateQueries({ queryKey: workoutQueries.list().queryKey })),
  })
  useEffect(() => {
    flushRef.current = flush
  })

  return (
    <>
      {canTemplate && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-[var(--primary)]"
            checked={draft.isTemplate}
            onChange={(e) => change({ ...draft, isTemplate: e.target.checked })}
          />
          Template: shared with your clients and shown on your template board
        </label>
      )}
      <WorkoutEditor
        draft={draft}
        onChange={(next) => change({ ...next, isTemplate: draft.isTemplate })}
        errors={errors}
        unit={unit}
        userId={userId}
      />
    </>
  )
}
