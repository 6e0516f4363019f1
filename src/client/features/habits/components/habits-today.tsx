import { useQuery } from '@tanstack/react-query'
import { Check, Flame } from 'lucide-react'
import { lazy, Suspense, useState, type FormEvent } from 'react'
import type { Habit, HabitEntry, Habits } from '#shared/schemas/habits.ts'
import { HABIT_TARGET_MAX } from '#shared/schemas/habits.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { localToday } from '#client/lib/dates.ts'
import { cn } from '#client/lib/cn.ts'
import { habitDayKey, logHabitDay, useWaitingHabitDays } from '../api/habit-days.ts'
import { habitQueries } from '../api/habit-queries.ts'
import { daysOf, figuresOf } from '../habit-days.ts'
import { habitsText } from '../habits-text.ts'

// The habit form (and the dialog library under it) loads when the lifter adds a habit: home's
// first paint waits for none of it.
const HabitFormDialog = lazy(() => import('./habit-form.tsx').then((m) => ({ default: m.HabitFormDialog })))

/**
 * /home's habits: each one ticked (or its amount typed) for today in one tap, with no signal
 * too; the streak and this week's days follow at once.
 */
export function HabitsToday({ userId }: { userId: string }) {
  const list = useQuery(habitQueries.list())
  const waiting = useWaitingHabitDays(userId)
  const [adding, setAdding] = useState(false)
  const today = localToday()
  if (!list.data) return null
  const { habits } = list.data
  return (
    <section aria-labelledby="habits-today" className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="habits-today" className="text-sm font-semibold">
          {habitsText.todayHeading}
        </h2>
        <Button variant="ghost" size="sm" onClick={() => setAdding(true)}>
          {habitsText.add}
        </Button>
      </div>
      {habits.length === 0 ? (
        <p className="text-sm text-muted-foreground">{habitsText.none}</p>
      ) : (
        <ul className="flex flex-col divide-y">
          {habits.map((habit) => (
            <HabitToday
              key={habit.id}
              list={list.data}
              habit={habit}
              days={daysOf(habit, waiting.values)}
              waiting={waiting.values.has(habitDayKey(habit.id, today))}
              refused={waiting.refused.get(habitDayKey(habit.id, today))?.message}
              today={today}
              onLog={(value) => void logHabitDay(userId, { habitId: habit.id, date: today, value })}
            />
          ))}
        </ul>
      )}
      {adding && (
        <Suspense fallback={null}>
          <HabitFormDialog onClose={() => setAdding(false)} />
        </Suspense>
      )}
    </section>
  )
}

function HabitToday({
  list,
  habit,
  days,
  waiting,
  refused,
  today,
  onLog,
}: {
  list: Habits
  habit: Habit
  days: Record<string, HabitEntry>
  waiting: boolean
  refused: string | undefined
  today: string
  onLog: (value: number | null) => void
}) {
  const figures = figuresOf(list, habit, days, today)
  const logged = days[today]
  return (
    <li className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{habit.name}</p>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
            {habit.kind === 'amount' && <span>{habitsText.target_(habit)}</span>}
            <span className="inline-flex items-center gap-1">
              <Flame className={cn('size-3.5', figures.streak > 0 && 'text-orange-500')} aria-hidden />
              {habitsText.streak(figures.streak)}
            </span>
            <span>{habitsText.week(figures.week.met, figures.week.days)}</span>
            {waiting && <span>{habitsText.waiting}</span>}
          </p>
        </div>
        {habit.kind === 'check' ? (
          <Button
            variant={figures.todayMet ? 'default' : 'outline'}
            size="lg"
            className="min-w-24"
            aria-pressed={figures.todayMet}
            aria-label={habitsText.done(habit.name)}
            onClick={() => onLog(figures.todayMet ? null : 1)}
          >
            <Check aria-hidden />
            Done
          </Button>
        ) : (
          <Button
            variant={figures.todayMet ? 'default' : 'outline'}
            size="lg"
            className="min-w-24"
            aria-pressed={figures.todayMet}
            aria-label={habitsText.hitTarget(habit)}
            onClick={() => onLog(figures.todayMet ? null : habit.target)}
          >
            <Check aria-hidden />
            {figures.todayMet ? 'Met' : 'Target'}
          </Button>
        )}
      </div>
      {habit.kind === 'amount' && <AmountForm habit={habit} logged={logged?.value} onLog={onLog} />}
      {refused && (
        <p role="alert" className="text-sm text-destructive">
          {habitsText.notSaved}: {refused}
        </p>
      )}
    </li>
  )
}

/** Types today's amount (steps walked, grams eaten) instead of the target. */
function AmountForm({
  habit,
  logged,
  onLog,
}: {
  habit: Habit
  logged: number | undefined
  onLog: (value: number | null) => void
}) {
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const target = habit.target ?? 1
  const shown = logged ?? 0
  function submit(event: FormEvent) {
    event.preventDefault()
    const value = Number(text.replace(',', '.'))
    if (
      !text.trim() ||
      !Number.isFinite(value) ||
      value < 0 ||
      value > HABIT_TARGET_MAX ||
      Math.round(value * 100) !== value * 100
    ) {
      setError(habitsText.amountRange)
      return
    }
    setError(undefined)
    setText('')
    onLog(value)
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-1.5" aria-label={habitsText.logAmount(habit.name)}>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={habitsText.soFar(habit.name)}
        aria-valuemin={0}
        aria-valuemax={target}
        aria-valuenow={shown}
        aria-valuetext={`${shown.toLocaleString()} of ${habitsText.target_(habit)}`}
      >
        <div className="h-full bg-primary" style={{ width: `${Math.min(100, (shown / target) * 100)}%` }} />
      </div>
      <div className="flex items-center gap-2">
        <Input
          size="compact"
          inputMode="decimal"
          autoComplete="off"
          aria-label={habitsText.amountLabel(habit)}
          aria-invalid={error ? true : undefined}
          placeholder={logged === undefined ? habitsText.target_(habit) : `${logged.toLocaleString()} ${habit.unit}`}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="w-36"
        />
        <Button type="submit" variant="secondary" size="sm">
          {habitsText.log}
        </Button>
        {logged !== undefined && (
          <span className="text-xs text-muted-foreground">
            {logged.toLocaleString()} {habit.unit}
          </span>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </form>
  )
}
