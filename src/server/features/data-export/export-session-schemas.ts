/* The schemas of an export's sessions: their exercises, sets, set versions and comments. */
import * as z from 'zod/mini'
import { EQUIPMENT, TRACKING } from '#shared/schemas/movements.ts'
import { PrescribedSetSchema } from '#shared/schemas/plans.ts'
import { SESSION_STATUSES, SWAP_REASON_MAX } from '#shared/schemas/sessions.ts'
import { BlockTimerSchema, TimedResultSchema, WarmUpRampSchema } from '#shared/schemas/timed-work.ts'
import { SET_TYPES } from '#shared/set-types.ts'
import {
  LIST_LIMITS,
  list,
  moment,
  NAME_MAX,
  num,
  int,
  optInt,
  optMoment,
  optNum,
  optText,
  text,
  TEXT_MAX,
  userId,
} from './export-fields.ts'

/** A session's exercise as the session copied it (stored as JSON: only these keys are kept). */
export const SessionExerciseSchema = z.object({
  key: z.uuid(),
  movementId: z.uuid(),
  movementName: text(NAME_MAX),
  tracking: z.enum(TRACKING),
  prescriptionId: z.optional(z.nullable(z.uuid())),
  superset: optText(1),
  restSeconds: optInt(0, 86_400),
  notes: optText(TEXT_MAX),
  targets: list(PrescribedSetSchema, LIST_LIMITS.prescribedSets),
  swappedFrom: z.optional(
    z.nullable(z.object({ movementId: z.uuid(), movementName: text(NAME_MAX), reason: optText(SWAP_REASON_MAX) })),
  ),
  tempo: optText(4),
  timer: z.optional(z.nullable(BlockTimerSchema)),
  warmUp: z.optional(z.nullable(WarmUpRampSchema)),
  result: z.optional(z.nullable(TimedResultSchema)),
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

export const SessionSchema = z.object({
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
