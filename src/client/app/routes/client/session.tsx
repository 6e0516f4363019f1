import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { paths } from '#shared/paths.ts'
import { plateSetupOf, type PlateSetup } from '#shared/schemas/plate-setups.ts'
import type { SessionExercise } from '#shared/schemas/sessions.ts'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#client/components/ui/dialog.tsx'
import { Field } from '#client/components/ui/field.tsx'
import { NativeSelect } from '#client/components/ui/input.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { useAuth } from '#client/features/auth/auth-context.tsx'
import { AddExercisePicker } from '#client/features/movements/components/movement-picker.tsx'
import { exerciseLabels } from '#client/features/plans/workout-draft.ts'
import { sessionQueries } from '#client/features/sessions/api/session-queries.ts'
import { useDiscardSession } from '#client/features/sessions/api/use-discard-session.ts'
import { useFinishSession } from '#client/features/sessions/api/use-finish-session.ts'
import { ExerciseLogger, focusSet, revealNextSet } from '#client/features/sessions/components/exercise-logger.tsx'
import { PendingBanner } from '#client/features/sessions/components/pending-banner.tsx'
import { REST_BANNER_SPACE, RestTimerBar, useRestTimer } from '#client/features/sessions/components/rest-timer.tsx'
import { usePendingSets } from '#client/features/sessions/offline/sync.ts'
import { useSessionLog } from '#client/features/sessions/offline/use-session-log.ts'
import { nextInSuperset } from '#client/features/sessions/supersets.ts'
import { swapExercise } from '#client/features/sessions/swap-exercise.ts'
import { roundSets } from '#client/features/sessions/timed-sets.ts'
import { BlockTimer } from '#client/features/sessions/components/block-timer.tsx'
import { SwapDialog } from '#client/features/sessions/components/swap-dialog.tsx'
import { isLastOfGroup } from '#client/features/plans/components/workout-view.tsx'
import { blockAt, inTimedBlock, resultText, roundsOf } from '#shared/timed-work.ts'
import { notify } from '#client/lib/notify.ts'
import { sessionText } from '#client/features/sessions/session-text.ts'
import { unloggedSets } from '#client/features/sessions/unlogged-sets.ts'

const RPE_CHOICES = ['6', '6.5', '7', '7.5', '8', '8.5', '9', '9.5', '10'] as const

/** /session/{sessionId}: live logging, one tap a set, written to the device first (works offline). */
export function SessionPage() {
  const { sessionId = '' } = useParams()
  const auth = useAuth()
  if (auth.status !== 'authenticated') return null
  const unit = auth.profile.unit
  return (
    <SessionLogger
      key={sessionId}
      userId={auth.user.id}
      unit={unit}
      plates={plateSetupOf(auth.profile.plateSetups, unit)}
      gym={auth.profile.gym}
      sessionId={sessionId}
    />
  )
}

function elapsed(startedAt: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(startedAt)) / 60_000))
  return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

