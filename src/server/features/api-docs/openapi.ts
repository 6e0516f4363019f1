import * as z from 'zod/mini'
import { API_ROOT, apiPaths, apiPattern, apiRoutes } from '#shared/api-paths.ts'
import { ApiErrorBodySchema } from '#shared/errors.ts'
import { SIGN_IN_COOKIE } from '#server/lib/sign-in-settings.ts'
import { markOf, type Access, type Mark, type RouteDoc } from '#server/lib/api-doc.ts'

/** One entry of Hono's route table (`app.routes`): a middleware or handler, in registration order. */
export type RouteEntry = { method: string; path: string; handler: unknown }

type JsonSchema = Record<string, unknown>
type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema; description?: string }
type Operation = {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: JsonSchema }> }>
  'x-coachline-access': string
}
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

const ERROR_REF = { $ref: '#/components/schemas/ApiError' }
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ERROR_REF } } })

/** What each kind of access means for the document: its security requirement and a sentence. */
function accessOf(access: Access | null): { security: Operation['security']; text: string } {
  const either: Operation['security'] = [{ bearerToken: [] }, { sessionCookie: [] }]
  if (!access) return { security: [], text: 'public' }
  switch (access.kind) {
    case 'user':
      return { security: either, text: 'signed-in' }
    case 'profile':
      return { security: either, text: access.role ? `signed-in ${access.role}` : 'signed-in with a profile' }
    case 'session':
      return { security: [{ sessionCookie: [] }], text: 'sign-in session only (not an API token)' }
  }
}

/** The strictest access among the middleware a route runs. */
function strictest(marks: Mark[]): Access | null {
  const rank = (a: Access) => (a.kind === 'session' ? 3 : a.kind === 'profile' ? (a.role ? 2.5 : 2) : 1)
  let found: Access | null = null
  for (const m of marks) if ('access' in m && (!found || rank(m.access) >= rank(found))) found = m.access
  return found
}

/** JSON Schema (2020-12, OpenAPI 3.1's dialect) of a shared zod schema, as a request sends it or an answer carries it. */
function jsonSchemaOf(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema
  return rest
}

/** Whether a `use()` path of Hono (`/api/*`, `/api/sessions/*`) covers a route's path. */
function covers(pattern: string, path: string): boolean {
  if (pattern === '*' || pattern === '/*') return true
  if (pattern.endsWith('/*')) {
    const prefix = pattern.slice(0, -2)
    return path === prefix || path.startsWith(`${prefix}/`)
  }
  return pattern === path
}

const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')
const operationIdOf = (method: string, path: string) =>
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

function parametersOf(where: 'path' | 'query', schema: JsonSchema | undefined, names: string[] = []): Parameter[] {
  const properties = (schema?.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema?.required as string[] | undefined) ?? [])
  const all = where === 'path' ? names : Object.keys(properties)
  return all.map((name) => {
    const property = properties[name] ?? { type: 'string' }
    const { description, ...rest } = property
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: rest,
      ...(typeof description === 'string' ? { description } : {}),
    }
  })
}

/**
 * The OpenAPI 3.1 document of the app's routes: every documented route in the route table, with
 * the schemas its `validate()` middleware check, who may call it (from its sign-in middleware)
 * and the answer its `doc()` names. A route without `doc()` still appears, without a summary;
 * api-docs.test.ts fails for one.
 */
export function buildOpenApi(
  routes: readonly RouteEntry[],
  { serverUrl, version }: { serverUrl: string; version: string },
): OpenApiDocument {
  type Collected = { method: string; path: string; marks: Mark[]; around: Mark[] }
  const operations = new Map<string, Collected>()
  const uses: RouteEntry[] = []
  for (const route of routes) {
    if (route.method === 'ALL') {
      uses.push(route)
      continue
    }
    if (!isDocumented(route.path)) continue
    const key = `${route.method} ${route.path}`
    const collected = operations.get(key) ?? { method: route.method, path: route.path, marks: [], around: [] }
    operations.set(key, collected)
    const own = markOf(route.handler)
    if (own) collected.marks.push(own)
    // A use() registered before the route's handler runs before it (Hono matches in order).
    collected.around = uses.filter((use) => covers(use.path, route.path)).flatMap((use) => markOf(use.handler) ?? [])
  }

  const paths: OpenApiDocument['paths'] = {}
  const tags = new Set<string>()
  for (const { method, path, marks, around } of operations.values()) {
    const docMark = marks.find((m): m is { doc: RouteDoc } => 'doc' in m)?.doc
    const inputs = Object.fromEntries(
      marks.flatMap((m) => ('input' in m ? [[m.input.target, jsonSchemaOf(m.input.schema, 'input')] as const] : [])),
    )
    const access = accessOf(strictest([...around, ...marks]))
    const tag = path.split('/')[2] ?? 'api'
    tags.add(tag)
    const pathNames = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '')
    const parameters = [...parametersOf('path', inputs.param, pathNames), ...parametersOf('query', inputs.query)]
    const status = docMark?.status ?? 200
    const responseSchema = docMark?.response ? jsonSchemaOf(docMark.response, 'output') : {}
    type Answer = Operation['responses'][string]
    const success: Answer =
      status === 204
        ? { description: 'Done; no body' }
        : docMark?.stream
          ? {
              description: 'A stream of server-sent events',
              content: { 'text/event-stream': { schema: { type: 'string' } } },
            }
          : { description: 'Success', content: { 'application/json': { schema: responseSchema } } }
    const responses: Operation['responses'] = { [String(status)]: success }
    if (access.security.length > 0) {
      responses['401'] = errorResponse('Not signed in, or an unknown or revoked API token')
      responses['403'] = errorResponse(
        'Signed in, but not allowed this (another role, not yours, or a read-only token on a write)',
      )
    }
    if (access.security.some((s) => 'bearerToken' in s))
      responses['429'] = errorResponse('Too many calls with this API token; wait for Retry-After seconds')
    responses.default = errorResponse('An error, in the API’s one error shape')

    const operation: Operation = {
      operationId: operationIdOf(method, path),
      summary: docMark?.summary ?? '',
      ...(docMark?.description ? { description: docMark.description } : {}),
      tags: [tag],
      security: access.security,
      ...(parameters.length ? { parameters } : {}),
      ...(inputs.json
        ? { requestBody: { required: true, content: { 'application/json': { schema: inputs.json } } } }
        : {}),
      responses,
      'x-coachline-access': access.text,
    }
    const at = openApiPath(path)
    paths[at] = { ...paths[at], [method.toLowerCase()]: operation }
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Coachline API',
      version,
      description:
        'The API the Coachline web app uses, open to every account. Authenticate with a personal API token from the account page ' +
        '(`Authorization: Bearer <token>`): a token acts as its user with the same rights, a `read` token makes GET requests only. ' +
        'Errors always answer `{ code, message, fields? }`. See docs/api.md.',
    },
    servers: [{ url: serverUrl }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
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
      schemas: { ApiError: jsonSchemaOf(ApiErrorBodySchema, 'output') },
    },
  }
}
