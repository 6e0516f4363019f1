import { fieldErrorsOf, type FieldErrors } from '#shared/errors.ts'
import type { Tracking } from '#shared/schemas/movements.ts'
import {
  MAX_SETS_PER_EXERCISE,
  WorkoutContentSchema,
  type ExerciseInput,
  type PrescribedSet,
  type WorkoutContent,
} from '#shared/schemas/plans.ts'
import type { ProgressionNote, ProgressionRule } from '#shared/schemas/progression.ts'
import type { BlockTimer, WarmUpRamp } from '#shared/schemas/timed-work.ts'
import { clockText, parseClock, parseRamp, rampText } from '#shared/timed-work.ts'
import { fromKg, toKg, type Unit } from '#shared/units.ts'

/**
 * What the workout editor edits: the inputs as typed (strings), so a half-typed number is kept
 * while the user types. `toExerciseInputs` turns a draft into the API's shape; the shared schema
 * then says what is wrong, field by field.
 */
export type SetDraft = {
  key: string
  repsMin: string
  repsMax: string
  loadKind: 'none' | 'weight' | 'percent_1rm' | 'bodyweight'
  loadValue: string
  effortKind: 'none' | 'rpe' | 'rir'
  effortValue: string
  durationSeconds: string
  distanceMeters: string
  /** The load as stored (kg) and as first shown: an untouched load is saved back exactly, not re-rounded from the display. */
  storedLoad?: { kg: number; shown: string }
}

export type ExerciseDraft = {
  key: string
  movementId: string
  movementName: string
  tracking: Tracking
  superset: string
  restSeconds: string
  tempo: string
  notes: string
  sets: SetDraft[]
  /** The exercise's own progression rule (null follows the plan's), and why a rule last set its targets. */
  progression: ProgressionRule | null
  progressionNote: string | null
  timer: TimerDraft
  /** The warm-up ramp as typed: 'bar × 10, 40% × 5'. */
  warmUp: string
}

/** A timed block's fields as typed; times as '1:00' or seconds. */
export type TimerDraft = {
  kind: 'none' | BlockTimer['kind']
  every: string
  work: string
  rest: string
  goal: 'time' | 'rounds'
  cap: string
}

export const NO_TIMER: TimerDraft = { kind: 'none', every: '1:00', work: '0:30', rest: '0:30', goal: 'time', cap: '' }

function timerToDraft(timer: BlockTimer | null | undefined): TimerDraft {
  if (!timer) return NO_TIMER
  if (timer.kind === 'emom') return { ...NO_TIMER, kind: 'emom', every: clockText(timer.everySeconds) }
  if (timer.kind === 'intervals')
    return { ...NO_TIMER, kind: 'intervals', work: clockText(timer.workSeconds), rest: clockText(timer.restSeconds) }
  return { ...NO_TIMER, kind: 'circuit', goal: timer.goal, cap: timer.capSeconds ? clockText(timer.capSeconds) : '' }
}

/** The API's timer from the fields as typed: what cannot be read is NaN, which the schema refuses. */
function timerToInput(timer: TimerDraft): BlockTimer | null {
  const seconds = (text: string) => parseClock(text) ?? NaN
  switch (timer.kind) {
    case 'none':
      return null
    case 'emom':
      return { kind: 'emom', everySeconds: seconds(timer.every) }
    case 'intervals':
      return { kind: 'intervals', workSeconds: seconds(timer.work), restSeconds: seconds(timer.rest) }
    case 'circuit':
      return { kind: 'circuit', goal: timer.goal, capSeconds: parseClock(timer.cap) }
  }
}

export type WorkoutDraft = { title: string; notes: string; exercises: ExerciseDraft[] }

type ExerciseView = {
  movementId: string
  movementName: string
  tracking: Tracking
  superset: string | null
  restSeconds: number | null
  tempo: string | null
  notes: string | null
  sets: PrescribedSet[]
  progression?: ProgressionRule | null
  progressionNote?: ProgressionNote | null
  timer?: BlockTimer | null
  warmUp?: WarmUpRamp | null
}

const newKey = () => crypto.randomUUID()
const str = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

