import { plateSetupOf } from '#shared/schemas/plate-setups.ts'
import { useQuery } from '@tanstack/react-query'
import { Trophy } from 'lucide-react'
import { useEffect } from 'react'
import { useLocation, useParams } from 'react-router'
import { fromKg, type Unit } from '#shared/units.ts'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { formatDuration } from '#client/features/plans/prescription-format.ts'
import { sessionQueries } from '#client/features/sessions/api/session-queries.ts'
import { useReadComments } from '#client/features/sessions/api/use-read-comments.ts'
import { CommentForm, CommentItem, SessionReview } from '#client/features/sessions/components/session-review.tsx'
import { setAnchor } from '#shared/paths.ts'
import { SessionCorrection } from '#client/features/sessions/components/session-correction.tsx'
import { formatWhen } from '#client/features/sessions/correction-format.ts'
import { sessionText } from '#client/features/sessions/session-text.ts'
import { LoadError } from '#client/components/feedback/load-error.tsx'
import { InstallOffer } from '#client/features/install/components/install-offer.tsx'

const load = (kg: number, unit: Unit) => `${fromKg(kg, unit).toLocaleString()} ${unit}`

/**
 * /summary/{id}: duration, sets, volume, best sets and e1RM, new records, RPE, notes and the coach's
 * comments; for 48 hours after the finish, the lifter corrects it here.
 */
export function SummaryPage() {
  const { id = '' } = useParams()
  const auth = useAuth()
  const report = useQuery(sessionQueries.report(id))
  const myId = auth.status === 'authenticated' ? auth.user.id : null
  useReadComments(id, report.data?.session.comments.filter((c) => c.authorId !== myId).length)
  // Opened from a comment on a set (#set-<id>): that set is scrolled to once the review is drawn.
  const { hash } = useLocation()
  const shownSetLogId = hash.startsWith('#set-') ? hash.slice('#set-'.length) : null
  const drawn = Boolean(report.data)
  useEffect(() => {
    if (drawn && shownSetLogId) document.getElementById(setAnchor(shownSetLogId))?.scrollIntoView({ block: 'center' })
  }, [drawn, shownSetLogId])
  if (auth.status !== 'authenticated') return null
  const unit = auth.profile.unit
  if (report.isPending) return <p className="text-muted-foreground">Loading…</p>
  if (report.isError) return <LoadError error={report.error} what="session" />
  const { session, durationSeconds, setsCompleted, setsPrescribed, volumeKg, movements, records, review } = report.data
  const isCoach = auth.profile.role === 'coach' && session.clientId !== auth.user.id
  const isLifter = session.clientId === auth.user.id
  // The server lets only the lifter and their coach comment; anyone else here reads.
  const canComment = isCoach || session.clientId === auth.user.id
  const sessionComments = session.comments.filter(
    (c) => c.setLogId === null || !review.exercises.some((e) => e.sets.some((s) => s.logged?.id === c.setLogId)),
  )

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div>
        <p className="text-sm text-muted-foreground">
          {new Date(session.startedAt).toLocaleDateString(undefined, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
          })}
          {session.planName ? ` · ${session.planName}, week ${session.week} day ${session.day}` : ''}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{session.title}</h1>
        {session.status !== 'completed' && <p className="text-sm text-muted-foreground">Still in progress.</p>}
        {session.correctedAt && (
          <p className="text-sm text-amber-700 dark:text-amber-400">
            {sessionText.correction.sessionCorrected(formatWhen(session.correctedAt))}
          </p>
        )}
      </div>
      <dl aria-label="Session totals" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Duration', durationSeconds !== null ? formatDuration(durationSeconds) : '–'],
          ['Sets', `${setsCompleted} of ${setsPrescribed}`],
          ['Volume', load(volumeKg, unit)],
          ['Session RPE', session.rpe !== null ? String(session.rpe) : '–'],
        ].map(([term, value]) => (
          <div key={term} className="rounded-xl border bg-card p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-lg font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      {records.length > 0 && (
        <section
          aria-label="New personal records"
          className="flex flex-col gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 p-4"
        >
          <h2 className="flex items-center gap-2 font-semibold">
            <Trophy className="size-5" aria-hidden /> New personal records
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {records.map((r) => (
              <li key={`${r.movementId}:${r.kind}:${r.reps ?? ''}`}>
                {r.movementName}:{' '}
                {r.kind === 'e1rm' ? `e1RM ${load(r.valueKg, unit)}` : `${load(r.valueKg, unit)} × ${r.reps}`}
                {r.previousKg !== null ? (
                  <span className="text-muted-foreground"> (was {load(r.previousKg, unit)})</span>
                ) : (
                  <span className="text-muted-foreground"> (first time)</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Movements" className="flex flex-col gap-2">
        <h2 className="font-semibold">Movements</h2>
        <ul className="divide-y rounded-xl border bg-card">
          {movements.map((m) => (
            <li key={m.movementId} className="flex flex-wrap items-baseline justify-between gap-2 p-3 text-sm">
              <span className="font-medium">{m.movementName}</span>
              <span className="text-muted-foreground">
                {m.sets} set{m.sets === 1 ? '' : 's'}
                {m.bestSet ? ` · best ${load(m.bestSet.loadKg, unit)} × ${m.bestSet.reps}` : ''}
                {m.bestE1rmKg ? ` · e1RM ${load(m.bestE1rmKg, unit)}` : ''}
              </span>
            </li>
          ))}
          {movements.length === 0 && <li className="p-3 text-sm text-muted-foreground">No sets logged.</li>}
        </ul>
      </section>

      {session.notes && (
        <section aria-label="Notes">
          <h2 className="font-semibold">Notes</h2>
          <p className="text-sm whitespace-pre-line">{session.notes}</p>
        </section>
      )}

      {/* A workout logged: the moment to offer the app for the home screen. */}
      {isLifter && session.status === 'completed' && <InstallOffer />}

      {isLifter && session.status === 'completed' && session.completedAt && (
        <SessionCorrection
          userId={auth.user.id}
          sessionId={session.id}
          completedAt={session.completedAt}
          unit={unit}
          plates={plateSetupOf(auth.profile.plateSetups, unit)}
        />
      )}

      <SessionReview
        sessionId={session.id}
        review={review}
        comments={session.comments}
        removedSets={session.removedSets}
        unit={unit}
        canComment={canComment}
        shownSetLogId={shownSetLogId}
      />

      <section aria-label="Comments on the session" className="flex flex-col gap-2">
        <h2 className="font-semibold">Comments on the session</h2>
        {sessionComments.length === 0 && <p className="text-sm text-muted-foreground">No comments yet.</p>}
        {sessionComments.length > 0 && (
          <ul className="flex flex-col gap-2 text-sm">
            {sessionComments.map((c) => (
              <CommentItem key={c.id} comment={c} />
            ))}
          </ul>
        )}
        {canComment && <CommentForm sessionId={session.id} label={isCoach ? 'Your comment' : 'Your reply'} />}
      </section>
    </section>
  )
}
