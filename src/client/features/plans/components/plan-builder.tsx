import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { CopyIcon, Plus } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import type { Plan } from '#shared/schemas/plans.ts'
import type { Unit } from '#shared/units.ts'
import { Button } from '#client/components/ui/button.tsx'
import { ApiError } from '#client/lib/api-client.ts'
import { builderText } from '../builder-text.ts'
import { useMoveDay, useSavePlanDetails, useSaveTrainingDays } from '../api/builder-mutations.ts'
import { planDocument } from '../api/plan-calls.ts'
import { planQueries } from '../api/plan-queries.ts'
import { useSaveQueue } from '../api/use-save-queue.ts'
import { parseCell, workoutAt, type Cell } from '../plan-cell.ts'
import { planDateText } from '../plan-dates.ts'
import { CellActionsDialog } from './cell-actions-dialog.tsx'
import { CellEditorDialog } from './cell-editor-dialog.tsx'
import { CopyWeekDialog } from './copy-week-dialog.tsx'
import { DayCell, dragAnnouncements, WorkoutChip } from './day-cell.tsx'
import { PlanNameInput } from './plan-name-input.tsx'
import { DeloadMark, PlanWeeks } from './plan-weeks.tsx'
import { PlanRemoval } from './plan-removal.tsx'
import { PlanTrainingDays } from './plan-training-days.tsx'
import { PlanProgressionDialog } from './progression-dialog.tsx'
import { ConflictBanner, SaveStatus } from './save-status.tsx'

type Props = {
  planId: string
  userId: string
  unit: Unit
  /** Coach-only actions (assign, save as template), rendered in the header; they read the server's copy, so they wait for `whenSaved`. */
  actions?: (plan: Plan, whenSaved: () => Promise<void>) => ReactNode
  /** The coach sets the plan's training days here; a self-coached lifter picks theirs when they start it. */
  withTrainingDays?: boolean
  /** A coach may have a rule's changes wait for their approval; a self-coached lifter's apply at once. */
  approvals?: boolean
}

/**
 * The plan builder (coaches at /coach/program/{id}, self-coached clients at /client/plan-builder):
 * weeks x days; a day opens the workout editor; workouts move between days by drag and drop (or
 * from a day's menu); weeks copy forward with a progression; deload weeks are marked. Every change
 * saves itself, in order, on the version it was made on.
 */
