import { useState, type FormEvent } from 'react'
import { fieldErrorsOf } from '#shared/errors.ts'
import { StartPlanBody, type Plan } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { localToday } from '#client/lib/dates.ts'
import { notify } from '#client/lib/notify.ts'
import { describeError } from '#client/lib/query-client.ts'
import { useStartPlan } from '../api/plan-mutations.ts'
import { builderText } from '../builder-text.ts'
import { planDateText } from '../plan-dates.ts'
import { spreadWeekdays, trainingDaysError, TrainingDaysPicker } from './training-days-picker.tsx'

type Props = {
  plan: Plan
  /** Resolves when the builder's queued saves are on the server. */ whenSaved: () => Promise<void>
}

/** A self-coached lifter's own plan starts (or moves) on a start date and their training weekdays. */
export function StartPlanDialog({ plan, whenSaved }: Props) {
  const [open, setOpen] = useState(false)
  const active = plan.status === 'active'
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={active ? 'outline' : 'default'}>
          {active ? builderText.reschedulePlan : builderText.startPlan}
        </Button>
      </DialogTrigger>
      <DialogContent>
        {open && <StartPlanForm plan={plan} whenSaved={whenSaved} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function StartPlanForm({ plan, whenSaved, onDone }: Props & { onDone: () => void }) {
  const start = useStartPlan()
  const [startDate, setStartDate] = useState(() =>
    plan.status === 'active' && plan.startDate ? plan.startDate : localToday(),
  )
  const [trainingDays, setTrainingDays] = useState<number[]>(
    () => plan.trainingDays ?? spreadWeekdays(plan.daysPerWeek),
  )
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({})
  const n = plan.daysPerWeek

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = StartPlanBody.safeParse({ startDate, trainingDays })
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues))
    const countError = trainingDaysError(trainingDays, n)
    if (countError) return setErrors({ trainingDays: [countError] })
    start.mutate(
      { planId: plan.id, input: parsed.data, whenSaved },
      {
        onSuccess: (started) => {
          notify.success({
            title: builderText.started,
            description: builderText.startedOn(planDateText(started, 1, 1) ?? startDate),
          })
          onDone()
        },
        onError: (error) =>
          setErrors(error instanceof ApiError && error.fields ? error.fields : { form: [describeError(error)] }),
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <DialogTitle>
        {plan.status === 'active' ? builderText.reschedulePlan : builderText.startPlan}: “{plan.name}”
      </DialogTitle>
      <DialogDescription>
        It becomes your active plan: today’s workout on Home, every week in your calendar. Pick {n} training day
        {n === 1 ? '' : 's'} a week.
      </DialogDescription>
      <Field label="Start date" error={errors.startDate?.[0]}>
        {(control) => (
          <Input {...control} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
        )}
      </Field>
      <TrainingDaysPicker value={trainingDays} onChange={setTrainingDays} error={errors.trainingDays?.[0]} />
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form[0]}
        </p>
      )}
      <Button type="submit" disabled={start.isPending}>
        {start.isPending ? 'Starting…' : builderText.startPlan}
      </Button>
    </form>
  )
}
