import { useState, type FormEvent } from 'react'
import {
  COMMENT_MAX,
  type Answer,
  type CheckIn,
  type CheckInDetail,
  type PhotoAnswer,
  type Question,
} from '#shared/schemas/check-ins.ts'
import { POSE_NAMES, POSES } from '#shared/schemas/progress-photos.ts'
import { fromKg, type Unit } from '#shared/units.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { NativeSelect } from '#client/components/ui/input.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { photoSrc } from '#client/features/progress/api/photo-queries.ts'
import { notify } from '#client/lib/notify.ts'
import { useAddComment } from '../api/check-in-queries.ts'
import { checkInsText } from '../check-ins-text.ts'

/** A date (YYYY-MM-DD) as 'Fri 27 Nov 2026'. */
export const dayText = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })

/** An answer as words: '4 of 5', '81.4 kg', 'Yes'. */
function answerText(question: Question, answer: Answer | undefined, unit: Unit): string {
  if (answer === undefined) return '—'
  switch (question.kind) {
    case 'scale':
      return checkInsText.scaleValue(answer as number)
    case 'bodyWeight':
      return `${fromKg(answer as number, unit)} ${unit}`
    case 'number':
      return `${(answer as number).toLocaleString()}${question.unit ? ` ${question.unit}` : ''}`
    case 'yesNo':
      return answer ? checkInsText.yes : checkInsText.no
    default:
      return String(answer)
  }
}

const NUMERIC = new Set(['scale', 'number', 'bodyWeight'])

/**
 * A check-in read by its coach or its client: each answer (with the earlier answers of its
 * schedule, oldest first, for a number), its photos beside an earlier check-in's, and the comments.
 */
export function CheckInView({
  checkIn,
  earlier = [],
  unit,
  headingLevel = 3,
}: {
  checkIn: CheckIn
  earlier?: CheckInDetail['earlier']
  unit: Unit
  headingLevel?: 2 | 3
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const withPhotos = earlier.filter((e) =>
    checkIn.questions.some((q) => q.kind === 'photos' && e.answers[q.id] && typeof e.answers[q.id] === 'object'),
  )
  const [chosen, setCompareWith] = useState<string>()
  // The latest earlier check-in with photos, until another is chosen (the earlier ones may arrive after).
  const other = withPhotos.find((e) => e.id === chosen) ?? withPhotos[0]
  const compareWith = other?.id
  return (
    <article aria-label={`${checkIn.name}, ${dayText(checkIn.dueOn)}`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <Heading className="font-semibold">
          {checkIn.name} · {dayText(checkIn.dueOn)}
        </Heading>
        {checkIn.late && <Badge variant="outline">{checkInsText.late}</Badge>}
      </div>
      <dl className="flex flex-col gap-3">
        {checkIn.questions.map((question) => {
          const answer = checkIn.answers[question.id]
          if (question.kind === 'photos') {
            const photos = (answer ?? {}) as PhotoAnswer
            const before = (other?.answers[question.id] ?? {}) as PhotoAnswer
            return (
              <div key={question.id} className="flex flex-col gap-2">
                <dt className="text-sm text-muted-foreground">{question.label}</dt>
                <dd className="flex flex-col gap-2">
                  {withPhotos.length > 0 && Object.keys(photos).length > 0 && (
                    <Field label="Compare with" className="max-w-60">
                      {(control) => (
                        <NativeSelect {...control} value={compareWith} onChange={(e) => setCompareWith(e.target.value)}>
                          {withPhotos.map((e) => (
                            <option key={e.id} value={e.id}>
                              {dayText(e.dueOn)}
                            </option>
                          ))}
                        </NativeSelect>
                      )}
                    </Field>
                  )}
                  {Object.keys(photos).length === 0 ? (
                    '—'
                  ) : (
                    <ul className={other ? 'grid max-w-2xl grid-cols-3 gap-2' : 'grid max-w-md grid-cols-3 gap-2'}>
                      {POSES.filter((pose) => photos[pose]).map((pose) => (
                        <li key={pose} className="flex flex-col gap-1">
                          <div className={other ? 'grid grid-cols-2 gap-1' : ''}>
                            {other && before[pose] && (
                              <img
                                src={photoSrc(before[pose], 'thumb')}
                                alt={`${POSE_NAMES[pose]}, ${dayText(other.dueOn)}`}
                                className="aspect-[3/4] w-full rounded-md border object-cover"
                              />
                            )}
                            <a href={photoSrc(photos[pose] as string, 'display')} target="_blank" rel="noreferrer">
                              <img
                                src={photoSrc(photos[pose] as string, 'thumb')}
                                alt={`${POSE_NAMES[pose]}, ${dayText(checkIn.dueOn)}`}
                                className="aspect-[3/4] w-full rounded-md border object-cover"
                              />
                            </a>
                          </div>
                          <span className="text-center text-xs text-muted-foreground">{POSE_NAMES[pose]}</span>
                        </li>
                      ))}
                    </ul>
                  )}
                </dd>
              </div>
            )
          }
          const trend = NUMERIC.has(question.kind)
            ? [...earlier]
                .reverse()
                .flatMap((e) =>
                  typeof e.answers[question.id] === 'number'
                    ? [answerText(question, e.answers[question.id], unit)]
                    : [],
                )
                .slice(-6)
            : []
          return (
            <div key={question.id} className="flex flex-col gap-0.5">
              <dt className="text-sm text-muted-foreground">{question.label}</dt>
              <dd className="break-words whitespace-pre-line">
                <span className="font-medium">{answerText(question, answer, unit)}</span>
                {trend.length > 0 && (
                  <span className="ml-2 text-sm text-muted-foreground">
                    {checkInsText.trend}: {trend.join(' → ')}
                  </span>
                )}
              </dd>
            </div>
          )
        })}
      </dl>
      <Comments checkIn={checkIn} />
    </article>
  )
}

function Comments({ checkIn }: { checkIn: CheckIn }) {
  const add = useAddComment()
  const [body, setBody] = useState('')
  function submit(event: FormEvent) {
    event.preventDefault()
    const text = body.trim()
    if (!text) return
    add.mutate(
      { id: checkIn.id, body: text },
      {
        onSuccess: () => {
          setBody('')
          notify.success({ title: checkInsText.commentSent })
        },
      },
    )
  }
  return (
    <section
      aria-label={`${checkInsText.comments}: ${checkIn.name}, ${dayText(checkIn.dueOn)}`}
      className="flex flex-col gap-2 border-t pt-3"
    >
      {checkIn.comments.length > 0 && (
        <ul className="flex flex-col gap-2">
          {checkIn.comments.map((c) => (
            <li key={c.id} className="rounded-lg bg-muted/60 p-2 text-sm">
              <p className="text-xs text-muted-foreground">{c.authorName}</p>
              <p className="break-words whitespace-pre-line">{c.body}</p>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Field label={checkInsText.commentLabel}>
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              maxLength={COMMENT_MAX}
              value={body}
              onChange={(e) => setBody(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" variant="secondary" className="self-end" disabled={add.isPending || !body.trim()}>
          {checkInsText.comment}
        </Button>
      </form>
    </section>
  )
}
