import { useQuery } from '@tanstack/react-query'
import { Link2 } from 'lucide-react'
import type { FieldErrors } from '#shared/errors.ts'
import type { RulePreview } from '#shared/schemas/progression-api.ts'
import { PROGRESSION_KINDS } from '#shared/schemas/progression.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { movementQueries } from '#client/features/movements/api/movement-queries.ts'
import { MovementPicker } from '#client/features/movements/components/movement-picker.tsx'
import { describeError } from '#client/lib/query-client.ts'
import { formatPrescribedSet } from '../prescription-format.ts'
import { KIND_LABELS, type RuleDraft } from './rule-draft.ts'

/* The fields of a progression rule, and what its preview shows, shared by the exercise's and the plan's dialogs. */

/** The name of a rule's linked movement, for its description (null while unknown or when there is none). */
export function useLinkedName(rule: Pick<RuleDraft, 'kind' | 'linkedMovementId'> | null): string | undefined {
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
export function RuleFields({
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
export function PreviewOutcome({ preview }: { preview: { data?: RulePreview | undefined; error: Error | null } }) {
  if (preview.error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {describeError(preview.error)}
      </p>
    )
  return preview.data ? <RulePreviewList preview={preview.data} /> : null
}
