import { loadBar } from './plates.ts'
import type { PlateSetup } from './schemas/plate-setups.ts'
import type { BlockTimer, TimedResult, WarmUpRamp } from './schemas/timed-work.ts'
import { roundToStep, toKg, type Unit } from './units.ts'

/** A time on a clock face: '0:45', '12:00', '1:02:03'. */
export function clockText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = String(seconds % 60).padStart(2, '0')
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`
}

/** A timed block as a coach and a lifter read it: 'EMOM 10 min: every 1:00', 'Circuit: 3 rounds for time'. */
export function timerText(timer: BlockTimer, rounds: number): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`
  switch (timer.kind) {
    case 'emom':
      return timer.everySeconds === 60
        ? `EMOM ${plural(rounds, 'minute')}`
        : `Every ${clockText(timer.everySeconds)} for ${plural(rounds, 'round')}`
    case 'intervals':
      return `Intervals: ${plural(rounds, 'round')} of ${clockText(timer.workSeconds)} work, ${clockText(timer.restSeconds)} rest`
    case 'circuit':
      return timer.goal === 'time'
        ? `Circuit: ${plural(rounds, 'round')} for time${timer.capSeconds ? `, cap ${clockText(timer.capSeconds)}` : ''}`
        : `Circuit: as many rounds as possible in ${clockText(timer.capSeconds ?? 0)}`
  }
}

/** A timed block's result as the review shows it: '10 rounds in 10:00'. */
export function resultText(result: TimedResult): string {
  return `${result.rounds} round${result.rounds === 1 ? '' : 's'} in ${clockText(result.seconds)}`
}

/**
 * A running timer as the device keeps it: wall-clock times, so the count is right after the
 * screen was locked or the app closed. `startedAt` is when the clock starts (after the lead-in),
 * `marks` the elapsed milliseconds at which the lifter finished each round of a circuit.
 */
export type TimerRun = {
  startedAt: number
  /** Time spent paused before the current pause, in milliseconds. */
  pausedMs: number
  pausedAt: number | null
  stoppedAt: number | null
  marks: number[]
}

/** Seconds of 'get ready' before the clock starts. */
export const LEAD_IN_SECONDS = 5

export function startRun(now: number): TimerRun {
  return { startedAt: now + LEAD_IN_SECONDS * 1000, pausedMs: 0, pausedAt: null, stoppedAt: null, marks: [] }
}

export function pauseRun(run: TimerRun, now: number): TimerRun {
  return run.pausedAt === null && run.stoppedAt === null ? { ...run, pausedAt: now } : run
}

export function resumeRun(run: TimerRun, now: number): TimerRun {
  return run.pausedAt === null ? run : { ...run, pausedMs: run.pausedMs + (now - run.pausedAt), pausedAt: null }
}

/** The clock's time in milliseconds: negative during the lead-in, still while paused or stopped. */
function elapsedMs(run: TimerRun, now: number): number {
  const at = Math.min(run.stoppedAt ?? Infinity, run.pausedAt ?? Infinity, now)
  return at - run.startedAt - run.pausedMs
}

export function markRound(run: TimerRun, now: number): TimerRun {
  const at = elapsedMs(run, now)
  return at < 0 || run.pausedAt !== null || run.stoppedAt !== null ? run : { ...run, marks: [...run.marks, at] }
}

export type ClockFace = {
  phase: 'ready' | 'work' | 'rest' | 'done'
  /** The round under way, from 1 (during the lead-in: 1). */
  round: number
  /** The seconds the big clock shows. */
  shown: number
  /** The clock runs up (a circuit for time), not down. */
  countsUp: boolean
  /** Whole seconds left in this phase, for the beeps before its end; null when it has no end. */
  phaseLeft: number | null
  /** What the block came to, once it is done. */
  result: TimedResult | null
}

const up = (ms: number) => Math.ceil(ms / 1000 - 1e-9)

/**
 * Where a timed block of `rounds` rounds stands at `now`. An EMOM and intervals end on their own;
 * a circuit for time ends at its last round (or its cap), one for rounds at its cap; any of them
 * ends when the lifter stops it, with the rounds finished by then.
 */
export function clockAt(timer: BlockTimer, rounds: number, run: TimerRun, now: number): ClockFace {
  const elapsed = elapsedMs(run, now)
  const stopped = run.stoppedAt !== null
  const countsUp = timer.kind === 'circuit' && timer.goal === 'time'
  if (elapsed < 0 && !stopped)
    return { phase: 'ready', round: 1, shown: up(-elapsed), countsUp, phaseLeft: up(-elapsed), result: null }
  const at = Math.max(0, elapsed)
  const done = (result: TimedResult): ClockFace => ({
    phase: 'done',
    round: result.rounds,
    shown: result.seconds,
    countsUp,
    phaseLeft: null,
    result,
  })
  const seconds = (ms: number) => Math.round(ms / 1000)

  if (timer.kind === 'emom') {
    const every = timer.everySeconds * 1000
    const total = rounds * every
    if (at >= total) return done({ rounds, seconds: seconds(total) })
    if (stopped) return done({ rounds: Math.floor(at / every), seconds: seconds(at) })
    const left = every - (at % every)
    return {
      phase: 'work',
      round: Math.floor(at / every) + 1,
      shown: up(left),
      countsUp,
      phaseLeft: up(left),
      result: null,
    }
  }
  if (timer.kind === 'intervals') {
    const work = timer.workSeconds * 1000
    const cycle = work + timer.restSeconds * 1000
    const total = rounds * work + (rounds - 1) * timer.restSeconds * 1000
    if (at >= total) return done({ rounds, seconds: seconds(total) })
    const round = Math.floor(at / cycle) + 1
    const inCycle = at % cycle
    if (stopped) return done({ rounds: round - 1 + (inCycle >= work ? 1 : 0), seconds: seconds(at) })
    const left = inCycle < work ? work - inCycle : cycle - inCycle
    const phase = inCycle < work ? 'work' : 'rest'
    return { phase, round, shown: up(left), countsUp, phaseLeft: up(left), result: null }
  }
  const cap = timer.capSeconds === null ? Infinity : timer.capSeconds * 1000
  const marks = run.marks.filter((mark) => mark <= cap)
  const last = marks.at(-1)
  if (timer.goal === 'time' && marks.length >= rounds && last !== undefined)
    return done({ rounds: marks.length, seconds: seconds(last) })
  if (at >= cap) return done({ rounds: marks.length, seconds: seconds(cap) })
  if (stopped) return done({ rounds: marks.length, seconds: seconds(at) })
  const left = cap === Infinity ? null : up(cap - at)
  return {
    phase: 'work',
    round: marks.length + 1,
    shown: countsUp ? Math.floor(at / 1000) : (left ?? 0),
    countsUp,
    phaseLeft: left,
    result: null,
  }
}

