import { useMutation, useQuery } from '@tanstack/react-query'
import { Link2, TrendingUp } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import type { ExerciseInput, Plan } from '#shared/schemas/plans.ts'
import type { RulePreview } from '#shared/schemas/progression-api.ts'
import {
  DEFAULT_RULES,
  DeloadSchema,
  describeRule,
  PROGRESSION_KINDS,
  ProgressionRuleSchema,
  type Deload,
  type ProgressionKind,
  type ProgressionMode,
  type ProgressionRule,
} from '#shared/schemas/progression.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { movementQueries } from '#client/features/movements/api/movement-queries.ts'
import { MovementPicker } from '#client/features/movements/components/movement-picker.tsx'
import { describeError } from '#client/lib/query-client.ts'
import { progressionCalls } from '../api/progression-calls.ts'
import { formatPrescribedSet } from '../prescription-format.ts'

const KIND_LABELS: Record<ProgressionKind, string> = {
  linear: 'Linear: add load when every set is done',
  double: 'Double progression: reps, then load',
  percent_e1rm: '% of e1RM',
  rpe: 'By RPE',
}

/** A rule as the form holds it: every number as typed. */
type RuleDraft = {
  kind: ProgressionKind | ''
  amount: string
  unit: Unit
  per: 'session' | 'week'
  failures: string
  reducePercent: string
  overPercent: string
  underPercent: string
  /** %1RM: the movement whose e1RM the loads come from, when not the exercise's own. */
  linkedMovementId: string | null
}

function toDraft(rule: ProgressionRule | null, unit: Unit): RuleDraft {
  const base = {
    kind: '' as const,
    amount: unit === 'kg' ? '2.5' : '5',
    unit,
    per: 'session' as const,
    failures: '3',
    reducePercent: '10',
    overPercent: '5',
    underPercent: '2.5',
    linkedMovementId: null,
  }
  if (!rule) return base
  switch (rule.kind) {
    case 'linear':
      return {
        ...base,
        kind: 'linear',
        amount: String(rule.amount),
        unit: rule.unit,
        per: rule.per,
        failures: String(rule.failures),
        reducePercent: String(rule.reducePercent),
      }
    case 'double':
      return { ...base, kind: 'double', amount: String(rule.amount), unit: rule.unit }
    case 'percent_e1rm':
      return { ...base, kind: 'percent_e1rm', linkedMovementId: rule.linkedMovementId ?? null }
    case 'rpe':
      return { ...base, kind: 'rpe', overPercent: String(rule.overPercent), underPercent: String(rule.underPercent) }
  }
}

const number = (value: string) => (value.trim() === '' ? NaN : Number(value.replace(',', '.')))

/** The rule a draft describes, checked by the shared schema: null for no rule of its own. */
function fromDraft(draft: RuleDraft): { ok: true; rule: ProgressionRule | null } | { ok: false; fields: FieldErrors } {
  if (!draft.kind) return { ok: true, rule: null }
  const candidate = {
    ...DEFAULT_RULES[draft.kind](draft.unit),
    ...(draft.kind === 'linear' || draft.kind === 'double' ? { amount: number(draft.amount), unit: draft.unit } : {}),
    ...(draft.kind === 'linear'
      ? { per: draft.per, failures: number(draft.failures), reducePercent: number(draft.reducePercent) }
      : {}),
    ...(draft.kind === 'rpe'
      ? { overPercent: number(draft.overPercent), underPercent: number(draft.underPercent) }
      : {}),
    ...(draft.kind === 'percent_e1rm' ? { linkedMovementId: draft.linkedMovementId } : {}),
  }
  const parsed = ProgressionRuleSchema.safeParse(candidate)
  return parsed.success ? { ok: true, rule: parsed.data } : { ok: false, fields: fieldErrorsOf(parsed.error.issues) }
}

/** The name of a rule's linked movement, for its description (null while unknown or when there is none). */
function useLinkedName(rule: Pick<RuleDraft, 'kind' | 'linkedMovementId'> | null): string | undefined {
  const id = rule?.kind === 'percent_e1rm' ? rule.linkedMovementId : null
  return useQuery({ ...movementQueries.detail(id ?? ''), enabled: id !== null }).data?.name
}

/** Where an exercise's %1RM loads come from: its own e1RM, or another movement's (a front squat from the back squat's). */
type LinkOptions = { userId: string; movementId: string; movementName: string }

