import * as z from 'zod/mini'
import {
  dataExportApiText,
  EXPORT_VERSION,
  RESTORE_KEY_MAX,
  RESTORE_MAX_DEPTH,
  RESTORE_STRING_MAX,
} from '#shared/schemas/data-export.ts'
import { EQUIPMENT, MUSCLES, PATTERNS, TRACKING } from '#shared/schemas/movements.ts'
import { PLAN_STATUSES, PrescribedSetSchema } from '#shared/schemas/plans.ts'
import { EXPERIENCE_LEVELS, ROLES, UNITS } from '#shared/schemas/profiles.ts'
import {
  DeloadSchema,
  PROGRESSION_MODES,
  ProgressionNoteSchema,
  ProgressionRuleSchema,
} from '#shared/schemas/progression.ts'
import { PlateSetupsPatch } from '#shared/schemas/plate-setups.ts'
import { SESSION_STATUSES } from '#shared/schemas/sessions.ts'
import { SET_TYPES } from '#shared/set-types.ts'

/*
 * What a restore reads of a JSON export (docs/export-format.md#restoring). Before any schema
 * looks at it, `shapeProblemOf` walks the parsed body with a stack of its own (never the call
 * stack) and refuses objects and arrays nested deeper than the format goes, strings or keys
 * longer than any field holds, NUL characters and half characters, wherever they are: the
 * schemas below, and JSON.stringify and PostgreSQL after them, then only ever see a value of the
 * format's own shape and size.
 *
 * The schemas then check every documented field, each value within what its column holds (a
 * field the restore does not write, like records and messages, only when it is there), so a
 * hand-edited or hostile file is refused with a 400 naming the field instead of failing in the
 * database. Every object is a plain z.object: keys the format does not document are dropped,
 * never stored, JSON columns (rules, plate setups, a session's exercises, set versions) included.
 */

const TEXT_MAX = RESTORE_STRING_MAX
const NAME_MAX = 500
const ID_MAX = 200

/** The most entries of each list (docs/export-format.md#limits); a file past the byte limit is refused before this anyway. */
const LIST_LIMITS = {
  movements: 100_000,
  plans: 10_000,
  workouts: 100_000,
  bodyWeights: 100_000,
  records: 100_000,
  messages: 500_000,
  sessions: 100_000,
  /** A plan's planned workouts: 16 weeks of 7 days. */
  planWorkouts: 16 * 7,
  exercises: 100,
  prescribedSets: 100,
  sessionExercises: 200,
  sessionSets: 20_000,
  setHistory: 20_000,
  comments: 20_000,
  aliases: 50,
  heaviestByReps: 12,
} as const

const text = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((value) => !value.includes('\u0000'), dataExportApiText.textWithNul),
  )
const optText = (max: number) => z.optional(z.nullable(text(max)))
const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max))
const optInt = (min: number, max: number) => z.optional(z.nullable(int(min, max)))
const num = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max))
const optNum = (min: number, max: number) => z.optional(z.nullable(num(min, max)))
/** A moment as the export writes it; PostgreSQL's timestamptz takes years 1 to 294276. */
const moment = z.iso.datetime({ offset: true }).check(
  z.refine((value) => {
    const ms = Date.parse(value)
    return Number.isFinite(ms) && ms >= Date.UTC(1900, 0, 1) && ms <= Date.UTC(9999, 0, 1)
  }, 'Not a date and time from 1900 to 9999'),
)
const optMoment = z.optional(z.nullable(moment))
const day = z.iso
  .date()
  .check(z.refine((value) => value >= '1900-01-01' && value <= '9999-12-31', 'Not a date from 1900 to 9999'))
const list = <T extends z.ZodMiniType>(item: T, max: number) => z._default(z.array(item).check(z.maxLength(max)), [])
/** A user id (better-auth's strings). */
const userId = text(ID_MAX).check(z.minLength(1))
/** A save counter: PostgreSQL's integer. */
const counter = int(0, 2_147_483_647)

const MovementSchema = z.object({
  id: z.uuid(),
  builtin: z.boolean(),
  slug: optText(200),
  /** Absent in a hand-made file: then the movement is treated as the lifter's own. */
  ownedBySubject: z.optional(z.boolean()),
  name: text(NAME_MAX).check(z.minLength(1)),
  aliases: list(text(NAME_MAX), LIST_LIMITS.aliases),
  pattern: z.enum(PATTERNS),
  primaryMuscles: list(z.enum(MUSCLES), MUSCLES.length),
  secondaryMuscles: list(z.enum(MUSCLES), MUSCLES.length),
  equipment: list(z.enum(EQUIPMENT), EQUIPMENT.length),
  tracking: z.enum(TRACKING),
  unilateral: z._default(z.boolean(), false),
  instructions: z._default(text(TEXT_MAX), ''),
  videoUrl: optText(2000),
  archivedAt: optMoment,
  createdAt: z.optional(moment),
  updatedAt: z.optional(moment),
})

