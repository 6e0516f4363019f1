import { Check, Minus } from 'lucide-react'
import { useId, useRef, useState, type CSSProperties } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { isBarbell } from '#shared/plates.ts'
import type { Tracking } from '#shared/schemas/movements.ts'
import type { PlateSetup } from '#shared/schemas/plate-setups.ts'
import type { PrescribedSet } from '#shared/schemas/plans.ts'
import { LogSetBody, type LogSetInput, type SessionExercise, type SetLog } from '#shared/schemas/sessions.ts'
import type { MovementStats } from '#shared/schemas/session-reports.ts'
import { SET_TYPE_MARK, SET_TYPE_NAME, SET_TYPES, type SetType } from '#shared/set-types.ts'
import type { Refusal } from '#client/lib/offline-queue/queue.ts'
import { fromKg, toKg, type Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { formatPrescribedSet } from '#client/features/plans/prescription-format.ts'
import { PlateCalculator } from './plate-calculator.tsx'
import { cn } from '#client/lib/cn.ts'
import { sessionText } from '../session-text.ts'
import { missingField, type SetDraft, type SetField, type SetValues } from '../set-values.ts'

/** One set row of the logger: its type, target, numbers and tick (docs/product.md#the-gym-screen). */

export type LastSet = NonNullable<MovementStats['last']>['sets'][number]

export const str = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))
const num = (value: string) => {
  const trimmed = value.trim().replace(',', '.')
  return trimmed === '' ? null : Number(trimmed)
}

/** One number of a set row: its column, the input's name and size, and the word an empty input shows. */
export type FieldSpec = {
  field: SetField
  column: (unit: Unit) => string
  label: (unit: Unit, set: string) => string
  /** The column's width, in the row's grid. */
  width: string
  inputMode: 'decimal' | 'numeric'
  /** Never a number: a number in an input is one the tick logs. */
  placeholder: (unit: Unit) => string
}

const FIELD_SPECS: Record<SetField, FieldSpec> = {
  load: {
    field: 'load',
    column: (unit) => unit,
    label: (unit, set) => `Load (${unit}) for ${set}`,
    width: '3.5rem',
    inputMode: 'decimal',
    placeholder: (unit) => unit,
  },
  reps: {
    field: 'reps',
    column: () => sessionText.columns.reps,
    label: (_, set) => `Reps for ${set}`,
    width: '2.5rem',
    inputMode: 'numeric',
    // A dash: the column is too narrow for a word, and its header names it.
    placeholder: () => '–',
  },
  meters: {
    field: 'meters',
    column: () => sessionText.columns.meters,
    label: (_, set) => `Distance (m) for ${set}`,
    width: '3.5rem',
    inputMode: 'numeric',
    placeholder: () => 'm',
  },
  seconds: {
    field: 'seconds',
    column: () => sessionText.columns.seconds,
    label: (_, set) => `Time (s) for ${set}`,
    width: '3.5rem',
    inputMode: 'numeric',
    placeholder: () => 's',
  },
  rpe: {
    field: 'rpe',
    column: () => sessionText.columns.rpe,
    label: (_, set) => `RPE for ${set}`,
    width: '2.5rem',
    inputMode: 'decimal',
    placeholder: () => 'RPE',
  },
}

/** The inputs a movement's tracking logs, in the row's order. */
export function fieldsOf(tracking: Tracking): FieldSpec[] {
  const shown: Record<Tracking, SetField[]> = {
    weight_reps: ['load', 'reps', 'rpe'],
    reps: ['reps', 'rpe'],
    time: ['seconds', 'rpe'],
    distance_time: ['meters', 'seconds', 'rpe'],
  }
  return shown[tracking].map((field) => FIELD_SPECS[field])
}

/** The body field each input logs. */
const BODY_FIELD = {
  load: 'loadKg',
  reps: 'reps',
  seconds: 'durationSeconds',
  meters: 'distanceMeters',
  rpe: 'rpe',
} as const satisfies Record<SetField, keyof LogSetInput>

