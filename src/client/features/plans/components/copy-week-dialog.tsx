import { useState, type FormEvent } from 'react'
import { PROGRESSIONS, type Plan, type Progression } from '#shared/schemas/plans.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { CheckboxGroup } from '#client/components/ui/checkbox-group.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { describeError } from '#client/lib/query-client.ts'
import { useCopyWeek } from '../api/builder-mutations.ts'
import type { SaveQueue } from '../api/use-save-queue.ts'

type Props = { plan: Plan; week: number | null; onClose: () => void; saver: SaveQueue<Plan>; unit: Unit }
type Kind = (typeof PROGRESSIONS)[number] | 'none'

const progressionLabel = (kind: Kind, unit: Unit) =>
  ({
    none: 'No progression (same sets)',
    add_kg: `Add load (${unit}) each week`,
    add_percent: 'Add % of 1RM each week',
    add_reps: 'Add reps each week',
    add_rpe: 'Add RPE each week',
  })[kind]
const defaultAmount = (kind: Kind, unit: Unit) => ({ none: '', add_kg: unit === 'kg' ? '2.5' : '5', add_percent: '2.5', add_reps: '1', add_rpe: '0.5' })[kind]

/** Copies a week onto other weeks, optionally stepping loads, %1RM, reps or RPE up per week of distance. */
export function CopyWeekDialog({ plan, week, onClose, saver, unit }: Props) {
  return (
    <Dialog open={week !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">{week !== null && <CopyWeekForm key={week} plan={plan} week={week} onClose={onClose} saver={saver} unit={unit} />}</DialogContent>
    </Dialog>
  )
}

function CopyWeekForm({ plan, week, onClose, saver, unit }: Omit<Props, 'week'> & { week: number }) {
  const label = (w: number) => `Week ${w}`
  const others = Array.from({ length: plan.weeks }, (_, i) => i + 1).filter((w) => w !== week)
  const [targets, setTargets] = useState<string[]>(others.filter((w) => w > week && !plan.deloadWeeks.includes(w)).map(label))
  const [kind, setKind] = useState<Kind>('none')
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string>()
  const copyWeek = useCopyWeek(plan.id, saver)
  const shownError = error ?? (copyWeek.error ? describeError(copyWeek.error) : undefined)

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    copyWeek.reset()
    const toWeeks = others.filter((w) => targets.includes(label(w)))
    if (!toWeeks.length) return setError('Choose at least one week')
    const value = Number(amount.replace(',', '.'))
    if (kind !== 'none' && (!amount.trim() || !Number.isFinite(value))) return setError('The progression needs an amount')
    const progression: Progression | null = kind === 'none' ? null : kind === 'add_kg' ? { kind, amount: value, unit } : { kind, amount: value }
    setError(undefined)
    copyWeek.mutate({ fromWeek: week, toWeeks, progression }, { onSuccess: () => onClose() })
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <DialogTitle>Copy week {week}</DialogTitle>
      <DialogDescription>The chosen weeks get week {week}&apos;s workouts; what they had is replaced.</DialogDescription>
      <CheckboxGroup legend="Copy to" options={others.map(label)} value={targets} onChange={setTargets} />
      <Field label="Progression">
        {(control) => (
          <NativeSelect
            {...control}
            value={kind}
            onChange={(e) => {
              const next = e.target.value as Kind
              setKind(next)
              setAmount(defaultAmount(next, unit))
            }}
          >
            {(['none', ...PROGRESSIONS] as const).map((k) => (
              <option key={k} value={k}>
                {progressionLabel(k, unit)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
      {kind !== 'none' && (
        <Field label="Amount per week" hint={`Week ${week + 1} gets it once, week ${week + 2} twice, and so on.`}>
          {(control) => <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </Field>
      )}
      {shownError && (
        <p role="alert" className="text-sm text-destructive">
          {shownError}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={copyWeek.isPending}>
          {copyWeek.isPending ? 'Copying…' : 'Copy week'}
        </Button>
      </div>
    </form>
  )
}