const ExerciseSchema = z.object({
  id: z.uuid(),
  movementId: z.uuid(),
  position: int(0, 1000),
  superset: optText(1),
  restSeconds: optInt(0, 86_400),
  tempo: optText(4),
  notes: optText(TEXT_MAX),
  sets: z.array(PrescribedSetSchema).check(z.maxLength(LIST_LIMITS.prescribedSets)),
  progression: z.optional(z.nullable(ProgressionRuleSchema)),
  progressionNote: z.optional(z.nullable(ProgressionNoteSchema)),
  handEdited: z._default(z.boolean(), false),
})

const PlanSchema = z
  .object({
    id: z.uuid(),
    ownedBySubject: z.optional(z.boolean()),
    name: text(NAME_MAX).check(z.minLength(1)),
    goal: optText(TEXT_MAX),
    description: optText(TEXT_MAX),
    weeks: int(1, 16),
    daysPerWeek: int(1, 7),
    deloadWeeks: list(int(1, 16), 16),
    isTemplate: z._default(z.boolean(), false),
    startDate: z.optional(z.nullable(day)),
    trainingDays: z.optional(z.nullable(z.array(int(1, 7)).check(z.maxLength(7)))),
    assigned: z._default(z.boolean(), false),
    status: z.enum(PLAN_STATUSES),
    version: z.optional(counter),
    sourcePlanId: z.optional(z.nullable(z.uuid())),
    progression: z.optional(z.nullable(ProgressionRuleSchema)),
    progressionMode: z._default(z.enum(PROGRESSION_MODES), 'apply'),
    deload: z.optional(z.nullable(DeloadSchema)),
    createdAt: z.optional(moment),
    updatedAt: z.optional(moment),
    workouts: list(
      z.object({
        id: z.uuid(),
        week: int(1, 16),
        day: int(1, 7),
        title: text(NAME_MAX),
        notes: optText(TEXT_MAX),
        exercises: list(ExerciseSchema, LIST_LIMITS.exercises),
      }),
      LIST_LIMITS.planWorkouts,
    ),
  })
  .check(
    z.refine(
      (plan) =>
        !plan.trainingDays ||
        (plan.trainingDays.length === plan.daysPerWeek && new Set(plan.trainingDays).size === plan.daysPerWeek),
      {
        message: 'A plan has one training day per day of its week',
        path: ['trainingDays'],
      },
    ),
    z.refine((plan) => new Set(plan.workouts.map((w) => `${w.week}/${w.day}`)).size === plan.workouts.length, {
      message: 'A plan has at most one workout per week and day',
      path: ['workouts'],
    }),
  )

const WorkoutSchema = z.object({
  id: z.uuid(),
  title: text(NAME_MAX),
  notes: optText(TEXT_MAX),
  isTemplate: z._default(z.boolean(), false),
  archivedAt: optMoment,
  version: z.optional(counter),
  sourceWorkoutId: z.optional(z.nullable(z.uuid())),
  createdAt: z.optional(moment),
  updatedAt: z.optional(moment),
  exercises: list(ExerciseSchema, LIST_LIMITS.exercises),
})

/** A session's exercise as the session copied it (stored as JSON: only these keys are kept). */
const SessionExerciseSchema = z.object({
  key: z.uuid(),
  movementId: z.uuid(),
  movementName: text(NAME_MAX),
  tracking: z.enum(TRACKING),
  prescriptionId: z.optional(z.nullable(z.uuid())),
  superset: optText(1),
  restSeconds: optInt(0, 86_400),
  notes: optText(TEXT_MAX),
  targets: list(PrescribedSetSchema, LIST_LIMITS.prescribedSets),
  swappedFrom: z.optional(z.nullable(z.object({ movementId: z.uuid(), movementName: text(NAME_MAX) }))),
  equipment: z.optional(z.array(z.enum(EQUIPMENT)).check(z.maxLength(EQUIPMENT.length))),
  reason: optText(1000),
  oneRepMaxMovementId: z.optional(z.nullable(z.uuid())),
})

/** What a set holds that a lifter logs: a set's `asFinished`, and a replaced version's `values`. */
const setValueFields = {
  exerciseKey: text(100),
  setNumber: int(1, 1000),
  reps: z.nullable(int(0, 100_000)),
  loadKg: z.nullable(num(0, 100_000)),
  rpe: z.nullable(num(0, 10)),
  durationSeconds: z.nullable(int(0, 10_000_000)),
  distanceMeters: z.nullable(int(0, 100_000_000)),
  completed: z.boolean(),
  setType: z.optional(z.enum(SET_TYPES)),
  note: z.nullable(text(TEXT_MAX)),
}

