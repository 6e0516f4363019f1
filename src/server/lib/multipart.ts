import type { Context } from 'hono'
import { AppError } from './app-error.ts'

export type Form = Record<string, string | File>

/** What a refusal of a form says, in the words of the route that takes it. */
export type FormText = { notMultipart: string; tooLarge: string; fieldTwice: string }

/**
 * A multipart/form-data body (a file upload with a few fields). Anything else is a 415, a body
 * past the route's limit a 413, and a field that matters sent twice a 400 (which one was meant
 * cannot be told); other fields are not read.
 */
export async function readForm(c: Context, fields: readonly string[], text: FormText): Promise<Form> {
  const contentType = c.req.header('content-type') ?? ''
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: text.notMultipart })
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody({ all: true })
  } catch (error) {
    if (error instanceof Error && error.name === 'BodyLimitError')
      throw new AppError('PAYLOAD_TOO_LARGE', { message: text.tooLarge })
    throw new AppError('BAD_REQUEST', { message: text.notMultipart })
  }
  const repeated = fields.find((name) => Array.isArray(form[name]))
  if (repeated !== undefined)
    throw new AppError('VALIDATION_FAILED', { message: text.fieldTwice, fields: { [repeated]: [text.fieldTwice] } })
  return form as Form
}

/** A form field sent as text; empty or absent is undefined, a file where text belongs is refused. */
export function textField(value: string | File | undefined): string | undefined {
  if (value instanceof File) throw new AppError('VALIDATION_FAILED', { message: 'Send settings as text fields' })
  return value || undefined
}
