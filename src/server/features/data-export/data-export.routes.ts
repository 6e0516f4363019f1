import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { RestoreResultSchema } from '#shared/schemas/data-export.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { validate } from '#server/lib/validate.ts'
import { forgetChangedProfile, requireProfile } from '#server/middleware/sign-in.ts'
import { parseExportDocument, restoreExport } from './data-import.service.ts'
import { exportCsv, exportFileName, exportJson, exportSubject } from './data-export.service.ts'
import { photosZip } from './export-photos.ts'

const route = apiRoutes.dataExport

const ExportQuery = z.object({
  clientId: z.optional(
    z.string('clientId is a user id').check(z.minLength(1), z.maxLength(64, 'clientId is a user id')),
  ),
})

/**
 * Pieces are joined into chunks of about this many characters before they are written: one write
 * per session would cost a syscall each, and a chunk this size stays under V8's 128 KB
 * large-object threshold, so it dies young instead of growing the old generation.
 */
const CHUNK_CHARS = 48 * 1024

/**
 * The answer streams `source` as it is written, pulled as the socket drains: a slow reader holds
 * the database reads back instead of filling the server's memory. The first piece is read before
 * the answer starts, so a failure at the start is still an error answer, not a cut download.
 */
async function download(
  source: AsyncGenerator<string>,
  fileName: string,
  contentType: string,
  onError: (error: unknown) => void,
): Promise<Response> {
  const encoder = new TextEncoder()
  let pending: IteratorResult<string> | null = await source.next()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        let chunk = ''
        let done = false
        while (chunk.length < CHUNK_CHARS) {
          const next = pending ?? (await source.next())
          pending = null
          if (next.done) {
            done = true
            break
          }
          chunk += next.value
        }
        if (chunk) controller.enqueue(encoder.encode(chunk))
        if (done) controller.close()
      } catch (error) {
        onError(error)
        controller.error(error)
      }
    },
    async cancel() {
      await source.return(undefined)
    },
  })
  return new Response(body, {
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  })
}

/** The signed-in person's data (or, for a coach, an active client's) as JSON and CSV, and a client's restore of the JSON. */
export const dataExportRoutes = new Hono<AppEnv>()
  .use(requireProfile())
  .get(
    route.json,
    doc({
      summary: 'Download all your data (or an active client’s, by clientId) as a JSON document (docs/export-format.md)',
    }),
    validate('query', ExportQuery),
    async (c) => {
      const subject = await exportSubject(c.var.db, c.var.profile, c.req.valid('query').clientId)
      const failed = (err: unknown) => c.var.logger.error({ reqId: c.var.requestId, err }, 'export stream failed')
      return download(
        exportJson(c.var.db, subject),
        await exportFileName(c.var.db, subject, 'json'),
        'application/json; charset=utf-8',
        failed,
      )
    },
  )
  .get(
    route.csv,
    doc({ summary: 'Download your sets (or an active client’s, by clientId) as CSV, one row per set' }),
    validate('query', ExportQuery),
    async (c) => {
      const subject = await exportSubject(c.var.db, c.var.profile, c.req.valid('query').clientId)
      const failed = (err: unknown) => c.var.logger.error({ reqId: c.var.requestId, err }, 'export stream failed')
      return download(
        exportCsv(c.var.db, subject),
        await exportFileName(c.var.db, subject, 'csv'),
        'text/csv; charset=utf-8; header=present',
        failed,
      )
    },
  )
  .get(
    route.photos,
    doc({ summary: 'Download your progress photos (or an active client’s, by clientId) as a zip of JPEGs' }),
    validate('query', ExportQuery),
    async (c) => {
      const subject = await exportSubject(c.var.db, c.var.profile, c.req.valid('query').clientId)
      return new Response(photosZip(c.var.db, c.var.photos, subject, c.var.logger), {
        headers: {
          'content-type': 'application/zip',
          'content-disposition': `attachment; filename="${await exportFileName(c.var.db, subject, 'zip')}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      })
    },
  )
  .post(
    route.restore,
    doc({
      summary: 'Restore a Coachline JSON export into your account, a client’s (the same file twice adds nothing)',
      response: RestoreResultSchema,
    }),
    // Training history is a client's, as for the history import: a coach keeps none to restore.
    requireProfile('client'),
    // A restore may bring back the profile's settings.
    forgetChangedProfile,
    // A whole export: app.ts gives this route a larger body limit (UPLOAD_BODY_LIMITS).
    validate('json', z.unknown()),
    async (c) => c.json(await restoreExport(c.var.db, c.var.profile.id, parseExportDocument(c.req.valid('json')))),
  )
