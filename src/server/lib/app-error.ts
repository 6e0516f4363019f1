import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { DEFAULT_ERROR_MESSAGES, type ApiErrorBody, type ErrorCode, type FieldErrors } from '#shared/errors.ts'

/** The one code -> HTTP status table; a new code fails the typecheck until it has a status. */
const statusForCode: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  USER_ALREADY_EXISTS: 422,
  PASSWORD_TOO_WEAK: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
}

const defaultMessages = DEFAULT_ERROR_MESSAGES

/** Maps a status that a framework raised (HTTPException) back to our code. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST'
  const match = (Object.entries(statusForCode) as [ErrorCode, number][]).find(([, s]) => s === status)
  if (match) return match[0]
  return status >= 500 ? 'INTERNAL' : 'BAD_REQUEST'
}

/** The one error type of the server. Services throw it; app.onError turns it into the API's error body. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly fields: FieldErrors | undefined
  /** A 5xx whose message was written for the user (what failed and what to do), not an internal detail. */
  readonly expose: boolean
  /** Sent as Retry-After: when a refused caller (a rate limit) may try again. */
  readonly retryAfterSeconds: number | undefined

  constructor(
    code: ErrorCode,
    options: {
      message?: string
      fields?: FieldErrors
      cause?: unknown
      expose?: boolean
      retryAfterSeconds?: number
    } = {},
  ) {
    super(options.message ?? defaultMessages[code], { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.fields = options.fields
    this.expose = options.expose ?? false
    this.retryAfterSeconds = options.retryAfterSeconds
  }

  get status(): ContentfulStatusCode {
    return statusForCode[this.code]
  }

  toBody(): ApiErrorBody {
    // A 5xx never leaks its message: it is for the log, not the caller.
    const message = this.status >= 500 && !this.expose ? defaultMessages[this.code] : this.message
    return this.fields ? { code: this.code, message, fields: this.fields } : { code: this.code, message }
  }
}
