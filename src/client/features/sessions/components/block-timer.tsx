import { Pause, Play, Timer } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { SessionExercise } from '#shared/schemas/sessions.ts'
import type { BlockTimer as BlockTimerSpec, TimedResult } from '#shared/schemas/timed-work.ts'
import {
  clockAt,
  clockText,
  markRound,
  pauseRun,
  resultText,
  resumeRun,
  startRun,
  timerText,
  type TimerRun,
} from '#shared/timed-work.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/ui/dialog.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { formatPrescribedSet } from '#client/features/plans/prescription-format.ts'
import { signal, wakeAudio } from '#client/lib/signal.ts'
import type { Unit } from '#shared/units.ts'
import { latestRun, readRun, writeRun } from '../offline/block-timers.ts'
import { sessionText } from '../session-text.ts'

type Props = {
  sessionId: string
  /** The block's first exercise as the logger names it ('B1 Push-up'), for the button's name. */
  name: string
  timer: BlockTimerSpec
  rounds: number
  exercises: readonly SessionExercise[]
  unit: Unit
  /** Logs the block's rounds as its exercises' sets and keeps its result. */
  onSave: (result: TimedResult) => void
}

const MAX_ROUNDS = 200
const MAX_SECONDS = 86_400

/**
 * The timer of a timed block (an EMOM, intervals, a circuit): a button that starts it, and the
 * whole screen while it runs, with a big count, a tone and a buzz at each round and the three
 * seconds before. It keeps wall-clock times on the device, so locking the phone or closing the app
 * loses nothing: reopened, the session shows the timer where it stands. Done, the lifter confirms
 * the rounds, and each round is logged as a set of each exercise of the block.
 */
