import type { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import * as z from 'zod/mini'
import { API_ROOT, apiPaths, apiPattern, apiRoutes } from '#shared/api-paths.ts'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { SIGN_IN_COOKIE } from '#server/lib/sign-in-settings.ts'
import { ACCESS_EXTENSION, type AccessDemand } from '#server/lib/api-doc.ts'

type JsonSchema = Record<string, unknown>
type Parameter = { name: string; in: 'path' | 'query'; required?: boolean; schema: JsonSchema; description?: string }
type Response = { description: string; content?: Record<string, { schema: JsonSchema }> }
type Operation = {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, Response>
  [ACCESS_EXTENSION]: string
}
/** The parts of the document this app and its tests read. */
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  tags: { name: string }[]
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, JsonSchema>; schemas: Record<string, JsonSchema> }
}

/** Routes of the API that are not part of it: better-auth's sign-in endpoints, the test fixtures, the development outbox. */
export function isDocumented(path: string): boolean {
  const within = (root: string) => path === root || path.startsWith(`${root}/`)
  return within(API_ROOT) && !UNDOCUMENTED.some(within)
}
const UNDOCUMENTED = [apiPaths.auth.base, apiPattern(apiRoutes.testing, '/'), apiPattern(apiRoutes.dev, '/')]

const errorResponse = (description: string): Response => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
})

/**
 * Who may call, from the demands of every sign-in middleware a route runs: the strictest wins (a
 * sign-in session only, then a role, then any profile, then any signed-in user).
 */
function accessOf(demand: AccessDemand | undefined): { security: Operation['security']; text: string } {
  const either: Operation['security'] = [{ bearerToken: [] }, { sessionCookie: [] }]
  if (demand?.session) return { security: [{ sessionCookie: [] }], text: 'sign-in session only (not an API token)' }
  if (demand?.role) return { security: either, text: `signed-in ${demand.role}` }
  if (demand?.profile) return { security: either, text: 'signed-in with a profile' }
  if (demand?.user) return { security: either, text: 'signed-in' }
  return { security: [], text: 'public' }
}

/** An operation as hono-openapi merged it, made whole: its tag, who may call it and the errors its access can answer. */
function finish(path: string, merged: Operation & { [ACCESS_EXTENSION]?: string | AccessDemand }): Operation {
  const { [ACCESS_EXTENSION]: demand, ...operation } = merged
  const access = accessOf(typeof demand === 'object' ? demand : undefined)
  const responses = { ...operation.responses }
  if (access.security.length > 0) {
    responses['401'] = errorResponse('Not signed in, or an unknown or revoked API token')
    responses['403'] = errorResponse(
      'Signed in, but not allowed this (another role, not yours, or a read-only token on a write)',
    )
  }
  if (access.security.some((s) => 'bearerToken' in s))
    responses['429'] = errorResponse('Too many calls with this API token; wait for Retry-After seconds')
  responses.default = errorResponse('An error, in the API’s one error shape')
  const who = `Who may call: ${access.text}.`
  return {
    ...operation,
    // Said in words too: few OpenAPI tools show an extension.
    description: operation.description ? `${who}\n\n${operation.description}` : who,
    tags: [path.split('/')[2] ?? 'api'],
    security: access.security,
    responses,
    [ACCESS_EXTENSION]: access.text,
  }
}

/**
 * The OpenAPI 3.1 document of the app's routes, which hono-openapi reads from the route table:
 * every documented route with the schemas its `validate()` middleware check, who may call it
 * (from its sign-in middleware) and the answer its `doc()` names. A route without any of these
 * marks is missing from it; api-docs.test.ts fails for one.
 */
export async function buildOpenApi(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any app: only its route table is read
  app: Hono<any, any, any>,
  { serverUrl, version }: { serverUrl: string; version: string },
): Promise<OpenApiDocument> {
  const generated = await generateSpecs(app, {
    documentation: {
      info: {
        title: 'Coachline API',
        version,
        description:
          'The API the Coachline web app uses, open to every account. Authenticate with a personal API token from the account page ' +
          '(`Authorization: Bearer <token>`): a token acts as its user with the same rights, a `read` token makes GET requests only. ' +
          'Errors always answer `{ code, message, fields? }`. See docs/api.md.',
      },
      servers: [{ url: serverUrl }],
      components: {
        securitySchemes: {
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'A personal API token (coachline_pat_…), made on the account page.',
          },
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SIGN_IN_COOKIE,
            description: 'The web app’s sign-in session (prefixed __Secure- on https).',
          },
        },
        schemas: { ApiError: answerJsonSchema(ApiErrorBodySchema) },
      },
    },
    // `/api/openapi.json` is an API route, not a static file.
    excludeStaticFile: false,
    defaultValidationErrorResponse: errorResponse(
      'The input is not valid; `fields` says what is wrong with each field',
    ),
  })
  const paths: OpenApiDocument['paths'] = {}
  for (const [path, operations] of Object.entries(generated.paths as Record<string, Record<string, Operation>>)) {
    if (!isDocumented(path)) continue
    paths[path] = Object.fromEntries(
      Object.entries(operations).map(([method, operation]) => [method, finish(path, operation)]),
    )
  }
  const tags = new Set(Object.values(paths).flatMap((operations) => Object.values(operations).flatMap((op) => op.tags)))
  return {
    ...(generated as unknown as OpenApiDocument),
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
  }
}

function answerJsonSchema(schema: z.ZodMiniType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema
  return rest
}
