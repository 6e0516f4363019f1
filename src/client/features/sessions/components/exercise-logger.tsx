import { Check, Minus, Plus, Repeat } from 'lucide-react'
import { useId, useRef, useState, type CSSProperties } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { isBarbell, isPlateLoaded } from '#shared/plates.ts'
import type { Tracking } from '#shared/schemas/movements.ts'
import type { PlateSetup } from '#shared/schemas/plate-setups.ts'
import type { PrescribedSet } from '#shared/schemas/plans.ts'
import { loadFromE1rm } from '#shared/schemas/progression.ts'
import { LogSetBody, type LogSetInput, type MovementStats, type SessionExercise, type SetLog } from '#shared/schemas/sessions.ts'
import type { Refusal } from '#client/lib/offline-queue/queue.ts'
import { fromKg, targetIn, toKg, type Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { MovementPicker } from '#client/features/movements/components/movement-picker.tsx'
import type { PickedMovement } from '#client/features/movements/recent-movements.ts'
import { formatPrescribedSet } from '#client/features/plans/prescription-format.ts'
import { PlateCalculator } from './plate-calculator.tsx'
import { cn } from '#client/lib/cn.ts'
import { sessionText } from '../session-text.ts'
import { copyOfSet, missingField, setRowValues, type SetDraft, type SetField, type SetValues } from '../set-values.ts'

type Props = {
  exercise: SessionExercise
  label: string
  sets: SetLog[]
  stats: MovementStats | undefined
  /** The lifter's e1RM that the %1RM targets are a share of (this movement's, or the one its rule links to). */
  oneRepMaxKg?: number | null | undefined
  /** Sets the server refused, by id, with its reason: shown as not logged until fixed or removed. */
  refused: ReadonlyMap<string, Refusal>
  unit: Unit
  /** The lifter's bar, plates and plate step in their unit: targets round to the step. */
  plates: PlateSetup
  userId: string
  onLog: (setId: string, body: LogSetInput) => void
  onRemoveSet: (set: SetLog) => void
  /** Without it (correcting a finished session) the movement cannot be swapped. */
  onSwap?: (movement: PickedMovement) => void
  /** Every logged set can be removed, not only the last (correcting a finished session). */
  removeAny?: boolean
}

/** One exercise in the logger: a header row naming the columns, a row per set, one tap to log a set. */
export function ExerciseLogger({ exercise, label, sets, stats, oneRepMaxKg, refused, unit, plates, userId, onLog, onRemoveSet, onSwap, removeAny = false }: Props) {
  const logged = sets.filter((s) => s.exerciseKey === exercise.key)
  const [extra, setExtra] = useState(0)
  // What the lifter typed on each row, by set number: kept here so that a row can start from the
  // one above it, and 'Add set' can copy the last.
  const [drafts, setDrafts] = useState<Record<number, SetDraft>>({})
  const rows = Math.max(exercise.targets.length, ...logged.map((s) => s.setNumber), 1) + extra
  const name = `${label} ${exercise.movementName}`
  const last = stats?.last?.sets ?? []
  const fields = fieldsOf(exercise.tracking)
  const columns = { gridTemplateColumns: `1.25rem minmax(0, 1fr) ${fields.map((f) => f.width).join(' ')} 2.75rem` }
  // Plates come in steps; a 24 kg kettlebell is not rounded to them.
  const step = isPlateLoaded(exercise.equipment) ? plates.plateStep : undefined
  // A %1RM target is the load the lifter's e1RM gives, rounded to their plates.
  const targetLoad = (n: number) => {
    const load = exercise.targets[n - 1]?.load
    if (load?.kind === 'percent_1rm' && oneRepMaxKg) return targetIn(loadFromE1rm(load.value, oneRepMaxKg, unit, step ?? plates.plateStep), unit, step ?? plates.plateStep)
    return load?.kind === 'kg' ? targetIn(load.value, unit, step) : null
  }
  const numbers = Array.from({ length: rows }, (_, index) => index + 1)
  const setOf = (n: number) => logged.find((s) => s.setNumber === n)
  const values = setRowValues(
    numbers.map((n, index) => ({
      own: { ...loggedValues(setOf(n), unit), ...drafts[n] },
      target: exercise.targets[n - 1],
      targetLoad: targetLoad(n),
      last: last[index] && lastValues(last[index], unit),
    })),
  )
  // A change to a row's numbers; null forgets them (the row is removed).
  const draft = (n: number, change: SetDraft | null) =>
    setDrafts((all) => {
      const { [n]: mine, ...others } = all
      return change ? { ...others, [n]: { ...mine, ...change } } : others
    })

  function addSet() {
    const above = values[rows - 1]
    if (above) draft(rows + 1, copyOfSet(above))
    setExtra((x) => x + 1)
  }

  return (
    <li aria-label={name} className="flex flex-col gap-2 rounded-xl border bg-card p-2 sm:p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <span className="rounded bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground">{label}</span>
            <span className="truncate">{exercise.movementName}</span>
          </h2>
          {stats?.bestE1rmKg && (
            <p className="text-xs text-muted-foreground">
              Best e1RM {fromKg(stats.bestE1rmKg, unit)} {unit}
            </p>
          )}
          {exercise.reason && (
            <p className="mt-1 text-sm break-words text-emerald-800 dark:text-emerald-300">
              <span className="sr-only">Why these targets: </span>
              {exercise.reason}
            </p>
          )}
          {exercise.notes && <p className="mt-1 text-sm whitespace-pre-line">{exercise.notes}</p>}
        </div>
        {onSwap && (
          <MovementPicker
            userId={userId}
            title={`Swap ${exercise.movementName}`}
            trigger={
              <Button variant="ghost" size="sm" aria-label={`Swap ${name}`}>
                <Repeat aria-hidden /> Swap
              </Button>
            }
            onPick={onSwap}
          />
        )}
      </div>
      {/* The columns' names, for the eye: each input carries its own full name. */}
      <div aria-hidden className="grid items-end gap-x-1 px-1 text-xs font-medium whitespace-nowrap text-muted-foreground" style={columns}>
        <span>{sessionText.columns.set}</span>
        <span>{sessionText.columns.target}</span>
        {fields.map((f) => (
          <span key={f.field} className="text-center">
            {f.column(unit)}
          </span>
        ))}
        <span />
      </div>
      <ol aria-label={`Sets of ${name}`} className="flex flex-col gap-1.5">
        {numbers.map((n, index) => {
          const set = setOf(n)
          return (
            <SetRow
              key={`${exercise.key}:${n}:${set?.id ?? 'new'}`}
              number={n}
              exercise={exercise}
              fields={fields}
              columns={columns}
              values={values[index] ?? EMPTY}
              targetLoad={targetLoad(n)}
              logged={set}
              refusal={set ? refused.get(set.id) : undefined}
              lastTime={last[index]}
              unit={unit}
              plates={plates}
              plateStep={step}
              onChange={(change) => draft(n, change)}
              onLog={onLog}
              onRemove={(set) => {
                draft(n, null)
                if (set) onRemoveSet(set)
                else setExtra((x) => Math.max(0, x - 1))
              }}
              removable={(n === rows && (extra > 0 || Boolean(set))) || Boolean(set && (removeAny || refused.has(set.id)))}
            />
          )
        })}
      </ol>
      <Button variant="outline" size="sm" className="self-start" aria-label={`Add set to ${name}`} onClick={addSet}>
        <Plus aria-hidden /> Add set
      </Button>
    </li>
  )
}

/** Moves to the Log button of set `setNumber` of an exercise (the next one of a superset). */
export function focusSet(exerciseKey: string, setNumber: number): void {
  requestAnimationFrame(() => {
    const button = document.querySelector<HTMLButtonElement>(`[data-log-set="${CSS.escape(`${exerciseKey}:${setNumber}`)}"]`)
    button?.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    button?.focus({ preventScroll: true })
  })
}

/**
 * Brings the set after this one (the next Log button on the screen) into sight as the rest
 * starts: the document's scroll padding keeps it above the rest banner.
 */
export function revealNextSet(exerciseKey: string, setNumber: number): void {
  requestAnimationFrame(() => {
    const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-log-set]')]
    const index = buttons.findIndex((b) => b.dataset.logSet === `${exerciseKey}:${setNumber}`)
    buttons[index + 1]?.scrollIntoView({ block: 'nearest' })
  })
}

