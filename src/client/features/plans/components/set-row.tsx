import { X } from 'lucide-react'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import type { ExerciseDraft, SetDraft } from '../workout-draft.ts'

type SetRowProps = {
  set: SetDraft
  number: number
  tracking: ExerciseDraft['tracking']
  unit: Unit
  errorOf: (path: string) => string | undefined
  onChange: (change: Partial<SetDraft>) => void
  onRemove: (() => void) | undefined
}

/** One prescribed set in one line: the inputs its movement's tracking needs, each with its own name. */
export function SetRow({ set, number, tracking, unit, errorOf, onChange, onRemove }: SetRowProps) {
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
            <Input
              aria-label={`${name} reps`}
              aria-invalid={Boolean(errorOf('reps.min') || errorOf('reps')) || undefined}
              inputMode="numeric"
              placeholder="reps"
              size="compact"
              className={small}
              value={set.repsMin}
              onChange={(e) => onChange({ repsMin: e.target.value })}
            />
            <span aria-hidden className="text-xs text-muted-foreground">
              to
            </span>
            <Input
              aria-label={`${name} reps up to`}
              aria-invalid={Boolean(errorOf('reps.max')) || undefined}
              inputMode="numeric"
              placeholder="max"
              size="compact"
              className={small}
              value={set.repsMax}
              onChange={(e) => onChange({ repsMax: e.target.value })}
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
              <Input
                aria-label={set.loadKind === 'weight' ? `${name} load (${unit})` : `${name} load (% of 1RM)`}
                aria-invalid={Boolean(errorOf('load.value')) || undefined}
                inputMode="decimal"
                size="compact"
                className="w-20"
                value={set.loadValue}
                onChange={(e) => onChange({ loadValue: e.target.value })}
              />
            )}
          </>
        )}
        {tracking === 'distance_time' && (
          <Input
            aria-label={`${name} distance (m)`}
            aria-invalid={Boolean(errorOf('distanceMeters')) || undefined}
            inputMode="numeric"
            placeholder="m"
            size="compact"
            className="w-20"
            value={set.distanceMeters}
            onChange={(e) => onChange({ distanceMeters: e.target.value })}
          />
        )}
        {(tracking === 'time' || tracking === 'distance_time') && (
          <Input
            aria-label={`${name} time (s)`}
            aria-invalid={Boolean(errorOf('durationSeconds')) || undefined}
            inputMode="numeric"
            placeholder="s"
            size="compact"
            className="w-20"
            value={set.durationSeconds}
            onChange={(e) => onChange({ durationSeconds: e.target.value })}
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
          <Input
            aria-label={`${name} ${set.effortKind === 'rpe' ? 'RPE' : 'RIR'}`}
            aria-invalid={Boolean(errorOf('rpe') || errorOf('rir')) || undefined}
            inputMode="decimal"
            size="compact"
            className={small}
            value={set.effortValue}
            onChange={(e) => onChange({ effortValue: e.target.value })}
          />
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
