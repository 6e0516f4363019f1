import { Readable } from 'node:stream'
import yazl from 'yazl'
import type { Db } from '#server/db/client.ts'
import type { PhotoStore } from '#server/features/photos/photos.service.ts'
import { photoKey } from '#server/features/photos/photos.service.ts'
import type { Logger } from '#server/lib/logger.ts'
import { photoFileName, photoRows } from './export-between-sessions.ts'
import type { ExportSubject } from './export-reads.ts'

/**
 * The lifter's progress photos as a zip of JPEGs (the display size, as kept), named by day, pose
 * and id as the JSON export's `progressPhotos` name them. Stored, not compressed (a JPEG does not
 * shrink), and streamed: each image is read from the photo storage only when the zip reaches it,
 * so the server holds one at a time however many there are.
 */
export function photosZip(
  db: Db,
  store: PhotoStore,
  subject: ExportSubject,
  logger: Logger,
): ReadableStream<Uint8Array> {
  const zip = new yazl.ZipFile()
  void (async () => {
    try {
      for await (const photo of photoRows(db, subject.userId)) {
        zip.addReadStreamLazy(photoFileName(photo), { compress: false, mtime: photo.createdAt }, (done) => {
          store
            .get(photoKey(subject.userId, photo.id, 'display'))
            .then((image) =>
              // A photo deleted while the zip is made leaves an empty file in its place.
              done(null, image ? Readable.fromWeb(image.body as never) : Readable.from([])),
            )
            .catch((error: unknown) => done(error, Readable.from([])))
        })
      }
      zip.end()
    } catch (error) {
      logger.error({ err: error }, 'photo export failed')
      zip.outputStream.emit('error', error)
    }
  })()
  return Readable.toWeb(zip.outputStream as Readable) as ReadableStream<Uint8Array>
}
