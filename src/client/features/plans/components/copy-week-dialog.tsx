import { useState, type FormEvent } from 'react'
import { type Plan } from '#shared/schemas/plans.ts'
import { PROGRESSIONS, type Progression } from '#shared/schemas/plan-grid.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { CheckboxGroup } from '#client/components/ui/checkbox-group.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { describeError } from '#client/lib/query-client.ts'
import { useCopyWeek } from '../api/builder-mutations.ts'
import type { SaveQueue } from '../api/use-save-queue.ts'
import { builderText } from '../builder-text.ts'

type Props = { plan: Plan; week: number | null; onClose: () => void; saver: SaveQueue<Plan>; unit: Unit }
type Kind = (typeof PROGRESSIONS)[number]

const defaultAmount = (kind: Kind, unit: Unit) =>
  ({ add_kg: unit === 'kg' ? '2.5' : '5', add_percent: '2.5', add_reps: '1', add_rpe: '0.5' })[kind]

/** Copies a week onto other weeks, optionally stepping loads, %1RM, reps and RPE up per week of distance, together. */
export function CopyWeekDialog({ plan, week, onClose, saver, unit }: Props) {
  return (
    <Dialog open={week !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        {week !== null && (
          <CopyWeekForm key={week} plan={plan} week={week} onClose={onClose} saver={saver} unit={unit} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function CopyWeekForm({ plan, week, onClose, saver, unit }: Omit<Props, 'week'> & { week: number }) {
  const label = (w: number) => `Week ${w}`
  const others = Array.from({ length: plan.weeks }, (_, i) => i + 1).filter((w) => w !== week)
  const [targets, setTargets] = useState<string[]>(
    others.filter((w) => w > week && !plan.deloadWeeks.includes(w)).map(label),
  )
  // The amount of each progression chosen, as typed.
  const [amounts, setAmounts] = useState<Partial<Record<Kind, string>>>({})
  const [error, setError] = useState<string>()
  const copyWeek = useCopyWeek(plan.id, saver)
  const shownError = error ?? (copyWeek.error ? describeError(copyWeek.error) : undefined)
  const text = builderText.copyWeek

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    copyWeek.reset()
    const toWeeks = others.filter((w) => targets.includes(label(w)))
    if (!toWeeks.length) return setError('Choose at least one week')
    const progressions: Progression[] = []
    for (const kind of PROGRESSIONS) {
      const amount = amounts[kind]
      if (amount === undefined) continue
      const value = Number(amount.replace(',', '.'))
      if (!amount.trim() || !Number.isFinite(value)) return setError(text.needsAmount(text.progression(kind, unit)))
      progressions.push(kind === 'add_kg' ? { kind, amount: value, unit } : { kind, amount: value })
    }
    setError(undefined)
    copyWeek.mutate({ fromWeek: week, toWeeks, progressions }, { onSuccess: () => onClose() })
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-4">
      <DialogTitle>Copy week {week}</DialogTitle>
      <DialogDescription>
        The chosen weeks get week {week}&apos;s workouts; what they had is replaced.
      </DialogDescription>
      <CheckboxGroup legend="Copy to" options={others.map(label)} value={targets} onChange={setTargets} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{text.progressions}</legend>
        {PROGRESSIONS.map((kind) => {
          const amount = amounts[kind]
          return (
            <div key={kind} className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--primary)]"
                  checked={amount !== undefined}
                  onChange={(e) =>
                    setAmounts((now) => ({ ...now, [kind]: e.target.checked ? defaultAmount(kind, unit) : undefined }))
                  }
                />
                {text.progression(kind, unit)}
              </label>
              {amount !== undefined && (
                <label className="flex items-center gap-2 text-sm text-muted-foreground">
                  {text.amount(kind, unit)}
                  <Input
                    size="compact"
                    className="w-20"
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmounts((now) => ({ ...now, [kind]: e.target.value }))}
                  />
                </label>
              )}
            </div>
          )
        })}
        <p className="text-xs text-muted-foreground">{text.hint(week)}</p>
      </fieldset>
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
