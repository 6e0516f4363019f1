import { authText } from '#shared/app-text.ts'
import { ApiError } from '#client/lib/api-client.ts'
import { describeError } from '#client/lib/error-text.ts'

/**
 * The account flows' failure text: describeError's, except a rate limit, which reads as the auth
 * gate says it ('Too many requests'): the product shows the server's own words for these failures
 * (docs/product.md#user-facing-strings), where describeError would show the catalogue's text.
 */
export function authErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return error.message
  return describeError(error)
}

/** Sign in: better-auth's and the gate's refusals, by code, as the fixed texts the user reads. */
const signInTexts = new Map<string, string>([
  ['INVALID_EMAIL_OR_PASSWORD', authText.invalidCredentials],
  ['EMAIL_NOT_VERIFIED', authText.emailNotConfirmed],
  ['RATE_LIMITED', authText.tooManyRequests],
])

export function signInErrorText(error: unknown): string {
  return (error instanceof ApiError && signInTexts.get(error.code)) || authErrorText(error)
}

/** Sign up: an existing account, and the server's length refusals ('Password should be at least 8 characters'). */
export function signUpErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'USER_ALREADY_EXISTS') return authText.alreadyRegistered
  if (error instanceof ApiError && error.code === 'PASSWORD_TOO_WEAK' && error.message.startsWith('Password should be'))
    return authText.passwordShouldBe
  return authErrorText(error)
}

/** A reset link's error read from `error`, `error_code` and `error_description` (docs/product.md#user-facing-strings). */
export function resetLinkErrorText(params: URLSearchParams): string {
  if (params.get('error_code') === 'otp_expired') return authText.linkExpired
  if (params.get('error') === 'access_denied') return authText.linkInvalid
  return params.get('error_description') || authText.linkError
}

/** Query and hash parameters together (the hosted backend put errors in the hash). */
export function linkParams(location: { search: string; hash: string }): URLSearchParams {
  const params = new URLSearchParams(location.search)
  for (const [key, value] of new URLSearchParams(location.hash.replace(/^#/, '')))
    if (!params.has(key)) params.set(key, value)
  return params
}
