import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { apiPaths } from '#shared/api-paths.ts'
import { PHOTO_SIZES, type ProgressPhoto } from '#shared/schemas/progress-photos.ts'
import { ProgressPhotoSchema } from '#shared/schemas/progress-photos.ts'
import { apiUpload } from '#client/lib/api-client.ts'
import { notify } from '#client/lib/notify.ts'
import {
  enqueue,
  registerQueueHandler,
  removeQueued,
  useQueuedItems,
  type QueueItem,
} from '#client/lib/offline-queue/queue.ts'
import { photoQueries } from './photo-queries.ts'

/**
 * A progress photo on its way to the server through the offline queue (docs/offline-queue.md):
 * the image is in IndexedDB until the server has it, so a photo taken in a gym with no signal is
 * sent once there is one. Its id is made here, so a send whose answer was lost is kept once.
 */
export type WaitingPhoto = Pick<ProgressPhoto, 'id' | 'pose' | 'takenOn'> & { image: Blob }

const PHOTO_KIND = 'progress-photo'
/** The longest edge the app sends: a little above the server's display size, so nothing is lost. */
const SENT_EDGE = Math.round(PHOTO_SIZES.display * 1.25)

/**
 * The photo as the app sends it: drawn upright at most 2000 px on a side and encoded as JPEG. A
 * phone's 4-12 MB photo becomes a few hundred KB for a gym's signal, and a HEIC photo the phone
 * can read becomes one the server can. What the browser cannot read goes as it is (the server
 * says why it refuses it).
 */
export async function preparePhoto(file: File): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
    const scale = Math.min(1, SENT_EDGE / Math.max(bitmap.width, bitmap.height))
    const canvas = document.createElement('canvas')
    canvas.width = Math.round(bitmap.width * scale)
    canvas.height = Math.round(bitmap.height * scale)
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
    bitmap.close()
    const jpeg = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.9))
    return jpeg ?? file
  } catch {
    return file
  }
}

/** Keeps the photo on the device and sends it when it can. */
export function addPhoto(userId: string, photo: WaitingPhoto): Promise<void> {
  return enqueue(userId, PHOTO_KIND, photo.id, photo)
}

/** Drops a photo the server refused (the lifter chose to). */
export function removeWaitingPhoto(userId: string, id: string): Promise<void> {
  return removeQueued(userId, PHOTO_KIND, id)
}

/** The photos still on this device, oldest first, with the server's reason for any it refused. */
export function useWaitingPhotos(userId: string): readonly QueueItem<WaitingPhoto>[] {
  const items = useQueuedItems(userId)
  return useMemo(() => items.filter((item): item is QueueItem<WaitingPhoto> => item.kind === PHOTO_KIND), [items])
}

/** Sends waiting photos from whatever screen is open; the photo lists are read again once one lands. */
export function usePhotoUploads(): void {
  const queryClient = useQueryClient()
  useEffect(
    () =>
      registerQueueHandler<WaitingPhoto>(PHOTO_KIND, {
        send: async ({ payload }, signal) => {
          const form = new FormData()
          form.set('id', payload.id)
          form.set('pose', payload.pose)
          form.set('takenOn', payload.takenOn)
          form.set('file', payload.image, `${payload.id}.jpg`)
          return ProgressPhotoSchema.parse(
            await (await apiUpload(apiPaths.progressPhotos.add, form, { signal })).json(),
          )
        },
        sent: () => void queryClient.invalidateQueries({ queryKey: photoQueries.all() }),
        refused: (_item, refusal) => notify.error({ title: 'Photo not saved', description: refusal.message }),
      }),
    [queryClient],
  )
}
