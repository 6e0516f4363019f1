import { Plus } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { isPlateLoaded } from '#shared/plates.ts'
import type { PlateSetup } from '#shared/schemas/plate-setups.ts'
import { loadFromE1rm } from '#shared/schemas/progression.ts'
import type { LogSetInput, SessionExercise, SetLog } from '#shared/schemas/sessions.ts'
import type { MovementStats } from '#shared/schemas/session-reports.ts'
import type { PrescribedSet } from '#shared/schemas/plans.ts'
import type { BlockTimer } from '#shared/schemas/timed-work.ts'
import { pairWithTargets, type SetType } from '#shared/set-types.ts'
import { rampSets, resultText } from '#shared/timed-work.ts'
import type { Refusal } from '#client/lib/offline-queue/queue.ts'
import { fromKg, targetIn, type Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { HowToButton } from '#client/features/movements/components/movement-guide.tsx'
import { ExerciseCues } from '#client/features/plans/components/exercise-cues.tsx'
import { sessionText } from '../session-text.ts'
import { copyOfSet, setRowValues, type SetDraft, type SetValues } from '../set-values.ts'
import { fieldsOf, SetRow, str, type LastSet } from './set-row.tsx'

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
  onLog: (setId: string, body: LogSetInput) => void
  onRemoveSet: (set: SetLog) => void
  /** The swap dialog's trigger and dialog; without it (correcting a finished session) the movement cannot be swapped. */
  swap?: ReactNode
  /** The timed block this exercise starts (its timer, rounds and start button), if any. */
  block?: { timer: BlockTimer; rounds: number; start: ReactNode } | null
  /** Its rest comes after each round of its superset. */
  afterRound?: boolean
  /** Part of a timed block: the clock, not a rest after each set, sets its pace. */
  timed?: boolean
  /** Every logged set can be removed, not only the last (correcting a finished session). */
  removeAny?: boolean
}

