import { DEFAULT_ERROR_MESSAGES, type ErrorCode } from '#shared/errors.ts'
import { errorCodeText } from '#shared/app-text.ts'
import { ApiError } from './api-client.ts'

/**
 * The one way an error becomes the text a user reads: the server's own words when it wrote them
 * for the user (a field's message, a refusal's reason), else the catalogue's text for its code.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof ApiError)) return errorCodeText.INTERNAL
  const field = error.fields ? Object.values(error.fields).find((messages) => messages.length)?.[0] : undefined
  if (field) return field
  const generic = errorCodeText[error.code as ErrorCode] as string | undefined
  const said = error.fromServer && error.message && error.message !== DEFAULT_ERROR_MESSAGES[error.code as ErrorCode]
  return said ? error.message : (generic ?? error.message)
}
