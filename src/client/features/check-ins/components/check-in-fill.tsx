import { ImagePlus, X } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import {
  LONG_TEXT_MAX,
  NUMBER_MAX,
  SHORT_TEXT_MAX,
  type OpenCheckIns,
  type Question,
} from '#shared/schemas/check-ins.ts'
import { POSE_NAMES, POSES, type Pose } from '#shared/schemas/progress-photos.ts'
import { BODY_WEIGHT_MAX_KG, BODY_WEIGHT_MIN_KG } from '#shared/schemas/progress.ts'
import { toKg, type Unit } from '#shared/units.ts'
import { BlobImage } from '#client/components/ui/blob-image.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { preparePhoto } from '#client/features/progress/api/photo-uploads.ts'
import { cn } from '#client/lib/cn.ts'
import { draftKey, useCheckInDraft, type CheckInDraft } from '../api/check-in-drafts.ts'
import { numberOf, sendCheckIn } from '../api/check-in-sending.ts'
import { checkInsText } from '../check-ins-text.ts'

type OpenCheckIn = OpenCheckIns['open'][number]

/** Why an answer cannot be sent, or undefined when it can. */
function problemOf(question: Question, draft: CheckInDraft, unit: Unit): string | undefined {
  const typed = draft.answers[question.id]
  const photos = Object.keys(draft.photos[question.id] ?? {}).length
  const empty =
    question.kind === 'photos' ? photos === 0 : typed === undefined || (typeof typed === 'string' && !typed.trim())
  if (empty) return question.required ? checkInsText.required : undefined
  if (question.kind === 'number') {
    const value = numberOf(typed)
    if (value === undefined || !Number.isFinite(value) || Math.abs(value) > NUMBER_MAX)
      return checkInsText.numberInvalid
  }
  if (question.kind === 'bodyWeight') {
    const value = numberOf(typed)
    const kg = value === undefined ? Number.NaN : toKg(value, unit)
    if (!(kg >= BODY_WEIGHT_MIN_KG && kg <= BODY_WEIGHT_MAX_KG)) return checkInsText.weightInvalid
  }
  return undefined
}

/**
 * The client fills in an open check-in: every answer is kept on the device as it is given, and
 * the whole check-in is sent through the offline queue, photos first.
 */
export function CheckInFill({
  open,
  userId,
  unit,
  onSent,
}: {
  open: OpenCheckIn
  userId: string
  unit: Unit
  onSent: () => void
}) {
  const { draft, loaded, change } = useCheckInDraft(draftKey(userId, open.scheduleId, open.dueOn))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [sending, setSending] = useState(false)
  const firstError = useRef<HTMLElement | null>(null)
  // An answer given clears what was said about its question.
  const answered = (id: string) =>
    setErrors((found) => {
      const { [id]: _gone, ...rest } = found
      return rest
    })
  const setAnswer = (id: string, value: string | number | boolean) => {
    change((d) => ({ ...d, answers: { ...d.answers, [id]: value } }))
    answered(id)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found = Object.fromEntries(
      open.questions.flatMap((q) => {
        const problem = problemOf(q, draft, unit)
        return problem ? [[q.id, problem]] : []
      }),
    )
    setErrors(found)
    if (Object.keys(found).length) {
      firstError.current = document.getElementById(`question-${Object.keys(found)[0]}`)
      firstError.current?.scrollIntoView({ block: 'center' })
      return
    }
    setSending(true)
    try {
      await sendCheckIn(userId, open, draft, unit)
      onSent()
    } finally {
      setSending(false)
    }
  }

  if (!loaded) return <p className="text-muted-foreground">Loading…</p>
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">{checkInsText.draftKept}</p>
      {open.questions.map((question, index) => (
        <QuestionField
          key={question.id}
          number={index + 1}
          question={question}
          draft={draft}
          unit={unit}
          error={errors[question.id]}
          onAnswer={(value) => setAnswer(question.id, value)}
          onPhotos={(update) => {
            change((d) => ({ ...d, photos: { ...d.photos, [question.id]: update(d.photos[question.id] ?? {}) } }))
            answered(question.id)
          }}
        />
      ))}
      <Button type="submit" size="lg" disabled={sending}>
        {sending ? checkInsText.saving : checkInsText.submit}
      </Button>
    </form>
  )
}

