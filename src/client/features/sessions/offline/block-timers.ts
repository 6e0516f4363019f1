import type { TimerRun } from '#shared/timed-work.ts'

/**
 * Where a timed block's running timer is kept on the device: by session and block, so a reopened
 * app finds it, and forgotten with its session.
 */
const PREFIX = 'coachline-timer:'
const keyOf = (sessionId: string, blockKey: string) => `${PREFIX}${sessionId}:${blockKey}`

export function readRun(sessionId: string, blockKey: string): TimerRun | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(keyOf(sessionId, blockKey)) ?? 'null')
    return value && typeof value === 'object' && 'startedAt' in value ? (value as TimerRun) : null
  } catch {
    return null
  }
}

export function writeRun(sessionId: string, blockKey: string, run: TimerRun | null): void {
  try {
    if (run) localStorage.setItem(keyOf(sessionId, blockKey), JSON.stringify(run))
    else localStorage.removeItem(keyOf(sessionId, blockKey))
  } catch {
    // A full or closed storage: the timer still runs on this screen.
  }
}

/** Forgets every timer of a session (finished or discarded). */
export function forgetRuns(sessionId: string): void {
  try {
    const prefix = `${PREFIX}${sessionId}:`
    for (const key of Object.keys(localStorage)) if (key.startsWith(prefix)) localStorage.removeItem(key)
  } catch {
    // Nothing kept, or nothing to reach: nothing to forget.
  }
}

/** Of a session's timers kept on the device, the block of the one started last (null: none). */
export function latestRun(sessionId: string): string | null {
  try {
    const prefix = `${PREFIX}${sessionId}:`
    let latest: { block: string; startedAt: number } | null = null
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(prefix)) continue
      const block = key.slice(prefix.length)
      const run = readRun(sessionId, block)
      if (run && (!latest || run.startedAt > latest.startedAt)) latest = { block, startedAt: run.startedAt }
    }
    return latest?.block ?? null
  } catch {
    return null
  }
}
