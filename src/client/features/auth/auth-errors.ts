import { authText } from '#shared/app-text.ts'
import { ApiError } from '#client/lib/api-client.ts'

/**
 * The account screens show the auth server's own words ('Too many requests'): the product's texts
 * for these failures are those words (docs/product.md#user-facing-strings), not the catalogue's.
 */
function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message
  return error instanceof Error ? error.message : String(error)
}

/** Sign in: the server's answer mapped to the fixed text the user reads (docs/product.md#user-facing-strings). */
export function signInErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'INVALID_EMAIL_OR_PASSWORD') return authText.invalidCredentials
    if (error.code === 'EMAIL_NOT_VERIFIED') return authText.emailNotConfirmed
    if (error.code === 'RATE_LIMITED' || error.status === 429) return authText.tooManyRequests
  }
  return messageOf(error)
}

/** Sign up: the same, for a refused sign-up. */
export function signUpErrorText(error: unknown): string {
  if (error instanceof ApiError && error.code === 'USER_ALREADY_EXISTS') return authText.alreadyRegistered
  const message = messageOf(error)
  if (message.startsWith('Password should be')) return authText.passwordShouldBe
  return message
}

export { messageOf as errorText }

/** A reset link's error read from `error`, `error_code` and `error_description` (docs/product.md#user-facing-strings). */
export function resetLinkErrorText(params: URLSearchParams): string {
  if (params.get('error_code') === 'otp_expired') return authText.linkExpired
  if (params.get('error') === 'access_denied') return authText.linkInvalid
  return params.get('error_description') || authText.linkError
}

/** Query and hash parameters together (the hosted backend put errors in the hash). */
export function linkParams(location: { search: string; hash: string }): URLSearchParams {
  const params = new URLSearchParams(location.search)
  for (const [key, value] of new URLSearchParams(location.hash.replace(/^#/, ''))) if (!params.has(key)) params.set(key, value)
  return params
}
