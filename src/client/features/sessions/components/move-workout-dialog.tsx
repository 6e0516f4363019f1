import { useState, type FormEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { MOVE_DAYS_AHEAD, MovePlanDayBody, type Plan, type PlanWorkout } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { localToday } from '#client/lib/dates.ts'
import { describeError } from '#client/lib/query-client.ts'
import { notify } from '#client/lib/notify.ts'
import { useMoveToDate } from '#client/features/plans/api/plan-mutations.ts'
import { dateText } from '#client/features/plans/plan-dates.ts'
import { sessionText } from '../session-text.ts'

type Props = {
  plan: Pick<Plan, 'id'>
  workout: Pick<PlanWorkout, 'week' | 'day' | 'title'>
  /** The date it was to be trained on (YYYY-MM-DD). */
  date: string
}

const text = sessionText.missed

/**
 * 'Move': gives a planned workout another date, today by default, up to four weeks ahead. Open
 * while it is rendered: the screen renders it once its 'Move' button is tapped (so the dialog's
 * code loads then), and `onClose` puts the focus back on that button.
 */
export function MoveWorkoutDialog({ onClose, ...props }: Props & { onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <MoveWorkoutForm {...props} onDone={onClose} />
      </DialogContent>
    </Dialog>
  )
}

function MoveWorkoutForm({ plan, workout, date, onDone }: Props & { onDone: () => void }) {
  const move = useMoveToDate()
  const today = localToday()
  const [to, setTo] = useState(today)
  const [errors, setErrors] = useState<FieldErrors>({})
  const latest = new Date(Date.parse(`${today}T00:00:00Z`) + MOVE_DAYS_AHEAD * 86_400_000).toISOString().slice(0, 10)

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = MovePlanDayBody.safeParse({ date: to })
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues))
    setErrors({})
    move.mutate(
      { planId: plan.id, week: workout.week, day: workout.day, input: parsed.data },
      {
        onSuccess: () => {
          notify.success({ title: text.done(workout.title, dateText(parsed.data.date)) })
          onDone()
        },
        onError: (error) =>
          setErrors(error instanceof ApiError && error.fields ? error.fields : { date: [describeError(error)] }),
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <DialogTitle>{text.dialogTitle(workout.title)}</DialogTitle>
      <DialogDescription>{text.dialogText(dateText(date))}</DialogDescription>
      <Field label={text.date} error={errors.date?.[0]}>
        {(control) => (
          <Input
            {...control}
            type="date"
            min={today}
            max={latest}
            required
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={move.isPending}>
          {move.isPending ? text.moving : text.submit}
        </Button>
      </div>
    </form>
  )
}
