import * as z from 'zod/mini'
import { lazySchema } from './schemas/lazy-schema.ts'

/** The closed list of our error codes: each has a status (server/lib/app-error.ts) and a default message. */
export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_FAILED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'METHOD_NOT_ALLOWED'
  | 'CONFLICT'
  | 'USER_ALREADY_EXISTS'
  | 'PASSWORD_TOO_WEAK'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'INTERNAL'
  | 'UNAVAILABLE'

/** Field errors keyed by field path ("sets.0.reps"), each with its messages. */
const FieldErrorsSchema = lazySchema(() => z.record(z.string(), z.array(z.string())))
export type FieldErrors = z.infer<typeof FieldErrorsSchema>

/**
 * What an error says when nothing more specific was said: the server's message for a bare code.
 * A message other than these was written for the user ("This session is not yours").
 */
export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'Bad request',
  VALIDATION_FAILED: 'Invalid input',
  UNAUTHENTICATED: 'Sign in required',
  FORBIDDEN: 'Not allowed',
  NOT_FOUND: 'Not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  CONFLICT: 'Conflict',
  USER_ALREADY_EXISTS: 'User already registered',
  PASSWORD_TOO_WEAK: 'Password should contain uppercase, lowercase, and numeric characters',
  PAYLOAD_TOO_LARGE: 'Request body too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type',
  RATE_LIMITED: 'Too many requests',
  INTERNAL: 'Something went wrong',
  UNAVAILABLE: 'Service unavailable',
}

/**
 * The one shape of every non-2xx answer of the API. better-auth answers in the same
 * shape (its codes are its own strings), so `code` is a plain string here.
 */
export const ApiErrorBodySchema = lazySchema(() =>
  z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(FieldErrorsSchema),
  }),
)
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>

/** A schema's issues as field errors, keyed by the dotted path ("exercises.0.sets.1.reps"; '_' for the whole). */
export function fieldErrorsOf(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  prefix = '',
): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues)
    (fields[issue.path.length ? prefix + issue.path.map(String).join('.') : '_'] ??= []).push(issue.message)
  return fields
}
