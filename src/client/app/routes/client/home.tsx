import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type CSSProperties } from 'react'
import { Link } from 'react-router'
import { paths } from '#shared/paths.ts'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { SpokenLabel } from '#client/components/ui/spoken-label.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { chatText } from '#client/features/chat/chat-text.ts'
import { useUnreadTotal } from '#client/features/chat/components/unread-messages.tsx'
import { dateText, planDateText } from '#client/features/plans/plan-dates.ts'
import { sessionQueries } from '#client/features/sessions/api/session-queries.ts'
import { BodyWeightForm } from '#client/features/progress/components/body-weight-form.tsx'
import { HabitsToday } from '#client/features/habits/components/habits-today.tsx'
import { habitQueries } from '#client/features/habits/api/habit-queries.ts'
import { CheckInsDue } from '#client/features/check-ins/components/check-ins-due.tsx'
import { PendingBanner } from '#client/features/sessions/components/pending-banner.tsx'
import { UnreadComments } from '#client/features/sessions/components/unread-comments.tsx'
import { sessionText } from '#client/features/sessions/session-text.ts'
import { SessionList } from '#client/features/sessions/components/session-list.tsx'
import { OfflineNote } from '#client/features/sessions/components/offline-note.tsx'
import { OwnPlanNote } from '#client/features/sessions/components/own-plan-note.tsx'
import { PlanDayTile } from '#client/features/sessions/components/plan-day-tile.tsx'
import { isMoved, missedWorkouts, todaysAndNext, trainedOn } from '#client/features/sessions/plan-progress.ts'
import { useActivePlan } from '#client/features/sessions/use-active-plan.ts'
import { useStartSession } from '#client/features/sessions/use-start-session.ts'
import { localToday } from '#client/lib/dates.ts'
import { useOnline } from '#client/lib/online.ts'

// The move dialog (and the dialog library under it) loads once a lifter asks to move a missed
// workout: home's first paint waits for none of it.
const MoveWorkoutDialog = lazy(() =>
  import('#client/features/sessions/components/move-workout-dialog.tsx').then((m) => ({
    default: m.MoveWorkoutDialog,
  })),
)