function QuestionField({
  question,
  number,
  draft,
  unit,
  error,
  onAnswer,
  onPhotos,
}: {
  question: Question
  number: number
  draft: CheckInDraft
  unit: Unit
  error: string | undefined
  onAnswer: (value: string | number | boolean) => void
  onPhotos: (update: (photos: Partial<Record<Pose, Blob>>) => Partial<Record<Pose, Blob>>) => void
}) {
  const id = useId()
  const typed = draft.answers[question.id]
  const label = `${question.label}${question.required ? ' (required)' : ''}`
  const errorId = `${id}-error`
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {}
  const choice = (value: number | boolean, text: string) => (
    <label
      key={String(value)}
      className={cn(
        'flex h-12 min-w-12 flex-1 cursor-pointer items-center justify-center rounded-md border text-base font-medium has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50',
        typed === value ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-accent',
      )}
    >
      <input
        type="radio"
        className="sr-only"
        name={question.id}
        checked={typed === value}
        onChange={() => onAnswer(value)}
        {...described}
      />
      {text}
    </label>
  )
  const body = (() => {
    switch (question.kind) {
      case 'scale':
        return <div className="flex gap-2">{[1, 2, 3, 4, 5].map((n) => choice(n, String(n)))}</div>
      case 'yesNo':
        return (
          <div className="flex gap-2">
            {choice(true, checkInsText.yes)}
            {choice(false, checkInsText.no)}
          </div>
        )
      case 'number':
      case 'bodyWeight':
        return (
          <Input
            id={id}
            inputMode="decimal"
            autoComplete="off"
            className="max-w-48"
            value={typeof typed === 'string' || typeof typed === 'number' ? String(typed) : ''}
            onChange={(e) => onAnswer(e.target.value)}
            {...described}
          />
        )
      case 'shortText':
        return (
          <Input
            id={id}
            maxLength={SHORT_TEXT_MAX}
            value={typeof typed === 'string' ? typed : ''}
            onChange={(e) => onAnswer(e.target.value)}
            {...described}
          />
        )
      case 'longText':
        return (
          <Textarea
            id={id}
            rows={4}
            maxLength={LONG_TEXT_MAX}
            value={typeof typed === 'string' ? typed : ''}
            onChange={(e) => onAnswer(e.target.value)}
            {...described}
          />
        )
      case 'photos':
        return <PhotoSlots photos={draft.photos[question.id] ?? {}} onChange={onPhotos} />
    }
  })()
  const unitText = question.kind === 'bodyWeight' ? unit : question.unit
  const grouped = question.kind === 'scale' || question.kind === 'yesNo' || question.kind === 'photos'
  const title = `${number}. ${label}${unitText ? ` (${unitText})` : ''}`
  return grouped ? (
    <fieldset id={`question-${question.id}`} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{title}</legend>
      {body}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  ) : (
    <div id={`question-${question.id}`} className="flex flex-col gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {title}
      </label>
      {body}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/** One slot per pose: take or choose a photo, see it, replace or remove it. */
function PhotoSlots({
  photos,
  onChange,
}: {
  photos: Partial<Record<Pose, Blob>>
  onChange: (update: (photos: Partial<Record<Pose, Blob>>) => Partial<Record<Pose, Blob>>) => void
}) {
  const base = useId()
  return (
    <div className="grid grid-cols-3 gap-2">
      {POSES.map((pose) => {
        const image = photos[pose]
        const inputId = `${base}-${pose}`
        return (
          <div key={pose} className="flex flex-col gap-1">
            <label
              htmlFor={inputId}
              className="relative flex aspect-[3/4] cursor-pointer flex-col items-center justify-center gap-1 overflow-hidden rounded-md border border-dashed bg-muted/40 text-xs text-muted-foreground has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50"
            >
              {image ? (
                <BlobImage blob={image} alt={POSE_NAMES[pose]} className="absolute inset-0 size-full object-cover" />
              ) : (
                <ImagePlus className="size-6" aria-hidden />
              )}
              <span className={cn(image && 'sr-only')}>
                {image ? checkInsText.replacePhoto(POSE_NAMES[pose]) : checkInsText.addPhoto(POSE_NAMES[pose])}
              </span>
              <input
                id={inputId}
                type="file"
                accept="image/*"
                className="sr-only"
                onChange={(e) => {
                  const input = e.currentTarget
                  const file = input.files?.[0]
                  if (!file) return
                  void preparePhoto(file).then((prepared) => {
                    onChange((now) => ({ ...now, [pose]: prepared }))
                    input.value = ''
                  })
                }}
              />
            </label>
            <span className="text-center text-xs">{POSE_NAMES[pose]}</span>
            {image && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={checkInsText.removePhoto(POSE_NAMES[pose])}
                onClick={() =>
                  onChange((now) => {
                    const { [pose]: _gone, ...rest } = now
                    return rest
                  })
                }
              >
                <X aria-hidden />
                Remove
              </Button>
            )}
          </div>
        )
      })}
    </div>
  )
}
