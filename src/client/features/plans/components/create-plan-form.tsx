import { useQuery } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { CreatePlanBody, MAX_DAYS_PER_WEEK, MAX_WEEKS } from '#shared/schemas/plans.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Card } from '#client/components/ui/card.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { builderText } from '../builder-text.ts'
import { planQueries, useCreatePlan } from '../api/plan-queries.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'

type Props = {
  /** Where the new plan opens: the coach's or the self-coached client's builder. */
  builderHref: (planId: string) => string
  /** Coaches may start from one of their templates. */
  withTemplates: boolean
}

/** A new plan: name, goal, weeks and days per week, from scratch or from a template, then the builder. */
export function CreatePlanForm({ builderHref, withTemplates }: Props) {
  const navigate = useNavigate()
  const templates = useQuery({
    ...planQueries.own(),
    select: (plans) => plans.filter((p) => p.isTemplate),
    enabled: withTemplates,
  })
  const create = useCreatePlan()
  const [templateId, setTemplateId] = useState('')
  const [name, setName] = useState('')
  const [goal, setGoal] = useState('')
  const [weeks, setWeeks] = useState('8')
  const [days, setDays] = useState('4')
  const [errors, setErrors] = useState<FieldErrors>({})

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = CreatePlanBody.safeParse({
      name,
      goal: goal || null,
      weeks: Number(weeks),
      daysPerWeek: Number(days),
    })
    const template = templates.data?.find((t) => t.id === templateId)
    if (!parsed.success && !(template && name.trim())) return setErrors(fieldErrorsOf(parsed.error.issues))
    setErrors({})
    create.mutate(
      template
        ? { fromTemplateId: template.id, copy: { name: name.trim() } }
        : { plan: parsed.data as NonNullable<typeof parsed.data> },
      {
        onSuccess: (plan) => {
          notify.success({ title: 'Plan created' })
          void navigate(builderHref(plan.id))
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields) setErrors(error.fields)
        },
      },
    )
  }

  const fromTemplate = Boolean(templateId)
  return (
    <Card>
      <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
        {withTemplates && (
          <Field label="Start from">
            {(control) => (
              <NativeSelect {...control} value={templateId} onChange={(e) => setTemplateId(e.target.value)}>
                <option value="">Scratch</option>
                {templates.data?.map((t) => (
                  <option key={t.id} value={t.id}>
                    Template: {t.name} ({builderText.shape(t.weeks, t.daysPerWeek)})
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
        )}
        <Field label="Name" error={errors.name?.[0]}>
          {(control) => <Input {...control} maxLength={120} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        {!fromTemplate && (
          <>
            <Field label="Goal (optional)" error={errors.goal?.[0]}>
              {(control) => (
                <Input
                  {...control}
                  maxLength={120}
                  placeholder="Strength, hypertrophy, a meet…"
                  value={goal}
                  onChange={(e) => setGoal(e.target.value)}
                />
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Weeks" error={errors.weeks?.[0]}>
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_WEEKS}
                    value={weeks}
                    onChange={(e) => setWeeks(e.target.value)}
                  />
                )}
              </Field>
              <Field label="Days per week" error={errors.daysPerWeek?.[0]}>
                {(control) => (
                  <Input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={MAX_DAYS_PER_WEEK}
                    value={days}
                    onChange={(e) => setDays(e.target.value)}
                  />
                )}
              </Field>
            </div>
          </>
        )}
        <Button type="submit" size="lg" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create plan'}
        </Button>
      </form>
    </Card>
  )
}
