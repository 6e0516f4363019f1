import { Hono } from 'hono'
import { generateSpecs } from 'hono-openapi'
import * as z from 'zod/mini'
import { expect, test } from 'vitest'
import { lazySchema } from '#shared/schemas/lazy-schema.ts'
import { doc } from './api-doc.ts'
import { validate } from './validate.ts'

test('routes that document their schemas build them only when the document is made', async () => {
  let builds = 0
  const Body = lazySchema(() => {
    builds += 1
    return z.object({ name: z.string() })
  })
  const Answer = lazySchema(() => {
    builds += 1
    return z.object({ id: z.string() })
  })
  const app = new Hono().post(
    '/things',
    doc({ summary: 'Make a thing', response: Answer }),
    validate('json', Body),
    (c) => c.json({ id: 'a' }),
  )
  expect(builds).toBe(0)

  const document = await generateSpecs(app)
  expect(builds).toBe(2)
  const operation = document.paths['/things']?.post as {
    requestBody: { content: Record<string, { schema: unknown }> }
    responses: Record<string, { content: Record<string, { schema: unknown }> }>
  }
  expect(operation.requestBody.content['application/json']?.schema).toMatchObject({
    properties: { name: { type: 'string' } },
  })
  expect(operation.responses['200']?.content['application/json']?.schema).toMatchObject({
    properties: { id: { type: 'string' } },
  })
})