export function PlanBuilder({ planId, userId, unit, actions, withTrainingDays = false, approvals = false }: Props) {
  const detail = planQueries.detail(planId)
  const plan = useQuery(detail)
  const queryClient = useQueryClient()
  // The lists (/programs, the template board) and planned-day pages show what was just saved.
  const saver = useSaveQueue<Plan>(planDocument(planId), {
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: [...planQueries.all(), 'list'] })
      void queryClient.invalidateQueries({ queryKey: [...planQueries.all(), 'workout'] })
    },
  })
  const [editing, setEditing] = useState<Cell | null>(null)
  const [acting, setActing] = useState<Cell | null>(null)
  const [copyingWeek, setCopyingWeek] = useState<number | null>(null)
  const saveDetails = useSavePlanDetails(planId, saver)
  const moveDay = useMoveDay(planId, saver)
  const saveTrainingDays = useSaveTrainingDays(planId, saver)
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  )

  if (plan.isPending) return <p className="text-muted-foreground">Loading…</p>
  if (plan.isError) {
    const notYours = plan.error instanceof ApiError && (plan.error.status === 403 || plan.error.status === 404)
    return (
      <p role="alert">
        {notYours ? 'This plan does not exist or is not yours to edit.' : 'The plan could not be loaded. Try again.'}
      </p>
    )
  }
  const data = plan.data
  if (data.ownerId !== userId) return <p role="alert">This plan does not exist or is not yours to edit.</p>

  function toggleDeload(week: number, on: boolean) {
    const deloadWeeks = on ? [...data.deloadWeeks, week] : data.deloadWeeks.filter((w) => w !== week)
    // Shown at once; the queued save sends the whole list as it is now.
    queryClient.setQueryData<Plan>(detail.queryKey, (old) => old && { ...old, deloadWeeks })
    saver.setState('pending')
    saveDetails.mutate({ key: 'deload', change: { deloadWeeks } })
  }

  function changeTrainingDays(trainingDays: number[] | null) {
    // The dates in the grid move at once; the queued save sends the days as they are now.
    queryClient.setQueryData<Plan>(detail.queryKey, (old) => old && { ...old, trainingDays })
    saveTrainingDays.mutate(trainingDays)
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return
    const from = parseCell(active.id)
    const to = parseCell(over.id)
    moveDay.mutate({ from, to })
  }

  return (
    <section className="flex flex-col gap-6" aria-label="Plan builder">
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            {/* The name's field is the heading one sees; the page's outline needs a real one. */}
            <h1 className="sr-only">{data.name}</h1>
            <PlanNameInput
              key={`${data.id}:${saver.generation}`}
              name={data.name}
              onSave={(name) => saveDetails.mutate({ key: 'name', change: { name } })}
            />
            <p className="text-sm text-muted-foreground">
              {builderText.shape(data.weeks, data.daysPerWeek)}
              {data.goal ? ` · ${data.goal}` : ''}
              {data.isTemplate ? ' · Template' : ''}
              {data.startDate ? ` · starts ${planDateText(data, 1, 1)}` : ''}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {actions?.(data, saver.whenSaved)}
            <Button asChild variant="outline">
              <Link to={paths.open.program.getHref(data.id)}>Overview</Link>
            </Button>
          </div>
        </div>
        {withTrainingDays && (
          <PlanTrainingDays
            key={`${data.id}:${saver.generation}`}
            plan={data}
            onSave={changeTrainingDays}
            setSaveState={saver.setState}
          />
        )}
        <PlanProgressionDialog
          plan={data}
          unit={unit}
          approvals={approvals}
          onSave={(change) => {
            queryClient.setQueryData<Plan>(detail.queryKey, (old) => old && { ...old, ...change })
            saver.setState('pending')
            saveDetails.mutate({ key: 'progression', change })
          }}
        />
        <SaveStatus state={saver.state} />
        {saver.state === 'conflict' && <ConflictBanner onReload={() => void saver.reload()} />}
      </header>

      <DndContext
        sensors={sensors}
        collisionDetection={pointerWithin}
        onDragEnd={handleDragEnd}
        accessibility={{ announcements: dragAnnouncements(data) }}
      >
        <PlanWeeks
          plan={data}
          weekLabel={(week) => `Week ${week}`}
          renderHeader={(week, deload) => (
            <div className="flex flex-wrap items-center gap-3">
              <h2 className="text-sm font-semibold">Week {week}</h2>
              {deload && <DeloadMark />}
              <label className="flex items-center gap-2 text-sm text-muted-foreground">
                <input
                  type="checkbox"
                  className="size-4 accent-[var(--primary)]"
                  checked={deload}
                  onChange={(e) => toggleDeload(week, e.target.checked)}
                />
                Deload week {week}
              </label>
              <Button variant="ghost" size="sm" onClick={() => setCopyingWeek(week)}>
                <CopyIcon aria-hidden /> Copy week {week}
              </Button>
            </div>
          )}
          renderDay={(week, day, deload) => {
            const cell = { week, day }
            const workout = workoutAt(data, cell)
            const date = planDateText(data, week, day) ?? `Day ${day}`
            return (
              <DayCell key={day} cell={cell} label={date} deload={deload}>
                {workout ? (
                  <WorkoutChip
                    cell={cell}
                    title={workout.title}
                    exercises={workout.exercises}
                    onOpen={() => setEditing(cell)}
                    onMenu={() => setActing(cell)}
                  />
                ) : (
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-muted-foreground"
                    aria-label={`Add a workout to week ${week} day ${day}`}
                    onClick={() => setEditing(cell)}
                  >
                    <Plus aria-hidden /> Add
                  </Button>
                )}
              </DayCell>
            )
          }}
        />
      </DndContext>
      <PlanRemoval plan={data} />

      <CellEditorDialog
        plan={data}
        cell={editing}
        onClose={() => setEditing(null)}
        saver={saver}
        unit={unit}
        userId={userId}
      />
      <CellActionsDialog plan={data} cell={acting} onClose={() => setActing(null)} saver={saver} />
      <CopyWeekDialog plan={data} week={copyingWeek} onClose={() => setCopyingWeek(null)} saver={saver} unit={unit} />
    </section>
  )
}