/** /home: a workout in progress, today's workout by date, the rest of the week, the last sessions and the coach. */
export function HomePage() {
  const auth = useAuth()
  const {
    isPending,
    unreachable,
    plan: data,
    alsoOwn,
    sessions: planSessions,
    sessionsKnown,
    today,
  } = useActivePlan(auth.status === 'authenticated' ? auth.user.id : '')
  const recent = useQuery(sessionQueries.list({ limit: 3 }))
  const coach = useQuery(sessionQueries.coach())
  const comments = useQuery(sessionQueries.unreadComments())
  const habits = useQuery(habitQueries.list())
  const { start, busy } = useStartSession()
  // The missed workout whose 'Move' was tapped: its dialog is open.
  const [moving, setMoving] = useState<ReturnType<typeof missedWorkouts>[number] | null>(null)
  const unread = useUnreadTotal(auth.status === 'authenticated')
  const online = useOnline()
  if (auth.status !== 'authenticated') return null
  // The page paints once its first answers are in (or failed, or wait for a signal), rather than
  // each arrival pushing what is below it down the screen.
  const arriving = (q: { isPending: boolean; fetchStatus: string }) => q.isPending && q.fetchStatus === 'fetching'
  const loading = !unreachable && (isPending || [recent, coach, comments, habits].some(arriving))

  // The newest workout started and not finished: one tap from here, whatever the plan says today.
  const inProgress = recent.data?.find((s) => s.status === 'in_progress')
  const todayDate = localToday()
  const { todays, alsoToday, next } = data
    ? todaysAndNext(data, planSessions, todayDate)
    : { todays: undefined, alsoToday: [], next: undefined }
  const missed = data && sessionsKnown ? missedWorkouts(data, planSessions, todayDate) : []
  const doneToday =
    todays && planSessions.some((s) => s.status === 'completed' && s.week === todays.week && s.day === todays.day)

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Home</h1>
        <p className="text-sm text-muted-foreground">
          Hi, {auth.profile.displayName} ·{' '}
          {new Date().toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}
        </p>
      </div>
      <PendingBanner userId={auth.user.id} />

      <OfflineNote>{unreachable ? sessionText.offlineNoCopy : sessionText.offlineCopy}</OfflineNote>
      {inProgress && (
        <Card role="region" aria-label={sessionText.inProgress.label}>
          <CardHeader>
            <CardDescription>{sessionText.inProgress.started(inProgress.startedAt)}</CardDescription>
            <CardTitle>{inProgress.title}</CardTitle>
          </CardHeader>
          <Button asChild size="lg" className="self-start">
            <Link to={paths.client.session.getHref(inProgress.id)}>{sessionText.inProgress.resume}</Link>
          </Button>
        </Card>
      )}
      {unreachable ? (
        online && <p role="status">{sessionText.planUnreachable}</p>
      ) : loading ? (
        <p className="text-muted-foreground">Loading…</p>
      ) : !data ? (
        <Card>
          <CardHeader>
            <CardTitle>No plan yet</CardTitle>
            <CardDescription>
              Your coach’s invite brings your plan here. Coaching yourself? Build your own plan, or train a workout of
              your own.
            </CardDescription>
          </CardHeader>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to={paths.client.programNew.getHref()}>Build a plan</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.client.workouts.getHref()}>My workouts</Link>
            </Button>
          </div>
        </Card>
      ) : (
        <>
          <Card aria-label="Today">
            <CardHeader>
              <CardDescription>
                {data.name}
                {today ? ` · week ${today.week}${data.deloadWeeks.includes(today.week) ? ' (deload)' : ''}` : ''}
              </CardDescription>
              <CardTitle>
                {!today ? `Starts ${planDateText(data, 1, 1)}` : todays ? todays.title : 'Rest day'}
              </CardTitle>
            </CardHeader>
            {todays ? (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm text-muted-foreground">
                  {todays.exercises.length} exercise{todays.exercises.length === 1 ? '' : 's'}
                  {isMoved(data, todays.week, todays.day)
                    ? ` · ${sessionText.movedFrom(planDateText(data, todays.week, todays.day) ?? '')}`
                    : ''}
                  {doneToday ? ' · done' : ''}
                </span>
                <Button asChild size="lg" className="ml-auto">
                  <Link to={paths.client.workoutPreview.getHref(todays.id)}>
                    {doneToday ? 'See the workout' : 'Preview and start'}
                  </Link>
                </Button>
              </div>
            ) : (
              next && (
                <p className="text-sm">
                  Next:{' '}
                  <Link className="font-medium hover:underline" to={paths.client.workoutPreview.getHref(next.id)}>
                    {next.title}
                  </Link>{' '}
                  on {dateText(trainedOn(data, next.week, next.day) ?? todayDate)}
                </p>
              )
            )}
            {alsoToday.length > 0 && (
              <p className="text-sm">
                {sessionText.alsoToday}:{' '}
                {alsoToday.map((w, i) => (
                  <span key={w.id}>
                    {i > 0 && ', '}
                    <Link className="font-medium hover:underline" to={paths.client.workoutPreview.getHref(w.id)}>
                      {w.title}
                    </Link>
                  </span>
                ))}
              </p>
            )}
          </Card>
          {missed.length > 0 && (
            <section
              aria-label={sessionText.missed.label}
              className="flex flex-col gap-2 rounded-xl border border-destructive/40 bg-card p-4"
            >
              <h2 className="text-sm font-semibold">{sessionText.missed.heading}</h2>
              <p className="text-sm text-muted-foreground">{sessionText.missed.text}</p>
              <ul className="flex flex-col gap-2">
                {missed.map(({ workout, date }) => (
                  <li key={workout.id} className="flex items-center gap-3">
                    <Link
                      to={paths.client.workoutPreview.getHref(workout.id)}
                      className="flex min-w-0 flex-1 flex-col hover:underline"
                    >
                      <span className="truncate font-medium">{workout.title}</span>
                      <span className="text-xs text-muted-foreground">{dateText(date)}</span>
                    </Link>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={sessionText.missed.move(workout.title)}
                      onClick={() => setMoving({ workout, date })}
                    >
                      {sessionText.missed.moveShort}
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {alsoOwn && <OwnPlanNote plan={alsoOwn} />}
          {today && today.week <= data.weeks && (
            <section aria-label="This week" className="flex flex-col gap-2">
              <h2 className="text-sm font-semibold">This week</h2>
              <ol
                className="grid grid-cols-3 gap-2 sm:grid-cols-[repeat(var(--days),minmax(0,1fr))]"
                style={{ '--days': data.daysPerWeek } as CSSProperties}
              >
                {Array.from({ length: data.daysPerWeek }, (_, i) => i + 1).map((day) => (
                  <PlanDayTile
                    key={day}
                    plan={data}
                    sessions={planSessions}
                    week={today.week}
                    day={day}
                    label={(state) => `Day ${day}: ${state}`}
                    className="text-xs"
                  />
                ))}
              </ol>
            </section>
          )}
        </>
      )}

      {!loading && (
        <>
          <UnreadComments title={sessionText.unreadFromCoach} />

          <CheckInsDue userId={auth.user.id} />

          <HabitsToday userId={auth.user.id} />

          <section aria-label="Last sessions" className="flex flex-col gap-2">
            <h2 className="text-sm font-semibold">Last sessions</h2>
            <SessionList
              sessions={recent.data}
              hrefOf={(s) =>
                s.status === 'completed' ? paths.open.summary.getHref(s.id) : paths.client.session.getHref(s.id)
              }
            />
          </section>

          {coach.data?.coach && (
            <Card aria-label="Your coach">
              <CardHeader>
                <CardDescription>Your coach</CardDescription>
                <CardTitle>{coach.data.coach.displayName}</CardTitle>
              </CardHeader>
              <Button asChild variant="outline" className="self-start">
                <Link to={paths.client.chat.getHref()}>
                  <SpokenLabel
                    spoken={unread > 0 ? chatText.messageCoachUnread(unread) : chatText.messageCoach}
                    className="inline-flex items-center gap-2"
                  >
                    {chatText.messageCoach}
                    {unread > 0 && <Badge size="count">{unread}</Badge>}
                  </SpokenLabel>
                </Link>
              </Button>
            </Card>
          )}

          <section aria-label="Body weight" className="flex flex-col gap-2 rounded-xl border bg-card p-4">
            <div className="flex items-center justify-between gap-2">
              <h2 className="text-sm font-semibold">Body weight</h2>
              <Link to={paths.client.progress.getHref()} className="text-sm text-muted-foreground hover:underline">
                See your progress
              </Link>
            </div>
            <BodyWeightForm unit={auth.profile.unit} compact />
          </section>

          <Button
            variant="outline"
            size="lg"
            disabled={busy}
            onClick={() => void start({}, { source: { title: 'Unplanned session', exercises: [] } })}
          >
            Start an unplanned session
          </Button>
        </>
      )}
      {moving && data && (
        <Suspense fallback={null}>
          <MoveWorkoutDialog plan={data} workout={moving.workout} date={moving.date} onClose={() => setMoving(null)} />
        </Suspense>
      )}
    </section>
  )
}
