import { resultText } from '#shared/timed-work.ts'
import { MessageSquare } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { Comment, SetLog } from '#shared/schemas/sessions.ts'
import type {
  Deviation,
  ReviewedExercise,
  ReviewedSet,
  SessionReview as Review,
} from '#shared/schemas/session-reports.ts'
import { formatLoad, type Unit } from '#shared/units.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { cn } from '#client/lib/cn.ts'
import { formatDuration, formatPrescribedSet } from '#client/features/plans/prescription-format.ts'
import { useAddComment } from '../api/use-add-comment.ts'
import { describeCorrection, formatWhen } from '../correction-format.ts'
import { setAnchor } from '#shared/paths.ts'
import { sessionText } from '../session-text.ts'
import { SET_TYPE_NAME } from '#shared/set-types.ts'

/** Marks that are news rather than a miss. */
const NEUTRAL: readonly Deviation[] = ['added', 'late', 'warmup']

type Props = {
  sessionId: string
  review: Review
  comments: readonly Comment[]
  /** Sets that counted at the finish and that a correction removed: shown with what they were. */
  removedSets: readonly SetLog[]
  unit: Unit
  /** The coach, or the lifter replying: both may comment on a set. */
  canComment: boolean
  /** The logged set the reader came to see (a comment on it was tapped): marked. */
  shownSetLogId?: string | null
}

/** Every set beside what was prescribed, its deviations and corrections marked, with the comments on it. */
export function SessionReview({ sessionId, review, comments, removedSets, unit, canComment, shownSetLogId }: Props) {
  return (
    <section aria-labelledby="review-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="review-heading" className="font-semibold">
          Set by set
        </h2>
        {review.adherence !== null && (
          <p className="text-sm text-muted-foreground">
            {review.asPrescribed} of {review.prescribed} sets as prescribed ({Math.round(review.adherence * 100)}%)
          </p>
        )}
      </div>
      {review.exercises.length === 0 && <p className="text-sm text-muted-foreground">No exercises in this session.</p>}
      {review.exercises.map((exercise) => (
        <ExerciseReview
          key={exercise.exerciseKey}
          sessionId={sessionId}
          exercise={exercise}
          comments={comments}
          removedSets={removedSets.filter((s) => s.exerciseKey === exercise.exerciseKey)}
          unit={unit}
          canComment={canComment}
          shownSetLogId={shownSetLogId}
        />
      ))}
    </section>
  )
}

