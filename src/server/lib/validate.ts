import type { ValidationTargets } from 'hono'
import { validator } from 'hono/validator'
import * as z from 'zod/mini'
import { en } from 'zod/locales'
import { fieldErrorsOf } from '#shared/errors.ts'
import { AppError } from './app-error.ts'

// zod/mini ships without messages; the server's validation answers in English.
z.config(en())

/** Hono's validator with a zod schema; failures become VALIDATION_FAILED with messages per field. */
export function validate<Target extends keyof ValidationTargets, Schema extends z.ZodMiniType>(
  target: Target,
  schema: Schema,
) {
  return validator(target, async (value): Promise<z.output<Schema>> => {
    const result = await schema.safeParseAsync(value)
    if (!result.success) {
      throw new AppError('VALIDATION_FAILED', { message: 'Invalid input', fields: fieldErrorsOf(result.error.issues) })
    }
    return result.data
  })
}
