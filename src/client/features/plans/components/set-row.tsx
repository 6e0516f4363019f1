import { CopyCheck, X } from 'lucide-react'
import type { KeyboardEvent } from 'react'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { builderText } from '../builder-text.ts'
import type { ExerciseDraft, SetDraft } from '../workout-draft.ts'

type SetRowProps = {
  set: SetDraft
  number: number
  tracking: ExerciseDraft['tracking']
  unit: Unit
  errorOf: (path: string) => string | undefined
  onChange: (change: Partial<SetDraft>) => void
  onRemove: (() => void) | undefined
  /** Makes every set of the exercise like this one; absent for an exercise's only set. */
  onApplyToAll: (() => void) | undefined
  /** The exercise as the editor names it ('1 Back squat'), for the names of the set's buttons. */
  exerciseName: string
}

/** One prescribed set in one line: the inputs its movement's tracking needs, each with its own name. */
export function SetRow({ set, number, tracking, unit, errorOf, onChange, onRemove, onApplyToAll, exerciseName }: SetRowProps) {
  const name = `Set ${number}`
  const errors = [
    errorOf('reps.min'),
    errorOf('reps.max'),
    errorOf('reps'),
    errorOf('load.value'),
    errorOf('rpe'),
    errorOf('rir'),
    errorOf('durationSeconds'),
    errorOf('distanceMeters'),
  ]
  const message = errors.find(Boolean)
  const small = 'w-16'
  const withReps = tracking === 'weight_reps' || tracking === 'reps'

  return (
    <li className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="w-12 shrink-0 text-xs font-medium text-muted-foreground">{name}</span>
        {withReps && (
          <>
            <SetInput
              set={set}
              onChange={onChange}
              field="repsMin"
              label={`${name} reps`}
              invalid={Boolean(errorOf('reps.min') || errorOf('reps'))}
              inputMode="numeric"
              placeholder="reps"
              className={small}
            />
            <span aria-hidden className="text-xs text-muted-foreground">
              to
            </span>
            <SetInput
              set={set}
              onChange={onChange}
              field="repsMax"
              label={`${name} reps up to`}
              invalid={Boolean(errorOf('reps.max'))}
              inputMode="numeric"
              placeholder="max"
              className={small}
            />
            <NativeSelect
              aria-label={`${name} load type`}
              size="compact"
              className="w-auto"
              value={set.loadKind}
              onChange={(e) => onChange({ loadKind: e.target.value as SetDraft['loadKind'] })}
            >
              <option value="none">No load</option>
              <option value="weight">{unit}</option>
              <option value="percent_1rm">% 1RM</option>
              <option value="bodyweight">Bodyweight</option>
            </NativeSelect>
            {(set.loadKind === 'weight' || set.loadKind === 'percent_1rm') && (
              <SetInput
                set={set}
                onChange={onChange}
                field="loadValue"
                label={set.loadKind === 'weight' ? `${name} load (${unit})` : `${name} load (% of 1RM)`}
                invalid={Boolean(errorOf('load.value'))}
                inputMode="decimal"
                className="w-20"
              />
            )}
          </>
        )}
        {tracking === 'distance_time' && (
          <SetInput
            set={set}
            onChange={onChange}
            field="distanceMeters"
            label={`${name} distance (m)`}
            invalid={Boolean(errorOf('distanceMeters'))}
            inputMode="numeric"
            placeholder="m"
            className="w-20"
          />
        )}
        {(tracking === 'time' || tracking === 'distance_time') && (
          <SetInput
            set={set}
            onChange={onChange}
            field="durationSeconds"
            label={`${name} time (s)`}
            invalid={Boolean(errorOf('durationSeconds'))}
            inputMode="numeric"
            placeholder="s"
            className="w-20"
          />
        )}
        <NativeSelect
          aria-label={`${name} effort type`}
          size="compact"
          className="w-auto"
          value={set.effortKind}
          onChange={(e) => onChange({ effortKind: e.target.value as SetDraft['effortKind'] })}
        >
          <option value="none">No target</option>
          <option value="rpe">RPE</option>
          <option value="rir">RIR</option>
        </NativeSelect>
        {set.effortKind !== 'none' && (
          <SetInput
            set={set}
            onChange={onChange}
            field="effortValue"
            label={`${name} ${set.effortKind === 'rpe' ? 'RPE' : 'RIR'}`}
            invalid={Boolean(errorOf('rpe') || errorOf('rir'))}
            inputMode="decimal"
            className={small}
          />
        )}
        {onApplyToAll && (
          <Button variant="ghost" size="sm" className="text-muted-foreground" aria-label={builderText.applyToAllName(number, exerciseName)} onClick={onApplyToAll}>
            <CopyCheck aria-hidden /> {builderText.applyToAll}
          </Button>
        )}
        {onRemove && (
          <Button variant="ghost" size="icon" aria-label={`Remove ${name.toLowerCase()}`} onClick={onRemove}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      {message && (
        <p role="alert" className="pl-14 text-xs text-destructive">
          {message}
        </p>
      )}
    </li>
  )
}

type SetInputProps = {
  set: SetDraft
  field: 'repsMin' | 'repsMax' | 'loadValue' | 'effortValue' | 'durationSeconds' | 'distanceMeters'
  onChange: (change: Partial<SetDraft>) => void
  label: string
  invalid: boolean
  inputMode: 'numeric' | 'decimal'
  placeholder?: string
  className: string
}

/**
 * Enter (or ↓) in a set's field goes to the same field of the next set, on into the next exercise
 * of the editor (`data-set-grid`); Shift+Enter (or ↑) to the one above; at either end the focus
 * stays. Sets fill in like a spreadsheet's column, the value selected so typing replaces it.
 */
function moveBetweenSets(event: KeyboardEvent<HTMLInputElement>) {
  const input = event.currentTarget
  if (event.altKey || event.ctrlKey || event.metaKey) return
  const step = event.key === 'Enter' ? (event.shiftKey ? -1 : 1) : event.shiftKey ? 0 : event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0
  const grid = input.closest('[data-set-grid]') ?? input.closest('ol')
  if (!step || !grid) return
  event.preventDefault()
  const column = [...grid.querySelectorAll<HTMLInputElement>(`input[data-set-field="${input.dataset.setField}"]`)]
  const next = column[column.indexOf(input) + step]
  next?.focus()
  next?.select()
}

/** One of the set's numbers: a compact input named after the set, marked invalid while its error stands. */
function SetInput({ set, field, onChange, label, invalid, inputMode, placeholder, className }: SetInputProps) {
  return (
    <Input
      aria-label={label}
      data-set-field={field}
      onKeyDown={moveBetweenSets}
      aria-invalid={invalid || undefined}
      inputMode={inputMode}
      placeholder={placeholder}
      size="compact"
      className={className}
      value={set[field]}
      onChange={(e) => onChange({ [field]: e.target.value })}
    />
  )
}
