import { apiRoutes } from '#shared/api-paths.ts'
import { Hono, type Context } from 'hono'
import { stream } from 'hono/streaming'
import { fieldErrorsOf } from '#shared/errors.ts'
import {
  historyImportApiText,
  ImportMappingSchema,
  ImportPreviewSchema,
  ImportOptionsSchema,
  MAX_IMPORT_BYTES,
  type ImportStreamLine,
  type MappingEntry,
} from '#shared/schemas/history-import.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { AppError } from '#server/lib/app-error.ts'
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '#server/lib/db-errors.ts'
import { readForm, textField, type Form } from '#server/lib/multipart.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { previewImport, type Upload } from './history-import.service.ts'
import { planImport, runImport } from './import-run.service.ts'
import { isTimeZone } from './cell-values.ts'

const route = apiRoutes.historyImport

/**
 * POST /api/history-import/preview and POST /api/history-import: a CSV export as
 * multipart/form-data (`file`, with `unit`, `timeZone` and, to import, `mapping` as JSON). The
 * import answers a stream of progress lines (docs/import.md); everything it can be refused for
 * is checked before the stream starts, so a refusal is an ordinary 4xx.
 */

const FORM_FIELDS = ['file', 'unit', 'timeZone', 'mapping']
const readImportForm = (c: Context) => readForm(c, FORM_FIELDS, historyImportApiText)

async function uploadOf(form: Form, profileUnit: Upload['unit']): Promise<Upload> {
  const file = form.file
  if (!(file instanceof File))
    throw new AppError('VALIDATION_FAILED', {
      message: historyImportApiText.noFile,
      fields: { file: [historyImportApiText.noFile] },
    })
  if (file.size > MAX_IMPORT_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { message: historyImportApiText.tooLarge })
  const options = ImportOptionsSchema.safeParse({ unit: textField(form.unit), timeZone: textField(form.timeZone) })
  if (!options.success)
    throw new AppError('VALIDATION_FAILED', {
      message: options.error.issues[0]?.message ?? 'Invalid input',
      fields: fieldErrorsOf(options.error.issues),
    })
  const timeZone = options.data.timeZone ?? 'UTC'
  if (!isTimeZone(timeZone))
    throw new AppError('VALIDATION_FAILED', {
      message: historyImportApiText.timeZone,
      fields: { timeZone: [historyImportApiText.timeZone] },
    })
  return { bytes: new Uint8Array(await file.arrayBuffer()), unit: options.data.unit ?? profileUnit, timeZone }
}

function mappingOf(form: Form): MappingEntry[] {
  const text = textField(form.mapping)
  let json: unknown
  try {
    json = JSON.parse(text ?? '')
  } catch {
    throw new AppError('VALIDATION_FAILED', {
      message: historyImportApiText.mappingInvalid,
      fields: { mapping: [historyImportApiText.mappingInvalid] },
    })
  }
  const result = ImportMappingSchema.safeParse(json)
  if (!result.success) {
    throw new AppError('VALIDATION_FAILED', {
      message: result.error.issues[0]?.message ?? historyImportApiText.mappingInvalid,
      fields: fieldErrorsOf(result.error.issues, 'mapping.'),
    })
  }
  // Text PostgreSQL cannot store (half a character, NUL) is refused here, before anything is written.
  const names = result.data.flatMap((entry) => ('create' in entry ? [entry.name, entry.create.name] : [entry.name]))
  if (names.some((name) => name.includes('\u0000') || !(name as string & { isWellFormed(): boolean }).isWellFormed())) {
    throw new AppError('VALIDATION_FAILED', {
      message: historyImportApiText.mappingInvalid,
      fields: { mapping: [historyImportApiText.mappingInvalid] },
    })
  }
  return result.data
}

export const historyImportRoutes = new Hono<AppEnv>()
  .post(
    route.preview,
    doc({
      summary:
        'Read a Strong or Hevy CSV export (multipart file) and answer what an import would write; writes nothing',
      response: ImportPreviewSchema,
    }),
    requireProfile('client'),
    async (c) => {
      const form = await readImportForm(c)
      return c.json(await previewImport(c.var.db, c.var.profile, await uploadOf(form, c.var.profile.unit)))
    },
  )
  .post(
    route.run,
    doc({
      summary:
        'Import a Strong or Hevy CSV export with its exercise mapping, in one transaction; answers progress lines (NDJSON)',
    }),
    requireProfile('client'),
    async (c) => {
      const form = await readImportForm(c)
      const upload = await uploadOf(form, c.var.profile.unit)
      const plan = await planImport(c.var.db, c.var.profile, upload, mappingOf(form))
      const { db, profile, logger, requestId } = c.var
      c.header('Content-Type', 'application/x-ndjson; charset=utf-8')
      return stream(c, async (out) => {
        // The client may leave; the import still finishes (or fails) whole.
        const send = async (line: ImportStreamLine) => {
          if (!out.aborted) await out.write(`${JSON.stringify(line)}\n`).catch(() => undefined)
        }
        try {
          // Progress is not awaited: the import's transaction must not sit idle (and past the
          // database's idle-in-transaction limit) behind a client that reads slowly; the lines
          // still go out in order.
          const result = await runImport(
            db,
            profile,
            plan,
            async (done, total) => void send({ type: 'progress', done, total }),
          )
          await send({ type: 'done', result })
        } catch (error) {
          if (isDatabaseUnavailable(error)) {
            logger.warn({ reqId: requestId, err: error }, 'database unavailable during an import')
            await send({ type: 'error', code: 'UNAVAILABLE', message: `${DATABASE_UNAVAILABLE} Nothing was written.` })
          } else if (error instanceof AppError && error.status < 500) {
            await send({ type: 'error', code: error.code, message: error.message })
          } else {
            logger.error({ reqId: requestId, err: error }, 'import failed')
            await send({
              type: 'error',
              code: 'INTERNAL',
              message: 'The import failed and nothing was written. Try again.',
            })
          }
        }
      })
    },
  )
