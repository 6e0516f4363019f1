import type { ValidationTargets } from 'hono'
import { describeRoute, resolver, uniqueSymbol, type DescribeRouteOptions, type ResolverReturnType } from 'hono-openapi'
import type * as z from 'zod/mini'
import type { Role } from '#shared/paths.ts'

/**
 * What the OpenAPI document (GET /api/openapi.json) knows of a route is read from the very
 * middleware the route runs, by hono-openapi: `validate()` gives its input schemas, the sign-in
 * middleware who may call (`documentAccess`), and `doc()` the summary and the answer's schema.
 * The document lists exactly the routes that exist with the schemas they check (docs/api.md).
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

/** A route's summary and answer, for the document; does nothing at run time. */
export function doc({ summary, description, response, status = 200, stream }: RouteDoc) {
  type Answer = NonNullable<DescribeRouteOptions['responses']>[number]
  const success: Answer =
    status === 204
      ? { description: 'Done; no body' }
      : stream
        ? {
            description: 'A stream of server-sent events',
            content: { 'text/event-stream': { schema: { type: 'string' as const } } },
          }
        : {
            description: 'Success',
            content: { 'application/json': { schema: response ? answerSchema(response) : {} } },
          }
  return describeRoute({
    summary,
    ...(description ? { description } : {}),
    operationId: (route) => operationIdOf(route.method, route.path),
    responses: { [status]: success },
  })
}

/**
 * hono-openapi's `resolver`, made when the document is first built rather than when the route is
 * defined: `resolver` reads the schema at once, and the shared schemas are built on first use
 * (`lazySchema`), so a server that is never asked for its document never builds them for it.
 */
function laterResolver(schema: z.ZodMiniType, options?: Record<string, unknown>): ResolverReturnType {
  let made: ResolverReturnType | undefined
  const resolved = () => (made ??= resolver(schema, options))
  return {
    get vendor() {
      return resolved().vendor
    },
    validate: (value) => resolved().validate(value),
    toJSONSchema: (custom) => resolved().toJSONSchema(custom),
    toOpenAPISchema: (custom) => resolved().toOpenAPISchema(custom),
  }
}

/** The schema of an answer as the server sends it (zod's output side: defaults applied, transforms done). */
const answerSchema = (schema: z.ZodMiniType) => laterResolver(schema, { options: { io: 'output' } })

/** The schema a `validate()` middleware checks, as the document shows it for its target. */
export function documentInput<Handler extends object>(
  handler: Handler,
  target: keyof ValidationTargets,
  schema: z.ZodMiniType,
): Handler {
  // Not spread: that would read `vendor`, and build the schema now.
  return Object.assign(handler, { [uniqueSymbol]: Object.assign(laterResolver(schema), { target }) })
}

/**
 * What one sign-in middleware demands. A route's middleware all run, so their demands add up:
 * hono-openapi merges the objects of a `use()` and of the route's own middleware into one, and
 * the document's last step reads it as the strictest access (`accessOf` in api-docs/openapi.ts).
 */
export type AccessDemand = { user?: true; profile?: true; role?: Role; session?: true }
export const ACCESS_EXTENSION = 'x-coachline-access'

/** Marks a sign-in middleware with what it demands of the caller; answers the middleware itself. */
export function documentAccess<Handler extends object>(handler: Handler, demand: AccessDemand): Handler {
  return Object.assign(handler, { [uniqueSymbol]: { spec: { [ACCESS_EXTENSION]: demand } } })
}

/** `getSessionsByIdSetsBySetId` for GET /api/sessions/:id/sets/:setId: the API's stable operation ids. */
function operationIdOf(method: string, path: string): string {
  return (
    method.toLowerCase() +
    path
      .replace(/^\/api/, '')
      .split(/[/-]/)
      .filter(Boolean)
      .map((part) =>
        part.startsWith(':')
          ? `By${part.slice(1, 2).toUpperCase()}${part.slice(2)}`
          : part.slice(0, 1).toUpperCase() + part.slice(1),
      )
      .join('')
  )
}