export function setToDraft(set: PrescribedSet, unit: Unit): SetDraft {
  const load = set.load
  const shownKg = load?.kind === 'kg' ? String(fromKg(load.value, unit)) : null
  return {
    key: newKey(),
    repsMin: str(set.reps?.min),
    repsMax: set.reps && set.reps.max !== set.reps.min ? String(set.reps.max) : '',
    loadKind: !load ? 'none' : load.kind === 'kg' ? 'weight' : load.kind,
    loadValue: shownKg ?? (load?.kind === 'percent_1rm' ? String(load.value) : ''),
    effortKind: typeof set.rpe === 'number' ? 'rpe' : typeof set.rir === 'number' ? 'rir' : 'none',
    effortValue: typeof set.rpe === 'number' ? String(set.rpe) : str(set.rir),
    durationSeconds: str(set.durationSeconds),
    distanceMeters: str(set.distanceMeters),
    ...(load?.kind === 'kg' && shownKg !== null ? { storedLoad: { kg: load.value, shown: shownKg } } : {}),
  }
}

function exerciseToDraft(exercise: ExerciseView, unit: Unit): ExerciseDraft {
  return {
    key: newKey(),
    movementId: exercise.movementId,
    movementName: exercise.movementName,
    tracking: exercise.tracking,
    superset: exercise.superset ?? '',
    restSeconds: str(exercise.restSeconds),
    tempo: exercise.tempo ?? '',
    notes: exercise.notes ?? '',
    sets: exercise.sets.map((set) => setToDraft(set, unit)),
    progression: exercise.progression ?? null,
    progressionNote: exercise.progressionNote?.reason ?? null,
    timer: timerToDraft(exercise.timer),
    warmUp: exercise.warmUp ? rampText(exercise.warmUp) : '',
  }
}

export function workoutToDraft(
  workout: { title: string; notes: string | null; exercises: ExerciseView[] } | null | undefined,
  unit: Unit,
  fallbackTitle: string,
): WorkoutDraft {
  return {
    title: workout?.title ?? fallbackTitle,
    notes: workout?.notes ?? '',
    exercises: (workout?.exercises ?? []).map((exercise) => exerciseToDraft(exercise, unit)),
  }
}

/** The first set of a new exercise: what most coaches write first for its kind of tracking. */
function defaultSet(tracking: Tracking): SetDraft {
  const base: SetDraft = {
    key: newKey(),
    repsMin: '',
    repsMax: '',
    loadKind: 'none',
    loadValue: '',
    effortKind: 'none',
    effortValue: '',
    durationSeconds: '',
    distanceMeters: '',
  }
  if (tracking === 'weight_reps') return { ...base, repsMin: '8', loadKind: 'weight' }
  if (tracking === 'reps') return { ...base, repsMin: '10' }
  if (tracking === 'time') return { ...base, durationSeconds: '60' }
  return { ...base, distanceMeters: '1000' }
}

export function newExercise(movement: { id: string; name: string; tracking: Tracking }): ExerciseDraft {
  return {
    key: newKey(),
    movementId: movement.id,
    movementName: movement.name,
    tracking: movement.tracking,
    superset: '',
    restSeconds: movement.tracking === 'weight_reps' ? '120' : '',
    tempo: '',
    notes: '',
    sets: [defaultSet(movement.tracking), defaultSet(movement.tracking), defaultSet(movement.tracking)],
    progression: null,
    progressionNote: null,
    timer: NO_TIMER,
    warmUp: '',
  }
}

/** Every set of an exercise made like one of them (each keeps its own key): fill one set, apply it to the rest. */
export function applySetToAll(sets: readonly SetDraft[], key: string): SetDraft[] {
  const source = sets.find((set) => set.key === key)
  if (!source) return [...sets]
  return sets.map((set) => (set.key === key ? set : { ...source, key: set.key }))
}

/** `count` more sets, each a copy of the last, up to the limit of sets an exercise may have. */
export function addSets(sets: readonly SetDraft[], count: number): SetDraft[] {
  const last = sets.at(-1)
  const room = Math.max(0, Math.min(Math.floor(count), MAX_SETS_PER_EXERCISE - sets.length))
  if (!last || !Number.isFinite(room)) return [...sets]
  return [...sets, ...Array.from({ length: room }, () => ({ ...last, key: newKey() }))]
}