/** A target in the few characters of its column: '5 × 100', '8–10 × 75%', '60 s', '5 × 100 @8'. */
function shortTarget(set: PrescribedSet, targetLoad: number | null): string {
  const parts: string[] = []
  if (set.reps) parts.push(set.reps.min === set.reps.max ? String(set.reps.min) : `${set.reps.min}–${set.reps.max}`)
  if (targetLoad !== null) parts.push(`× ${targetLoad}`)
  if (set.load?.kind === 'percent_1rm')
    parts.push(targetLoad !== null ? `(${set.load.value}%)` : `× ${set.load.value}%`)
  if (set.load?.kind === 'bodyweight') parts.push('× BW')
  if (set.distanceMeters) parts.push(`${set.distanceMeters} m`)
  if (set.durationSeconds) parts.push(`${set.durationSeconds} s`)
  if (typeof set.rpe === 'number') parts.push(`@${set.rpe}`)
  if (typeof set.rir === 'number') parts.push(`${set.rir} RIR`)
  return parts.join(' ')
}

type RowProps = {
  number: number
  exercise: SessionExercise
  fields: FieldSpec[]
  columns: CSSProperties
  values: SetValues
  setType: SetType
  onSetType: (type: SetType) => void
  /** The prescribed set this row answers (none for a warm-up or an added set). */
  target: PrescribedSet | undefined
  /** The prescribed load as the lifter reads it, or null. */
  targetLoad: number | null
  logged: SetLog | undefined
  refusal: Refusal | undefined
  lastTime: LastSet | undefined
  unit: Unit
  plates: PlateSetup
  /** The step this exercise's targets round to; none for a movement not loaded with plates. */
  plateStep: number | undefined
  onChange: (change: SetDraft) => void
  onLog: (setId: string, body: LogSetInput) => void
  onRemove: (set: SetLog | undefined) => void
  removable: boolean
}

