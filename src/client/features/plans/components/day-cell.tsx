import { useDraggable, useDroppable, type Announcements, type UniqueIdentifier } from '@dnd-kit/core'
import { CSS } from '@dnd-kit/utilities'
import { GripVertical, MoreHorizontal } from 'lucide-react'
import type { ReactNode } from 'react'
import type { Exercise, Plan } from '#shared/schemas/plans.ts'
import { cn } from '#client/lib/cn.ts'
import { builderText } from '../builder-text.ts'
import { cellId, parseCell, workoutAt, type Cell } from '../plan-cell.ts'
import { formatSetsSummary } from '../prescription-format.ts'

/* A day of the builder's grid: a drop target, and the workout in it, which drags to another day. */

/** What a screen reader hears while a day's workout is dragged: days by week and title, not internal ids. */
export function dragAnnouncements(plan: Pick<Plan, 'workouts'>): Announcements {
  const dayName = (id: UniqueIdentifier) => {
    const cell = parseCell(id)
    const title = workoutAt(plan, cell)?.title
    return `${title ? `${title}, ` : ''}week ${cell.week} day ${cell.day}`
  }
  return {
    onDragStart: ({ active }) => `Picked up ${dayName(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `Over week ${parseCell(over.id).week} day ${parseCell(over.id).day}.`
        : `${dayName(active.id)} is not over a day.`,
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id
        ? `Moved to week ${parseCell(over.id).week} day ${parseCell(over.id).day}.`
        : `${dayName(active.id)} stays where it was.`,
    onDragCancel: ({ active }) => `Moving ${dayName(active.id)} was cancelled.`,
  }
}

export function DayCell({
  cell,
  label,
  deload,
  children,
}: {
  cell: Cell
  label: string
  deload: boolean
  children: ReactNode
}) {
  const { setNodeRef, isOver } = useDroppable({ id: cellId(cell) })
  return (
    <li
      ref={setNodeRef}
      aria-label={`Week ${cell.week} day ${cell.day}`}
      className={cn(
        'flex min-h-24 flex-col gap-1 rounded-lg border p-2 text-sm',
        deload ? 'bg-accent/30' : 'bg-muted/30',
        isOver && 'ring-2 ring-ring',
      )}
    >
      <span className="text-xs text-muted-foreground">{label}</span>
      {children}
    </li>
  )
}

type ChipProps = {
  cell: Cell
  title: string
  exercises: readonly Pick<Exercise, 'id' | 'movementName' | 'sets'>[]
  onOpen: () => void
  onMenu: () => void
}

/** How many of a day's exercises its cell lists by name; the rest are counted. */
const LISTED_EXERCISES = 6

/** A day's workout in the grid: its title (which opens the editor), then its exercises by name with their sets × reps. */
export function WorkoutChip({ cell, title, exercises, onOpen, onMenu }: ChipProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: cellId(cell) })
  const listed = exercises.slice(0, LISTED_EXERCISES)
  const more = exercises.length - listed.length
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn(
        'flex flex-col gap-1 rounded-md border bg-card p-1.5 shadow-xs',
        isDragging && 'relative z-20 shadow-lg',
      )}
    >
      <div className="flex items-start gap-1">
        <button
          type="button"
          aria-label={`Drag ${title} (week ${cell.week} day ${cell.day})`}
          className="flex h-8 w-6 shrink-0 cursor-grab touch-none items-center justify-center rounded text-muted-foreground hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          {...attributes}
          {...listeners}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <button
          type="button"
          onClick={onOpen}
          className="flex min-w-0 flex-1 flex-col text-left hover:underline focus-visible:underline focus-visible:outline-none"
        >
          <span className="truncate font-medium">{title}</span>
          <span className="text-xs text-muted-foreground">
            {exercises.length} exercise{exercises.length === 1 ? '' : 's'}
          </span>
          <span className="sr-only">
            , week {cell.week} day {cell.day}
          </span>
        </button>
        <button
          type="button"
          aria-label={`More for ${title} (week ${cell.week} day ${cell.day})`}
          onClick={onMenu}
          className="flex size-8 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <MoreHorizontal className="size-4" aria-hidden />
        </button>
      </div>
      {listed.length > 0 && (
        <ul
          aria-label={builderText.cellExercises(title, cell.week, cell.day)}
          className="flex flex-col gap-0.5 border-t pt-1 text-xs"
        >
          {listed.map((exercise) => (
            // Wraps rather than truncates: on a narrow phone the summary moves under the name.
            <li key={exercise.id} className="flex flex-wrap items-baseline justify-between gap-x-1 leading-snug">
              <span className="min-w-0 break-words">{exercise.movementName}</span>
              <span className="shrink-0 text-muted-foreground tabular-nums">{formatSetsSummary(exercise.sets)}</span>
            </li>
          ))}
          {more > 0 && <li className="text-muted-foreground">{builderText.moreExercises(more)}</li>}
        </ul>
      )}
    </div>
  )
}
