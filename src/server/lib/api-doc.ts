import type { ValidationTargets } from 'hono'
import { createMiddleware } from 'hono/factory'
import type * as z from 'zod/mini'
import type { Role } from '#shared/paths.ts'

/**
 * What the OpenAPI document (GET /api/openapi.json) knows of a route, read from the very
 * middleware the route runs: `validate()` marks its schema, the sign-in middleware mark who may
 * call, and `doc()` gives the summary and the answer's schema. The document is built from the
 * app's route table at run time, so it lists exactly the routes that exist with the schemas they
 * check (docs/api.md).
 */
export type RouteDoc = {
  summary: string
  description?: string
  /** The shared schema the answer follows (the web app parses it with the same schema). */
  response?: z.ZodMiniType
  /** The success status: 200 unless said. 204 answers no body. */
  status?: 200 | 201 | 204
  /** The answer is a text/event-stream. */
  stream?: boolean
}

/** Who may call: any signed-in user, one with a profile (of a role), or a sign-in session only (no token). */
export type Access = { kind: 'user' } | { kind: 'profile'; role?: Role } | { kind: 'session' }

export type Mark =
  { doc: RouteDoc } | { input: { target: keyof ValidationTargets; schema: z.ZodMiniType } } | { access: Access }

const marks = new WeakMap<object, Mark>()

/** Records what a middleware means for the document; answers the middleware itself. */
export function mark<Handler extends object>(handler: Handler, what: Mark): Handler {
  marks.set(handler, what)
  return handler
}

export function markOf(handler: unknown): Mark | undefined {
  return typeof handler === 'function' ? marks.get(handler) : undefined
}

/** A route's summary and answer, for the document; does nothing at run time. */
export function doc(what: RouteDoc) {
  return mark(
    createMiddleware(async (_c, next) => {
      await next()
    }),
    { doc: what },
  )
}
