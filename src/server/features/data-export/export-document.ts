import * as z from 'zod/mini'
import { EXPORT_VERSION } from '#shared/schemas/data-export.ts'
import { EQUIPMENT, MUSCLES, PATTERNS, TRACKING } from '#shared/schemas/movements.ts'
import { PLAN_STATUSES, PrescribedSetSchema } from '#shared/schemas/plans.ts'
import { EXPERIENCE_LEVELS, ROLES, UNITS } from '#shared/schemas/profiles.ts'
import { DeloadSchema, PROGRESSION_MODES, ProgressionNoteSchema, ProgressionRuleSchema } from '#shared/schemas/progression.ts'
import { PlateSetupsPatch } from '#shared/schemas/plate-setups.ts'
import { SESSION_STATUSES } from '#shared/schemas/sessions.ts'

/*
 * What a restore reads of a JSON export (docs/export-format.md): the parts it writes back, each
 * value in the range its column holds, so a hand-edited or hostile file is refused with a 400
 * naming the field instead of failing in the database. Parts a restore does not write (records,
 * messages, a comment's author name) are not checked beyond being there or not.
 */

const TEXT_MAX = 10_000
const NAME_MAX = 500
/** More rows than any real account holds; a file past the byte limit is refused before this anyway. */
const LIST_MAX = 2_000_000

const text = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((value) => !value.includes('\u0000'), 'Text must not contain NUL characters'),
  )
const optText = (max: number) => z.optional(z.nullable(text(max)))
const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max))
const optInt = (min: number, max: number) => z.optional(z.nullable(int(min, max)))
const optNum = (min: number, max: number) => z.optional(z.nullable(z.number().check(z.gte(min), z.lte(max))))
/** A moment as the export writes it; PostgreSQL's timestamptz takes years 1 to 294276. */
const moment = z.iso.datetime({ offset: true }).check(
  z.refine((value) => {
    const ms = Date.parse(value)
    return Number.isFinite(ms) && ms >= Date.UTC(1900, 0, 1) && ms <= Date.UTC(9999, 0, 1)
  }, 'Not a date and time from 1900 to 9999'),
)
const optMoment = z.optional(z.nullable(moment))
const day = z.iso.date().check(z.refine((value) => value >= '1900-01-01' && value <= '9999-12-31', 'Not a date from 1900 to 9999'))
const list = <T extends z.ZodMiniType>(item: T, max = LIST_MAX) => z._default(z.array(item).check(z.maxLength(max)), [])

const MovementSchema = z.object({
  id: z.uuid(),
  builtin: z.boolean(),
  slug: optText(200),
  name: text(NAME_MAX).check(z.minLength(1)),
  aliases: z._default(z.array(text(NAME_MAX)).check(z.maxLength(50)), []),
  pattern: z.enum(PATTERNS),
  primaryMuscles: z._default(z.array(z.enum(MUSCLES)).check(z.maxLength(MUSCLES.length)), []),
  secondaryMuscles: z._default(z.array(z.enum(MUSCLES)).check(z.maxLength(MUSCLES.length)), []),
  equipment: z._default(z.array(z.enum(EQUIPMENT)).check(z.maxLength(EQUIPMENT.length)), []),
  tracking: z.enum(TRACKING),
  unilateral: z._default(z.boolean(), false),
  instructions: z._default(text(TEXT_MAX), ''),
  videoUrl: optText(2000),
  archivedAt: optMoment,
})

const ExerciseSchema = z.object({
  id: z.uuid(),
  movementId: z.uuid(),
  position: int(0, 1000),
  superset: optText(1),
  restSeconds: optInt(0, 86_400),
  tempo: optText(4),
  notes: optText(TEXT_MAX),
  sets: z.array(PrescribedSetSchema).check(z.maxLength(100)),
  progression: z.optional(z.nullable(ProgressionRuleSchema)),
  progressionNote: z.optional(z.nullable(ProgressionNoteSchema)),
  handEdited: z._default(z.boolean(), false),
})

