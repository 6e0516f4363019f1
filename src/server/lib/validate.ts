import type { Context, ValidationTargets } from 'hono'
import { validator } from 'hono/validator'
import * as z from 'zod/mini'
import { en } from 'zod/locales'
import { fieldErrorsOf } from '#shared/errors.ts'
import { AppError } from './app-error.ts'

// zod/mini ships without messages; the server's validation answers in English.
z.config(en())

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i

/** Hono's validator with a zod schema; failures become VALIDATION_FAILED with messages per field. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, async (value, c): Promise<z.output<Schema>> => {
    if (target === 'json') await requireJsonBody(c)
    const result = await schema.safeParseAsync(value)
    if (!result.success) {
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: fieldErrorsOf(result.error.issues) })
    }
    return result.data
  })
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
  throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Send the request body as JSON (Content-Type: application/json)' })
}