/** A replaced version of a set (stored as JSON): any of a set's values, and whether it was deleted. */
const SetValuesSchema = z.object({
  exerciseKey: z.optional(setValueFields.exerciseKey),
  setNumber: z.optional(setValueFields.setNumber),
  reps: z.optional(setValueFields.reps),
  loadKg: z.optional(setValueFields.loadKg),
  rpe: z.optional(setValueFields.rpe),
  durationSeconds: z.optional(setValueFields.durationSeconds),
  distanceMeters: z.optional(setValueFields.distanceMeters),
  completed: z.optional(setValueFields.completed),
  setType: z.optional(setValueFields.setType),
  note: z.optional(setValueFields.note),
  deleted: z.optional(z.boolean()),
})

const SetSchema = z.object({
  id: z.uuid(),
  exerciseKey: text(100),
  movementId: z.uuid(),
  prescriptionId: z.optional(z.nullable(z.uuid())),
  setNumber: int(1, 1000),
  reps: optInt(0, 100_000),
  loadKg: optNum(0, 100_000),
  rpe: optNum(0, 10),
  durationSeconds: optInt(0, 10_000_000),
  distanceMeters: optInt(0, 100_000_000),
  targetRepsMin: optInt(0, 100_000),
  targetRepsMax: optInt(0, 100_000),
  targetLoadKg: optNum(0, 100_000),
  targetRpe: optNum(0, 10),
  completed: z._default(z.boolean(), true),
  /** Absent in an export made before sets had types: a working set. */
  setType: z._default(z.enum(SET_TYPES), 'working'),
  note: optText(TEXT_MAX),
  editedAt: moment,
  loggedAt: optMoment,
  deletedAt: optMoment,
  correctedAt: optMoment,
  asFinished: z.optional(z.nullable(z.object(setValueFields))),
})

const SessionSchema = z.object({
  id: z.uuid(),
  planId: z.optional(z.nullable(z.uuid())),
  planWorkoutId: z.optional(z.nullable(z.uuid())),
  workoutId: z.optional(z.nullable(z.uuid())),
  title: text(NAME_MAX),
  planName: optText(NAME_MAX),
  week: optInt(1, 1000),
  day: optInt(1, 1000),
  status: z.enum(SESSION_STATUSES),
  startedAt: moment,
  completedAt: optMoment,
  rpe: optNum(0, 10),
  notes: optText(TEXT_MAX),
  correctedAt: optMoment,
  createdAt: z.optional(moment),
  updatedAt: z.optional(moment),
  exercises: list(SessionExerciseSchema, LIST_LIMITS.sessionExercises),
  removedExercises: list(SessionExerciseSchema, LIST_LIMITS.sessionExercises),
  sets: list(SetSchema, LIST_LIMITS.sessionSets),
  setHistory: list(
    z.object({ id: z.uuid(), setLogId: z.uuid(), values: SetValuesSchema, editedAt: moment, replacedAt: optMoment }),
    LIST_LIMITS.setHistory,
  ),
  comments: list(
    z.object({
      id: z.uuid(),
      setLogId: z.optional(z.nullable(z.uuid())),
      authorId: userId,
      authorName: optText(NAME_MAX),
      body: text(TEXT_MAX).check(z.minLength(1)),
      createdAt: moment,
      readAt: optMoment,
    }),
    LIST_LIMITS.comments,
  ),
})

/** Not restored (they follow from the sets), but checked like the rest when there. */
const RecordSchema = z.object({
  movementId: z.uuid(),
  bestE1rmKg: num(0, 1_000_000),
  bestE1rmSet: z.object({ setId: z.uuid(), reps: int(0, 100_000), loadKg: num(0, 100_000), at: moment }),
  heaviestByReps: list(
    z.object({ reps: int(0, 100_000), loadKg: num(0, 100_000), firstAt: moment, setId: z.uuid() }),
    LIST_LIMITS.heaviestByReps,
  ),
})

/** Not restored (they need the other person's account), but checked like the rest when there. */
const MessageSchema = z.object({
  id: z.uuid(),
  coachId: userId,
  clientId: userId,
  senderId: userId,
  senderName: optText(NAME_MAX),
  body: text(TEXT_MAX),
  createdAt: moment,
  deliveredAt: optMoment,
  readAt: optMoment,
})

