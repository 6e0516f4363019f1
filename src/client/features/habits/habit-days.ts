import { habitFigures, meets, type HabitFigures } from '#shared/habits.ts'
import type { Habit, HabitEntry, Habits } from '#shared/schemas/habits.ts'

/**
 * A habit's days as the lifter sees them: the server's, with the days still waiting on this
 * device over them (met by the habit as it is now, as the server will count them).
 */
export function daysOf(habit: Habit, waiting: ReadonlyMap<string, number | null>): Record<string, HabitEntry> {
  const days = { ...habit.entries }
  for (const [key, value] of waiting) {
    if (!key.startsWith(`${habit.id}:`)) continue
    const date = key.slice(habit.id.length + 1)
    if (value === null) delete days[date]
    else days[date] = { value, met: meets(habit.kind, habit.target, value) }
  }
  return days
}

/** The habit's figures on `today` (the device's day), from its days as the lifter sees them. */
export function figuresOf(list: Habits, habit: Habit, days: Record<string, HabitEntry>, today: string): HabitFigures {
  const metDays = new Set(
    Object.entries(days)
      .filter(([, entry]) => entry.met)
      .map(([date]) => date),
  )
  return habitFigures({
    today,
    startsOn: habit.startsOn,
    windowStart: list.windowStart,
    streakBefore: habit.streakBefore,
    metDays,
  })
}
