import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

/** Emails are trimmed and lowercased before any use (docs/product.md#validation-rules). */
export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase()
}

const MAX_EMAIL_LENGTH = 254

/**
 * Something, an @, then a domain with a dot that is neither its first nor its last character.
 * The domain's first character is matched on its own and the characters up to the first dot
 * after it exclude the dot, so each character can be matched one way only: the pattern runs in
 * linear time whatever it is given (the plain `[^\s@]+\.[^\s@]+` retries every dot against the
 * rest of the text, quadratic on a long run of dots).
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/

export function isEmail(email: string): boolean {
  // The length first: nothing longer is an address, and the pattern never sees a huge text.
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(email)
}

export const MIN_PASSWORD_LENGTH = 8
export const MAX_PASSWORD_LENGTH = 128

export type PasswordProblem = 'too-short' | 'too-weak' | 'too-long'

/** The password rules (docs/product.md#validation-rules), for sign-up and every new password, on both sides. */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'too-short'
  if (password.length > MAX_PASSWORD_LENGTH) return 'too-long'
  if (!/[A-Z]/.test(password) || !/[a-z]/.test(password) || !/\d/.test(password)) return 'too-weak'
  return null
}

/** The one-time tokens that emailed links carry to the app's pages. */
export const TokenBody = lazySchema(() => z.object({ token: z.string().check(z.minLength(1), z.maxLength(2048)) }))

/** What /auth/reset learns about a recovery token before asking for a new password. */
export const ResetTokenStatusSchema = lazySchema(() =>
  z.object({
    valid: z.boolean(),
    error: z.optional(z.enum(['otp_expired', 'access_denied'])),
  }),
)
export type ResetTokenStatus = z.infer<typeof ResetTokenStatusSchema>

/** Deleting one's account (docs/product.md#deleting-an-account). */
export const accountDeletionText = {
  passwordNeeded: 'Enter your password to delete your account',
  coachesKeep: 'A coach account cannot be deleted here: your clients’ plans and history hang on it. Ask your operator.',
} as const