export function SetRow({
  number,
  exercise,
  fields,
  columns,
  values,
  setType,
  onSetType,
  target,
  targetLoad,
  logged,
  refusal,
  lastTime,
  unit,
  plates,
  plateStep,
  onChange,
  onLog,
  onRemove,
  removable,
}: RowProps) {
  const [setId] = useState(() => logged?.id ?? crypto.randomUUID())
  const tracking = exercise.tracking
  const label = `set ${number} of ${exercise.movementName}`
  const [errors, setErrors] = useState<FieldErrors>({})
  const errorId = useId()
  const inputs = useRef<Partial<Record<SetField, HTMLInputElement | null>>>({})
  // A set the server refused keeps its numbers on screen but is not logged; a warm-up row kept as
  // not done (the lifter went on to the work) is there to tick.
  const done = Boolean(logged?.completed) && !refusal

  function log(type: SetType = setType) {
    // The tick logs what the row shows, nothing else: a number it needs and does not have is asked for.
    const missing = missingField(tracking, values)
    if (missing) {
      setErrors({ [BODY_FIELD[missing]]: [sessionText.typeFirst[missing]] })
      inputs.current[missing]?.focus()
      return
    }
    const loadValue = num(values.load)
    const body: LogSetInput = {
      exerciseKey: exercise.key,
      setNumber: number,
      reps: tracking === 'weight_reps' || tracking === 'reps' ? num(values.reps) : null,
      loadKg: tracking === 'weight_reps' && loadValue !== null ? toKg(loadValue, unit) : null,
      durationSeconds: tracking === 'time' || tracking === 'distance_time' ? num(values.seconds) : null,
      distanceMeters: tracking === 'distance_time' ? num(values.meters) : null,
      rpe: num(values.rpe),
      completed: true,
      setType: type,
      editedAt: new Date().toISOString(),
    }
    // What the server would refuse is said here, under the row: nothing is logged, queued or timed.
    const checked = LogSetBody.safeParse(body)
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues))
      return
    }
    setErrors({})
    // The row keeps showing what was logged, whatever its starting values do next.
    onChange({ load: values.load, reps: values.reps, seconds: values.seconds, meters: values.meters, rpe: values.rpe })
    onLog(setId, body)
  }

  /**
   * One tap: working, warm-up, drop set, to failure, and round again. A logged set is logged again
   * with its new type (its own copy shows it at once); a row the tick would refuse keeps its type.
   */
  function nextType() {
    const next = SET_TYPES[(SET_TYPES.indexOf(setType) + 1) % SET_TYPES.length] ?? 'working'
    if (done) log(next)
    else onSetType(next)
  }

  function fillLast() {
    if (!lastTime) return
    onChange({
      load: lastTime.loadKg != null ? str(fromKg(lastTime.loadKg, unit)) : '',
      reps: str(lastTime.reps),
      seconds: str(lastTime.durationSeconds),
      meters: str(lastTime.distanceMeters),
    })
  }

  const typedLoad = num(values.load)
  const barbell = tracking === 'weight_reps' && isBarbell(exercise.equipment)
  const messages = Object.values(errors).flat()
  const showLast = Boolean(lastTime) && !logged

  return (
    <li
      className={cn(
        'flex flex-col gap-1 rounded-lg px-1 py-1',
        refusal ? 'bg-destructive/10' : done ? 'bg-primary/10' : 'bg-muted/40',
      )}
    >
      {/* One line at 360 px: set, target (and the plate calculator), the numbers and the tick. */}
      <div className="grid items-center gap-x-1" style={columns}>
        <button
          type="button"
          className={cn(
            'flex h-11 items-center justify-center rounded-md text-sm font-semibold tabular-nums hover:bg-accent',
            setType === 'warmup' && 'text-amber-700 dark:text-amber-400',
            (setType === 'drop' || setType === 'failure') && 'text-primary',
          )}
          aria-label={`Type of ${label}: ${SET_TYPE_NAME[setType]}`}
          title={`${SET_TYPE_NAME[setType]}: tap to change`}
          onClick={nextType}
        >
          {SET_TYPE_MARK[setType] ?? number}
        </button>
        <span className="flex min-w-0 items-center gap-0.5">
          <span className="min-w-0 text-xs leading-tight text-muted-foreground">
            {target && (
              <>
                <span className="sr-only">Target {formatPrescribedSet(target, unit, plateStep)}</span>
                <span aria-hidden>{shortTarget(target, targetLoad)}</span>
              </>
            )}
          </span>
          {barbell && (
            <PlateCalculator
              setLabel={label}
              load={typedLoad !== null && Number.isFinite(typedLoad) ? typedLoad : targetLoad}
              unit={unit}
              plates={plates}
            />
          )}
        </span>
        {fields.map((f) => {
          const field = BODY_FIELD[f.field]
          return (
            <Input
              key={f.field}
              aria-label={f.label(unit, label)}
              aria-invalid={Boolean(errors[field])}
              aria-describedby={errors[field] ? errorId : undefined}
              size="touch"
              className="w-full"
              inputMode={f.inputMode}
              ref={(input) => {
                inputs.current[f.field] = input
              }}
              placeholder={f.placeholder(unit)}
              value={values[f.field]}
              onChange={(e) => onChange({ [f.field]: e.target.value })}
            />
          )
        })}
        <Button
          size={null}
          className={cn('size-11', !done && 'bg-secondary text-secondary-foreground hover:bg-secondary/80')}
          aria-label={done ? `Update ${label}` : `Log ${label}`}
          data-log-set={`${exercise.key}:${number}`}
          aria-pressed={done}
          onClick={() => log()}
        >
          <Check className="size-6" aria-hidden />
        </Button>
      </div>
      {messages.length > 0 && (
        <p id={errorId} role="alert" className="pl-7 text-sm font-medium text-destructive">
          {messages.join(' ')}
        </p>
      )}
      {refusal && (
        <p role="alert" className="pl-7 text-sm font-medium text-destructive">
          {sessionText.setRefused(refusal.message)}
        </p>
      )}
      {(showLast || removable) && (
        <div className="flex items-center justify-between gap-x-3 pl-7 text-xs text-muted-foreground">
          {showLast && lastTime ? (
            <button
              type="button"
              className="underline underline-offset-2 hover:text-foreground"
              onClick={fillLast}
              aria-label={`${lastText(lastTime, unit)}: use it for ${label}`}
            >
              {lastText(lastTime, unit)}
            </button>
          ) : (
            <span />
          )}
          {removable && (
            <Button
              variant="ghost"
              size="sm"
              className="h-7 px-2"
              aria-label={`Remove ${label}`}
              onClick={() => onRemove(logged)}
            >
              <Minus aria-hidden /> {sessionText.removeSet}
            </Button>
          )}
        </div>
      )}
    </li>
  )
}

/** Last time's numbers for a set, as the button that copies them shows them: 'Last: 100 kg × 5'. */
function lastText(set: LastSet, unit: Unit): string {
  const load = set.loadKg != null ? `${fromKg(set.loadKg, unit)} ${unit} × ` : ''
  return `Last: ${load}${set.reps ?? ''}${set.durationSeconds ? ` ${set.durationSeconds} s` : ''}`
}
