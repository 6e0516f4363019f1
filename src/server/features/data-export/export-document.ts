import * as z from 'zod/mini'
import { EXPORT_VERSION } from '#shared/schemas/data-export.ts'
import { EQUIPMENT, MUSCLES, PATTERNS, TRACKING } from '#shared/schemas/movements.ts'
import { PLAN_STATUSES, PrescribedSetSchema } from '#shared/schemas/plans.ts'
import { BlockTimerSchema, WarmUpRampSchema } from '#shared/schemas/timed-work.ts'
import { GYM_NAME_MAX } from '#shared/schemas/gyms.ts'
import { EXPERIENCE_LEVELS, ROLES, UNITS } from '#shared/schemas/profiles.ts'
import {
  DeloadSchema,
  PROGRESSION_MODES,
  ProgressionNoteSchema,
  ProgressionRuleSchema,
} from '#shared/schemas/progression.ts'
import { PlateSetupsPatch } from '#shared/schemas/plate-setups.ts'
import {
  counter,
  day,
  int,
  LIST_LIMITS,
  list,
  moment,
  NAME_MAX,
  num,
  optInt,
  optMoment,
  optText,
  text,
  TEXT_MAX,
  userId,
} from './export-fields.ts'
import { type SessionExerciseSchema, SessionSchema } from './export-session-schemas.ts'

/*
 * What a restore reads of a JSON export (docs/export-format.md#restoring). Before any schema
 * looks at it, `shapeProblemOf` (export-shape-check.ts) walks the parsed body with a stack of its
 * own (never the call stack) and refuses objects and arrays nested deeper than the format goes,
 * strings or keys longer than any field holds, NUL characters and half characters, wherever they
 * are: the schemas below, and JSON.stringify and PostgreSQL after them, then only ever see a value
 * of the format's own shape and size.
 *
 * The schemas then check every documented field, each value within what its column holds (a
 * field the restore does not write, like records and messages, only when it is there), so a
 * hand-edited or hostile file is refused with a 400 naming the field instead of failing in the
 * database. Every object is a plain z.object: keys the format does not document are dropped,
 * never stored, JSON columns (rules, plate setups, a session's exercises, set versions) included.
 */

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
  timer: z.optional(z.nullable(BlockTimerSchema)),
  warmUp: z.optional(z.nullable(WarmUpRampSchema)),
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
  gyms: list(
    z.object({
      name: text(GYM_NAME_MAX).check(z.trim(), z.minLength(1)),
      equipment: list(z.enum(EQUIPMENT), EQUIPMENT.length).check(
        z.refine((items) => new Set(items).size === items.length, 'Each piece of equipment once'),
      ),
      plateSetups: z._default(PlateSetupsPatch, {}),
      current: z._default(z.boolean(), false),
    }),
    LIST_LIMITS.gyms,
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