function SessionLogger({
  userId,
  unit,
  plates,
  gym,
  sessionId,
}: {
  userId: string
  unit: 'kg' | 'lb'
  plates: PlateSetup
  gym: { id: string; name: string; equipment: readonly string[] } | null
  sessionId: string
}) {
  const log = useSessionLog(userId, sessionId)
  const navigate = useNavigate()
  const rest = useRestTimer()
  const { refused } = usePendingSets(userId, sessionId)
  // A set the server refused is not logged: no rest after it.
  const refusedCount = refused.size
  const { stop: stopRest } = rest
  useEffect(() => {
    if (refusedCount > 0) stopRest()
  }, [refusedCount, stopRest])
  const [now, setNow] = useState(() => Date.now())
  const [rpe, setRpe] = useState('')
  const finishing = useFinishSession(userId, sessionId)
  const discarding = useDiscardSession(sessionId)
  // A discarded session stays busy until home opens.
  const busy = finishing.isPending || discarding.isPending || discarding.isSuccess
  const movementIds = [
    ...new Set(log.session?.exercises.flatMap((e) => [e.movementId, e.oneRepMaxMovementId ?? e.movementId]) ?? []),
  ]
  const stats = useQuery({ ...sessionQueries.movementStats(movementIds), enabled: movementIds.length > 0 })

  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(tick)
  }, [])
  // Whatever is scrolled into sight (a focused set, the next set as the rest starts) stays above the rest banner.
  useEffect(() => {
    const root = document.documentElement
    root.style.scrollPaddingBottom = REST_BANNER_SPACE
    return () => {
      root.style.scrollPaddingBottom = ''
    }
  }, [])

  if (log.status === 'loading') return <p className="text-muted-foreground">Loading…</p>
  if (log.status === 'missing') return <p role="alert">{sessionText.noSession}</p>
  if (log.status === 'error' || !log.session) return <p role="alert">{sessionText.loadFailed}</p>
  const session = log.session
  const labels = exerciseLabels(session.exercises.map((e) => ({ superset: e.superset ?? '' })))

  if (session.status !== 'in_progress') {
    return (
      <section className="flex flex-col items-start gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">{session.title}</h1>
        <p>This session is {session.status === 'completed' ? 'finished' : 'discarded'}.</p>
        {session.status === 'completed' && (
          <Button onClick={() => void navigate(paths.open.summary.getHref(session.id))}>See the summary</Button>
        )}
      </section>
    )
  }

  const setExercises = (exercises: SessionExercise[]) => log.change({ exercises })
  const notLogged = unloggedSets(session.exercises, session.sets, refused)

  return (
    // Room below for the rest banner, kept whether it shows or not, so nothing moves when it comes.
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-4" style={{ paddingBottom: REST_BANNER_SPACE }}>
      <div>
        <p className="text-sm text-muted-foreground">
          {session.planName ? `${session.planName} · week ${session.week} · day ${session.day} · ` : ''}
          {elapsed(session.startedAt, now)}
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{session.title}</h1>
        {gym && (
          <p className="text-sm text-muted-foreground">
            {sessionText.atGym(gym.name)}{' '}
            <Link to={paths.account.getHref()} className="text-primary underline">
              {sessionText.changeGym}
            </Link>
          </p>
        )}
      </div>
      <PendingBanner userId={userId} sessionId={sessionId} />

      {session.exercises.length === 0 && (
        <p className="text-muted-foreground">No exercises yet: add the first one below.</p>
      )}
      <ol aria-label="Exercises" className="flex flex-col gap-3">
        {session.exercises.map((exercise, index) => {
          const label = labels[index] ?? String(index + 1)
          const block = blockAt(session.exercises, index)
          const rounds = block ? roundsOf(block.exercises) : 0
          return (
            <ExerciseLogger
              key={exercise.key}
              exercise={exercise}
              label={label}
              sets={session.sets}
              stats={stats.data?.find((s) => s.movementId === exercise.movementId)}
              oneRepMaxKg={
                stats.data?.find((s) => s.movementId === (exercise.oneRepMaxMovementId ?? exercise.movementId))
                  ?.bestE1rmKg
              }
              refused={refused}
              unit={unit}
              plates={plates}
              afterRound={isLastOfGroup(session.exercises, index)}
              timed={inTimedBlock(session.exercises, index)}
              block={
                block && {
                  timer: block.timer,
                  rounds,
                  start: (
                    <BlockTimer
                      sessionId={sessionId}
                      name={`${label} ${exercise.movementName}`}
                      timer={block.timer}
                      rounds={rounds}
                      exercises={block.exercises}
                      unit={unit}
                      onSave={(result) => {
                        const editedAt = new Date().toISOString()
                        for (const { setId, body } of roundSets(
                          block.timer,
                          block.exercises,
                          session.sets,
                          result,
                          editedAt,
                        ))
                          log.logSet(setId, body)
                        setExercises(session.exercises.map((e) => (e.key === exercise.key ? { ...e, result } : e)))
                        notify.success({ title: sessionText.timer.saved(resultText(result)) })
                      }}
                    />
                  ),
                }
              }
              onLog={(setId, body) => {
                log.logSet(setId, body)
                // A set not done (a warm-up row left unticked) starts no rest, nor does a set of a
                // timed block: its clock sets the pace.
                if (body.completed === false || inTimedBlock(session.exercises, index)) return
                // In a superset the lifter goes on to the next exercise; the rest comes after the last.
                const next = nextInSuperset(session.exercises, exercise.key)
                if (next) {
                  rest.stop()
                  focusSet(next.key, body.setNumber)
                } else {
                  rest.start(exercise.restSeconds ?? 90, {
                    sessionId,
                    next:
                      body.setNumber < exercise.targets.length
                        ? sessionText.restNext(exercise.movementName, body.setNumber + 1)
                        : null,
                  })
                  revealNextSet(exercise.key, body.setNumber)
                }
              }}
              onRemoveSet={(set) => log.removeSet(set.id)}
              swap={
                <SwapDialog
                  userId={userId}
                  exercise={exercise}
                  name={`${label} ${exercise.movementName}`}
                  gym={gym}
                  onSwap={(movement, reason) =>
                    setExercises(
                      session.exercises.map((e) => (e.key === exercise.key ? swapExercise(e, movement, reason) : e)),
                    )
                  }
                />
              }
            />
          )
        })}
      </ol>

      <AddExercisePicker
        userId={userId}
        onPick={(movement) =>
          setExercises([
            ...session.exercises,
            {
              key: crypto.randomUUID(),
              movementId: movement.id,
              movementName: movement.name,
              tracking: movement.tracking,
              equipment: movement.equipment,
              prescriptionId: null,
              superset: null,
              restSeconds: 90,
              notes: null,
              targets: [],
            },
          ])
        }
      />

      <RestTimerBar left={rest.left} onAdd={() => rest.add(30)} onSkip={rest.stop} />

      <div className="flex flex-col gap-4 rounded-xl border bg-card p-4">
        <Field label="Session notes">
          {(control) => (
            <Textarea
              {...control}
              rows={2}
              value={session.notes ?? ''}
              onChange={(e) => log.change({ notes: e.target.value })}
            />
          )}
        </Field>
        <Field label="Session RPE">
          {(control) => (
            <NativeSelect {...control} value={rpe} onChange={(e) => setRpe(e.target.value)}>
              <option value="">How hard was it?</option>
              {RPE_CHOICES.map((value) => (
                <option key={value} value={value}>
                  RPE {value}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <div className="flex flex-wrap justify-between gap-2">
          <ConfirmButton
            label="Discard"
            title="Discard this session?"
            description="Its logged sets are thrown away. This cannot be undone."
            confirm="Discard session"
            destructive
            busy={busy}
            onConfirm={() => discarding.mutate()}
          />
          <ConfirmButton
            label="Finish workout"
            title="Finish this workout?"
            description={`${session.sets.filter((s) => s.completed && !refused.has(s.id)).length} sets logged. You can still read it afterwards, but not add sets.`}
            confirm="Finish"
            details={
              notLogged.length > 0 && (
                <section aria-labelledby="sets-not-logged" className="flex flex-col gap-1 text-sm">
                  <h3 id="sets-not-logged" className="font-medium">
                    {sessionText.notLogged.heading}
                  </h3>
                  <ul aria-labelledby="sets-not-logged" className="list-disc pl-5">
                    {notLogged.map((e) => (
                      <li key={e.exerciseKey}>{sessionText.notLogged.item(e.movementName, e.setNumbers)}</li>
                    ))}
                  </ul>
                </section>
              )
            }
            busy={busy}
            onConfirm={() => finishing.mutate({ rpe: rpe ? Number(rpe) : null, notes: session.notes })}
          />
        </div>
      </div>
    </section>
  )
}

type ConfirmProps = {
  label: string
  title: string
  description: string
  /** More to read before confirming (the sets a finish leaves unlogged). */
  details?: ReactNode
  confirm: string
  destructive?: boolean
  busy: boolean
  onConfirm: () => void
}

function ConfirmButton({
  label,
  title,
  description,
  details,
  confirm,
  destructive = false,
  busy,
  onConfirm,
}: ConfirmProps) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="lg" variant={destructive ? 'outline' : 'default'} disabled={busy}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {details}
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant={destructive ? 'destructive' : 'default'} onClick={onConfirm}>
              {confirm}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  )
}
