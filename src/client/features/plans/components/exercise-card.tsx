import { useSortable } from '@dnd-kit/sortable'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { MAX_SETS_PER_EXERCISE } from '#shared/schemas/plans.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import type { ProgressionRule } from '#shared/schemas/progression.ts'
import { STANDARD_RAMP } from '#shared/schemas/timed-work.ts'
import { rampText } from '#shared/timed-work.ts'
import { cn } from '#client/lib/cn.ts'
import { builderText } from '../builder-text.ts'
import { addSets, applySetToAll, toExerciseInputs, type ExerciseDraft, type SetDraft } from '../workout-draft.ts'
import { ExerciseRuleDialog } from './progression-dialog.tsx'
import { SetRow } from './set-row.tsx'
import { TimerFields } from './timer-fields.tsx'

const SUPERSETS = ['A', 'B', 'C', 'D', 'E', 'F'] as const

/** What an exercise of a plan needs for its progression rule: the plan's own rule, and its client for a preview. */
export type ExerciseRules = { planRule: ProgressionRule | null; clientId: string | null; userId: string }

type ExerciseCardProps = {
  exercise: ExerciseDraft
  label: string
  /** In a superset after its first exercise: that exercise's label (the group's timer is its). */
  groupLead?: string | undefined
  errorsOf: (path: string) => string | undefined
  unit: Unit
  rules?: ExerciseRules | undefined
  onChange: (change: Partial<ExerciseDraft>) => void
  onRemove: () => void
}

/** One exercise of the workout editor: a sortable card with its superset, rest, tempo, sets and notes. */
export function ExerciseCard({
  exercise,
  label,
  groupLead,
  errorsOf,
  unit,
  rules,
  onChange,
  onRemove,
}: ExerciseCardProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: exercise.key })
  const name = `${label} ${exercise.movementName}`
  const setSets = (sets: SetDraft[]) => onChange({ sets })
  const movementError = errorsOf('movementId')
  const room = MAX_SETS_PER_EXERCISE - exercise.sets.length
  const [adding, setAdding] = useState('1')
  const toAdd = Math.min(room, Math.max(1, Math.floor(Number(adding)) || 1))

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
        <h2 className="min-w-0 flex-1 truncate font-medium">{exercise.movementName}</h2>
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
            <NativeSelect
              {...control}
              value={exercise.superset}
              onChange={(e) => onChange({ superset: e.target.value })}
            >
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
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={exercise.restSeconds}
              onChange={(e) => onChange({ restSeconds: e.target.value })}
            />
          )}
        </Field>
        <Field label="Tempo" error={errorsOf('tempo')}>
          {(control) => (
            <Input
              {...control}
              maxLength={4}
              placeholder="30X1"
              value={exercise.tempo}
              onChange={(e) => onChange({ tempo: e.target.value })}
            />
          )}
        </Field>
      </div>

      {groupLead ? (
        <p className="text-xs text-muted-foreground">{builderText.timedWithLead(groupLead)}</p>
      ) : (
        <TimerFields
          name={name}
          timer={exercise.timer}
          rounds={exercise.sets.length}
          errorsOf={errorsOf}
          onChange={(change) => onChange({ timer: { ...exercise.timer, ...change } })}
        />
      )}
      {exercise.tracking === 'weight_reps' && (
        <Field label={builderText.ramp} error={errorsOf('warmUp')} hint={builderText.rampHint}>
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                className="min-w-0 flex-1"
                placeholder={rampText(STANDARD_RAMP)}
                value={exercise.warmUp}
                onChange={(e) => onChange({ warmUp: e.target.value })}
              />
              {!exercise.warmUp.trim() && (
                <Button
                  variant="outline"
                  size="sm"
                  className="h-auto"
                  aria-label={builderText.standardRampName(name)}
                  onClick={() => onChange({ warmUp: rampText(STANDARD_RAMP) })}
                >
                  {builderText.standardRamp}
                </Button>
              )}
            </div>
          )}
        </Field>
      )}

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
            onRemove={
              exercise.sets.length > 1 ? () => setSets(exercise.sets.filter((s) => s.key !== set.key)) : undefined
            }
            onApplyToAll={exercise.sets.length > 1 ? () => setSets(applySetToAll(exercise.sets, set.key)) : undefined}
            exerciseName={name}
          />
        ))}
      </ol>
      {errorsOf('sets') && (
        <p role="alert" className="text-sm text-destructive">
          {errorsOf('sets')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {room > 0 && (
          <>
            <label className="flex items-center gap-2 text-sm text-muted-foreground">
              {builderText.setsToAdd}
              <Input
                aria-label={builderText.setsToAddName(name)}
                type="number"
                inputMode="numeric"
                min={1}
                max={room}
                size="compact"
                className="w-16"
                value={adding}
                onChange={(e) => setAdding(e.target.value)}
              />
            </label>
            <Button
              variant="outline"
              size="sm"
              aria-label={builderText.addSetsName(name)}
              onClick={() => setSets(addSets(exercise.sets, toAdd))}
            >
              <Plus aria-hidden /> {builderText.addSets}
            </Button>
          </>
        )}
      </div>
      {rules && (
        <div className="flex flex-col gap-1">
          <ExerciseRuleDialog
            name={name}
            movementId={exercise.movementId}
            movementName={exercise.movementName}
            userId={rules.userId}
            rule={exercise.progression}
            planRule={rules.planRule}
            clientId={rules.clientId}
            unit={unit}
            sets={() => toExerciseInputs([exercise], unit)[0]?.sets ?? null}
            onChange={(progression) => onChange({ progression })}
          />
          {errorsOf('progression.linkedMovementId') && (
            <p role="alert" className="text-sm text-destructive">
              {errorsOf('progression.linkedMovementId')}
            </p>
          )}
          {exercise.progressionNote && (
            <p className="text-xs break-words text-muted-foreground">Set by the rule: {exercise.progressionNote}</p>
          )}
        </div>
      )}
      <Field label={`Notes for ${exercise.movementName}`} error={errorsOf('notes')}>
        {(control) => (
          <Textarea
            {...control}
            rows={1}
            value={exercise.notes}
            onChange={(e) => onChange({ notes: e.target.value })}
          />
        )}
      </Field>
    </li>
  )
}