/** One exercise in the logger: a header row naming the columns, a row per set, one tap to log a set. */
export function ExerciseLogger({
  exercise,
  label,
  sets,
  stats,
  oneRepMaxKg,
  refused,
  unit,
  plates,
  onLog,
  onRemoveSet,
  swap,
  block,
  afterRound = false,
  timed = false,
  removeAny = false,
}: Props) {
  const logged = sets.filter((s) => s.exerciseKey === exercise.key)
  const [extra, setExtra] = useState(0)
  // What the lifter typed on each row, by set number: kept here so that a row can start from the
  // one above it, and 'Add set' can copy the last.
  const [drafts, setDrafts] = useState<Record<number, SetDraft>>({})
  // The type chosen on a row not logged yet, by set number (a logged set carries its own).
  const [types, setTypes] = useState<Record<number, SetType>>({})
  // A logged set's own type wins (another device may change it); a type chosen on a row not logged,
  // or refused, waits for the tick.
  // Plates come in steps; a 24 kg kettlebell is not rounded to them.
  const plateLoaded = isPlateLoaded(exercise.equipment)
  const step = plateLoaded ? plates.plateStep : undefined
  /** A prescribed load as the lifter loads it: kg rounded to their plates, a %1RM from their e1RM. */
  const loadOf = (target: PrescribedSet | undefined) => {
    const load = target?.load
    if (load?.kind === 'percent_1rm' && oneRepMaxKg)
      return targetIn(
        loadFromE1rm(load.value, oneRepMaxKg, unit, step ?? plates.plateStep),
        unit,
        step ?? plates.plateStep,
      )
    return load?.kind === 'kg' ? targetIn(load.value, unit, step) : null
  }
  // The warm-up ramp: its sets, from the day's heaviest target (or last time's first set), go on
  // the first rows, unless the lifter logged work there before any warm-up.
  const last = stats?.last?.sets ?? []
  const working =
    Math.max(0, ...exercise.targets.map((target) => loadOf(target) ?? 0)) ||
    (last[0]?.loadKg ? fromKg(last[0].loadKg, unit) : 0)
  const ramp =
    exercise.warmUp && working > 0 && !logged.some((s) => s.setType !== 'warmup' && s.setNumber === 1)
      ? rampSets(exercise.warmUp, working, unit, plates, { plateLoaded })
      : []
  // Of two sets of one row (two devices each kept a warm-up), the one done.
  const setOf = (n: number) =>
    logged.find((s) => s.setNumber === n && s.completed) ?? logged.find((s) => s.setNumber === n)
  const typeOf = (n: number): SetType => {
    const set = setOf(n)
    // A warm-up kept as not done takes a type tapped on its row, as a row never logged does.
    return (
      (set?.completed && !refused.has(set.id) ? set.setType : undefined) ??
      types[n] ??
      set?.setType ??
      (n <= ramp.length ? 'warmup' : 'working')
    )
  }
  // The prescribed sets go to the rows as the review pairs them: warm-up rows stand aside, so a
  // warm-up on the first row moves the prescription down a row (and the rows grow by one).
  const candidates = exercise.targets.length + ramp.length + logged.length + Object.keys(types).length + 1
  const pairs = pairWithTargets(
    exercise.targets.length,
    Array.from({ length: candidates }, (_, index) => ({ setNumber: index + 1, setType: typeOf(index + 1) })),
  )
  const targetIndex = (n: number) => pairs.findIndex((p) => p.setNumber === n)
  const rows = Math.max(pairs.at(-1)?.setNumber ?? 0, ...logged.map((s) => s.setNumber), 1) + extra
  const name = `${label} ${exercise.movementName}`
  const fields = fieldsOf(exercise.tracking)
  const columns = { gridTemplateColumns: `1.75rem minmax(0, 1fr) ${fields.map((f) => f.width).join(' ')} 2.75rem` }
  // A warm-up row of the ramp has the ramp's step as its target; the others, the prescription's.
  const warmUpOf = (n: number) => (typeOf(n) === 'warmup' && targetIndex(n) === -1 ? ramp[n - 1] : undefined)
  const targetOf = (n: number): PrescribedSet | undefined => {
    const warm = warmUpOf(n)
    if (warm) return { reps: { min: warm.reps, max: warm.reps }, load: { kind: 'kg', value: warm.loadKg } }
    return exercise.targets[targetIndex(n)]
  }
  const targetLoad = (n: number) => warmUpOf(n)?.load ?? loadOf(targetOf(n))
  const numbers = Array.from({ length: rows }, (_, index) => index + 1)
  // Last time's work sets, in order, beside the rows that answer the prescription in the same order.
  const lastOf = (n: number) =>
    typeOf(n) === 'warmup'
      ? undefined
      : last[n - 1 - numbers.slice(0, n - 1).filter((m) => typeOf(m) === 'warmup').length]
  const values = setRowValues(
    numbers.map((n) => {
      const lastTime = lastOf(n)
      return {
        // A row kept as not done starts from its target, as a row never logged does.
        own: { ...loggedValues(setOf(n)?.completed ? setOf(n) : undefined, unit), ...drafts[n] },
        target: targetOf(n),
        targetLoad: targetLoad(n),
        last: lastTime && lastValues(lastTime, unit),
      }
    }),
  )
  // A change to a row's numbers; null forgets them (the row is removed).
  const draft = (n: number, change: SetDraft | null) =>
    setDrafts((all) => {
      const { [n]: mine, ...others } = all
      return change ? { ...others, [n]: { ...mine, ...change } } : others
    })

  // A warm-up row left unticked before a work set is kept as a warm-up not done, so the work pairs
  // with the prescription everywhere it is read again (the review, the rules), not only here.
  const logSet = (setId: string, body: LogSetInput) => {
    if (body.setType !== 'warmup')
      for (let row = 1; row < body.setNumber; row++)
        if (typeOf(row) === 'warmup' && !setOf(row))
          onLog(crypto.randomUUID(), {
            exerciseKey: exercise.key,
            setNumber: row,
            completed: false,
            setType: 'warmup',
            editedAt: body.editedAt,
          })
    onLog(setId, body)
  }

  function addSet() {
    const above = values[rows - 1]
    if (above) draft(rows + 1, copyOfSet(above))
    setTypes((all) => ({ ...all, [rows + 1]: typeOf(rows) }))
    setExtra((x) => x + 1)
  }

  return (
    <li aria-label={name} className="flex flex-col gap-2 rounded-xl border bg-card p-2 sm:p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <span className="rounded bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground">
              {label}
            </span>
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
          {exercise.swappedFrom && (
            <p className="mt-1 text-xs text-muted-foreground">
              {sessionText.swappedFrom(exercise.swappedFrom.movementName, exercise.swappedFrom.reason)}
            </p>
          )}
        </div>
        <div className="flex shrink-0 flex-col items-end sm:flex-row">
          <HowToButton
            name={name}
            movementName={exercise.movementName}
            movementId={exercise.movementId}
            guide={
              exercise.instructions !== undefined || exercise.videoUrl !== undefined
                ? { instructions: exercise.instructions ?? null, videoUrl: exercise.videoUrl ?? null }
                : undefined
            }
          />
          {swap}
        </div>
      </div>
      <ExerciseCues
        tempo={exercise.tempo}
        restSeconds={timed ? null : exercise.restSeconds}
        afterRound={afterRound}
        block={block}
        warmUp={exercise.warmUp}
      />
      {block && (
        <div className="flex flex-wrap items-center gap-2">
          {block.start}
          {exercise.result && (
            <p className="text-sm font-medium">
              <span className="sr-only">Result: </span>
              {resultText(exercise.result)}
            </p>
          )}
        </div>
      )}
      {/* The columns' names, for the eye: each input carries its own full name. */}
      <div
        aria-hidden
        className="grid items-end gap-x-1 px-1 text-xs font-medium whitespace-nowrap text-muted-foreground"
        style={columns}
      >
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
              setType={typeOf(n)}
              onSetType={(type) => setTypes((all) => ({ ...all, [n]: type }))}
              target={targetOf(n)}
              targetLoad={targetLoad(n)}
              logged={set}
              refusal={set ? refused.get(set.id) : undefined}
              lastTime={lastOf(n)}
              unit={unit}
              plates={plates}
              plateStep={step}
              onChange={(change) => draft(n, change)}
              onLog={logSet}
              onRemove={(set) => {
                draft(n, null)
                setTypes(({ [n]: _, ...others }) => others)
                if (set) onRemoveSet(set)
                else setExtra((x) => Math.max(0, x - 1))
              }}
              removable={
                (n === rows && (extra > 0 || Boolean(set))) || Boolean(set && (removeAny || refused.has(set.id)))
              }
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
    const button = document.querySelector<HTMLButtonElement>(
      `[data-log-set="${CSS.escape(`${exerciseKey}:${setNumber}`)}"]`,
    )
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

const EMPTY: SetValues = { load: '', reps: '', seconds: '', meters: '', rpe: '' }

/** Last time's numbers of a set, as a row would show them, in the lifter's unit. */
function lastValues(set: LastSet, unit: Unit): SetDraft {
  return {
    load: set.loadKg != null ? str(fromKg(set.loadKg, unit)) : '',
    reps: str(set.reps),
    seconds: str(set.durationSeconds),
    meters: str(set.distanceMeters),
  }
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
