import { useQuery } from '@tanstack/react-query'
import { Archive, ArchiveRestore, Flame, Pencil } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { addDays } from '#shared/calendar-days.ts'
import type { Habit, Habits } from '#shared/schemas/habits.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { localToday } from '#client/lib/dates.ts'
import { cn } from '#client/lib/cn.ts'
import { habitQueries, useSaveHabit } from '../api/habit-queries.ts'
import { figuresOf } from '../habit-days.ts'
import { habitsText } from '../habits-text.ts'

// The habit form loads when the coach adds or edits a habit.
const HabitFormDialog = lazy(() => import('./habit-form.tsx').then((m) => ({ default: m.HabitFormDialog })))

/** A coach's view of a client's habits: each one's streak, week and last 28 days, and setting them. */
export function ClientHabits({ clientId }: { clientId: string }) {
  const [showArchived, setShowArchived] = useState(false)
  const list = useQuery(habitQueries.list(clientId, showArchived))
  const [editing, setEditing] = useState<Habit | 'new' | null>(null)
  const save = useSaveHabit()
  if (list.isPending) return <p className="text-muted-foreground">Loading…</p>
  if (list.isError) return <LoadError error={list.error} what="habits" />
  const active = list.data.habits.filter((h) => !h.archived)
  const archived = list.data.habits.filter((h) => h.archived)
  return (
    <section aria-label={habitsText.heading} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{habitsText.heading}</h2>
        <Button onClick={() => setEditing('new')}>{habitsText.add}</Button>
      </div>
      {active.length === 0 && <p className="text-sm text-muted-foreground">{habitsText.noneCoach}</p>}
      <ul className="grid gap-3 md:grid-cols-2">
        {active.map((habit) => (
          <li key={habit.id} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
            <HabitSummary list={list.data} habit={habit} />
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                aria-label={habitsText.edit(habit.name)}
                onClick={() => setEditing(habit)}
              >
                <Pencil aria-hidden />
                Edit
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={habitsText.archive(habit.name)}
                disabled={save.isPending}
                onClick={() => save.mutate({ id: habit.id, change: { archived: true } })}
              >
                <Archive aria-hidden />
                Archive
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <Button variant="link" className="self-start px-0" onClick={() => setShowArchived((shown) => !shown)}>
        {showArchived ? 'Hide archived habits' : 'Show archived habits'}
      </Button>
      {showArchived && archived.length > 0 && (
        <section aria-label={habitsText.archivedShown} className="flex flex-col gap-2">
          <ul className="flex flex-col gap-2">
            {archived.map((habit) => (
              <li key={habit.id} className="flex items-center justify-between gap-2 rounded-lg border p-3 text-sm">
                <span className="truncate">{habit.name}</span>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={habitsText.restore(habit.name)}
                  disabled={save.isPending}
                  onClick={() => save.mutate({ id: habit.id, change: { archived: false } })}
                >
                  <ArchiveRestore aria-hidden />
                  Bring back
                </Button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {editing && (
        <Suspense fallback={null}>
          <HabitFormDialog
            clientId={clientId}
            habit={editing === 'new' ? undefined : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </section>
  )
}

/** One habit's figures and its last 28 days, a square per day (filled when met). */
function HabitSummary({ list, habit }: { list: Habits; habit: Habit }) {
  const today = localToday()
  const figures = figuresOf(list, habit, habit.entries, today)
  const days = Array.from({ length: 28 }, (_, i) => addDays(today, i - 27))
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-2">
        <h3 className="truncate font-medium">{habit.name}</h3>
        {habit.kind === 'amount' && <span className="text-sm text-muted-foreground">{habitsText.target_(habit)}</span>}
      </div>
      <p className="flex flex-wrap gap-x-3 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1">
          <Flame className={cn('size-4', figures.streak > 0 && 'text-orange-500')} aria-hidden />
          {habitsText.streak(figures.streak)}
        </span>
        <span>{habitsText.week(figures.week.met, figures.week.days)}</span>
        <span>{habitsText.month(figures.month.met, figures.month.days)}</span>
      </p>
      <ol aria-label={habitsText.lastDays(habit.name)} className="grid grid-cols-[repeat(14,minmax(0,1fr))] gap-1">
        {days.map((date) => {
          const entry = habit.entries[date]
          const before = date < habit.startsOn
          return (
            <li
              key={date}
              title={date}
              aria-label={before ? `${date}: before the habit` : habitsText.dayState(date, Boolean(entry?.met))}
              className={cn(
                'aspect-square rounded-sm',
                before ? 'bg-transparent' : entry?.met ? 'bg-primary' : entry ? 'bg-primary/30' : 'bg-muted',
              )}
            />
          )
        })}
      </ol>
    </div>
  )
}