function LinkedMovement({
  draft,
  link,
  onChange,
}: {
  draft: RuleDraft
  link: LinkOptions
  onChange: (linkedMovementId: string | null) => void
}) {
  const linkedName = useLinkedName(draft)
  const linked = draft.linkedMovementId !== null && draft.linkedMovementId !== link.movementId
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p>
        e1RM from:{' '}
        <span className="font-medium">{linked ? (linkedName ?? 'another movement') : link.movementName}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        <MovementPicker
          userId={link.userId}
          title="Take the e1RM from"
          trigger={
            <Button type="button" variant="outline" size="sm">
              <Link2 aria-hidden /> {linked ? 'Link another movement' : 'Link a movement'}
            </Button>
          }
          onPick={(movement) => onChange(movement.id === link.movementId ? null : movement.id)}
        />
        {linked && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            Use {link.movementName}’s own
          </Button>
        )}
      </div>
    </div>
  )
}

/** The kind of rule and its numbers. `none` names what no rule of its own means here; `link` lets %1RM take another movement's e1RM. */
function RuleFields({
  draft,
  onChange,
  errors,
  none,
  link,
}: {
  draft: RuleDraft
  onChange: (draft: RuleDraft) => void
  errors: FieldErrors
  none: string
  link?: LinkOptions
}) {
  const set = (change: Partial<RuleDraft>) => onChange({ ...draft, ...change })
  const error = (key: string) => errors[key]?.[0]
  return (
    <div className="flex flex-col gap-3">
      <Field label="Rule">
        {(control) => (
          <NativeSelect
            {...control}
            value={draft.kind}
            onChange={(e) => set({ kind: e.target.value as RuleDraft['kind'] })}
          >
            <option value="">{none}</option>
            {PROGRESSION_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {(draft.kind === 'linear' || draft.kind === 'double') && (
        <div className="grid grid-cols-2 gap-3">
          <Field label={`Add (${draft.unit})`} error={error('amount')}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={draft.amount}
                onChange={(e) => set({ amount: e.target.value })}
              />
            )}
          </Field>
          {draft.kind === 'linear' && (
            <Field label="Add it">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={draft.per}
                  onChange={(e) => set({ per: e.target.value as RuleDraft['per'] })}
                >
                  <option value="session">Every session</option>
                  <option value="week">Once a week</option>
                </NativeSelect>
              )}
            </Field>
          )}
        </div>
      )}
      {draft.kind === 'linear' && (
        <div className="grid grid-cols-2 gap-3">
          <Field label="Misses before a reduction" error={error('failures')}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={draft.failures}
                onChange={(e) => set({ failures: e.target.value })}
              />
            )}
          </Field>
          <Field label="Reduce by (%)" error={error('reducePercent')}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={draft.reducePercent}
                onChange={(e) => set({ reducePercent: e.target.value })}
              />
            )}
          </Field>
        </div>
      )}
      {draft.kind === 'rpe' && (
        <div className="grid grid-cols-2 gap-3">
          <Field label="Per RPE point over (−%)" error={error('overPercent')}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={draft.overPercent}
                onChange={(e) => set({ overPercent: e.target.value })}
              />
            )}
          </Field>
          <Field label="Per RPE point under (+%)" error={error('underPercent')}>
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                value={draft.underPercent}
                onChange={(e) => set({ underPercent: e.target.value })}
              />
            )}
          </Field>
        </div>
      )}
      {draft.kind === 'percent_e1rm' && (
        <p className="text-sm text-muted-foreground">
          Each %1RM target reads as a load from the lifter’s current e1RM, rounded to their plates.
        </p>
      )}
      {draft.kind === 'percent_e1rm' && link && (
        <LinkedMovement draft={draft} link={link} onChange={(linkedMovementId) => set({ linkedMovementId })} />
      )}
    </div>
  )
}

/** Four weeks of a rule for the plan's client, if every set is done as prescribed. */
function RulePreviewList({ preview }: { preview: RulePreview }) {
  const { unit, plateStep } = preview
  if (!preview.weeks.length)
    return <p className="text-sm text-muted-foreground">This rule changes nothing for these sets.</p>
  return (
    <ol aria-label="Next four weeks" className="flex flex-col gap-2 text-sm">
      {preview.weeks.map((week) => (
        <li key={week.week} className="rounded-md border p-2">
          <p className="font-medium">After week {week.week}</p>
          <p>
            {[...new Set(week.sets.map((s) => formatPrescribedSet(s, unit, plateStep, preview.e1rmKg)))].join(' · ')}
          </p>
          <p className="text-muted-foreground">{week.reason}</p>
        </li>
      ))}
    </ol>
  )
}

/** What a preview answered: the four weeks, or why there are none. */
function PreviewOutcome({ preview }: { preview: { data?: RulePreview | undefined; error: Error | null } }) {
  if (preview.error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {describeError(preview.error)}
      </p>
    )
  return preview.data ? <RulePreviewList preview={preview.data} /> : null
}

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
          loadPercent: number(deload.loadPercent || '0'),
          setsRemoved: number(deload.setsRemoved || '0'),
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
