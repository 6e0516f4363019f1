import { sql, type SQL } from 'drizzle-orm'
import { isoDateOfPlanDay } from '#shared/plan-schedule.ts'
import { setAdherence } from '#shared/set-review.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { fillReviewCounts } from '#server/features/sessions/review.service.ts'

/**
 * One planned workout that has come due: its date, whether a session completed it, and its sets:
 * those the completed session prescribed and did as prescribed, or the plan's sets, none done.
 */
export type DueWorkout = {
  clientId: string
  planId: string
  planWorkoutId: string
  /** The planned workout's title. */
  title: string
  date: string
  done: boolean
  prescribed: number
  asPrescribed: number
}

/** What adherence reads of a due workout. */
export type DueDay = Pick<DueWorkout, 'date' | 'done' | 'prescribed' | 'asPrescribed'>

export type Adherence = {
  /** Completed / due over the last 7 and 28 days (today included); null when nothing was due. */
  adherence7: number | null
  adherence28: number | null
  /** Sets done as prescribed / sets prescribed, over the same planned workouts; null when none prescribed sets. */
  setAdherence7: number | null
  setAdherence28: number | null
  /** The week before (8 to 14 days back), to tell whether set adherence dropped. */
  setAdherencePreviousWeek: number | null
  /** Both of the last two planned workouts due before today were missed. */
  missedLastTwo: boolean
}

const DAY_MS = 86_400_000
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS

/** Planned workouts of the last `days` days before today that no session completed. */
export function missedWithin(due: readonly DueDay[], today: string, days: number): number {
  const todayNumber = dayNumber(today)
  return due.filter((d) => !d.done && dayNumber(d.date) < todayNumber && dayNumber(d.date) >= todayNumber - days).length
}

/**
 * The two planned workouts a client has just missed in a row: the last two due before today, both
 * not done, the later within the last week, when the one before them was done or there was none.
 * Null otherwise, so a client who goes on missing is reported once, at the second miss, and again
 * only after training; misses weeks old are no news.
 */
export function missedTwoInARow<T extends Pick<DueWorkout, 'date' | 'done'>>(
  due: readonly T[],
  today: string,
): [T, T] | null {
  const [latest, before, third] = due
    .filter((d) => dayNumber(d.date) < dayNumber(today))
    .sort((a, b) => dayNumber(b.date) - dayNumber(a.date))
  if (!latest || !before || latest.done || before.done || (third && !third.done)) return null
  return dayNumber(today) - dayNumber(latest.date) <= 7 ? [before, latest] : null
}

/**
 * Adherence, the one definition (docs/set-adherence.md#adherence-over-days): of the planned workouts of the client's active plan
 * that came due in the window (their date from the plan's start date and training days, before today, and today's
 * once it is done),
 * the share that a completed session answered (matched by plan, week and day).
 */
export function summarizeAdherence(due: readonly DueDay[], today: string): Adherence {
  const todayNumber = dayNumber(today)
  // Today's workout counts once it is done; until then the day is not over.
  const counts = (d: { date: string; done: boolean }) =>
    dayNumber(d.date) < todayNumber || (dayNumber(d.date) === todayNumber && d.done)
  const within = (days: number, from = 0) =>
    due.filter(
      (d) => counts(d) && dayNumber(d.date) <= todayNumber - from && dayNumber(d.date) > todayNumber - from - days,
    )
  const ratio = (rows: readonly { done: boolean }[]) =>
    rows.length ? rows.filter((r) => r.done).length / rows.length : null
  const beforeToday = due
    .filter((d) => dayNumber(d.date) < todayNumber)
    .sort((a, b) => dayNumber(b.date) - dayNumber(a.date))
  const lastTwo = beforeToday.slice(0, 2)
  return {
    adherence7: ratio(within(7)),
    adherence28: ratio(within(28)),
    setAdherence7: setAdherence(within(7)),
    setAdherence28: setAdherence(within(28)),
    setAdherencePreviousWeek: setAdherence(within(7, 7)),
    missedLastTwo: lastTwo.length === 2 && lastTwo.every((d) => !d.done),
  }
}

