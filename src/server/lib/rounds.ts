import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '#server/db/client.ts'

/**
 * Runs `round` every `everyMs` in this process, never two at once (a round still running when the
 * next is due skips it), and reports a round that fails. The answer stops it, waiting for a round
 * under way. Rounds that several servers run on one database claim their rows (SKIP LOCKED), so
 * each server may run them all.
 */
export function repeatEvery(everyMs: number, round: () => Promise<unknown>, onError: (err: unknown) => void) {
  let running: Promise<unknown> | null = null
  const timer = setInterval(() => {
    running ??= round()
      .catch(onError)
      .finally(() => (running = null))
  }, everyMs)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}

/** How long a claimed round may run before another server may start the next (one killed mid-round). */
const ROUND_LEASE_MS = 5 * 60_000

/**
 * Claims `now`'s minute for the round `name`, across every server on the database: true for the
 * one server that moves the round's minute on, false for the others, for a minute already run, and
 * while the round before still runs (its lease). `finishRound` ends the lease.
 */
export async function claimMinute(db: Db, name: string, now: Date): Promise<boolean> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString()
  const claimed = await queryRows<{ name: string }>(
    db,
    sql`insert into scheduled_rounds (name, ran_at, busy_until)
      values (${name}, ${minute}::timestamptz, ${new Date(now.getTime() + ROUND_LEASE_MS).toISOString()}::timestamptz)
      on conflict (name) do update set ran_at = excluded.ran_at, busy_until = excluded.busy_until
      where scheduled_rounds.ran_at < excluded.ran_at
        and (scheduled_rounds.busy_until is null or scheduled_rounds.busy_until < ${now.toISOString()}::timestamptz)
      returning name`,
  )
  return claimed.length > 0
}

/** The round claimed for `now`'s minute is over: the next minute's may start. */
export async function finishRound(db: Db, name: string, now: Date): Promise<void> {
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000).toISOString()
  await db.execute(
    sql`update scheduled_rounds set busy_until = null where name = ${name} and ran_at = ${minute}::timestamptz`,
  )
}
