import { TrendingUp } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Exercise, PlanWorkout, PlanWorkoutDetail } from '#shared/schemas/plans.ts'
import { blockAt, inTimedBlock, roundsOf } from '#shared/timed-work.ts'
import type { Unit } from '#shared/units.ts'
import { planDateText } from '../plan-dates.ts'
import { formatPrescribedSet } from '../prescription-format.ts'
import { exerciseLabels } from '../workout-draft.ts'
import { HowToButton } from '#client/features/movements/components/movement-guide.tsx'
import { ExerciseCues } from './exercise-cues.tsx'

type Props = {
  workout: Pick<PlanWorkout, 'notes' | 'exercises'>
  unit: Unit
  /** More about each exercise (the preview adds last time's numbers and the best e1RM). */
  extra?: (exercise: PlanWorkout['exercises'][number]) => ReactNode
  /** The lifter's plate step, and their e1RM for an exercise's %1RM targets (the preview knows them). */
  plateStep?: number
  oneRepMaxOf?: (exercise: PlanWorkout['exercises'][number]) => number | null
}

/** A planned workout's title, under its plan (a link), week (and deload), day and, once the plan has started, date. */
export function PlanWorkoutHeading({ workout }: { workout: PlanWorkoutDetail }) {
  const { plan, week, day } = workout
  const date = planDateText(plan, week, day)
  return (
    <div>
      <p className="text-sm text-muted-foreground">
        <Link to={paths.open.program.getHref(plan.id)} className="hover:underline">
          {plan.name}
        </Link>{' '}
        · Week {week}
        {plan.deloadWeeks.includes(week) ? ' (deload)' : ''} · Day {day}
        {date ? ` · ${date}` : ''}
      </p>
      <h1 className="text-2xl font-semibold tracking-tight">{workout.title}</h1>
    </div>
  )
}

/** Why a progression rule set these targets, as the lifter reads it beside them. */
function TargetReason({ reason }: { reason: string }) {
  return (
    <p className="mt-2 flex items-start gap-1.5 text-sm text-emerald-800 dark:text-emerald-300">
      <TrendingUp className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="sr-only">Why these targets: </span>
        {reason}
      </span>
    </p>
  )
}

/** A deload week's workout says what the deload took off. */
export function DeloadNote({ plan }: { plan: PlanWorkoutDetail['plan'] }) {
  if (!plan.deload) return null
  const { loadPercent, setsRemoved } = plan.deload
  const parts = [
    loadPercent ? `${loadPercent}% less load` : null,
    setsRemoved ? `${setsRemoved} set${setsRemoved === 1 ? '' : 's'} fewer` : null,
  ].filter(Boolean)
  return (
    <p
      role="note"
      className="rounded-lg border border-sky-600/30 bg-sky-50 p-3 text-sm text-sky-950 dark:bg-sky-950 dark:text-sky-100"
    >
      Deload week{parts.length ? `: ${parts.join(', ')} than the plan’s usual targets.` : '.'}
    </p>
  )
}

/** A workout read-only: each exercise with its label (A1, A2…), sets, rest, tempo and notes. */
export function WorkoutView({ workout, unit, extra, plateStep, oneRepMaxOf }: Props) {
  const labels = exerciseLabels(workout.exercises.map((e) => ({ superset: e.superset ?? '' })))
  return (
    <div className="flex flex-col gap-4">
      {workout.notes && <p className="rounded-lg bg-muted/50 p-3 text-sm whitespace-pre-line">{workout.notes}</p>}
      {workout.exercises.length === 0 && <p className="text-muted-foreground">No exercises yet.</p>}
      <ol aria-label="Exercises" className="flex flex-col gap-3">
        {workout.exercises.map((exercise, index) => {
          const label = labels[index] ?? String(index + 1)
          return (
            <li
              key={exercise.id}
              aria-label={`${label} ${exercise.movementName}`}
              className="rounded-lg border bg-card p-4"
            >
              <div className="flex items-center gap-2">
                <span className="rounded bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground">
                  {label}
                </span>
                <h2 className="min-w-0 flex-1 font-medium">{exercise.movementName}</h2>
                <HowToButton
                  name={`${label} ${exercise.movementName}`}
                  movementName={exercise.movementName}
                  movementId={exercise.movementId}
                />
              </div>
              <ol className="mt-2 flex flex-col gap-1 text-sm">
                {exercise.sets.map((set, n) => (
                  <li key={n} className="flex gap-3">
                    <span className="w-12 shrink-0 text-muted-foreground">Set {n + 1}</span>
                    <span>{formatPrescribedSet(set, unit, plateStep, oneRepMaxOf?.(exercise))}</span>
                  </li>
                ))}
              </ol>
              <div className="mt-2">
                <ExerciseCues
                  tempo={exercise.tempo}
                  restSeconds={inTimedBlock(workout.exercises, index) ? null : exercise.restSeconds}
                  afterRound={isLastOfGroup(workout.exercises, index)}
                  block={blockOf(workout.exercises, index)}
                  warmUp={exercise.warmUp}
                />
              </div>
              {exercise.progressionNote && <TargetReason reason={exercise.progressionNote.reason} />}
              {exercise.notes && <p className="mt-2 text-sm whitespace-pre-line">{exercise.notes}</p>}
              {extra?.(exercise)}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/** The timed block the exercise at `index` starts, with its rounds (its exercises' most sets). */
function blockOf(exercises: readonly Exercise[], index: number) {
  const block = blockAt(exercises, index)
  return block && { timer: block.timer, rounds: roundsOf(block.exercises) }
}

/** Its rest comes after each round: the last exercise of a superset. */
export function isLastOfGroup(exercises: readonly { superset: string | null }[], index: number): boolean {
  const superset = exercises[index]?.superset
  return Boolean(superset) && exercises.findLastIndex((e) => e.superset === superset) === index
}
