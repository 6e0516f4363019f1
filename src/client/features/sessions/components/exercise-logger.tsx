import { Check, Minus, Plus, Repeat } from 'lucide-react'
import { useId, useState } from 'react'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import type { PlateSetup } from '#shared/schemas/plate-setups.ts'
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

type Props = {
  exercise: SessionExercise
  label: string
  sets: SetLog[]
  stats: MovementStats | undefined
  /** Sets the server refused, by id, with its reason: shown as not logged until fixed or removed. */
  refused: ReadonlyMap<string, Refusal>
  unit: Unit
  /** The lifter's bar, plates and plate step in their unit: targets round to the step. */
  plates: PlateSetup
  userId: string
  onLog: (setId: string, body: LogSetInput) => void
  onRemoveSet: (set: SetLog) => void
  onSwap: (movement: PickedMovement) => void
}

/** One exercise in the logger: a row per set, targets as placeholders, one tap to log a set. */
export function ExerciseLogger({ exercise, label, sets, stats, refused, unit, plates, userId, onLog, onRemoveSet, onSwap }: Props) {
  const logged = sets.filter((s) => s.exerciseKey === exercise.key)
  const [extra, setExtra] = useState(0)
  const rows = Math.max(exercise.targets.length, ...logged.map((s) => s.setNumber), 1) + extra
  const name = `${label} ${exercise.movementName}`
  const last = stats?.last?.sets ?? []

  return (
    <li aria-label={name} className="flex flex-col gap-3 rounded-xl border bg-card p-3 sm:p-4">
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
          {exercise.notes && <p className="mt-1 text-sm whitespace-pre-line">{exercise.notes}</p>}
        </div>
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
      </div>
      <ol aria-label={`Sets of ${name}`} className="flex flex-col gap-2">
        {Array.from({ length: rows }, (_, index) => {
          const n = index + 1
          const set = logged.find((s) => s.setNumber === n)
          return (
            <SetRow
              key={`${exercise.key}:${n}:${set?.id ?? 'new'}`}
              number={n}
              exercise={exercise}
              movementName={exercise.movementName}
              logged={set}
              refusal={set ? refused.get(set.id) : undefined}
              lastTime={last[index]}
              unit={unit}
              plates={plates}
              onLog={onLog}
              onRemove={(set) => (set ? onRemoveSet(set) : setExtra((x) => Math.max(0, x - 1)))}
              removable={(n === rows && (extra > 0 || Boolean(set))) || Boolean(set && refused.has(set.id))}
            />
          )
        })}
      </ol>
      <Button variant="outline" size="sm" className="self-start" aria-label={`Add a set to ${name}`} onClick={() => setExtra((x) => x + 1)}>
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

type LastSet = NonNullable<MovementStats['last']>['sets'][number]

type RowProps = {
  number: number
  exercise: SessionExercise
  movementName: string
  logged: SetLog | undefined
  refusal: Refusal | undefined
  lastTime: LastSet | undefined
  unit: Unit
  plates: PlateSetup
  onLog: (setId: string, body: LogSetInput) => void
  onRemove: (set: SetLog | undefined) => void
  removable: boolean
}

/** One number of a set row: what it logs, whether this movement's tracking shows it, and its input. */
type SetField = {
  field: keyof LogSetInput
  shown: boolean
  label: string
  className: string
  inputMode: 'decimal' | 'numeric'
  placeholder: string
  value: string
  set: (value: string) => void
}

const str = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))
const num = (value: string) => {
  const trimmed = value.trim().replace(',', '.')
  return trimmed === '' ? null : Number(trimmed)
}