function ExerciseReview({
  sessionId,
  exercise,
  comments,
  removedSets,
  unit,
  canComment,
  shownSetLogId,
}: Omit<Props, 'review'> & { exercise: ReviewedExercise }) {
  // A removed set shows on the row it leaves empty; one whose place was taken shows on its own.
  const emptied = (set: ReviewedSet) =>
    set.logged ? undefined : removedSets.find((r) => r.setNumber === set.setNumber)
  const elsewhere = removedSets.filter(
    (r) => !exercise.sets.some((set) => !set.logged && set.setNumber === r.setNumber),
  )
  return (
    <section aria-label={exercise.movementName} className="rounded-xl border bg-card">
      <h3 className="border-b px-3 py-2 font-medium">
        {exercise.movementName}
        {exercise.swappedFrom && (
          <span className="ml-2 text-sm font-normal text-muted-foreground">
            instead of {exercise.swappedFrom.movementName}
            {exercise.swappedFrom.reason ? ` (${exercise.swappedFrom.reason})` : ''}
          </span>
        )}
        {exercise.removed && (
          <span className="ml-2 text-sm font-normal text-destructive">removed during the session</span>
        )}
      </h3>
      {exercise.block && (
        <p className="border-b px-3 py-2 text-sm">
          <span className="text-muted-foreground">{exercise.block.asked}: </span>
          <span className="font-medium">
            {exercise.block.result ? resultText(exercise.block.result) : 'no result logged'}
          </span>
        </p>
      )}
      {exercise.sets.length === 0 && elsewhere.length === 0 ? (
        <p className="p-3 text-sm text-muted-foreground">No sets.</p>
      ) : (
        <ol className="divide-y">
          {exercise.sets.map((set) => (
            <ReviewedSetRow
              key={set.setNumber}
              sessionId={sessionId}
              set={set}
              removed={emptied(set)}
              comments={set.logged ? comments.filter((c) => c.setLogId === set.logged?.id) : []}
              unit={unit}
              canComment={canComment}
              shown={Boolean(set.logged) && set.logged?.id === shownSetLogId}
            />
          ))}
          {elsewhere.map((removed) => (
            <li
              key={removed.id}
              aria-label={`Removed set ${removed.setNumber}`}
              className="flex flex-col gap-1 px-3 py-2 text-sm"
            >
              <span className="font-medium tabular-nums">Set {removed.setNumber}</span>
              <CorrectionNote set={removed} unit={unit} removed />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

type ReviewedSetRowProps = Pick<Props, 'sessionId' | 'comments' | 'unit' | 'canComment'> & {
  set: ReviewedSet
  removed: SetLog | undefined
  shown: boolean
}

function ReviewedSetRow({ sessionId, set, removed, comments, unit, canComment, shown }: ReviewedSetRowProps) {
  const [writing, setWriting] = useState(false)
  const misses = set.deviations.filter((d) => !NEUTRAL.includes(d))
  return (
    <li
      id={set.logged ? setAnchor(set.logged.id) : undefined}
      aria-label={`Set ${set.setNumber}`}
      className={cn('flex scroll-mt-20 flex-col gap-1.5 px-3 py-2 text-sm', shown && 'bg-accent/60')}
    >
      <div className="grid grid-cols-[3.5rem_1fr] gap-x-2 gap-y-0.5">
        <span className="row-span-2 font-medium tabular-nums">Set {set.setNumber}</span>
        <span className="text-muted-foreground">Target: {set.target ? formatTarget(set, unit) : 'none (added)'}</span>
        <span className={cn('tabular-nums', misses.length > 0 && 'font-medium')}>
          Done: {set.logged ? formatDone(set.logged, unit) : 'not done'}
          {set.logged && set.logged.setType !== 'working' && (
            <span className="text-muted-foreground"> · {SET_TYPE_NAME[set.logged.setType]}</span>
          )}
        </span>
      </div>
      {set.logged?.correction && <CorrectionNote set={set.logged} unit={unit} />}
      {removed && <CorrectionNote set={removed} unit={unit} removed />}
      {set.deviations.length > 0 && (
        <ul aria-label={`Set ${set.setNumber} marks`} className="flex flex-wrap gap-1.5">
          {set.deviations.map((d) => (
            <li key={d}>
              <Badge variant={NEUTRAL.includes(d) ? 'outline' : 'alert'}>{sessionText.deviations[d]}</Badge>
            </li>
          ))}
        </ul>
      )}
      {comments.length > 0 && (
        <ul aria-label={`Comments on set ${set.setNumber}`} className="flex flex-col gap-1.5">
          {comments.map((c) => (
            <CommentItem key={c.id} comment={c} />
          ))}
        </ul>
      )}
      {canComment && set.logged && !writing && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => setWriting(true)}
          aria-label={`Comment on set ${set.setNumber}`}
        >
          <MessageSquare aria-hidden /> Comment
        </Button>
      )}
      {writing && set.logged && (
        <CommentForm
          sessionId={sessionId}
          setLogId={set.logged.id}
          label={`Comment on set ${set.setNumber}`}
          onDone={() => setWriting(false)}
        />
      )}
    </li>
  )
}

/** 'Corrected after finishing: was 1000 kg × 5 · 12 Mar 2027, 18:04': what a correction changed, and when. */
function CorrectionNote({ set, unit, removed = false }: { set: SetLog; unit: Unit; removed?: boolean }) {
  if (!set.correction) return null
  return (
    <p className="text-sm text-amber-700 dark:text-amber-400">
      {describeCorrection(set.correction, unit, removed)}{' '}
      <span className="text-muted-foreground">· {formatWhen(set.correction.at)}</span>
    </p>
  )
}

export function CommentItem({ comment }: { comment: Comment }) {
  return (
    <li className="rounded-lg bg-muted/50 px-3 py-2">
      <p className="text-xs text-muted-foreground">
        {comment.authorName} ·{' '}
        {new Date(comment.createdAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}
      </p>
      <p className="whitespace-pre-line">{comment.body}</p>
    </li>
  )
}

/** A comment on the session (no set) or on one set. */
export function CommentForm({
  sessionId,
  setLogId = null,
  label,
  onDone,
}: {
  sessionId: string
  setLogId?: string | null
  label: string
  onDone?: () => void
}) {
  const addComment = useAddComment(sessionId)
  const [body, setBody] = useState('')
  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (!body.trim()) return
    addComment.mutate(
      { body, setLogId },
      {
        onSuccess: () => {
          setBody('')
          onDone?.()
        },
      },
    )
  }
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2">
      <Field label={label}>
        {(control) => (
          <Textarea {...control} rows={2} maxLength={2000} value={body} onChange={(e) => setBody(e.target.value)} />
        )}
      </Field>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={addComment.isPending || !body.trim()}>
          {addComment.isPending ? 'Adding…' : 'Add comment'}
        </Button>
        {onDone && (
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}

function formatTarget(set: ReviewedSet, unit: Unit): string {
  const text = set.target ? formatPrescribedSet(set.target, unit) : ''
  // A %1RM target also reads as the kg it meant on the day.
  return set.target?.load?.kind === 'percent_1rm' && set.targetLoadKg !== null
    ? `${text} (${formatLoad(set.targetLoadKg, unit)})`
    : text
}

function formatDone(logged: NonNullable<ReviewedSet['logged']>, unit: Unit): string {
  const parts: string[] = []
  if (logged.reps !== null) parts.push(`${logged.reps} reps`)
  if (logged.loadKg !== null) parts.push(`× ${formatLoad(logged.loadKg, unit)}`)
  if (logged.distanceMeters !== null) parts.push(`${logged.distanceMeters} m`)
  if (logged.durationSeconds !== null)
    parts.push(
      logged.distanceMeters !== null
        ? `in ${formatDuration(logged.durationSeconds)}`
        : formatDuration(logged.durationSeconds),
    )
  if (logged.rpe !== null) parts.push(`@ RPE ${logged.rpe}`)
  return parts.join(' ') || 'done'
}