type LastSet = NonNullable<MovementStats['last']>['sets'][number]

const EMPTY: SetValues = { load: '', reps: '', seconds: '', meters: '', rpe: '' }

const str = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))
const num = (value: string) => {
  const trimmed = value.trim().replace(',', '.')
  return trimmed === '' ? null : Number(trimmed)
}

/** Last time's numbers of a set, as a row would show them, in the lifter's unit. */
function lastValues(set: LastSet, unit: Unit): SetDraft {
  return { load: set.loadKg != null ? str(fromKg(set.loadKg, unit)) : '', reps: str(set.reps), seconds: str(set.durationSeconds), meters: str(set.distanceMeters) }
}

/** A logged set's numbers as its row shows them, in the lifter's unit. */
function loggedValues(set: SetLog | undefined, unit: Unit): SetDraft {
  if (!set) return {}
  return {
    load: set.loadKg != null ? str(fromKg(set.loadKg, unit)) : '',
    reps: str(set.reps),
    seconds: str(set.durationSeconds),
    meters: str(set.distanceMeters),
    rpe: str(set.rpe),
  }
}

/** One number of a set row: its column, the input's name and size, and the word an empty input shows. */
type FieldSpec = {
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
    placeholder: () => 'reps',
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
function fieldsOf(tracking: Tracking): FieldSpec[] {
  const shown: Record<Tracking, SetField[]> = {
    weight_reps: ['load', 'reps', 'rpe'],
    reps: ['reps', 'rpe'],
    time: ['seconds', 'rpe'],
    distance_time: ['meters', 'seconds', 'rpe'],
  }
  return shown[tracking].map((field) => FIELD_SPECS[field])
}

/** The body field each input logs. */
const BODY_FIELD = { load: 'loadKg', reps: 'reps', seconds: 'durationSeconds', meters: 'distanceMeters', rpe: 'rpe' } as const satisfies Record<SetField, keyof LogSetInput>

/** A target in the few characters of its column: '5 × 100', '8–10 × 75%', '60 s', '5 × 100 @8'. */
function shortTarget(set: PrescribedSet, targetLoad: number | null): string {
  const parts: string[] = []
  if (set.reps) parts.push(set.reps.min === set.reps.max ? String(set.reps.min) : `${set.reps.min}–${set.reps.max}`)
  if (targetLoad !== null) parts.push(`× ${targetLoad}`)
  if (set.load?.kind === 'percent_1rm') parts.push(targetLoad !== null ? `(${set.load.value}%)` : `× ${set.load.value}%`)
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

function SetRow({ number, exercise, fields, columns, values, targetLoad, logged, refusal, lastTime, unit, plates, plateStep, onChange, onLog, onRemove, removable }: RowProps) {
  const target = exercise.targets[number - 1]
  const [setId] = useState(() => logged?.id ?? crypto.randomUUID())
  const tracking = exercise.tracking
  const label = `set ${number} of ${exercise.movementName}`
  const [errors, setErrors] = useState<FieldErrors>({})
  const errorId = useId()
  const inputs = useRef<Partial<Record<SetField, HTMLInputElement | null>>>({})
  // A set the server refused keeps its numbers on screen but is not logged.
  const done = Boolean(logged) && !refusal

  function log() {
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
    <li className={cn('flex flex-col gap-1 rounded-lg px-1 py-1', refusal ? 'bg-destructive/10' : done ? 'bg-primary/10' : 'bg-muted/40')}>
      {/* One line at 360 px: set, target (and the plate calculator), the numbers and the tick. */}
      <div className="grid items-center gap-x-1" style={columns}>
        <span className="text-center text-sm font-semibold tabular-nums">{number}</span>
        <span className="flex min-w-0 items-center gap-0.5">
          <span className="min-w-0 text-xs leading-tight text-muted-foreground">
            {target && (
              <>
                <span className="sr-only">Target {formatPrescribedSet(target, unit, plateStep)}</span>
                <span aria-hidden>{shortTarget(target, targetLoad)}</span>
              </>
            )}
          </span>
          {barbell && <PlateCalculator setLabel={label} load={typedLoad !== null && Number.isFinite(typedLoad) ? typedLoad : targetLoad} unit={unit} plates={plates} />}
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
          onClick={log}
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
            <button type="button" className="underline underline-offset-2 hover:text-foreground" onClick={fillLast} aria-label={`${lastText(lastTime, unit)}: use it for ${label}`}>
              {lastText(lastTime, unit)}
            </button>
          ) : (
            <span />
          )}
          {removable && (
            <Button variant="ghost" size="sm" className="h-7 px-2" aria-label={`Remove ${label}`} onClick={() => onRemove(logged)}>
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
