import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { buildOpenApi, type OpenApiDocument, type RouteEntry } from './openapi.ts'
import { referencePage } from './reference-page.ts'

const route = apiRoutes.apiDocs

const API_VERSION = '1.0.0'

/**
 * The OpenAPI document and its readable page, both public. They are built once, on the first
 * request, from the app's own route table (`routesOf`), which is complete by then.
 */
export function createApiDocsRoutes(routesOf: () => readonly RouteEntry[], serverUrl: string) {
  let built: OpenApiDocument | null = null
  const document = () => (built ??= buildOpenApi(routesOf(), { serverUrl, version: API_VERSION }))
  return new Hono<AppEnv>()
    .get(route.openapi, doc({ summary: 'This OpenAPI 3.1 document' }), (c) => c.json(document()))
    .get(route.docs, doc({ summary: 'The API reference as a web page (HTML)' }), (c) =>
      c.html(referencePage(document())),
    )
}
