import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, expect, test } from 'vitest'
import { DIST } from '../helpers/built-client.ts'

/**
 * The API reference page (GET /api/docs) draws the OpenAPI document with Swagger UI, whose files
 * the build serves from public/api-docs/. They are for the few who open the page: no phone's
 * service worker downloads them ahead.
 */
beforeAll(() => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('No build found: run npm run build first')
})

const FILES = ['swagger-ui/swagger-ui-bundle.js', 'swagger-ui/swagger-ui.css', 'start.js', 'reference.css']

test('the build holds the reference page’s files, compressed like the app’s', () => {
  for (const file of FILES) {
    expect(existsSync(join(DIST, 'api-docs', file)), file).toBe(true)
    expect(existsSync(join(DIST, 'api-docs', `${file}.br`)), `${file}.br`).toBe(true)
  }
})

test('the service worker does not precache them', () => {
  const worker = readFileSync(join(DIST, 'sw.js'), 'utf8')
  expect(worker).toMatch(/assets\/index-[\w-]+\.js/)
  expect(worker).not.toContain('api-docs')
})

test('Swagger UI’s files are as published, in the version recorded beside them', () => {
  // scripts/vendor-swagger-ui.mjs copies them from the npm registry's tarball and records each one's SHA-256.
  const record = JSON.parse(readFileSync(join(DIST, 'api-docs/swagger-ui/VERSION.json'), 'utf8')) as {
    version: string
    files: Record<string, string>
  }
  expect(Object.keys(record.files)).toEqual(expect.arrayContaining(['swagger-ui-bundle.js', 'swagger-ui.css']))
  for (const [file, sha256] of Object.entries(record.files)) {
    const bytes = readFileSync(join(DIST, 'api-docs/swagger-ui', file))
    expect(createHash('sha256').update(bytes).digest('hex'), file).toBe(sha256)
  }
  expect(readFileSync(join(DIST, 'api-docs/swagger-ui/swagger-ui-bundle.js'), 'utf8')).toContain(record.version)
})
