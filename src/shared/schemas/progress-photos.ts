import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { calendarDate } from './dates.ts'

/**
 * Progress photos: a lifter's photos of a pose on a day, seen by the lifter and their active
 * coach alone (docs/progress-photos.md). The server re-encodes every upload: what it keeps has
 * no EXIF, no location, and two sizes.
 */

export const POSES = ['front', 'side', 'back'] as const
export type Pose = (typeof POSES)[number]
/** What each pose is called on screen. */
export const POSE_NAMES: Record<Pose, string> = { front: 'Front', side: 'Side', back: 'Back' }

/** The sizes the server keeps of each photo: the longest edge in pixels. */
export const PHOTO_SIZES = { display: 1600, thumb: 320 } as const
export type PhotoSize = keyof typeof PHOTO_SIZES
/** The largest file the server takes (a phone's full-size photo is 2-12 MB). */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024
/** The most photos one lifter keeps. */
export const MAX_PHOTOS_PER_LIFTER = 3000
/** One page of the photo list. */
export const PHOTO_PAGE = 60

export const photosApiText = {
  notMultipart: 'Send the photo as multipart/form-data with a file field named "file"',
  noFile: 'Choose a photo to upload',
  fieldTwice: 'Send each field once',
  tooLarge: `A photo must be at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB`,
  notImage: 'This file is not a photo: choose a JPEG, PNG, WebP or AVIF image',
  unreadable:
    'This photo could not be read: it may be damaged, or in a format this server does not read (HEIC: share it as JPEG)',
  tooManyPixels: 'This photo has too many pixels: at most 50 megapixels',
  busy: 'Photos are being processed for others right now: try again in a moment',
  pose: `The pose must be one of ${POSES.join(', ')}`,
  takenOn: 'The date must be a real day (YYYY-MM-DD) from 1900 until tomorrow',
  id: 'The photo id must be a UUID',
  full: `You keep ${MAX_PHOTOS_PER_LIFTER} photos at most: delete some to add more`,
  notFound: 'Photo not found',
  onlyLifter: 'Only the lifter adds or deletes their own photos',
  clientRequired: 'Choose a client: clientId is required for a coach',
  notYourClient: 'Only this lifter and their coach can see their photos',
  idTaken: 'A different photo already has this id',
  cursor: 'before must be the nextBefore of a page of photos',
} as const

const isRealDay = (value: string) => {
  const ms = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value
}
/** Tomorrow in UTC: the latest day anywhere on Earth can be today. */
const latestDay = () => new Date(Date.now() + 86_400_000 + 14 * 3_600_000).toISOString().slice(0, 10)

/** The fields sent with the file (multipart/form-data). `id` makes a repeated upload harmless. */
export const PhotoUploadFields = lazySchema(() =>
  z.object({
    id: z.optional(z.uuid(photosApiText.id)),
    pose: z.enum(POSES, photosApiText.pose),
    takenOn: z
      .string(photosApiText.takenOn)
      .check(
        z.refine(
          (value) =>
            /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDay(value) && value >= '1900-01-01' && value <= latestDay(),
          photosApiText.takenOn,
        ),
      ),
  }),
)
export type PhotoUpload = z.infer<typeof PhotoUploadFields>

export const ProgressPhotoSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    clientId: z.string(),
    pose: z.enum(POSES),
    takenOn: calendarDate('date'),
    width: z.number(),
    height: z.number(),
    createdAt: z.string(),
  }),
)
export type ProgressPhoto = z.infer<typeof ProgressPhotoSchema>

/** Where a page of photos ends: the last photo's day and id, as `YYYY-MM-DD~<id>`. */
export const photoCursor = (photo: Pick<ProgressPhoto, 'takenOn' | 'id'>) => `${photo.takenOn}~${photo.id}`
const CURSOR = /^(\d{4}-\d{2}-\d{2})~([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i
export const parsePhotoCursor = (cursor: string) => {
  const match = CURSOR.exec(cursor)
  return match && isRealDay(match[1] as string) && (match[1] as string) >= '1900-01-01'
    ? { takenOn: match[1] as string, id: match[2] as string }
    : null
}

/** GET /api/progress-photos: newest day first; `before` (a page's `nextBefore`) pages on. */
export const ProgressPhotosQuery = lazySchema(() =>
  z.object({
    clientId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    pose: z.optional(z.enum(POSES, photosApiText.pose)),
    before: z.optional(z.string().check(z.refine((value) => parsePhotoCursor(value) !== null, photosApiText.cursor))),
  }),
)
export type ProgressPhotosQueryInput = z.infer<typeof ProgressPhotosQuery>

export const ProgressPhotosSchema = lazySchema(() =>
  z.object({
    photos: z.array(ProgressPhotoSchema),
    /** The `before` of the next page, or null after the oldest photo. */
    nextBefore: z.nullable(z.string()),
  }),
)
export type ProgressPhotos = z.infer<typeof ProgressPhotosSchema>

export const PhotoParam = lazySchema(() => z.object({ id: z.uuid(photosApiText.notFound) }))
export const PhotoImageParam = lazySchema(() =>
  z.object({ id: z.uuid(photosApiText.notFound), size: z.enum(['display', 'thumb'], photosApiText.notFound) }),
)
