import { useEffect, useRef, useState, type RefObject } from 'react'
import type { Plan } from '#shared/schemas/plans.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { planSaves } from '../api/plan-calls.ts'
import type { SaveQueue } from '../api/use-save-queue.ts'
import { workoutAt, type Cell } from '../plan-cell.ts'
import { planDateText } from '../plan-dates.ts'
import { useAutosavedWorkout } from '../use-autosaved-workout.ts'
import { workoutToDraft, type WorkoutDraft } from '../workout-draft.ts'
import { SaveStatus } from './save-status.tsx'
import { WorkoutEditor } from './workout-editor.tsx'

type Props = {
  plan: Plan
  cell: Cell | null
  onClose: () => void
  saver: SaveQueue<Plan>
  unit: Unit
  userId: string
}

/** One day of the grid in the workout editor; every change saves itself a moment later. */
export function CellEditorDialog({ plan, cell, onClose, saver, unit, userId }: Props) {
  const date = cell && plan.startDate ? ` · ${planDateText(plan, cell.week, cell.day)}` : ''
  // The open editor decides whether it may close (not while a changed field is invalid).
  const requestClose = useRef<() => void>(onClose)
  return (
    <Dialog open={cell !== null} onOpenChange={(open) => !open && requestClose.current()}>
      {/* Dragging an exercise can end over the overlay: only Done, Close or Escape leave the editor. */}
      <DialogContent onInteractOutside={(event) => event.preventDefault()} size="wide">
        {cell && (
          <>
            <DialogTitle>
              Week {cell.week} · Day {cell.day}
              {date}
            </DialogTitle>
            <DialogDescription>Changes save automatically.</DialogDescription>
            <CellEditor
              key={`${cell.week}:${cell.day}:${saver.generation}`}
              plan={plan}
              cell={cell}
              saver={saver}
              unit={unit}
              userId={userId}
              onClose={onClose}
              closeRef={requestClose}
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

function CellEditor({
  plan,
  cell,
  saver,
  unit,
  userId,
  onClose,
  closeRef,
}: Omit<Props, 'cell'> & { cell: Cell; closeRef: RefObject<() => void> }) {
  const existing = workoutAt(plan, cell)
  const saveKey = `cell:${cell.week}:${cell.day}`
  const removed = useRef(false)
  const { draft, change, errors, check, flush } = useAutosavedWorkout<WorkoutDraft>({
    // Reopened before its last save landed: the editor shows what was typed, not the server's older copy.
    initial: () =>
      (saver.pendingDraft(saveKey) as WorkoutDraft | undefined) ?? workoutToDraft(existing, unit, `Day ${cell.day}`),
    unit,
    setSaveState: saver.setState,
    send: (workout, next) => saver.enqueue(saveKey, planSaves.saveDay(plan.id, cell.week, cell.day, { workout }), next),
    fieldsUnder: 'workout.',
    shouldSave: () => !removed.current,
  })
  const [initial] = useState(draft)

  /** Leaving with a changed field that cannot be saved would drop every other unsaved change: stay and show it. */
  function tryClose() {
    if (!removed.current && draft !== initial && !check(draft)) return
    flush()
    onClose()
  }
  useEffect(() => {
    closeRef.current = tryClose
  })

  return (
    <div className="flex flex-col gap-4">
      <WorkoutEditor
        draft={draft}
        onChange={change}
        errors={errors}
        unit={unit}
        userId={userId}
        rules={{ planRule: plan.progression, clientId: plan.clientId, userId }}
      />
      <div className="sticky -bottom-4 -mx-4 -mb-4 flex flex-wrap items-center justify-between gap-3 border-t bg-background px-4 py-3 sm:-bottom-6 sm:-mx-6 sm:-mb-6 sm:px-6">
        <SaveStatus state={saver.state} />
        <div className="flex gap-2">
          {existing && (
            <Button
              variant="outline"
              onClick={() => {
                removed.current = true
                // Replaces a waiting autosave of this cell; a failure shows in the save status.
                saver
                  .enqueue(saveKey, planSaves.saveDay(plan.id, cell.week, cell.day, { workout: null }))
                  .catch(() => {})
                onClose()
              }}
            >
              Remove workout
            </Button>
          )}
          <Button onClick={tryClose}>Done</Button>
        </div>
      </div>
    </div>
  )
}
