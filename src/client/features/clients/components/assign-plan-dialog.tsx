import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { fieldErrorsOf } from '#shared/errors.ts'
import { AssignPlanBody, type Plan } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { useAssignPlan } from '#client/features/plans/api/plan-mutations.ts'
import { trainingDaysError, TrainingDaysPicker } from '#client/features/plans/components/training-days-picker.tsx'
import { planDateText } from '#client/features/plans/plan-dates.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { localToday } from '#client/lib/dates.ts'
import { notify } from '#client/lib/notify.ts'
import { describeError } from '#client/lib/query-client.ts'
import { clientQueries } from '../api/client-queries.ts'
import { clientsText } from '../clients-text.ts'

type Props = {
  plan: Plan
  /** Resolves when the builder's queued saves are on the server (assigning copies the server's plan). */ whenSaved: () => Promise<void>
}

/** "Assign to client" in the plan builder: the coach picks one of their active clients, a start date and the training days (the plan's to begin with). */
export function AssignPlanDialog({ plan, whenSaved }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Assign to client</Button>
      </DialogTrigger>
      <DialogContent>
        {open && <AssignPlanForm plan={plan} whenSaved={whenSaved} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function AssignPlanForm({ plan, whenSaved, onDone }: Props & { onDone: () => void }) {
  const assign = useAssignPlan({ inForm: true })
  const clients = useQuery(clientQueries.active())
  const [clientId, setClientId] = useState('')
  const [startDate, setStartDate] = useState(localToday)
  const [trainingDays, setTrainingDays] = useState<number[]>(() => plan.trainingDays ?? [])
  const [errors, setErrors] = useState<Record<string, string[] | undefined>>({})
  const busy = assign.isPending

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = AssignPlanBody.safeParse({
      clientId,
      startDate,
      trainingDays: trainingDays.length ? trainingDays : null,
    })
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues))
    const countError = trainingDaysError(trainingDays, plan.daysPerWeek, { noneAllowed: true })
    if (countError) return setErrors({ trainingDays: [countError] })
    assign.mutate(
      { planId: plan.id, input: parsed.data, whenSaved },
      {
        onSuccess: (assigned) => {
          const client = clients.data?.find((c) => c.clientId === clientId)
          notify.success({
            title: clientsText.planAssigned,
            description: `${client?.displayName ?? 'Your client'} starts on ${planDateText(assigned, 1, 1) ?? startDate}.`,
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
      <DialogTitle>Assign “{plan.name}”</DialogTitle>
      <DialogDescription>
        The client gets their own copy from the start date; their current plan is completed.
      </DialogDescription>
      {clients.data?.length === 0 ? (
        <p className="text-sm text-muted-foreground">You have no active clients yet. Invite one from Clients.</p>
      ) : (
        <Field label="Client" error={errors.clientId?.[0]}>
          {(control) => (
            <NativeSelect
              {...control}
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
              disabled={clients.isPending}
            >
              <option value="">{clients.isPending ? 'Loading…' : 'Choose a client'}</option>
              {clients.data?.map((c) => (
                <option key={c.clientId} value={c.clientId}>
                  {c.displayName || c.email}
                  {c.activePlan ? ` (now on ${c.activePlan.name})` : ''}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}
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
      <Button type="submit" disabled={busy || !clients.data?.length}>
        {busy ? 'Assigning…' : 'Assign plan'}
      </Button>
    </form>
  )
}
