import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { ImagePlus, Trash2 } from 'lucide-react'
import { useId, useMemo, useState, type ChangeEvent } from 'react'
import { apiPaths } from '#shared/api-paths.ts'
import { POSES, type ProgressPhoto } from '#shared/schemas/progress-photos.ts'
import { BlobImage } from '#client/components/ui/blob-image.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Input, NativeSelect } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { apiRequest } from '#client/lib/api-client.ts'
import { localToday } from '#client/lib/dates.ts'
import { photoQueries, photoSrc } from '../api/photo-queries.ts'
import { addPhoto, preparePhoto, removeWaitingPhoto, useWaitingPhotos } from '../api/photo-uploads.ts'
import { longDate } from '../format.ts'
import { PhotoCompare, photoAlt, poseLabel } from './photo-compare.tsx'

type Pose = ProgressPhoto['pose']

/**
 * Progress photos: the lifter adds one (taken or chosen on the phone, kept on the device until
 * there is a signal), compares two days of a pose side by side, and pages back through the rest;
 * a coach sees the same, read-only.
 */
export function PhotosSection({ clientId, userId }: { clientId?: string; userId?: string }) {
  const photos = useInfiniteQuery(photoQueries.list(clientId))
  const headingId = useId()
  const all = useMemo(() => photos.data?.pages.flatMap((page) => page.photos) ?? [], [photos.data])
  const byDay = useMemo(() => {
    const days = new Map<string, ProgressPhoto[]>()
    for (const photo of all) days.set(photo.takenOn, [...(days.get(photo.takenOn) ?? []), photo])
    return [...days]
  }, [all])
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border bg-card p-4">
      <h2 id={headingId} className="font-semibold">
        Progress photos
      </h2>
      {userId && <AddPhoto userId={userId} />}
      {photos.isPending ? (
        <p className="text-sm text-muted-foreground">Loading photos…</p>
      ) : photos.isError ? (
        <p role="alert">The photos could not be loaded.</p>
      ) : all.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {userId ? 'No photos yet. Add one of each pose now and then to see the change.' : 'No photos yet.'}
        </p>
      ) : (
        <>
          <PhotoCompare photos={all} />
          <div className="flex flex-col gap-3">
            <h3 className="text-sm font-semibold">All photos</h3>
            <ul className="flex flex-col gap-3">
              {byDay.map(([day, ofDay]) => (
                <li key={day} className="flex flex-col gap-1.5">
                  <p className="text-sm text-muted-foreground">{longDate(day)}</p>
                  <ul className="flex flex-wrap gap-2">
                    {ofDay.map((photo) => (
                      <li key={photo.id} className="relative">
                        <a href={photoSrc(photo.id, 'display')} target="_blank" rel="noreferrer">
                          <img
                            src={photoSrc(photo.id, 'thumb')}
                            alt={photoAlt(photo)}
                            width={photo.width}
                            height={photo.height}
                            loading="lazy"
                            className="h-28 w-auto rounded-md border object-cover"
                          />
                        </a>
                        {userId && <DeletePhoto photo={photo} />}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
            {photos.hasNextPage && (
              <Button
                variant="outline"
                className="self-start"
                disabled={photos.isFetchingNextPage}
                onClick={() => void photos.fetchNextPage()}
              >
                {photos.isFetchingNextPage ? 'Loading…' : 'Older photos'}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  )
}

/** The pose, the day and the picture: taken with the camera or chosen from the phone's photos. */
function AddPhoto({ userId }: { userId: string }) {
  const [pose, setPose] = useState<Pose>('front')
  const [takenOn, setTakenOn] = useState(localToday)
  const [busy, setBusy] = useState(false)
  const fileId = useId()
  const waiting = useWaitingPhotos(userId)

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    if (!file) return
    setBusy(true)
    try {
      await addPhoto(userId, { id: crypto.randomUUID(), pose, takenOn, image: await preparePhoto(file) })
    } finally {
      setBusy(false)
      input.value = ''
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Pose" className="w-32">
          {(control) => (
            <NativeSelect {...control} value={pose} onChange={(e) => setPose(e.target.value as Pose)}>
              {POSES.map((p) => (
                <option key={p} value={p}>
                  {poseLabel(p)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Day" className="w-44">
          {(control) => (
            <Input
              {...control}
              type="date"
              max={localToday()}
              value={takenOn}
              onChange={(e) => setTakenOn(e.target.value || localToday())}
            />
          )}
        </Field>
        <Label
          htmlFor={fileId}
          className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
        >
          <ImagePlus className="size-4" aria-hidden />
          {busy ? 'Adding…' : 'Add a photo'}
          <input
            id={fileId}
            type="file"
            accept="image/*"
            className="sr-only"
            disabled={busy}
            onChange={(e) => void choose(e)}
          />
        </Label>
      </div>
      {waiting.length > 0 && (
        <ul aria-label="Photos waiting to be sent" className="flex flex-wrap gap-2">
          {waiting.map(({ payload, refused }) => (
            <li key={payload.id} className="flex flex-col gap-1 text-xs">
              <BlobImage
                blob={payload.image}
                alt={photoAlt(payload)}
                className="h-28 w-auto rounded-md border object-cover"
              />
              {refused ? (
                <>
                  <span role="alert" className="max-w-36 text-destructive">
                    Not saved: {refused.message}
                  </span>
                  <Button variant="outline" size="sm" onClick={() => void removeWaitingPhoto(userId, payload.id)}>
                    Remove
                  </Button>
                </>
              ) : (
                <span className="text-muted-foreground">Waiting for a signal</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

function DeletePhoto({ photo }: { photo: ProgressPhoto }) {
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: () => apiRequest(apiPaths.progressPhotos.one(photo.id), { method: 'DELETE' }),
    meta: { errorTitle: 'Could not delete the photo' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: photoQueries.all() }),
  })
  return (
    <Button
      variant="secondary"
      size="icon"
      className="absolute top-1 right-1 size-8"
      aria-label={`Delete ${photoAlt(photo)}`}
      disabled={remove.isPending}
      onClick={() => {
        if (window.confirm(`Delete the ${poseLabel(photo.pose).toLowerCase()} photo of ${longDate(photo.takenOn)}?`))
          remove.mutate()
      }}
    >
      <Trash2 aria-hidden />
    </Button>
  )
}
