import type { PrescribedSet } from './schemas/plans.ts'
import { countsAsWork, pairWithTargets } from './set-types.ts'
import type { SessionExercise, SetLog } from './schemas/sessions.ts'
import type { Deviation, ReviewedExercise, ReviewedSet, SessionReview } from './schemas/session-reports.ts'
import { blockAt, roundsOf, timerText } from './timed-work.ts'

/**
 * Set-level review and adherence: the one definition, shared by the server (figures on the
 * roster, the dashboard and the client detail) and the screens that mark each set. The rules,
 * with their reasons, are written out in docs/set-adherence.md.
 */

/** A load is off when it misses the target by more than 5% of it or 2.5 kg, whichever is larger. */
const LOAD_TOLERANCE_SHARE = 0.05
const LOAD_TOLERANCE_KG = 2.5
/** Time and distance are short when they fall more than 5% under the target. */
const SHORTFALL_TOLERANCE_SHARE = 0.05
/** RPE is high when it reaches one point or more above the target. */
const RPE_HIGH_BY = 1

export type ReviewContext = {
  /** When the session was finished: sets logged later (not by a correction) are marked late. */
  completedAt: string | null
  /** The lifter's e1RM per movement before this session, for %1RM targets. */
  oneRepMaxKg?: ReadonlyMap<string, number>
}

/** What a swapped exercise replaced: recorded at the swap, or (older sessions) a prescribed exercise without its prescription. */
function swappedFrom(exercise: SessionExercise): ReviewedExercise['swappedFrom'] {
  if (exercise.swappedFrom) return exercise.swappedFrom
  return exercise.prescriptionId === null && exercise.targets.length > 0
    ? { movementId: exercise.movementId, movementName: exercise.movementName }
    : null
}

/** The movement whose e1RM an exercise's %1RM targets are a share of: a rule's linked movement, else the one prescribed. */
export function oneRepMaxMovementOf(exercise: SessionExercise): string {
  return exercise.oneRepMaxMovementId ?? swappedFrom(exercise)?.movementId ?? exercise.movementId
}

function targetLoadKg(target: PrescribedSet, oneRepMaxKg: number | undefined): number | null {
  const load = target.load
  if (!load) return null
  if (load.kind === 'kg') return load.value
  if (load.kind === 'percent_1rm' && oneRepMaxKg && oneRepMaxKg > 0) return Math.round(oneRepMaxKg * load.value) / 100
  return null
}

function targetRpe(target: PrescribedSet): number | null {
  if (target.rpe !== undefined && target.rpe !== null) return target.rpe
  if (target.rir !== undefined && target.rir !== null) return 10 - target.rir
  return null
}

const short = (done: number | null, target: number) => done === null || done < target * (1 - SHORTFALL_TOLERANCE_SHARE)

/** The deviations of one logged set from its target (the set was done; 'skipped' is decided by the caller). */
function deviationsOf(
  logged: SetLog,
  target: PrescribedSet,
  loadKg: number | null,
  rpe: number | null,
  swapped: boolean,
): Deviation[] {
  const found: Deviation[] = []
  if (swapped) found.push('swapped')
  if (target.reps && (logged.reps === null || logged.reps < target.reps.min)) found.push('reps_short')
  // A swapped movement's load is not comparable with the one prescribed.
  if (!swapped && loadKg !== null && loadKg > 0) {
    const tolerance = Math.max(loadKg * LOAD_TOLERANCE_SHARE, LOAD_TOLERANCE_KG)
    if (logged.loadKg === null || Math.abs(logged.loadKg - loadKg) > tolerance + 1e-9) found.push('load_off')
  }
  if (rpe !== null && logged.rpe !== null && logged.rpe >= rpe + RPE_HIGH_BY) found.push('rpe_high')
  if (target.durationSeconds && short(logged.durationSeconds, target.durationSeconds)) found.push('time_short')
  if (target.distanceMeters && short(logged.distanceMeters, target.distanceMeters)) found.push('distance_short')
  return found
}

/**
 * One exercise's sets beside their targets: the work sets answer the prescribed ones in row order,
 * warm-ups aside (pairWithTargets). A warm-up is shown as one and counts for nothing; a work set
 * beyond the prescription is an added set.
 */