/** A number as typed: empty is 'not set' (null); anything unreadable is NaN, which the schema refuses. */
function num(value: string): number | null {
  const trimmed = value.trim()
  if (trimmed === '') return null
  // '2,5' is a decimal comma; '1,000' is a thousands separator, which is refused rather than read as 1.
  if (/^\d{1,3}(,\d{3})+$/.test(trimmed)) return NaN
  return Number(trimmed.replace(',', '.'))
}

function setToInput(set: SetDraft, unit: Unit): PrescribedSet {
  const min = num(set.repsMin)
  const max = num(set.repsMax)
  const loadValue = num(set.loadValue)
  const effort = num(set.effortValue)
  return {
    reps: min === null && max === null ? null : { min: min ?? max ?? NaN, max: max ?? min ?? NaN },
    load:
      set.loadKind === 'bodyweight'
        ? { kind: 'bodyweight' }
        : set.loadKind === 'weight' && loadValue !== null
          ? {
              kind: 'kg',
              value:
                set.storedLoad && set.loadValue.trim() === set.storedLoad.shown
                  ? set.storedLoad.kg
                  : Number.isFinite(loadValue)
                    ? toKg(loadValue, unit)
                    : NaN,
            }
          : set.loadKind === 'percent_1rm' && loadValue !== null
            ? { kind: 'percent_1rm', value: loadValue }
            : null,
    rpe: set.effortKind === 'rpe' ? effort : null,
    rir: set.effortKind === 'rir' ? effort : null,
    durationSeconds: num(set.durationSeconds),
    distanceMeters: num(set.distanceMeters),
  }
}

/**
 * A superset's timer on its first exercise, and on no other: one on another exercise of the group
 * (the first before a reorder, or before the superset was formed) moves to the first, so a reorder
 * never loses it and the editor shows it where it applies.
 */
export function withGroupTimers(exercises: readonly ExerciseDraft[]): ExerciseDraft[] {
  return exercises.map((exercise) => {
    if (!exercise.superset) return exercise
    const group = exercises.filter((e) => e.superset === exercise.superset)
    const timer = group[0] === exercise ? (group.find((e) => e.timer.kind !== 'none')?.timer ?? NO_TIMER) : NO_TIMER
    return timer === exercise.timer ? exercise : { ...exercise, timer }
  })
}

export function toExerciseInputs(exercises: ExerciseDraft[], unit: Unit): ExerciseInput[] {
  return withGroupTimers(exercises).map((exercise) => ({
    movementId: exercise.movementId,
    superset: exercise.superset || null,
    restSeconds: num(exercise.restSeconds),
    tempo: exercise.tempo.trim() || null,
    notes: exercise.notes.trim() || null,
    sets: exercise.sets.map((set) => setToInput(set, unit)),
    progression: exercise.progression,
    timer: timerToInput(exercise.timer),
    warmUp: parseRamp(exercise.warmUp),
  }))
}

/** Superset labels as lifters read them: A1, A2 for a superset, then a plain number for the rest. */
export function exerciseLabels(exercises: Pick<ExerciseDraft, 'superset'>[]): string[] {
  const counts = new Map<string, number>()
  return exercises.map((exercise, index) => {
    if (!exercise.superset) return String(index + 1)
    const n = (counts.get(exercise.superset) ?? 0) + 1
    counts.set(exercise.superset, n)
    return `${exercise.superset}${n}`
  })
}

/** Schema issues as dotted paths (the same keys the server's field errors use). */

/** A draft checked by the shared schema: the content to send, or the field errors to show. */
export function validateWorkoutDraft(
  draft: WorkoutDraft,
  unit: Unit,
): { ok: true; content: WorkoutContent } | { ok: false; fields: FieldErrors } {
  const parsed = WorkoutContentSchema.safeParse({
    title: draft.title,
    notes: draft.notes.trim() || null,
    exercises: toExerciseInputs(draft.exercises, unit),
  })
  return parsed.success ? { ok: true, content: parsed.data } : { ok: false, fields: fieldErrorsOf(parsed.error.issues) }
}
