import PQueue from 'p-queue'
import sharp from 'sharp'
import { PHOTO_SIZES, photosApiText, type PhotoSize } from '#shared/schemas/progress-photos.ts'
import { AppError } from '#server/lib/app-error.ts'

/*
 * Every upload is decoded and encoded again as a new JPEG (docs/progress-photos.md#what-is-kept):
 * nothing of the file but its pixels survives, so no EXIF, no location, no camera serial, no
 * embedded thumbnail of what was cropped out. The pixels are turned upright first (phones store
 * them sideways and say so in EXIF, which is dropped).
 *
 * sharp does the work on libuv's threads, never on the event loop, so other requests go on while
 * a photo is processed. One photo at a time per server: a phone photo takes 0.2-0.5 s of one
 * core here, and the other core stays for the rest of the app. A few more wait their turn; beyond
 * them the upload is refused with 503, and the app tries again.
 */

const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif'])
const MAX_PIXELS = 50_000_000
const WAITING_MAX = 8

sharp.cache(false)
sharp.concurrency(1)
const queue = new PQueue({ concurrency: 1 })

export type ProcessedPhoto = { images: Record<PhotoSize, Buffer>; width: number; height: number }

/** The display size and the thumbnail of an uploaded image, or a 4xx saying why it is not one. */
export async function processPhoto(input: Uint8Array): Promise<ProcessedPhoto> {
  if (queue.size >= WAITING_MAX)
    throw new AppError('UNAVAILABLE', { message: photosApiText.busy, expose: true, retryAfterSeconds: 5 })
  return queue.add(() => encode(input))
}

async function encode(input: Uint8Array): Promise<ProcessedPhoto> {
  const meta = await sharp(input)
    .metadata()
    .catch(() => {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: photosApiText.notImage })
    })
  if (!meta.format || !FORMATS.has(meta.format))
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: photosApiText.notImage })
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_PIXELS)
    throw new AppError('PAYLOAD_TOO_LARGE', { message: photosApiText.tooManyPixels })
  try {
    const upright = sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate()
    const display = await upright
      .clone()
      .resize(PHOTO_SIZES.display, PHOTO_SIZES.display, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, progressive: true })
      .toBuffer({ resolveWithObject: true })
    const thumb = await sharp(display.data)
      .resize(PHOTO_SIZES.thumb, PHOTO_SIZES.thumb, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78 })
      .toBuffer()
    return { images: { display: display.data, thumb }, width: display.info.width, height: display.info.height }
  } catch {
    // A file that says it is an image but whose pixels do not decode (cut short, damaged, or a
    // HEIC that this build of libvips cannot read).
    throw new AppError('VALIDATION_FAILED', {
      message: photosApiText.unreadable,
      fields: { file: [photosApiText.unreadable] },
    })
  }
}
