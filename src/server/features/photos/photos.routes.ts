import { apiRoutes } from '#shared/api-paths.ts'
import { Hono } from 'hono'
import { fieldErrorsOf } from '#shared/errors.ts'
import {
  MAX_PHOTO_BYTES,
  PhotoImageParam,
  PhotoParam,
  PhotoUploadFields,
  ProgressPhotoSchema,
  ProgressPhotosQuery,
  ProgressPhotosSchema,
  photosApiText,
} from '#shared/schemas/progress-photos.ts'
import type { AppEnv } from '#server/context.ts'
import { doc } from '#server/lib/api-doc.ts'
import { AppError } from '#server/lib/app-error.ts'
import { readForm, textField } from '#server/lib/multipart.ts'
import { validate } from '#server/lib/validate.ts'
import { requireProfile } from '#server/middleware/sign-in.ts'
import { addPhoto, deletePhoto, listPhotos, readPhoto } from './photos.service.ts'

const route = apiRoutes.progressPhotos
const FORM_FIELDS = ['file', 'id', 'pose', 'takenOn']

/**
 * Progress photos (docs/progress-photos.md). A photo is added as multipart/form-data: `file`,
 * `pose` (front, side, back), `takenOn` (YYYY-MM-DD) and, so that sending it again is harmless,
 * the `id` the device gave it. Its images are served here alone, to the lifter and their active
 * coach, never at a public address.
 */
export const progressPhotosRoutes = new Hono<AppEnv>()
  .get(
    route.list,
    doc({
      summary: 'A page of a lifter’s progress photos, newest first (yours, or your client’s by clientId)',
      response: ProgressPhotosSchema,
    }),
    requireProfile(),
    validate('query', ProgressPhotosQuery),
    async (c) => c.json(await listPhotos(c.var.db, c.var.profile, c.req.valid('query'))),
  )
  .post(
    route.list,
    doc({
      summary: 'Add a progress photo (multipart: file, pose, takenOn, id); re-encoded without EXIF or location',
      response: ProgressPhotoSchema,
      status: 201,
    }),
    requireProfile('client'),
    async (c) => {
      const form = await readForm(c, FORM_FIELDS, photosApiText)
      const file = form.file
      if (!(file instanceof File))
        throw new AppError('VALIDATION_FAILED', {
          message: photosApiText.noFile,
          fields: { file: [photosApiText.noFile] },
        })
      if (file.size > MAX_PHOTO_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', { message: photosApiText.tooLarge })
      const fields = PhotoUploadFields.safeParse({
        id: textField(form.id),
        pose: textField(form.pose),
        takenOn: textField(form.takenOn),
      })
      if (!fields.success)
        throw new AppError('VALIDATION_FAILED', {
          message: fields.error.issues[0]?.message ?? 'Invalid input',
          fields: fieldErrorsOf(fields.error.issues),
        })
      const bytes = new Uint8Array(await file.arrayBuffer())
      const { photo, created } = await addPhoto(c.var.db, c.var.photos, c.var.profile, fields.data, bytes)
      return c.json(photo, created ? 201 : 200)
    },
  )
  .get(
    route.image,
    doc({ summary: 'One size of a progress photo (display or thumb), as JPEG, to its lifter and their coach' }),
    requireProfile(),
    validate('param', PhotoImageParam),
    async (c) => {
      const { id, size } = c.req.valid('param')
      // A photo never changes under its id, but who may see it does (a coaching link ends, the
      // photo is deleted): the browser keeps it, and asks each time whether it still may.
      const etag = `"${id}-${size}"`
      const cached = c.req.header('if-none-match') === etag
      const image = await readPhoto(c.var.db, c.var.photos, c.var.profile, id, size, cached)
      const headers = { etag, 'cache-control': 'private, no-cache' }
      if (!image) return c.body(null, 304, headers)
      return c.body(image.body, 200, { ...headers, 'content-type': 'image/jpeg', 'content-length': String(image.size) })
    },
  )
  .delete(
    route.one,
    doc({ summary: 'Delete one of your progress photos', status: 204 }),
    requireProfile('client'),
    validate('param', PhotoParam),
    async (c) => {
      await deletePhoto(c.var.db, c.var.photos, c.var.profile, c.req.valid('param').id)
      return c.body(null, 204)
    },
  )
