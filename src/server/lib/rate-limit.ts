import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '#server/db/client.ts'
import { AppError } from './app-error.ts'

export type Limit = { key: string; max: number; windowSeconds: number }

/**
 * Counts one hit in a fixed window (one atomic upsert, shared by every server on the database)
 * and throws RATE_LIMITED with 'Too many requests' once the window's count passes `max`.
 */
export async function hit(db: Db, { key, max, windowSeconds }: Limit): Promise<void> {
  const count = await increment(db, key, windowSeconds)
  if (count > max) throw new AppError('RATE_LIMITED', { message: 'Too many requests' })
}

/** Throws when the window's count has already reached `max`, without counting. */
export async function check(db: Db, { key, max, windowSeconds }: Limit): Promise<void> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    select count from rate_limits
    where key = ${key} and window_start > now() - make_interval(secs => ${windowSeconds})`,
  )
  const count = Number(rows[0]?.count ?? 0)
  if (count >= max) throw new AppError('RATE_LIMITED', { message: 'Too many requests' })
}

export async function increment(db: Db, key: string, windowSeconds: number): Promise<number> {
  return (await incrementWindow(db, key, windowSeconds)).count
}

/** Counts one hit and says how many the window holds and in how many seconds (at least 1) it ends. */
export async function incrementWindow(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; resetInSeconds: number }> {
  const rows = await queryRows<{ count: number; reset_in: number | string }>(
    db,
    sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, extract(epoch from (window_start + make_interval(secs => ${windowSeconds}) - now())) as reset_in`,
  )
  const row = rows[0]
  return {
    count: Number(row?.count ?? 1),
    resetInSeconds: Math.max(1, Math.ceil(Number(row?.reset_in ?? windowSeconds))),
  }
}
