/**
 * PostgreSQL refuses NUL characters in text (22021) and characters it cannot store (22P05):
 * that is bad input, never a server fault. Drivers wrap the error, so the cause chain is searched.
 */
export function isInvalidTextError(error: unknown): boolean {
  return someCause(error, (e) => {
    const code = (e as { code?: unknown }).code
    return code === '22021' || code === '22P05' || (e instanceof Error && /invalid byte sequence for encoding "UTF8": 0x00/.test(e.message))
  })
}

/**
 * Two requests that each passed their checks collided on a unique index (two invites to one email
 * at once, two coaches' accepts for one client): the loser gets 409 and may try again.
 */
export function isUniqueViolation(error: unknown): boolean {
  return someCause(error, (e) => (e as { code?: unknown }).code === '23505')
}

function someCause(error: unknown, test: (e: unknown) => boolean): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) if (test(e)) return true
  return false
}
