import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent, type UniqueIdentifier } from '@dnd-kit/core'
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical, Plus, Trash2, X } from 'lucide-react'
import type { FieldErrors } from '#shared/errors.ts'
import { MAX_EXERCISES_PER_WORKOUT, MAX_SETS_PER_EXERCISE, PLAN_NAME_MAX } from '#shared/schemas/plans.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { MovementPicker } from '#client/features/movements/components/movement-picker.tsx'
import { cn } from '#client/lib/cn.ts'
import { builderText } from '../builder-text.ts'
import { exerciseLabels, newExercise, type ExerciseDraft, type SetDraft, type WorkoutDraft } from '../workout-draft.ts'

type Props = {
  draft: WorkoutDraft
  onChange: (draft: WorkoutDraft) => void
  /** Field errors keyed by dotted path (`title`, `exercises.0.sets.1.reps.min`). */
  errors: FieldErrors
  unit: Unit
  userId: string
}

const SUPERSETS = ['A', 'B', 'C', 'D', 'E', 'F'] as const

/**
 * The one exercise editor: a planned day of the program builder and a standalone workout.
 * Exercises reorder by drag and drop, or from the keyboard (focus the handle, Space, arrows, Space).
 */
export function WorkoutEditor({ draft, onChange, errors, unit, userId }: Props) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const labels = exerciseLabels(draft.exercises)

  const setExercises = (exercises: ExerciseDraft[]) => onChange({ ...draft, exercises })
  const updateExercise = (key: string, change: Partial<ExerciseDraft>) =>
    setExercises(draft.exercises.map((exercise) => (exercise.key === key ? { ...exercise, ...change } : exercise)))

  // What a screen reader hears while an exercise is moved: names and positions, not internal ids.
  const nameOf = (id: UniqueIdentifier) => draft.exercises.find((e) => e.key === id)?.movementName ?? 'The exercise'
  const positionOf = (id: UniqueIdentifier) => draft.exercises.findIndex((e) => e.key === id) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${draft.exercises.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${draft.exercises.length}.` : `${nameOf(active.id)} is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${draft.exercises.length}.` : `${nameOf(active.id)} dropped where it was.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    const from = draft.exercises.findIndex((e) => e.key === active.id)
    const to = draft.exercises.findIndex((e) => e.key === over.id)
    if (from >= 0 && to >= 0) setExercises(arrayMove(draft.exercises, from, to))
  }

  return (
    <div className="flex flex-col gap-4">
      <Field label="Workout title" error={errors.title?.[0]}>
        {(control) => <Input {...control} maxLength={PLAN_NAME_MAX} value={draft.title} onChange={(e) => onChange({ ...draft, title: e.target.value })} />}
      </Field>
      <Field label="Workout notes" error={errors.notes?.[0]}>
        {(control) => (
          <Textarea {...control} rows={2} placeholder={builderText.notesPlaceholder} value={draft.notes} onChange={(e) => onChange({ ...draft, notes: e.target.value })} />
        )}
      </Field>

      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd} accessibility={{ announcements }}>
        <SortableContext items={draft.exercises.map((e) => e.key)} strategy={verticalListSortingStrategy}>
          <ol aria-label="Exercises" className="flex flex-col gap-3">
            {draft.exercises.map((exercise, index) => (
              <ExerciseCard
                key={exercise.key}
                exercise={exercise}
                label={labels[index] ?? String(index + 1)}
                errorsOf={(path) => errors[`exercises.${index}.${path}`]?.[0]}
                unit={unit}
                onChange={(change) => updateExercise(exercise.key, change)}
                onRemove={() => setExercises(draft.exercises.filter((e) => e.key !== exercise.key))}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {errors.exercises?.[0] && (
        <p role="alert" className="text-sm text-destructive">
          {errors.exercises[0]}
        </p>
      )}

      {draft.exercises.length < MAX_EXERCISES_PER_WORKOUT && (
        <MovementPicker
          userId={userId}
          title="Add an exercise"
          trigger={
            <Button variant="outline" className="self-start">
              <Plus aria-hidden /> Add exercise
            </Button>
          }
          onPick={(movement) => setExercises([...draft.exercises, newExercise(movement)])}
        />
      )}
    </div>
  )
}

type ExerciseCardProps = {
  exercise: ExerciseDraft
  label: string
  errorsOf: (path: string) => string | undefined
  unit: Unit
  onChange: (change: Partial<ExerciseDraft>) => void
  onRemove: () => void
}

function ExerciseCard({ exercise, label, errorsOf, unit, onChange, onRemove }: ExerciseCardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: exercise.key })
  const name = `${label} ${exercise.movementName}`
  const setSets = (sets: SetDraft[]) => onChange({ sets })
  const movementError = errorsOf('movementId')

  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      aria-label={name}
      className={cn('flex flex-col gap-3 rounded-lg border bg-card p-3', isDragging && 'relative z-10 shadow-lg')}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          aria-label={`Reorder ${name}`}
          className="flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <span className="rounded bg-secondary px-2 py-0.5 font-mono text-xs text-secondary-foreground">{label}</span>
        <h3 className="min-w-0 flex-1 truncate font-medium">{exercise.movementName}</h3>
        <Button variant="ghost" size="icon" aria-label={`Remove ${name}`} onClick={onRemove}>
          <Trash2 aria-hidden />
        </Button>
      </div>
      {movementError && (
        <p role="alert" className="text-sm text-destructive">
          {movementError}
        </p>
      )}
      <div className="grid grid-cols-3 gap-2">
        <Field label="Superset" error={errorsOf('superset')}>
          {(control) => (
            <NativeSelect {...control} value={exercise.superset} onChange={(e) => onChange({ superset: e.target.value })}>
              <option value="">None</option>
              {SUPERSETS.map((letter) => (
                <option key={letter} value={letter}>
                  {letter}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Rest (s)" error={errorsOf('restSeconds')}>
          {(control) => <Input {...control} inputMode="numeric" value={exercise.restSeconds} onChange={(e) => onChange({ restSeconds: e.target.value })} />}
        </Field>
        <Field label="Tempo" error={errorsOf('tempo')}>
          {(control) => <Input {...control} maxLength={4} placeholder="30X1" value={exercise.tempo} onChange={(e) => onChange({ tempo: e.target.value })} />}
        </Field>
      </div>

      <ol aria-label={`Sets of ${name}`} className="flex flex-col gap-2">
        {exercise.sets.map((set, index) => (
          <SetRow
            key={set.key}
            set={set}
            number={index + 1}
            tracking={exercise.tracking}
            unit={unit}
            errorOf={(path) => errorsOf(`sets.${index}.${path}`)}
            onChange={(change) => setSets(exercise.sets.map((s) => (s.key === set.key ? { ...s, ...change } : s)))}
            onRemove={exercise.sets.length > 1 ? () => setSets(exercise.sets.filter((s) => s.key !== set.key)) : undefined}
          />
        ))}
      </ol>
      {errorsOf('sets') && (
        <p role="alert" className="text-sm text-destructive">
          {errorsOf('sets')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {exercise.sets.length < MAX_SETS_PER_EXERCISE && (
          <Button
            variant="outline"
            size="sm"
            aria-label={`Add a set to ${name}`}
            onClick={() => {
              const last = exercise.sets.at(-1)
              if (last) setSets([...exercise.sets, { ...last, key: crypto.randomUUID() }])
            }}
          >
            <Plus aria-hidden /> Add set
          </Button>
        )}
      </div>
      <Field label={`Notes for ${exercise.movementName}`} error={errorsOf('notes')}>
        {(control) => <Textarea {...control} rows={1} value={exercise.notes} onChange={(e) => onChange({ notes: e.target.value })} />}
      </Field>
    </li>
  )
}

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
function SetRow({ set, number, tracking, unit, errorOf, onChange, onRemove }: SetRowProps) {
  const name = `Set ${number}`
  const errors = [errorOf('reps.min'), errorOf('reps.max'), errorOf('reps'), errorOf('load.value'), errorOf('rpe'), errorOf('rir'), errorOf('durationSeconds'), errorOf('distanceMeters')]
  const message = errors.find(Boolean)
  const small = 'w-16'
  const withReps = tracking === 'weight_reps' || tracking === 'reps'

  return (
    <li className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <span className="w-12 shrink-0 text-xs font-medium text-muted-foreground">{name}</span>
        {withReps && (
          <>
            <Input aria-label={`${name} reps`} aria-invalid={Boolean(errorOf('reps.min') || errorOf('reps')) || undefined} inputMode="numeric" placeholder="reps" size="compact" className={small} value={set.repsMin} onChange={(e) => onChange({ repsMin: e.target.value })} />
            <span aria-hidden className="text-xs text-muted-foreground">
              to
            </span>
            <Input aria-label={`${name} reps up to`} aria-invalid={Boolean(errorOf('reps.max')) || undefined} inputMode="numeric" placeholder="max" size="compact" className={small} value={set.repsMax} onChange={(e) => onChange({ repsMax: e.target.value })} />
            <NativeSelect aria-label={`${name} load type`} size="compact" className="w-auto" value={set.loadKind} onChange={(e) => onChange({ loadKind: e.target.value as SetDraft['loadKind'] })}>
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
                size="compact" className="w-20"
                value={set.loadValue}
                onChange={(e) => onChange({ loadValue: e.target.value })}
              />
            )}
          </>
        )}
        {tracking === 'distance_time' && (
          <Input aria-label={`${name} distance (m)`} aria-invalid={Boolean(errorOf('distanceMeters')) || undefined} inputMode="numeric" placeholder="m" size="compact" className="w-20" value={set.distanceMeters} onChange={(e) => onChange({ distanceMeters: e.target.value })} />
        )}
        {(tracking === 'time' || tracking === 'distance_time') && (
          <Input aria-label={`${name} time (s)`} aria-invalid={Boolean(errorOf('durationSeconds')) || undefined} inputMode="numeric" placeholder="s" size="compact" className="w-20" value={set.durationSeconds} onChange={(e) => onChange({ durationSeconds: e.target.value })} />
        )}
        <NativeSelect aria-label={`${name} effort type`} size="compact" className="w-auto" value={set.effortKind} onChange={(e) => onChange({ effortKind: e.target.value as SetDraft['effortKind'] })}>
          <option value="none">No target</option>
          <option value="rpe">RPE</option>
          <option value="rir">RIR</option>
        </NativeSelect>
        {set.effortKind !== 'none' && (
          <Input
            aria-label={`${name} ${set.effortKind === 'rpe' ? 'RPE' : 'RIR'}`}
            aria-invalid={Boolean(errorOf('rpe') || errorOf('rir')) || undefined}
            inputMode="decimal"
            size="compact" className={small}
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
