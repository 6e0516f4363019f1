import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core'
import { SortableContext, arrayMove, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable'
import type { FieldErrors } from '#shared/errors.ts'
import { MAX_EXERCISES_PER_WORKOUT, PLAN_NAME_MAX } from '#shared/schemas/plans.ts'
import type { Unit } from '#shared/units.ts'
import { Field } from '#client/components/ui/field.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { AddExercisePicker } from '#client/features/movements/components/movement-picker.tsx'
import { builderText } from '../builder-text.ts'
import {
  exerciseLabels,
  newExercise,
  withGroupTimers,
  type ExerciseDraft,
  type WorkoutDraft,
} from '../workout-draft.ts'
import { ExerciseCard, type ExerciseRules } from './exercise-card.tsx'

type Props = {
  draft: WorkoutDraft
  onChange: (draft: WorkoutDraft) => void
  /** Field errors keyed by dotted path (`title`, `exercises.0.sets.1.reps.min`). */
  errors: FieldErrors
  unit: Unit
  userId: string
  /** In a plan: each exercise gets its progression rule (the plan's rule and client for its dialog). */
  rules?: ExerciseRules
}

/**
 * The one exercise editor: a planned day of the plan builder and a standalone workout.
 * Exercises reorder by drag and drop, or from the keyboard (focus the handle, Space, arrows, Space).
 */
export function WorkoutEditor({ draft, onChange, errors, unit, userId, rules }: Props) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  )
  const labels = exerciseLabels(draft.exercises)

  const setExercises = (exercises: ExerciseDraft[]) => onChange({ ...draft, exercises: withGroupTimers(exercises) })
  const updateExercise = (key: string, change: Partial<ExerciseDraft>) =>
    setExercises(draft.exercises.map((exercise) => (exercise.key === key ? { ...exercise, ...change } : exercise)))

  // What a screen reader hears while an exercise is moved: names and positions, not internal ids.
  const nameOf = (id: UniqueIdentifier) => draft.exercises.find((e) => e.key === id)?.movementName ?? 'The exercise'
  const positionOf = (id: UniqueIdentifier) => draft.exercises.findIndex((e) => e.key === id) + 1
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)} of ${draft.exercises.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${draft.exercises.length}.`
        : `${nameOf(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over
        ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${draft.exercises.length}.`
        : `${nameOf(active.id)} dropped where it was.`,
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
        {(control) => (
          <Input
            {...control}
            maxLength={PLAN_NAME_MAX}
            value={draft.title}
            onChange={(e) => onChange({ ...draft, title: e.target.value })}
          />
        )}
      </Field>
      <Field label="Workout notes" error={errors.notes?.[0]}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            placeholder={builderText.notesPlaceholder}
            value={draft.notes}
            onChange={(e) => onChange({ ...draft, notes: e.target.value })}
          />
        )}
      </Field>

      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{ announcements }}
      >
        <SortableContext items={draft.exercises.map((e) => e.key)} strategy={verticalListSortingStrategy}>
          {/* Keys are for a keyboard: a touch screen has none to press. */}
          {draft.exercises.length > 0 && (
            <p className="text-xs text-muted-foreground pointer-coarse:hidden">{builderText.setKeys}</p>
          )}
          <ol aria-label="Exercises" data-set-grid className="flex flex-col gap-3">
            {draft.exercises.map((exercise, index) => (
              <ExerciseCard
                key={exercise.key}
                exercise={exercise}
                label={labels[index] ?? String(index + 1)}
                groupLead={groupLeadOf(draft.exercises, labels, index)}
                errorsOf={(path) => errors[`exercises.${index}.${path}`]?.[0]}
                unit={unit}
                rules={rules}
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
        <AddExercisePicker
          userId={userId}
          onPick={(movement) => setExercises([...draft.exercises, newExercise(movement)])}
        />
      )}
    </div>
  )
}

/** The label of the first exercise of `index`'s superset, when `index` is in one and is not its first. */
function groupLeadOf(exercises: readonly { superset: string }[], labels: readonly string[], index: number) {
  const superset = exercises[index]?.superset
  if (!superset) return undefined
  const first = exercises.findIndex((e) => e.superset === superset)
  return first === index ? undefined : labels[first]
}