const PlanSchema = z
  .object({
    id: z.uuid(),
    name: text(NAME_MAX).check(z.minLength(1)),
    goal: optText(TEXT_MAX),
    description: optText(TEXT_MAX),
    weeks: int(1, 16),
    daysPerWeek: int(1, 7),
    deloadWeeks: z._default(z.array(int(1, 16)).check(z.maxLength(16)), []),
    isTemplate: z._default(z.boolean(), false),
    startDate: z.optional(z.nullable(day)),
    trainingDays: z.optional(z.nullable(z.array(int(1, 7)).check(z.maxLength(7)))),
    assigned: z._default(z.boolean(), false),
    status: z.enum(PLAN_STATUSES),
    sourcePlanId: z.optional(z.nullable(z.uuid())),
    progression: z.optional(z.nullable(ProgressionRuleSchema)),
    progressionMode: z._default(z.enum(PROGRESSION_MODES), 'apply'),
    deload: z.optional(z.nullable(DeloadSchema)),
    createdAt: optMoment,
    workouts: list(
      z.object({
        id: z.uuid(),
        week: int(1, 16),
        day: int(1, 7),
        title: text(NAME_MAX),
        notes: optText(TEXT_MAX),
        exercises: list(ExerciseSchema, 100),
      }),
      16 * 7,
    ),
  })
  .check(
    z.refine((plan) => !plan.trainingDays || (plan.trainingDays.length === plan.daysPerWeek && new Set(plan.trainingDays).size === plan.daysPerWeek), {
      message: 'A plan has one training day per day of its week',
      path: ['trainingDays'],
    }),
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
  sourceWorkoutId: z.optional(z.nullable(z.uuid())),
  createdAt: optMoment,
  exercises: list(ExerciseSchema, 100),
})

/** A session's exercise as the session copied it: checked where a restore rewrites it (ids). */
const SessionExerciseSchema = z.looseObject({
  key: z.uuid(),
  movementId: z.uuid(),
  movementName: text(NAME_MAX),
  tracking: z.enum(TRACKING),
  prescriptionId: z.optional(z.nullable(z.uuid())),
  superset: optText(1),
  restSeconds: optInt(0, 86_400),
  notes: optText(TEXT_MAX),
  targets: z._default(z.array(PrescribedSetSchema).check(z.maxLength(100)), []),
  swappedFrom: z.optional(z.nullable(z.object({ movementId: z.uuid(), movementName: text(NAME_MAX) }))),
  equipment: z.optional(z.array(z.enum(EQUIPMENT)).check(z.maxLength(EQUIPMENT.length))),
  reason: optText(1000),
  oneRepMaxMovementId: z.optional(z.nullable(z.uuid())),
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
  note: optText(TEXT_MAX),
  editedAt: moment,
  loggedAt: optMoment,
  deletedAt: optMoment,
  correctedAt: optMoment,
  asFinished: z.optional(
    z.nullable(
      z.object({
        exerciseKey: text(100),
        setNumber: int(1, 1000),
        reps: z.nullable(int(0, 100_000)),
        loadKg: z.nullable(z.number().check(z.gte(0), z.lte(100_000))),
        rpe: z.nullable(z.number().check(z.gte(0), z.lte(10))),
        durationSeconds: z.nullable(int(0, 10_000_000)),
        distanceMeters: z.nullable(int(0, 100_000_000)),
        completed: z.boolean(),
        note: z.nullable(text(TEXT_MAX)),
      }),
    ),
  ),
})

/** Any JSON value, as a replaced set version holds it, with its text checked. */
const SetValuesSchema = z.record(text(100), z.union([z.null(), z.boolean(), z.number(), text(TEXT_MAX)]))

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
  exercises: z._default(z.array(SessionExerciseSchema).check(z.maxLength(200)), []),
  removedExercises: z._default(z.array(SessionExerciseSchema).check(z.maxLength(200)), []),
  sets: list(SetSchema, 20_000),
  setHistory: list(z.object({ id: z.uuid(), setLogId: z.uuid(), values: SetValuesSchema, editedAt: moment, replacedAt: optMoment }), 20_000),
  comments: list(
    z.object({ id: z.uuid(), setLogId: z.optional(z.nullable(z.uuid())), authorId: text(200), body: text(TEXT_MAX).check(z.minLength(1)), createdAt: moment, readAt: optMoment }),
    20_000,
  ),
})

export const ExportDocumentSchema = z.object({
  format: z.string(),
  version: z.literal(EXPORT_VERSION),
  user: z.object({ id: text(200) }),
  profile: z.nullable(
    z.object({
      role: z.optional(z.enum(ROLES)),
      displayName: z._default(text(200), ''),
      primaryGoal: optText(200),
      experienceLevel: z.optional(z.nullable(z.enum(EXPERIENCE_LEVELS))),
      unit: z._default(z.enum(UNITS), 'kg'),
      messageDigest: z._default(z.boolean(), true),
      plateSetups: z.optional(z.nullable(PlateSetupsPatch)),
    }),
  ),
  movements: list(MovementSchema, 100_000),
  plans: list(PlanSchema, 10_000),
  workouts: list(WorkoutSchema, 100_000),
  bodyWeights: list(z.object({ measuredOn: day, weightKg: z.number().check(z.gte(0), z.lte(1000)) }), 100_000),
  sessions: list(SessionSchema),
})
export type ExportDocument = z.infer<typeof ExportDocumentSchema>
export type ExportMovement = z.infer<typeof MovementSchema>
export type ExportExercise = z.infer<typeof ExerciseSchema>
export type ExportSessionExercise = z.infer<typeof SessionExerciseSchema>
