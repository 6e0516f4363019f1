import type { Context, ValidationTargets } from 'hono'
import { validator } from 'hono/validator'
import * as z from 'zod/mini'
import { en } from 'zod/locales'
import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import { documentInput } from './api-doc.ts'
import { AppError } from './app-error.ts'

// zod/mini ships without messages; the server's validation answers in English.
z.config(en())

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/** Hono's validator with a zod schema; failures become VALIDATION_FAILED with messages per field. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  const middleware = validator(target, async (value, c): Promise<z.output<Schema>> => {
    if (target === 'json') await requireJsonBody(c)
    const illFormed = illFormedTextFields(value)
    if (illFormed) throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: illFormed })
    const result = await schema.safeParseAsync(value)
    if (!result.success) {
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: fieldErrorsOf(result.error.issues) })
    }
    return result.data
  })
  return documentInput(middleware, target, schema)
}

/**
 * Hono's JSON validator hands the schema an empty object when the body is not declared as JSON,
 * so a text/plain or form body would pass as "no fields given". A body in another format is
 * refused instead; a request with no body at all stays an empty object (the web app sends none
 * to routes whose fields are all optional).
 */
async function requireJsonBody(c: Context): Promise<void> {
  const contentType = c.req.header('content-type')
  const mediaType = contentType?.split(';')[0]?.trim() ?? ''
  if (JSON_MEDIA_TYPE.test(mediaType)) return
  if (!contentType && (await c.req.text()) === '') return
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
    message: 'Send the request body as JSON (Content-Type: application/json)',
  })
}

const ILL_FORMED_TEXT_MESSAGE = 'Text must be valid Unicode (it holds half of a character)'

// String.prototype.isWellFormed is in Node 20, but not yet in the ES2023 typings the server builds with.
const isWellFormed = (text: string): boolean => (text as string & { isWellFormed(): boolean }).isWellFormed()

/**
 * Strings with a lone UTF-16 surrogate (JSON's "\ud800") cannot be stored as sent: PostgreSQL
 * refuses them inside JSON columns and text columns cannot hold them either. Any such string
 * anywhere in the input (keys too) is named by its path, in the same shape as a schema's field
 * errors; null when all text is well formed. The walk keeps its own stack: JSON nested deeper than
 * the call stack must answer 400 like any other input, not overflow.
 */
export function illFormedTextFields(value: unknown): FieldErrors | null {
  // Each step knows its parent, and a path is spelled out only for a bad string.
  type Step = { item: unknown; key?: PropertyKey; parent?: Step }
  const pathOf = (step: Step): PropertyKey[] => {
    const path: PropertyKey[] = []
    for (let at: Step | undefined = step; at?.parent; at = at.parent) path.push(at.key ?? '')
    return path.reverse()
  }
  const issues: { path: PropertyKey[]; message: string }[] = []
  const pending: Step[] = [{ item: value }]
  for (let step = pending.pop(); step; step = pending.pop()) {
    const { item } = step
    if (typeof item === 'string') {
      if (!isWellFormed(item)) issues.push({ path: pathOf(step), message: ILL_FORMED_TEXT_MESSAGE })
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index--)
        pending.push({ item: item[index], key: index, parent: step })
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item).reverse()) {
        if (isWellFormed(key)) pending.push({ item: child, key, parent: step })
        else issues.push({ path: [...pathOf(step), key], message: ILL_FORMED_TEXT_MESSAGE })
      }
    }
  }
  return issues.length ? fieldErrorsOf(issues) : null
}
