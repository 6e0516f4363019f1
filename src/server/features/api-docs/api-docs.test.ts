import SwaggerParser from '@apidevtools/swagger-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createTestApp, type TestContext } from '../../../../tests/helpers/test-app.ts'
import { isDocumented, type OpenApiDocument } from './openapi.ts'

let t: TestContext
let document: OpenApiDocument

beforeAll(async () => {
  t = await createTestApp()
  const res = await t.app.request('/api/openapi.json')
  expect(res.status).toBe(200)
  document = (await res.json()) as OpenApiDocument
})
afterAll(() => t.close())

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method, op })),
  )

describe('GET /api/openapi.json', () => {
  test('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0')
    // validate() works on a copy: it resolves references in place.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy()
  })

  test('lists every route of the API, from the route table itself, and nothing else', () => {
    const registered = new Set(
      t.app.routes
        .filter((r) => r.method !== 'ALL' && isDocumented(r.path))
        .map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)/g, '{$1}')}`),
    )
    const documented = new Set(operations().map(({ path, method }) => `${method} ${path}`))
    expect([...documented].sort()).toEqual([...registered].sort())
    expect(documented.size).toBeGreaterThan(80)
  })

  test('keeps the API’s operation ids, so a generated client keeps its method names', () => {
    expect(document.paths['/api/sessions/{id}/sets/{setId}']?.put?.operationId).toBe('putSessionsByIdSetsBySetId')
    expect(document.paths['/api/history-import/preview']?.post?.operationId).toBe('postHistoryImportPreview')
    expect(document.paths['/api/me']?.get?.operationId).toBe('getMe')
    const ids = operations().map(({ op }) => op.operationId)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('every operation has a summary', () => {
    expect(
      operations()
        .filter(({ op }) => !op.summary)
        .map(({ method, path }) => `${method} ${path}`),
    ).toEqual([])
  })

  test('describes requests and answers from the shared schemas', () => {
    const logSet = document.paths['/api/sessions/{id}/sets/{setId}']?.put
    const body = logSet?.requestBody?.content['application/json']?.schema as {
      properties: Record<string, unknown>
      required: string[]
    }
    expect(Object.keys(body.properties)).toEqual(
      expect.arrayContaining(['exerciseKey', 'setNumber', 'reps', 'loadKg', 'editedAt']),
    )
    expect(logSet?.parameters?.map((p) => p.name)).toEqual(['id', 'setId'])
    const list = document.paths['/api/sessions']?.get
    const limit = list?.parameters?.find((p) => p.name === 'limit')
    expect(limit).toMatchObject({ in: 'query', schema: { type: 'integer', maximum: 100 } })
    expect(limit?.required).toBeFalsy()
    expect(logSet?.responses['400']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ApiError',
    })
    expect(list?.responses['200']?.content?.['application/json']?.schema).toMatchObject({
      type: 'array',
      items: { type: 'object' },
    })
  })

  test('says who may call each operation: tokens or cookies, a sign-in session only, or nobody', () => {
    expect(document.components.securitySchemes).toMatchObject({
      bearerToken: { type: 'http', scheme: 'bearer' },
      sessionCookie: { type: 'apiKey', in: 'cookie' },
    })
    expect(document.paths['/api/sessions']?.get?.security).toEqual([{ bearerToken: [] }, { sessionCookie: [] }])
    expect(document.paths['/api/tokens']?.post?.security).toEqual([{ sessionCookie: [] }])
    expect(document.paths['/api/health']?.get?.security).toEqual([])
    expect(document.paths['/api/movements']?.post?.['x-coachline-access']).toBe('signed-in coach')
    // A use() and the route's own middleware add up; a route registered before a use() is not under it.
    expect(document.paths['/api/progression/preview']?.post?.['x-coachline-access']).toBe('signed-in with a profile')
    expect(document.paths['/api/progression/proposals']?.get?.['x-coachline-access']).toBe('signed-in coach')
    expect(document.paths['/api/sessions/{id}/sets/{setId}']?.put?.['x-coachline-access']).toBe('signed-in')
    expect(document.paths['/api/profile/become-coach']?.post?.['x-coachline-access']).toBe(
      'sign-in session only (not an API token)',
    )
    // In words too, for the tools that show no extension.
    expect(document.paths['/api/movements']?.post?.description).toMatch(/^Who may call: signed-in coach\./)
  })
})

describe('GET /api/docs', () => {
  test('is Swagger UI drawing the document, from this server’s own files', async () => {
    const res = await t.app.request('/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    const page = await res.text()
    const files = [...page.matchAll(/(?:src|href|data-document)="([^"]+)"/g)].map((m) => m[1])
    expect(files).toEqual([
      '/api-docs/swagger-ui/swagger-ui.css',
      '/api-docs/reference.css',
      '/api/openapi.json',
      '/api/openapi.json',
      '/api-docs/swagger-ui/swagger-ui-bundle.js',
      '/api-docs/start.js',
    ])
    // Settings in a file of their own: the content security policy allows no inline script.
    expect(page).not.toMatch(/<script>|<script [^>]*>[^<]/)
  })
})
