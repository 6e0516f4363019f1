import { useState, type FormEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { CopyPlanBody, PLAN_NAME_MAX, type Plan } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { describeError } from '#client/lib/query-client.ts'
import { notify } from '#client/lib/notify.ts'
import { useCopyPlan } from '../api/plan-mutations.ts'
import { builderText } from '../builder-text.ts'

type Props = {
  plan: Plan
  /** Resolves when the builder's queued saves are on the server (the copy is of the server's plan). */ whenSaved: () => Promise<void>
}

/** Saves a copy of the plan as a template under a name the coach picks; a name one of their templates has is refused and said here. */
export function SaveTemplateDialog({ plan, whenSaved }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">{builderText.saveAsTemplate}</Button>
      </DialogTrigger>
      <DialogContent>
        {open && <SaveTemplateForm plan={plan} whenSaved={whenSaved} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function SaveTemplateForm({ plan, whenSaved, onDone }: Props & { onDone: () => void }) {
  const copyPlan = useCopyPlan({ inForm: true })
  const [name, setName] = useState(plan.name)
  const [errors, setErrors] = useState<FieldErrors>({})

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = CopyPlanBody.safeParse({ name, isTemplate: true })
    if (!parsed.success) return setErrors(fieldErrorsOf(parsed.error.issues))
    setErrors({})
    copyPlan.mutate(
      { planId: plan.id, body: parsed.data, whenSaved },
      {
        onSuccess: (copy) => {
          notify.success({ title: builderText.templateSaved, description: builderText.templateOnBoard(copy.name) })
          onDone()
        },
        // A name already taken (409) is the name's error: the coach picks another one here.
        onError: (error) =>
          setErrors(error instanceof ApiError && error.fields ? error.fields : { name: [describeError(error)] }),
      },
    )
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <DialogTitle>{builderText.saveAsTemplate}</DialogTitle>
      <DialogDescription>{builderText.saveAsTemplateText}</DialogDescription>
      <Field label={builderText.templateName} error={errors.name?.[0]}>
        {(control) => (
          <Input {...control} maxLength={PLAN_NAME_MAX} value={name} onChange={(e) => setName(e.target.value)} />
        )}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={copyPlan.isPending}>
          {copyPlan.isPending ? 'Saving…' : builderText.saveTemplate}
        </Button>
      </div>
    </form>
  )
}
