import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'

/** One planned workout that has come due: its date and whether a session completed it. */
export type DueWorkout = { clientId: string; date: string; done: boolean }

export type Adherence = {
  /** Completed / due over the last 7 and 28 days (today included); null when nothing was due. */
  adherence7: number | null
  adherence28: number | null
  /** Both of the last two planned workouts due before today were missed. */
  missedLastTwo: boolean
}

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS

/**
 * Adherence, the one definition (issue 6): of the planned workouts of the client's active plan
 * that came due in the window (their date from the plan's start date, before today, and today's
 * once it is done),
 * the share that a completed session answered (matched by plan, week and day).
 */
export function summarizeAdherence(due: readonly Omit<DueWorkout, 'clientId'>[], today: string): Adherence {
  const todayNumber = dayNumber(today)
  // Today's workout counts once it is done; until then the day is not over.
  const counts = (d: { date: string; done: boolean }) => dayNumber(d.date) < todayNumber || (dayNumber(d.date) === todayNumber && d.done)
  const within = (days: number) => due.filter((d) => counts(d) && dayNumber(d.date) > todayNumber - days)
  const ratio = (rows: readonly { done: boolean }[]) => (rows.length ? rows.filter((r) => r.done).length / rows.length : null)
  const beforeToday = due.filter((d) => dayNumber(d.date) < todayNumber).sort((a, b) => dayNumber(b.date) - dayNumber(a.date))
  const lastTwo = beforeToday.slice(0, 2)
  return { adherence7: ratio(within(7)), adherence28: ratio(within(28)), missedLastTwo: lastTwo.length === 2 && lastTwo.every((d) => !d.done) }
}

/** The planned workouts of these clients' active plans from this coach, due in the last 28 days. */
export async function dueWorkouts(db: Db, coachId: string, clientIds: readonly string[], today: string): Promise<DueWorkout[]> {
  if (!clientIds.length) return []
  const rows = await queryRows<{ client_id: string; date: string; done: boolean }>(
    db,
    sql`
      select p.client_id, to_char(p.start_date + (pw.week - 1) * 7 + (pw.day - 1), 'YYYY-MM-DD') as date,
        exists (
          select 1 from workout_sessions s
          where s.plan_id = p.id and s.week = pw.week and s.day = pw.day and s.status = 'completed'
        ) as done
      from training_plans p
      join plan_workouts pw on pw.plan_id = p.id
      where p.owner_id = ${coachId} and p.status = 'active' and p.start_date is not null
        and p.client_id in (${sql.join(clientIds.map((id) => sql`${id}`), sql`, `)})
        and p.start_date + (pw.week - 1) * 7 + (pw.day - 1) between ${today}::date - 27 and ${today}::date`,
  )
  return rows.map((r) => ({ clientId: r.client_id, date: r.date, done: r.done }))
}