export function reviewExercise(
  exercise: SessionExercise,
  sets: readonly SetLog[],
  context: ReviewContext,
  removed = false,
  block: ReviewedExercise['block'] = null,
): ReviewedExercise {
  const from = swappedFrom(exercise)
  const finishedAt = context.completedAt ? Date.parse(context.completedAt) : null
  const rows = sets.filter((s) => s.exerciseKey === exercise.key)
  const mine = rows.filter((s) => s.completed)
  const oneRepMax = context.oneRepMaxKg?.get(oneRepMaxMovementOf(exercise))
  // A set added by a correction is shown as one (with when), not as logged late.
  const late = (set: SetLog): Deviation[] =>
    finishedAt !== null && !set.correction && set.loggedAt !== undefined && Date.parse(set.loggedAt) > finishedAt
      ? ['late']
      : []

  // Every row holds its place, ticked or not (as in the logger and the progression rules); an
  // unticked set is not done.
  const pairs = pairWithTargets(
    exercise.targets.length,
    [...rows].sort((a, b) => Number(b.completed) - Number(a.completed)),
  )
  const prescribed: ReviewedSet[] = exercise.targets.map((target, index) => {
    const { setNumber, set } = pairs[index] ?? { setNumber: index + 1, set: null }
    const logged = set?.completed ? set : null
    const loadKg = targetLoadKg(target, oneRepMax)
    const rpe = targetRpe(target)
    if (!logged)
      return {
        setNumber,
        target,
        targetLoadKg: loadKg,
        targetRpe: rpe,
        logged: null,
        deviations: ['skipped'],
        asPrescribed: false,
      }
    const deviations = deviationsOf(logged, target, loadKg, rpe, from !== null)
    // Logging late is marked, but a set done as written still counts as done as prescribed.
    return {
      setNumber,
      target,
      targetLoadKg: loadKg,
      targetRpe: rpe,
      logged,
      deviations: [...deviations, ...late(logged)],
      asPrescribed: deviations.length === 0,
    }
  })
  const paired = new Set(pairs.map((p) => p.setNumber))
  const others: ReviewedSet[] = mine
    .filter((s) => !paired.has(s.setNumber))
    .map((logged) => ({
      setNumber: logged.setNumber,
      target: null,
      targetLoadKg: null,
      targetRpe: null,
      logged,
      deviations: [countsAsWork(logged) ? 'added' : 'warmup', ...late(logged)],
      asPrescribed: null,
    }))
  const all = [...prescribed, ...others].sort((a, b) => a.setNumber - b.setNumber)
  return {
    exerciseKey: exercise.key,
    movementId: exercise.movementId,
    movementName: exercise.movementName,
    swappedFrom: from,
    removed,
    sets: all,
    block,
  }
}

export function reviewSession(
  session: {
    exercises: readonly SessionExercise[]
    removedExercises?: readonly SessionExercise[]
    sets: readonly SetLog[]
  },
  context: ReviewContext,
): SessionReview {
  // A prescribed exercise removed during the session stays in the review: its sets were skipped.
  const exercises = [
    ...session.exercises.map((exercise, index) => {
      const block = blockAt(session.exercises, index)
      const asked = block && {
        asked: timerText(block.timer, roundsOf(block.exercises)),
        result: exercise.result ?? null,
      }
      return reviewExercise(exercise, session.sets, context, false, asked)
    }),
    ...(session.removedExercises ?? []).map((exercise) => reviewExercise(exercise, session.sets, context, true)),
  ]
  const all = exercises.flatMap((e) => e.sets).filter((s) => s.asPrescribed !== null)
  const asPrescribed = all.filter((s) => s.asPrescribed).length
  return { exercises, prescribed: all.length, asPrescribed, adherence: all.length ? asPrescribed / all.length : null }
}

/** Sums of several sessions (a window of days): missed planned workouts add their prescribed sets, none done. */
export function setAdherence(parts: readonly { prescribed: number; asPrescribed: number }[]): number | null {
  const prescribed = parts.reduce((n, p) => n + p.prescribed, 0)
  return prescribed ? parts.reduce((n, p) => n + p.asPrescribed, 0) / prescribed : null
}
