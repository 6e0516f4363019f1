import { useState, type FormEvent } from 'react'
import type { Plan } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { NativeSelect } from '#client/components/ui/input.tsx'
import { describeError } from '#client/lib/query-client.ts'
import { useDayAction, type DayAction } from '../api/builder-mutations.ts'
import type { SaveQueue } from '../api/use-save-queue.ts'
import { workoutAt, type Cell } from '../plan-cell.ts'

type Props = { plan: Plan; cell: Cell | null; onClose: () => void; saver: SaveQueue<Plan> }

/** Copy or move a day's workout to another day (the keyboard's way to do what dragging does), or delete it. */
export function CellActionsDialog({ plan, cell, onClose, saver }: Props) {
  return (
    <Dialog open={cell !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        {cell && (
          <CellActionsForm key={`${cell.week}:${cell.day}`} plan={plan} cell={cell} onClose={onClose} saver={saver} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function CellActionsForm({ plan, cell, onClose, saver }: Omit<Props, 'cell'> & { cell: Cell }) {
  const workout = workoutAt(plan, cell)
  const [action, setAction] = useState<'copy' | 'move'>('copy')
  const [week, setWeek] = useState(String(cell.week))
  const [day, setDay] = useState(String(cell.day === plan.daysPerWeek ? 1 : cell.day + 1))
  const [error, setError] = useState<string>()
  const dayAction = useDayAction(plan.id, saver)
  const shownError = error ?? (dayAction.error ? describeError(dayAction.error) : undefined)

  function run(next: DayAction) {
    setError(undefined)
    dayAction.mutate(next, { onSuccess: () => onClose() })
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const to = { week: Number(week), day: Number(day) }
    if (to.week === cell.week && to.day === cell.day) {
      dayAction.reset()
      return setError('Choose another day')
    }
    run({ kind: action, from: cell, to })
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <DialogTitle>{workout?.title ?? `Day ${cell.day}`}</DialogTitle>
      <DialogDescription>
        Week {cell.week} · Day {cell.day}. Copying onto a day replaces its workout; moving onto one swaps the two.
      </DialogDescription>
      <Field label="Action">
        {(control) => (
          <NativeSelect {...control} value={action} onChange={(e) => setAction(e.target.value as 'copy' | 'move')}>
            <option value="copy">Copy to</option>
            <option value="move">Move to</option>
          </NativeSelect>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label="Target week">
          {(control) => (
            <NativeSelect {...control} value={week} onChange={(e) => setWeek(e.target.value)}>
              {Array.from({ length: plan.weeks }, (_, i) => (
                <option key={i} value={i + 1}>
                  Week {i + 1}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Target day">
          {(control) => (
            <NativeSelect {...control} value={day} onChange={(e) => setDay(e.target.value)}>
              {Array.from({ length: plan.daysPerWeek }, (_, i) => (
                <option key={i} value={i + 1}>
                  Day {i + 1}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      </div>
      {shownError && (
        <p role="alert" className="text-sm text-destructive">
          {shownError}
        </p>
      )}
      <div className="flex flex-wrap justify-between gap-2">
        <Button
          type="button"
          variant="destructive"
          disabled={dayAction.isPending}
          onClick={() => run({ kind: 'remove', from: cell })}
        >
          Delete workout
        </Button>
        <Button type="submit" disabled={dayAction.isPending}>
          {action === 'copy' ? 'Copy' : 'Move'}
        </Button>
      </div>
    </form>
  )
}
