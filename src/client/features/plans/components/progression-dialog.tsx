import { useMutation } from '@tanstack/react-query'
import { TrendingUp } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import type { ExerciseInput, Plan } from '#shared/schemas/plans.ts'
import {
  DeloadSchema,
  describeRule,
  type Deload,
  type ProgressionMode,
  type ProgressionRule,
} from '#shared/schemas/progression.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { progressionCalls } from '../api/progression-calls.ts'
import { fromDraft, toDraft, typedNumber } from './rule-draft.ts'
import { PreviewOutcome, RuleFields, useLinkedName } from './rule-fields.tsx'

type ExerciseRuleProps = {
  /** The exercise's name as its controls say it ('Bench Press (A1)'), and its movement. */
  name: string
  movementId: string
  movementName: string
  /** Who is building: their recent movements in the picker. */
  userId: string
  rule: ProgressionRule | null
  planRule: ProgressionRule | null
  /** The plan's client, for a preview on their numbers. */
  clientId: string | null
  unit: Unit
  /** The exercise's sets as they are in the editor now (null when they do not pass the schema yet). */
  sets: () => ExerciseInput['sets'] | null
  onChange: (rule: ProgressionRule | null) => void
}

/** An exercise's progression rule: its own, or the plan's; with a preview for the plan's client. */
export function ExerciseRuleDialog({
  name,
  movementId,
  movementName,
  userId,
  rule,
  planRule,
  clientId,
  unit,
  sets,
  onChange,
}: ExerciseRuleProps) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(() => toDraft(rule, unit))
  const [errors, setErrors] = useState<FieldErrors>({})
  const preview = useMutation({ mutationFn: progressionCalls.preview })
  const shown = rule ?? planRule
  const linkedName = useLinkedName(
    rule?.kind === 'percent_e1rm' ? { kind: rule.kind, linkedMovementId: rule.linkedMovementId ?? null } : null,
  )

  function handleOpen(next: boolean) {
    if (next) {
      setDraft(toDraft(rule, unit))
      setErrors({})
      preview.reset()
    }
    setOpen(next)
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const result = fromDraft(draft)
    if (!result.ok) return setErrors(result.fields)
    onChange(result.rule)
    setOpen(false)
  }

  function handlePreview() {
    const result = fromDraft(draft)
    const current = sets()
    if (!result.ok) return setErrors(result.fields)
    const ruleToShow = result.rule ?? planRule
    if (!ruleToShow || !current) return
    preview.mutate({ rule: ruleToShow, movementId, sets: current, ...(clientId ? { clientId } : {}) })
  }

  return (
    <Dialog open={open} onOpenChange={handleOpen}>
      <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <DialogTrigger asChild>
          <Button variant="outline" size="sm" aria-label={`Progression of ${name}`}>
            <TrendingUp aria-hidden /> Progression
          </Button>
        </DialogTrigger>
        <span className="min-w-0 break-words">
          {shown
            ? `${describeRule(shown, rule ? linkedName : undefined)}${rule ? '' : ' (the plan’s)'}`
            : 'No rule: targets change only by hand'}
        </span>
      </div>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <DialogTitle>Progression: {name}</DialogTitle>
          <DialogDescription>
            When the lifter completes this workout, the rule sets their next targets for this exercise and tells them
            why.
          </DialogDescription>
          <RuleFields
            draft={draft}
            onChange={setDraft}
            errors={errors}
            none={planRule ? `The plan’s rule (${describeRule(planRule)})` : 'No rule'}
            link={{ userId, movementId, movementName }}
          />
          <div className="flex flex-col gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={handlePreview}
              disabled={preview.isPending || (!draft.kind && !planRule)}
            >
              {clientId ? 'Preview for the client' : 'Preview'}
            </Button>
            <PreviewOutcome preview={preview} />
          </div>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Use this rule</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** The movements that follow the plan's rule (no rule of their own), each with its first sets in the plan: what the plan's rule previews on. */
function exercisesFollowingPlan(
  plan: Plan,
): { movementId: string; movementName: string; sets: ExerciseInput['sets'] }[] {
  const seen = new Map<string, { movementId: string; movementName: string; sets: ExerciseInput['sets'] }>()
  for (const workout of [...plan.workouts].sort((a, b) => a.week - b.week || a.day - b.day))
    for (const exercise of workout.exercises)
      if (!exercise.progression && exercise.sets.length && !seen.has(exercise.movementId))
        seen.set(exercise.movementId, {
          movementId: exercise.movementId,
          movementName: exercise.movementName,
          sets: exercise.sets,
        })
  return [...seen.values()]
}

type PlanProgression = { progression: ProgressionRule | null; progressionMode: ProgressionMode; deload: Deload | null }

/** The plan's progression: the default rule, whether changes wait for approval (a coach's plans), and what deload weeks take off. */
export function PlanProgressionDialog({
  plan,
  unit,
  approvals,
  onSave,
}: {
  plan: Plan
  unit: Unit
  approvals: boolean
  onSave: (change: PlanProgression) => void
}) {
  const [open, setOpen] = useState(false)
  const [draft, setDraft] = useState(() => toDraft(plan.progression, unit))
  const followers = exercisesFollowingPlan(plan)
  const [previewOn, setPreviewOn] = useState('')
  const preview = useMutation({ mutationFn: progressionCalls.preview })
  const previewed = followers.find((f) => f.movementId === previewOn) ?? followers[0]
  const [mode, setMode] = useState<ProgressionMode>(plan.progressionMode)
  const [deload, setDeload] = useState({
    loadPercent: String(plan.deload?.loadPercent ?? ''),
    setsRemoved: String(plan.deload?.setsRemoved ?? ''),
  })
  const [errors, setErrors] = useState<FieldErrors>({})

  function handleOpen(next: boolean) {
    if (next) {
      setDraft(toDraft(plan.progression, unit))
      setMode(plan.progressionMode)
      setDeload({
        loadPercent: String(plan.deload?.loadPercent ?? ''),
        setsRemoved: String(plan.deload?.setsRemoved ?? ''),
      })
      setErrors({})
      preview.reset()
    }
    setOpen(next)
  }

  function handlePreview() {
    const result = fromDraft(draft)
    if (!result.ok) return setErrors(result.fields)
    if (!result.rule || !previewed) return
    preview.mutate({
      rule: result.rule,
      movementId: previewed.movementId,
      sets: previewed.sets,
      ...(plan.clientId ? { clientId: plan.clientId } : {}),
    })
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const rule = fromDraft(draft)
    const noDeload = !deload.loadPercent.trim() && !deload.setsRemoved.trim()
    const parsedDeload = noDeload
      ? null
      : DeloadSchema.safeParse({
          loadPercent: typedNumber(deload.loadPercent || '0'),
          setsRemoved: typedNumber(deload.setsRemoved || '0'),
        })
    const deloadErrors =
      parsedDeload && !parsedDeload.success
        ? Object.fromEntries(
            Object.entries(fieldErrorsOf(parsedDeload.error.issues)).map(([k, v]) => [`deload.${k}`, v]),
          )
        : {}
    if (!rule.ok || Object.keys(deloadErrors).length)
      return setErrors({ ...(rule.ok ? {} : rule.fields), ...deloadErrors })
    onSave({ progression: rule.rule, progressionMode: mode, deload: parsedDeload?.success ? parsedDeload.data : null })
    setOpen(false)
  }

  const summary = [
    plan.progression ? describeRule(plan.progression) : 'No default rule',
    approvals && plan.progressionMode === 'approve' ? 'changes wait for your approval' : null,
    plan.deload
      ? `deload weeks −${plan.deload.loadPercent}% load, −${plan.deload.setsRemoved} set${plan.deload.setsRemoved === 1 ? '' : 's'}`
      : null,
  ].filter(Boolean)

  return (
    <Dialog open={open} onOpenChange={handleOpen}>
      <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <DialogTrigger asChild>
          <Button variant="outline" size="sm">
            <TrendingUp aria-hidden /> Plan progression
          </Button>
        </DialogTrigger>
        <span className="min-w-0 break-words">{summary.join(' · ')}</span>
      </div>
      <DialogContent className="sm:max-w-lg">
        <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
          <DialogTitle>Plan progression</DialogTitle>
          <DialogDescription>
            The rule every exercise without one of its own follows, and what the deload weeks take off.
          </DialogDescription>
          <RuleFields draft={draft} onChange={setDraft} errors={errors} none="No default rule" />
          {followers.length > 0 && (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-end gap-2">
                <Field label="Preview on" className="min-w-0 flex-1">
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={previewed?.movementId ?? ''}
                      onChange={(e) => {
                        setPreviewOn(e.target.value)
                        preview.reset()
                      }}
                    >
                      {followers.map((f) => (
                        <option key={f.movementId} value={f.movementId}>
                          {f.movementName}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
                <Button
                  type="button"
                  variant="outline"
                  onClick={handlePreview}
                  disabled={preview.isPending || !draft.kind}
                >
                  {plan.clientId ? 'Preview for the client' : 'Preview'}
                </Button>
              </div>
              <PreviewOutcome preview={preview} />
            </div>
          )}
          {approvals && (
            <Field label="When a rule changes a client’s targets">
              {(control) => (
                <NativeSelect {...control} value={mode} onChange={(e) => setMode(e.target.value as ProgressionMode)}>
                  <option value="apply">Apply at once</option>
                  <option value="approve">Wait for my approval</option>
                </NativeSelect>
              )}
            </Field>
          )}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">Deload weeks take off</legend>
            <div className="grid grid-cols-2 gap-3">
              <Field label="Load (%)" error={errors['deload.loadPercent']?.[0]}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="decimal"
                    placeholder="0"
                    value={deload.loadPercent}
                    onChange={(e) => setDeload({ ...deload, loadPercent: e.target.value })}
                  />
                )}
              </Field>
              <Field label="Sets" error={errors['deload.setsRemoved']?.[0]}>
                {(control) => (
                  <Input
                    {...control}
                    inputMode="numeric"
                    placeholder="0"
                    value={deload.setsRemoved}
                    onChange={(e) => setDeload({ ...deload, setsRemoved: e.target.value })}
                  />
                )}
              </Field>
            </div>
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit">Save progression</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
