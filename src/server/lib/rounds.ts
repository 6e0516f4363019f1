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
