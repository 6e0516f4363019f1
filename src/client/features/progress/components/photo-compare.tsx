import { useId, useState } from 'react'
import { POSE_NAMES, POSES, type ProgressPhoto } from '#shared/schemas/progress-photos.ts'
import { Field } from '#client/components/ui/field.tsx'
import { NativeSelect } from '#client/components/ui/input.tsx'
import { photoSrc } from '../api/photo-queries.ts'
import { longDate } from '../format.ts'

type Pose = ProgressPhoto['pose']

export const poseLabel = (pose: Pose) => POSE_NAMES[pose]
/** What a photo shows, for its alt text and the buttons about it: "Front, 20 November 2026". */
export const photoAlt = (photo: Pick<ProgressPhoto, 'pose' | 'takenOn'>) =>
  `${poseLabel(photo.pose)}, ${longDate(photo.takenOn)}`

/**
 * Two days of one pose side by side: the first and the latest photo of the pose unless others
 * are chosen. `photos` are the ones loaded, newest first.
 */
export function PhotoCompare({ photos, initialPose }: { photos: readonly ProgressPhoto[]; initialPose?: Pose }) {
  const poses = POSES.filter((pose) => photos.some((p) => p.pose === pose))
  const [chosenPose, setPose] = useState<Pose | undefined>(initialPose)
  const pose = chosenPose && poses.includes(chosenPose) ? chosenPose : poses[0]
  const ofPose = photos.filter((p) => p.pose === pose)
  const [chosen, setChosen] = useState<{ before?: string; after?: string }>({})
  const headingId = useId()
  if (!pose || ofPose.length === 0) return null
  const find = (id: string | undefined) => ofPose.find((p) => p.id === id)
  const before = find(chosen.before) ?? ofPose.at(-1)
  const after = find(chosen.after) ?? ofPose[0]
  const option = (p: ProgressPhoto) => (
    <option key={p.id} value={p.id}>
      {longDate(p.takenOn)}
    </option>
  )
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-sm font-semibold">
        Compare two days
      </h3>
      <div className="grid grid-cols-3 gap-2">
        <Field label="Pose">
          {(control) => (
            <NativeSelect
              {...control}
              value={pose}
              onChange={(e) => {
                setPose(e.target.value as Pose)
                setChosen({})
              }}
            >
              {poses.map((p) => (
                <option key={p} value={p}>
                  {poseLabel(p)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Earlier day">
          {(control) => (
            <NativeSelect
              {...control}
              value={before?.id}
              onChange={(e) => setChosen((c) => ({ ...c, before: e.target.value }))}
            >
              {ofPose.map(option)}
            </NativeSelect>
          )}
        </Field>
        <Field label="Later day">
          {(control) => (
            <NativeSelect
              {...control}
              value={after?.id}
              onChange={(e) => setChosen((c) => ({ ...c, after: e.target.value }))}
            >
              {ofPose.map(option)}
            </NativeSelect>
          )}
        </Field>
      </div>
      <div className="grid grid-cols-2 gap-2">
        {[before, after].map((photo, i) =>
          photo ? (
            <figure key={`${i}-${photo.id}`} className="flex flex-col gap-1">
              <img
                src={photoSrc(photo.id, 'display')}
                alt={photoAlt(photo)}
                width={photo.width}
                height={photo.height}
                className="aspect-[3/4] w-full rounded-md border bg-muted object-contain"
              />
              <figcaption className="text-center text-xs text-muted-foreground">{longDate(photo.takenOn)}</figcaption>
            </figure>
          ) : null,
        )}
      </div>
    </section>
  )
}
