/**
 * PostgreSQL refuses NUL characters in text (22021) and characters it cannot store (22P05):
 * that is bad input, never a server fault. Drivers wrap the error, so the cause chain is searched.
 */
export function isInvalidTextError(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (code === '22021' || code === '22P05') return true
    if (e instanceof Error && /invalid byte sequence for encoding "UTF8": 0x00/.test(e.message)) return true
  }
  return false
}
