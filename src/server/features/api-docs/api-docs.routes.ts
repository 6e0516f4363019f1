import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { buildOpenApi, type OpenApiDocument } from './openapi.ts'
import { referencePage } from './reference-page.ts'

const route = apiRoutes.apiDocs

const API_VERSION = '1.0.0'

/**
 * The OpenAPI document and its reference page, both public. The document is built once, on the
 * first request, from the app's own route table (`appOf`), which is complete by then.
 */
export function createApiDocsRoutes(appOf: () => Parameters<typeof buildOpenApi>[0], serverUrl: string) {
  let built: Promise<OpenApiDocument> | null = null
  const document = () =>
    (built ??= buildOpenApi(appOf(), { serverUrl, version: API_VERSION }).catch((error: unknown) => {
      // Not kept: the next request tries again.
      built = null
      throw error
    }))
  return new Hono<AppEnv>()
    .get(route.openapi, doc({ summary: 'This OpenAPI 3.1 document' }), async (c) => c.json(await document()))
    .get(route.docs, doc({ summary: 'The API reference as a web page (HTML)' }), (c) => c.html(referencePage()))
}