function SetRow({ number, exercise, movementName, logged, refusal, lastTime, unit, plates, onLog, onRemove, removable }: RowProps) {
  const target = exercise.targets[number - 1]
  const targetLoad = target?.load?.kind === 'kg' ? targetIn(target.load.value, unit, plates.plateStep) : null
  const [load, setLoad] = useState(logged?.loadKg != null ? str(fromKg(logged.loadKg, unit)) : '')
  const [reps, setReps] = useState(str(logged?.reps))
  const [seconds, setSeconds] = useState(str(logged?.durationSeconds))
  const [meters, setMeters] = useState(str(logged?.distanceMeters))
  const [rpe, setRpe] = useState(str(logged?.rpe))
  const [setId] = useState(() => logged?.id ?? crypto.randomUUID())
  const tracking = exercise.tracking
  const label = `set ${number} of ${movementName}`
  const [errors, setErrors] = useState<FieldErrors>({})
  const errorId = useId()
  // A set the server refused keeps its numbers on screen but is not logged.
  const done = Boolean(logged) && !refusal

  function log() {
    // Empty inputs log the target: one tap for a set done as prescribed.
    const value = (typed: string, fallback: number | null | undefined) => (typed.trim() === '' ? (fallback ?? null) : num(typed))
    const loadValue = value(load, targetLoad)
    const body: LogSetInput = {
      exerciseKey: exercise.key,
      setNumber: number,
      reps: tracking === 'weight_reps' || tracking === 'reps' ? value(reps, target?.reps?.max) : null,
      loadKg: tracking === 'weight_reps' && loadValue !== null ? toKg(loadValue, unit) : null,
      durationSeconds: tracking === 'time' || tracking === 'distance_time' ? value(seconds, target?.durationSeconds) : null,
      distanceMeters: tracking === 'distance_time' ? value(meters, target?.distanceMeters) : null,
      rpe: num(rpe),
      completed: true,
      editedAt: new Date().toISOString(),
    }
    if (body.reps === null && body.durationSeconds === null && body.distanceMeters === null) return
    // What the server would refuse is said here, under the row: nothing is logged, queued or timed.
    const checked = LogSetBody.safeParse(body)
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues))
      return
    }
    setErrors({})
    if (body.loadKg !== null && body.loadKg !== undefined) setLoad(str(fromKg(body.loadKg, unit)))
    if (body.reps !== null && body.reps !== undefined) setReps(str(body.reps))
    onLog(setId, body)
  }

  function fillLast() {
    if (!lastTime) return
    setLoad(lastTime.loadKg != null ? str(fromKg(lastTime.loadKg, unit)) : '')
    setReps(str(lastTime.reps))
    setSeconds(str(lastTime.durationSeconds))
    setMeters(str(lastTime.distanceMeters))
  }

  const typedLoad = num(load)
  const barbell = tracking === 'weight_reps' && Boolean(exercise.equipment?.includes('barbell'))

  // Sized to fit one row on a 360 px phone: number, load, reps, RPE and the big tick.
  const wide = 'w-[4.5rem]'
  const weighted = tracking === 'weight_reps'
  const timed = tracking === 'time' || tracking === 'distance_time'
  const inputs = (
    [
      {
        field: 'loadKg',
        shown: weighted,
        label: `Load (${unit}) for ${label}`,
        className: wide,
        inputMode: 'decimal',
        placeholder: targetLoad !== null ? String(targetLoad) : unit,
        value: load,
        set: setLoad,
      },
      {
        field: 'reps',
        shown: weighted || tracking === 'reps',
        label: `Reps for ${label}`,
        className: 'w-14',
        inputMode: 'numeric',
        placeholder: target?.reps ? String(target.reps.max) : 'reps',
        value: reps,
        set: setReps,
      },
      {
        field: 'distanceMeters',
        shown: tracking === 'distance_time',
        label: `Distance (m) for ${label}`,
        className: wide,
        inputMode: 'numeric',
        placeholder: str(target?.distanceMeters) || 'm',
        value: meters,
        set: setMeters,
      },
      {
        field: 'durationSeconds',
        shown: timed,
        label: `Time (s) for ${label}`,
        className: wide,
        inputMode: 'numeric',
        placeholder: str(target?.durationSeconds) || 's',
        value: seconds,
        set: setSeconds,
      },
      {
        field: 'rpe',
        shown: true,
        label: `RPE for ${label}`,
        className: 'w-14',
        inputMode: 'decimal',
        placeholder: target?.rpe ? `@${target.rpe}` : 'RPE',
        value: rpe,
        set: setRpe,
      },
    ] satisfies SetField[]
  ).filter((input) => input.shown)
  return (
    <li className={cn('flex flex-col gap-1 rounded-lg p-2', refusal ? 'bg-destructive/10' : done ? 'bg-primary/10' : 'bg-muted/40')}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="w-7 text-sm font-semibold">#{number}</span>
        {inputs.map((input) => [
          <Input
            key={input.field}
            aria-label={input.label}
            aria-invalid={Boolean(errors[input.field])}
            aria-describedby={errors[input.field] ? errorId : undefined}
            size="touch"
            className={input.className}
            inputMode={input.inputMode}
            placeholder={input.placeholder}
            value={input.value}
            onChange={(e) => input.set(e.target.value)}
          />,
          input.field === 'loadKg' && barbell && (
            <PlateCalculator key="plates" setLabel={label} load={typedLoad !== null && Number.isFinite(typedLoad) ? typedLoad : targetLoad} unit={unit} plates={plates} />
          ),
        ])}
        <Button
          size="icon"
          className={cn('size-12', !done && 'bg-secondary text-secondary-foreground hover:bg-secondary/80')}
          aria-label={done ? `Update ${label}` : `Log ${label}`}
          data-log-set={`${exercise.key}:${number}`}
          aria-pressed={done}
          onClick={log}
        >
          <Check className="size-6" aria-hidden />
        </Button>
        {removable && (
          <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={() => onRemove(logged)}>
            <Minus aria-hidden />
          </Button>
        )}
      </div>
      {Object.keys(errors).length > 0 && (
        <p id={errorId} role="alert" className="pl-9 text-sm font-medium text-destructive">
          {Object.values(errors).flat().join(' ')}
        </p>
      )}
      {refusal && (
        <p role="alert" className="pl-9 text-sm font-medium text-destructive">
          {sessionText.setRefused(refusal.message)}
        </p>
      )}
      <div className="flex flex-wrap gap-x-3 pl-9 text-xs text-muted-foreground">
        {target && <span>Target {formatPrescribedSet(target, unit, plates.plateStep)}</span>}
        {lastTime && !logged && (
          <button type="button" className="underline underline-offset-2 hover:text-foreground" onClick={fillLast} aria-label={`Use last time's numbers for ${label}`}>
            Last: {lastTime.loadKg != null ? `${fromKg(lastTime.loadKg, unit)} ${unit} × ` : ''}
            {lastTime.reps ?? ''}
            {lastTime.durationSeconds ? ` ${lastTime.durationSeconds} s` : ''}
          </button>
        )}
      </div>
    </li>
  )
}
