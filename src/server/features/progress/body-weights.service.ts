/* A lifter's body weights: the readings of the last year, and writing or deleting one. */
import { sql } from 'drizzle-orm'
import {
  BODY_WEIGHT_CAP,
  BODY_WEIGHT_DAYS,
  progressApiText,
  type BodyWeight,
  type BodyWeightsQueryInput,
} from '#shared/schemas/progress.ts'
import type { Actor } from '#server/access/actor.ts'
import { queryRows, type Db } from '#server/db/client.ts'
import { AppError } from '#server/lib/app-error.ts'
import { addDays, dayText, lifterOf, num, todayOf } from './lifter-days.ts'

/** The lifter's readings of the last year up to today (and tomorrow, for a lifter ahead of UTC), oldest first. */
export async function readings(db: Db, lifterId: string, today: string): Promise<BodyWeight[]> {
  const rows = await queryRows<{ measured_on: string | Date; weight_kg: string | number }>(
    db,
    sql`
      select measured_on, weight_kg from body_weights
      where client_id = ${lifterId} and measured_on > ${addDays(today, -BODY_WEIGHT_DAYS)}::date and measured_on <= ${addDays(today, 1)}::date
      order by measured_on desc
      limit ${BODY_WEIGHT_CAP}`,
  )
  return rows.reverse().map((r) => ({ date: dayText(r.measured_on), weightKg: num(r.weight_kg) }))
}

/** GET /api/body-weights: the last year of readings of the lifter (their own, or their coach's client). */
export async function listBodyWeights(db: Db, actor: Actor, query: BodyWeightsQueryInput): Promise<BodyWeight[]> {
  const lifterId = await lifterOf(db, actor, query.clientId)
  return readings(db, lifterId, todayOf(query.today, 0))
}

/** A lifter writes their own body weight; their coach reads it but never writes it. */
function onlyTheLifter(actor: Actor): void {
  if (actor.role !== 'client') throw new AppError('FORBIDDEN', { message: progressApiText.onlyLifter })
}

/** One reading per day: a second one on the same day replaces the first. */
export async function putBodyWeight(db: Db, actor: Actor, date: string, weightKg: number): Promise<BodyWeight> {
  onlyTheLifter(actor)
  await db.execute(sql`
    insert into body_weights (client_id, measured_on, weight_kg) values (${actor.id}, ${date}::date, ${weightKg}::numeric)
    on conflict (client_id, measured_on) do update set weight_kg = excluded.weight_kg, updated_at = now()`)
  return { date, weightKg }
}

export async function deleteBodyWeight(db: Db, actor: Actor, date: string): Promise<void> {
  onlyTheLifter(actor)
  const deleted = await queryRows<{ id: string }>(
    db,
    sql`delete from body_weights where client_id = ${actor.id} and measured_on = ${date}::date returning id`,
  )
  if (!deleted.length) throw new AppError('NOT_FOUND', { message: progressApiText.noReading })
}
