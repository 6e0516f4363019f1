import { authText, type Notice } from '#shared/app-text.ts'
import { isEmail, normalizeEmail, passwordProblem } from '#shared/schemas/auth.ts'

/** Sign in (and the email check of sign-up; docs/product.md#validation-rules). Returns the email to use. */
export function checkCredentials(rawEmail: string, password: string): { email: string } | { problem: Notice } {
  const email = normalizeEmail(rawEmail)
  if (!email || !password) return { problem: authText.missingCredentials }
  if (!isEmail(email)) return { problem: authText.invalidEmail }
  return { email }
}

/** Sign-up and new password: match, length, character classes. */
export function checkNewPassword(password: string, confirm: string): Notice | null {
  if (password !== confirm) return authText.passwordMismatch
  const problem = passwordProblem(password)
  if (problem === 'too-short') return authText.passwordTooShort
  if (problem === 'too-weak') return authText.passwordTooWeak
  if (problem === 'too-long') return authText.passwordTooLong
  return null
}

/** After 3 failures, another try within 2 seconds of the last one is refused. */
const THROTTLE_AFTER_FAILURES = 3
const THROTTLE_WINDOW_MS = 2000

export function isThrottled(failures: number, lastFailureAt: number, now = Date.now()): boolean {
  return failures >= THROTTLE_AFTER_FAILURES && now - lastFailureAt < THROTTLE_WINDOW_MS
}
