/* A lifter's progress photos: adding one (processed, then stored), listing, reading and deleting. */
import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import {
  MAX_PHOTOS_PER_LIFTER,
  PHOTO_PAGE,
  PHOTO_SIZES,
  parsePhotoCursor,
  photoCursor,
  photosApiText,
  type PhotoSize,
  type PhotoUpload,
  type ProgressPhoto,
  type ProgressPhotos,
  type ProgressPhotosQueryInput,
} from '#shared/schemas/progress-photos.ts'
import type { Actor } from '#server/access/actor.ts'
import { clientOfRequest, canReadClient } from '#server/access/coaching.ts'
import type { Db } from '#server/db/client.ts'
import { progressPhotos } from '#server/db/schema/index.ts'
import { AppError } from '#server/lib/app-error.ts'
import { processPhoto } from './photo-image.ts'
import { photoKey, type PhotoStore } from './photo-store.ts'

export type { PhotoStore } from './photo-store.ts'
export { createPhotoStore, photoKey } from './photo-store.ts'

const SIZES = Object.keys(PHOTO_SIZES) as PhotoSize[]
const keysOf = (photo: { clientId: string; id: string }) =>
  SIZES.map((size) => photoKey(photo.clientId, photo.id, size))

const columns = {
  id: progressPhotos.id,
  clientId: progressPhotos.clientId,
  pose: progressPhotos.pose,
  takenOn: progressPhotos.takenOn,
  width: progressPhotos.width,
  height: progressPhotos.height,
  createdAt: progressPhotos.createdAt,
}
const toPhoto = (row: Omit<ProgressPhoto, 'createdAt'> & { createdAt: Date }): ProgressPhoto => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

async function photoById(db: Db, id: string) {
  const [row] = await db.select(columns).from(progressPhotos).where(eq(progressPhotos.id, id))
  return row ? toPhoto(row) : null
}

/**
 * Adds a photo of the lifter's. Sent again with the same id (an answer lost on the way), it
 * answers the photo already kept and stores nothing twice. The files are stored before the row,
 * so a row never names an image that is not there; a row that cannot be written takes its files
 * with it, and only a server stopped between the two leaves files that no row names.
 */
export async function addPhoto(
  db: Db,
  store: PhotoStore,
  actor: Actor,
  fields: PhotoUpload,
  file: Uint8Array,
): Promise<{ photo: ProgressPhoto; created: boolean }> {
  if (actor.role !== 'client') throw new AppError('FORBIDDEN', { message: photosApiText.onlyLifter })
  const earlier = fields.id ? await photoById(db, fields.id) : null
  if (earlier) return { photo: sameOwner(earlier, actor), created: false }
  const [kept] = await db.select({ n: count() }).from(progressPhotos).where(eq(progressPhotos.clientId, actor.id))
  if ((kept?.n ?? 0) >= MAX_PHOTOS_PER_LIFTER) throw new AppError('CONFLICT', { message: photosApiText.full })

  const processed = await processPhoto(file)
  const id = fields.id ?? randomUUID()
  const keys = SIZES.map((size) => photoKey(actor.id, id, size))
  await Promise.all(SIZES.map((size, i) => store.put(keys[i] as string, processed.images[size])))
  // A row that cannot be written (the account deleted meanwhile) leaves no files behind.
  const [row] = await db
    .insert(progressPhotos)
    .values({
      id,
      clientId: actor.id,
      pose: fields.pose,
      takenOn: fields.takenOn,
      width: processed.width,
      height: processed.height,
      bytes: processed.images.display.length + processed.images.thumb.length,
    })
    .onConflictDoNothing({ target: progressPhotos.id })
    .returning(columns)
    .catch(async (error: unknown) => {
      await store.remove(keys).catch(() => undefined)
      throw error
    })
  if (row) return { photo: toPhoto(row), created: true }
  // The same upload, twice at once: the other one stored the row (with the same files).
  const other = await photoById(db, id)
  if (!other) throw new AppError('CONFLICT', { message: photosApiText.idTaken })
  return { photo: sameOwner(other, actor), created: false }
}

function sameOwner(photo: ProgressPhoto, actor: Actor): ProgressPhoto {
  if (photo.clientId !== actor.id) throw new AppError('CONFLICT', { message: photosApiText.idTaken })
  return photo
}

const lifterOf = (db: Db, actor: Actor, clientId: string | undefined) =>
  clientOfRequest(db, actor, clientId, photosApiText)

/** A page of the lifter's photos, newest day first. */
export async function listPhotos(db: Db, actor: Actor, query: ProgressPhotosQueryInput): Promise<ProgressPhotos> {
  const lifterId = await lifterOf(db, actor, query.clientId)
  const cursor = query.before ? parsePhotoCursor(query.before) : null
  const rows = await db
    .select(columns)
    .from(progressPhotos)
    .where(
      and(
        eq(progressPhotos.clientId, lifterId),
        query.pose ? eq(progressPhotos.pose, query.pose) : undefined,
        cursor
          ? sql`(${progressPhotos.takenOn}, ${progressPhotos.id}) < (${cursor.takenOn}::date, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(progressPhotos.takenOn), desc(progressPhotos.id))
    .limit(PHOTO_PAGE + 1)
  const photos = rows.slice(0, PHOTO_PAGE).map(toPhoto)
  const last = photos.at(-1)
  return { photos, nextBefore: rows.length > PHOTO_PAGE && last ? photoCursor(last) : null }
}

/**
 * One size of a photo, for its lifter and their active coach alone, asked again on every view: a
 * browser that has it already (`cached`, its ETag matched) is told so without the bytes.
 */
export async function readPhoto(db: Db, store: PhotoStore, actor: Actor, id: string, size: PhotoSize, cached: boolean) {
  const photo = await photoById(db, id)
  if (!photo) throw new AppError('NOT_FOUND', { message: photosApiText.notFound })
  if (!(await canReadClient(db, actor, photo.clientId)))
    throw new AppError('FORBIDDEN', { message: photosApiText.notYourClient })
  if (cached) return null
  const image = await store.get(photoKey(photo.clientId, photo.id, size))
  if (!image) throw new AppError('NOT_FOUND', { message: photosApiText.notFound })
  return image
}

/** Deletes a photo of the lifter's own: the row first, then its files. */
export async function deletePhoto(db: Db, store: PhotoStore, actor: Actor, id: string): Promise<void> {
  const photo = await photoById(db, id)
  if (!photo) throw new AppError('NOT_FOUND', { message: photosApiText.notFound })
  if (photo.clientId !== actor.id) throw new AppError('FORBIDDEN', { message: photosApiText.onlyLifter })
  const [row] = await db
    .delete(progressPhotos)
    .where(and(eq(progressPhotos.id, id), eq(progressPhotos.clientId, actor.id)))
    .returning({ id: progressPhotos.id, clientId: progressPhotos.clientId })
  if (!row) throw new AppError('NOT_FOUND', { message: photosApiText.notFound })
  await store.remove(keysOf(row))
}