/**
 * The exercises a timed block is made of: the one with the timer and, in a superset, the rest of
 * its group (the group's timer is its first exercise's). Null when `index` is in no timed block
 * or is not the block's first exercise.
 */
export function blockAt<E extends { superset: string | null; timer?: BlockTimer | null | undefined }>(
  exercises: readonly E[],
  index: number,
): { timer: BlockTimer; exercises: E[] } | null {
  const first = exercises[index]
  if (!first?.timer) return null
  if (!first.superset) return { timer: first.timer, exercises: [first] }
  const group = exercises.filter((e) => e.superset === first.superset)
  return group[0] === first ? { timer: first.timer, exercises: group } : null
}

/** Whether the exercise at `index` is part of a timed block (its rest is the block's, not a set's). */
export function inTimedBlock(
  exercises: readonly { superset: string | null; timer?: BlockTimer | null | undefined }[],
  index: number,
): boolean {
  const exercise = exercises[index]
  const lead = exercise?.superset ? exercises.find((e) => e.superset === exercise.superset) : exercise
  return Boolean(lead?.timer)
}

/** A block's rounds: the most sets any of its exercises prescribes (at least one). */
export const roundsOf = (exercises: readonly { targets?: readonly unknown[]; sets?: readonly unknown[] }[]) =>
  Math.max(1, ...exercises.map((e) => (e.targets ?? e.sets ?? []).length))

export type WarmUpSet = { reps: number; load: number; loadKg: number; percent: number }

/**
 * The warm-up sets a ramp gives for a working load (in the lifter's unit): each step's share of
 * it rounded to the plate step and to what their plates make, never below the empty bar, and no
 * step at or above the work itself. A step of 0% is the empty bar (left out where there is none).
 */
export function rampSets(
  ramp: WarmUpRamp,
  working: number,
  unit: Unit,
  setup: PlateSetup,
  { plateLoaded }: { plateLoaded: boolean },
): WarmUpSet[] {
  const sets: WarmUpSet[] = []
  for (const step of ramp) {
    if (step.percent === 0 && !plateLoaded) continue
    const rounded = roundToStep((working * step.percent) / 100, setup.plateStep)
    const load = plateLoaded ? loadBar(Math.max(rounded, setup.bar), setup).loaded : rounded
    if (load >= working || load <= 0) continue
    sets.push({ reps: step.reps, load, loadKg: toKg(load, unit), percent: step.percent })
  }
  return sets
}

/** A ramp as a coach writes it: 'bar × 10, 40% × 5, 60% × 3, 80% × 1'. */
export function rampText(ramp: readonly { percent: number; reps: number }[]): string {
  return ramp.map((step) => `${step.percent === 0 ? 'bar' : `${step.percent}%`} × ${step.reps}`).join(', ')
}

/**
 * A ramp from what a coach typed ('bar x10, 40%x5, 60 x 3'): null for nothing typed; a step that
 * cannot be read becomes NaN, which the schema refuses with its message.
 */
export function parseRamp(text: string): { percent: number; reps: number }[] | null {
  if (!text.trim()) return null
  return text
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const match = /^(bar|\d{1,3})\s*(?:%\s*)?[x×*]\s*(\d{1,3})$/i.exec(part)
      if (!match?.[1] || !match[2]) return { percent: NaN, reps: NaN }
      return { percent: match[1].toLowerCase() === 'bar' ? 0 : Number(match[1]), reps: Number(match[2]) }
    })
}

/** A time typed as '1:30' or '90' (seconds), in seconds: null for nothing typed, NaN for what cannot be read. */
export function parseClock(text: string): number | null {
  const value = text.trim()
  if (!value) return null
  const clock = /^(\d{1,3}):([0-5]\d)$/.exec(value)
  if (clock) return Number(clock[1]) * 60 + Number(clock[2])
  return /^\d{1,5}$/.test(value) ? Number(value) : NaN
}

const TEMPO_PHASES = ['down', 'at the bottom', 'up', 'at the top'] as const

/**
 * A tempo ('31X1') as a lifter reads it: each digit the seconds of one phase, lowering first,
 * then the pause at the bottom, lifting, the pause at the top; X is as fast as they can.
 */
export function tempoSteps(tempo: string): string[] {
  return [...tempo.toUpperCase().slice(0, 4)].map((char, index) => {
    const phase = TEMPO_PHASES[index] ?? ''
    const pause = index === 1 || index === 3
    if (char === 'X') return pause ? `no pause ${phase}` : `${phase} fast`
    if (char === '0') return pause ? `no pause ${phase}` : `${phase} at once`
    return pause ? `${char} s pause ${phase}` : `${char} s ${phase}`
  })
}
