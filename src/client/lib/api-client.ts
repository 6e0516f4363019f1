import type * as z from 'zod/mini'
import { apiPaths } from '#shared/api-paths.ts'
import { ApiErrorBodySchema, type FieldErrors } from '#shared/errors.ts'
import { copyKeeper, workerSeesCalls } from './offline-copies.ts'
import { takePageAnswer } from '#client/first-paint/page-answers.ts'

/** Every failed API call surfaces as this error, built from the API's one error shape. */
export class ApiError extends Error {
  readonly code: string
  readonly status: number
  readonly fields: FieldErrors | undefined
  /** The server said this message in the API's error shape (not a network failure or a proxy's page). */
  readonly fromServer: boolean

  constructor(code: string, message: string, status: number, fields?: FieldErrors, fromServer = true) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = status
    this.fields = fields
    this.fromServer = fromServer
  }
}

type Listener = () => void
const unauthenticatedListeners = new Set<Listener>()

/** Called whenever the server answers 401: the session has expired (docs/product.md#signing-in-and-landing). */
export function onUnauthenticated(listener: Listener): () => void {
  unauthenticatedListeners.add(listener)
  return () => unauthenticatedListeners.delete(listener)
}

type RequestOptions<S extends z.ZodMiniType> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  body?: unknown
  schema?: S
  signal?: AbortSignal
}

/**
 * The one way the client calls the API: same-origin cookies, JSON in and out, one error type. A
 * Blob body (a JSON file the user chose) is sent as it is, never read into memory here.
 */
export async function apiRequest<S extends z.ZodMiniType = z.ZodMiniUnknown>(
  path: string,
  { method = 'GET', body, schema, signal }: RequestOptions<S> = {},
): Promise<z.output<S>> {
  // The page may carry this answer already (the server asked for it while sending the page).
  const carried = method === 'GET' ? takePageAnswer(path) : undefined
  // The device keeps what the gym's screens read for when there is no signal; the service
  // worker keeps the answers it sees, the app those it does not (src/client/lib/offline-copies.ts).
  const keep = method === 'GET' && (carried || !workerSeesCalls()) ? copyKeeper(path) : undefined
  if (carried) return kept(carried.answer, schema, keep)
  let response: Response
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
      signal,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ApiError('UNAVAILABLE', 'Network error: the server could not be reached', 0, undefined, false)
  }

  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null)
  if (!response.ok) throw failureOf(response, path, payload)
  return kept(payload, schema, keep)
}

/** The answer as the caller reads it; one it can read is kept for when there is no signal. */
function kept<S extends z.ZodMiniType>(
  answer: unknown,
  schema: S | undefined,
  keep: ((answer: unknown) => void) | undefined,
): z.output<S> {
  const read = schema ? schema.parse(answer) : (answer as z.output<S>)
  keep?.(answer)
  return read
}

/** A failed answer as the ApiError it stands for. */
function failureOf(response: Response, path: string, payload: unknown): ApiError {
  // better-auth's own 401s (a wrong password) are answers, not an expired session.
  if (response.status === 401 && !path.startsWith(apiPaths.auth.prefix))
    for (const listener of unauthenticatedListeners) listener()
  const parsed = ApiErrorBodySchema.safeParse(payload)
  if (parsed.success) return new ApiError(parsed.data.code, parsed.data.message, response.status, parsed.data.fields)
  return new ApiError(
    response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
    response.statusText,
    response.status,
    undefined,
    false,
  )
}

/**
 * A file sent as multipart/form-data. Failures are ApiErrors as with apiRequest; a success is the
 * answer itself, for a caller that reads it as it arrives (a stream of progress lines).
 */
export async function apiUpload(
  path: string,
  form: FormData,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Response> {
  let response: Response
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
      signal,
    })
  } catch (cause) {
    if (signal?.aborted) throw cause
    throw new ApiError('UNAVAILABLE', 'Network error: the server could not be reached', 0, undefined, false)
  }
  if (!response.ok) throw failureOf(response, path, await response.json().catch(() => null))
  return response
}
