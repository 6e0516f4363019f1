import { ChevronDown, CopyCheck, X } from 'lucide-react'
import { useState, type KeyboardEvent } from 'react'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { cn } from '#client/lib/cn.ts'
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

/**
 * One prescribed set: the inputs its movement's tracking needs, each with its own name, in a line
 * on a wider screen. On a phone, where they take four lines, the set is one line saying what it
 * prescribes ('5–8 reps × 100 kg @ RPE 8'); a tap opens its fields, as does an error in them.
 */
export function SetRow({
  set,
  number,
  tracking,
  unit,
  errorOf,
  onChange,
  onRemove,
  onApplyToAll,
  exerciseName,
}: SetRowProps) {
  const [open, setOpen] = useState(false)
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
  const shown = open || Boolean(message)

  return (
    <li className="flex flex-col gap-1">
      <button
        type="button"
        aria-expanded={shown}
        className="flex min-h-9 items-center gap-2 rounded-md px-1 text-left hover:bg-muted/60 sm:hidden"
        onClick={() => setOpen(!shown)}
      >
        <span className="w-12 shrink-0 text-xs font-medium text-muted-foreground">{name}</span>
        <span className="min-w-0 flex-1 truncate text-sm tabular-nums">
          {setSummary(set, tracking, unit) || builderText.setEmpty}
        </span>
        <ChevronDown
          aria-hidden
          className={cn('size-4 shrink-0 text-muted-foreground transition-transform', shown && 'rotate-180')}
        />
      </button>
      <div className={cn('flex flex-wrap items-center gap-2', !shown && 'max-sm:hidden')}>
        <span className="w-12 shrink-0 text-xs font-medium text-muted-foreground max-sm:hidden">{name}</span>
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
          <Button
            variant="ghost"
            size="sm"
            className="text-muted-foreground"
            aria-label={builderText.applyToAllName(number, exerciseName)}
            onClick={onApplyToAll}
          >
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

/** What a set prescribes, in a few words: '5–8 reps × 100 kg @ RPE 8', '60 s', '400 m in 90 s'. */
function setSummary(set: SetDraft, tracking: SetRowProps['tracking'], unit: Unit): string {
  const parts: string[] = []
  if (tracking === 'weight_reps' || tracking === 'reps') {
    const reps =
      set.repsMin && set.repsMax && set.repsMin !== set.repsMax
        ? `${set.repsMin}–${set.repsMax}`
        : set.repsMin || set.repsMax
    if (reps) parts.push(`${reps} reps`)
    if (set.loadKind === 'weight' && set.loadValue) parts.push(`× ${set.loadValue} ${unit}`)
    if (set.loadKind === 'percent_1rm' && set.loadValue) parts.push(`× ${set.loadValue}% 1RM`)
    if (set.loadKind === 'bodyweight') parts.push('bodyweight')
  }
  if (tracking === 'distance_time' && set.distanceMeters) parts.push(`${set.distanceMeters} m`)
  if ((tracking === 'time' || tracking === 'distance_time') && set.durationSeconds)
    parts.push(
      tracking === 'distance_time' && set.distanceMeters ? `in ${set.durationSeconds} s` : `${set.durationSeconds} s`,
    )
  if (set.effortKind === 'rpe' && set.effortValue) parts.push(`@ RPE ${set.effortValue}`)
  if (set.effortKind === 'rir' && set.effortValue) parts.push(`${set.effortValue} RIR`)
  return parts.join(' ')
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
  const step =
    event.key === 'Enter'
      ? event.shiftKey
        ? -1
        : 1
      : event.shiftKey
        ? 0
        : event.key === 'ArrowDown'
          ? 1
          : event.key === 'ArrowUp'
            ? -1
            : 0
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