export function BlockTimer({ sessionId, name, timer, rounds, exercises, unit, onSave }: Props) {
  const blockKey = exercises[0]?.key ?? ''
  const [run, setRun] = useState<TimerRun | null>(() => readRun(sessionId, blockKey))
  // A timer left running (a locked phone, a closed app) opens again with the session: the one
  // started last, should another block's have been left too.
  const [open, setOpen] = useState(() => run !== null && latestRun(sessionId) === blockKey)
  const [now, setNow] = useState(() => Date.now())
  const face = run ? clockAt(timer, rounds, run, now) : null
  const done = face?.phase === 'done'
  // The rounds as the lifter corrects them (null: as counted).
  const [counted, setCounted] = useState<string | null>(null)
  const title = timerText(timer, rounds)

  const change = (next: TimerRun | null) => {
    writeRun(sessionId, blockKey, next)
    setRun(next)
    setNow(Date.now())
  }

  useEffect(() => {
    if (!open || !run || done) return
    const tick = setInterval(() => setNow(Date.now()), 200)
    return () => clearInterval(tick)
  }, [open, run, done])

  // A tone at each change of phase or round, and a short one in each of the three seconds before.
  const heard = useRef<string | null>(null)
  useEffect(() => {
    if (!face) return
    const moment = `${face.phase}:${face.round}`
    if (heard.current !== null && heard.current !== moment) signal({ tone: face.phase === 'rest' ? 660 : 990, ms: 400 })
    heard.current = moment
  }, [face])
  const warned = useRef<string | null>(null)
  useEffect(() => {
    if (!face || face.phaseLeft === null || face.phaseLeft > 3 || face.phaseLeft < 1) return
    const moment = `${face.phase}:${face.round}:${face.phaseLeft}`
    if (warned.current === moment) return
    warned.current = moment
    signal({ tone: 660, ms: 120, buzz: [80] })
  }, [face])

  // The screen stays on while the timer runs, where the browser allows it.
  useEffect(() => {
    if (!open || !run || done || run.pausedAt !== null || !('wakeLock' in navigator)) return
    let lock: WakeLockSentinel | null = null
    let gone = false
    const hold = () => {
      if (document.visibilityState !== 'visible') return
      navigator.wakeLock
        .request('screen')
        .then((sentinel) => {
          if (gone) void sentinel.release()
          else lock = sentinel
        })
        .catch(() => undefined)
    }
    hold()
    document.addEventListener('visibilitychange', hold)
    return () => {
      gone = true
      document.removeEventListener('visibilitychange', hold)
      void lock?.release()
    }
  }, [open, run, done])

  const start = () => {
    wakeAudio()
    change(startRun(Date.now()))
    setCounted(null)
    setOpen(true)
  }
  const save = () => {
    if (!face?.result) return
    const typed = Number(counted)
    const rounds = counted?.trim() && Number.isInteger(typed) && typed >= 0 ? typed : face.result.rounds
    // Within what a result can be: a circuit left running for a day is a day.
    onSave({ rounds: Math.min(rounds, MAX_ROUNDS), seconds: Math.min(face.result.seconds, MAX_SECONDS) })
    change(null)
    setOpen(false)
  }

  const round = face ? Math.min(face.round, timer.kind === 'circuit' && timer.goal === 'rounds' ? Infinity : rounds) : 1
  const phaseText = !face
    ? ''
    : face.phase === 'ready'
      ? sessionText.timer.ready
      : face.phase === 'done'
        ? sessionText.timer.done
        : `${face.phase === 'rest' ? sessionText.timer.rest : sessionText.timer.work} · ${sessionText.timer.round(
            round,
            timer.kind === 'circuit' && timer.goal === 'rounds' ? null : rounds,
          )}`

  return (
    <>
      <Button
        variant={run ? 'default' : 'outline'}
        size="sm"
        onClick={() => (run ? setOpen(true) : start())}
        aria-label={`${run ? sessionText.timer.resume : sessionText.timer.start(title)}: ${name}`}
      >
        <Timer aria-hidden /> {run ? sessionText.timer.resume : sessionText.timer.start(title)}
      </Button>
      <Dialog open={open && run !== null} onOpenChange={setOpen}>
        <DialogContent size="full" className="content-start justify-items-center text-center">
          <DialogTitle className="text-xl">{title}</DialogTitle>
          <DialogDescription>{exercises.map((e) => e.movementName).join(' + ')}</DialogDescription>
          {face && (
            <>
              <p aria-live="polite" className="text-lg font-medium">
                {phaseText}
              </p>
              <p
                role="timer"
                aria-label={face.countsUp ? sessionText.timer.timeSoFar : sessionText.timer.timeLeft}
                className={`font-mono text-7xl font-bold tabular-nums sm:text-9xl ${face.phase === 'rest' ? 'text-muted-foreground' : ''}`}
              >
                {clockText(face.shown)}
              </p>
              {!done && (
                <ul aria-label={sessionText.timer.thisRound} className="flex flex-col gap-1 text-base">
                  {exercises.map((exercise) => {
                    const target = exercise.targets[Math.min(round, exercise.targets.length) - 1]
                    return (
                      <li key={exercise.key}>
                        <span className="font-medium">{exercise.movementName}</span>
                        {target && (
                          <span className="text-muted-foreground"> · {formatPrescribedSet(target, unit)}</span>
                        )}
                      </li>
                    )
                  })}
                </ul>
              )}
              {!done && run && (
                <div className="flex flex-wrap justify-center gap-2">
                  {timer.kind === 'circuit' && face.phase === 'work' && (
                    <Button size="lg" onClick={() => change(markRound(run, Date.now()))}>
                      {sessionText.timer.roundDone}
                    </Button>
                  )}
                  {run.pausedAt === null ? (
                    <Button size="lg" variant="outline" onClick={() => change(pauseRun(run, Date.now()))}>
                      <Pause aria-hidden /> {sessionText.timer.pause}
                    </Button>
                  ) : (
                    <Button size="lg" variant="outline" onClick={() => change(resumeRun(run, Date.now()))}>
                      <Play aria-hidden /> {sessionText.timer.resume2}
                    </Button>
                  )}
                  <Button
                    size="lg"
                    variant="outline"
                    onClick={() => change({ ...resumeRun(run, Date.now()), stoppedAt: Date.now() })}
                  >
                    {sessionText.timer.stop}
                  </Button>
                </div>
              )}
              {done && face.result && (
                <div className="flex w-full max-w-sm flex-col items-stretch gap-3">
                  <p className="text-lg">{resultText(face.result)}</p>
                  <label className="flex flex-col gap-1 text-left text-sm font-medium">
                    {sessionText.timer.roundsDone}
                    <Input
                      inputMode="numeric"
                      value={counted ?? String(face.result.rounds)}
                      onChange={(e) => setCounted(e.target.value)}
                    />
                  </label>
                  <Button size="lg" onClick={save}>
                    {sessionText.timer.save}
                  </Button>
                  <Button
                    variant="outline"
                    onClick={() => {
                      change(null)
                      setOpen(false)
                    }}
                  >
                    {sessionText.timer.discard}
                  </Button>
                </div>
              )}
            </>
          )}
        </DialogContent>
      </Dialog>
    </>
  )
}