/**
 * The planned workouts of these clients' active plans from this coach, due in the last 28 days,
 * each with its sets reviewed (see dueWorkoutsOfPlans).
 */
export async function dueWorkouts(
  db: Db,
  coachId: string,
  clientIds: readonly string[],
  today: string,
): Promise<DueWorkout[]> {
  if (!clientIds.length) return []
  return dueWorkoutsOfPlans(
    db,
    sql`p.owner_id = ${coachId} and p.client_id in (${sql.join(
      clientIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
    today,
  )
}

/**
 * The planned workouts of the active, started plans that `plans` picks (a condition on `p`, the
 * plan), due in the last 28 days up to `today`, today's included, each with its sets reviewed: a
 * completed one by its latest completed session, set by set, as stored with the session at its
 * finish (computed here, once, for sessions finished before sessions kept their counts). A plan a
 * lifter made for themselves counts as theirs.
 */
export async function dueWorkoutsOfPlans(db: Db, plans: SQL, today: string): Promise<DueWorkout[]> {
  type Row = {
    client_id: string
    plan_id: string
    plan_workout_id: string
    title: string
    start_date: string
    training_days: number[] | null
    week: number
    day: number
    session_id: string | null
    prescribed: number | null
    as_prescribed: number | null
    planned_sets: number | string
    moved_to: string | null
  }
  // The weeks that reach into the window, and the days moved into it; the day's own date (on the
  // plan's training weekdays) or its moved date is computed below by the schedule the screens
  // use, and the window applied to it.
  const rows = await queryRows<Row>(
    db,
    sql`
      select coalesce(p.client_id, p.owner_id) as client_id, p.id as plan_id, pw.id as plan_workout_id, pw.title,
        to_char(p.start_date, 'YYYY-MM-DD') as start_date, p.training_days, pw.week, pw.day, to_char(m.date, 'YYYY-MM-DD') as moved_to,
        done.id as session_id, done.sets_prescribed as prescribed, done.sets_as_prescribed as as_prescribed,
        (select coalesce(sum(jsonb_array_length(pr.sets)), 0) from prescriptions pr where pr.plan_workout_id = pw.id) as planned_sets
      from training_plans p
      join plan_workouts pw on pw.plan_id = p.id
      left join plan_day_dates m on m.plan_id = p.id and m.week = pw.week and m.day = pw.day
      left join lateral (
        select s.id, s.sets_prescribed, s.sets_as_prescribed from workout_sessions s
        where s.plan_id = p.id and s.week = pw.week and s.day = pw.day and s.status = 'completed'
        order by s.completed_at desc limit 1
      ) done on true
      where (${plans}) and p.status = 'active' and p.start_date is not null
        and (p.start_date + (pw.week - 1) * 7 between ${today}::date - 27 - 6 and ${today}::date or m.date between ${today}::date - 27 and ${today}::date)`,
  )
  const first = dayNumber(today) - 27
  const dated = rows
    .map((r) => ({
      ...r,
      date:
        r.moved_to ??
        isoDateOfPlanDay({ startDate: r.start_date, trainingDays: r.training_days }, Number(r.week), Number(r.day)),
    }))
    .filter((r) => dayNumber(r.date) >= first && dayNumber(r.date) <= dayNumber(today))
  const filled = await fillReviewCounts(
    db,
    dated.flatMap((r) => (r.session_id && r.prescribed === null ? [r.session_id] : [])),
  )
  return dated.map((r) => {
    const review = r.session_id
      ? (filled.get(r.session_id) ?? { prescribed: r.prescribed ?? 0, asPrescribed: r.as_prescribed ?? 0 })
      : undefined
    return {
      clientId: r.client_id,
      planId: r.plan_id,
      planWorkoutId: r.plan_workout_id,
      title: r.title,
      date: r.date,
      done: r.session_id !== null,
      prescribed: review ? review.prescribed : Number(r.planned_sets),
      asPrescribed: review ? review.asPrescribed : 0,
    }
  })
}