export const ExportDocumentSchema = z.object({
  format: z.string(),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.optional(moment),
  exportedBy: z.optional(z.union([z.object({ self: z.literal(true) }), z.object({ coachId: userId })])),
  user: z.object({
    id: userId,
    email: z.optional(text(320)),
    name: z.optional(text(NAME_MAX)),
    createdAt: z.optional(moment),
  }),
  profile: z.nullable(
    z.object({
      role: z.optional(z.enum(ROLES)),
      displayName: z._default(text(200), ''),
      primaryGoal: optText(200),
      experienceLevel: z.optional(z.nullable(z.enum(EXPERIENCE_LEVELS))),
      unit: z._default(z.enum(UNITS), 'kg'),
      messageDigest: z._default(z.boolean(), true),
      plateSetups: z.optional(z.nullable(PlateSetupsPatch)),
      createdAt: z.optional(moment),
      updatedAt: z.optional(moment),
    }),
  ),
  movements: list(MovementSchema, LIST_LIMITS.movements),
  plans: list(PlanSchema, LIST_LIMITS.plans),
  workouts: list(WorkoutSchema, LIST_LIMITS.workouts),
  bodyWeights: list(z.object({ measuredOn: day, weightKg: num(0, 1000) }), LIST_LIMITS.bodyWeights),
  records: list(RecordSchema, LIST_LIMITS.records),
  sessions: list(SessionSchema, LIST_LIMITS.sessions),
  messages: list(MessageSchema, LIST_LIMITS.messages),
})
export type ExportDocument = z.infer<typeof ExportDocumentSchema>
export type ExportMovement = z.infer<typeof MovementSchema>
export type ExportExercise = z.infer<typeof ExerciseSchema>
export type ExportSessionExercise = z.infer<typeof SessionExerciseSchema>

/** Where a file first breaks the limits every value of an export keeps, and how. */
export type ShapeProblem = { path: string; message: string }

// String.prototype.isWellFormed is in Node 20, but not yet in the ES2023 typings the server builds with.
const isWellFormed = (value: string): boolean => (value as string & { isWellFormed(): boolean }).isWellFormed()

function textProblemOf(value: string, max: number, tooLong: string): string | null {
  if (value.length > max) return tooLong
  if (value.includes('\u0000')) return dataExportApiText.textWithNul
  if (!isWellFormed(value)) return dataExportApiText.textIllFormed
  return null
}

/**
 * The first place where a parsed body breaks what every export keeps: objects and arrays nested
 * more than RESTORE_MAX_DEPTH deep, a string longer than RESTORE_STRING_MAX or a key longer than
 * RESTORE_KEY_MAX characters, a NUL character, half a character; null when there is none. The
 * walk keeps its own stack of at most RESTORE_MAX_DEPTH frames, one per open object or array, so
 * a body nested a million deep costs as much as one nested thirteen deep.
 */
export function shapeProblemOf(body: unknown): ShapeProblem | null {
  type Frame = { container: Record<string, unknown> | unknown[]; keys: string[] | null; next: number }
  const frames: Frame[] = []
  const open = (value: object) =>
    frames.push(
      Array.isArray(value)
        ? { container: value, keys: null, next: 0 }
        : { container: value as Record<string, unknown>, keys: Object.keys(value), next: 0 },
    )
  /** The path of the entry being visited; `key` stands for its last part (a key too long to repeat whole). */
  const pathTo = (key?: string) => {
    const parts = frames.map((frame) => (frame.keys ? (frame.keys[frame.next - 1] as string) : String(frame.next - 1)))
    if (key !== undefined) parts[parts.length - 1] = key
    return parts.join('.')
  }
  if (typeof body === 'string') {
    const problem = textProblemOf(body, RESTORE_STRING_MAX, dataExportApiText.textTooLong)
    return problem ? { path: '', message: problem } : null
  }
  if (!body || typeof body !== 'object') return null
  open(body)
  while (frames.length) {
    const frame = frames[frames.length - 1] as Frame
    const { container, keys } = frame
    if (frame.next >= (keys ? keys.length : (container as unknown[]).length)) {
      frames.pop()
      continue
    }
    const index = frame.next++
    const key = keys ? (keys[index] as string) : null
    if (key !== null) {
      const problem = textProblemOf(key, RESTORE_KEY_MAX, dataExportApiText.keyTooLong)
      if (problem) return { path: pathTo(key.length > 40 ? `${key.slice(0, 40)}…` : key), message: problem }
    }
    const value = key !== null ? (container as Record<string, unknown>)[key] : (container as unknown[])[index]
    if (typeof value === 'string') {
      const problem = textProblemOf(value, RESTORE_STRING_MAX, dataExportApiText.textTooLong)
      if (problem) return { path: pathTo(), message: problem }
    } else if (value && typeof value === 'object') {
      if (frames.length >= RESTORE_MAX_DEPTH) return { path: pathTo(), message: dataExportApiText.tooDeep }
      open(value)
    }
  }
  return null
}
