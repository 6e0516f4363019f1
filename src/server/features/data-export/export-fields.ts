/*
 * The building blocks of the export's schemas: text, numbers and moments within what their
 * columns hold, and the most entries of each list.
 */
import * as z from 'zod/mini'
import { dataExportApiText, RESTORE_STRING_MAX } from '#shared/schemas/data-export.ts'

export const TEXT_MAX = RESTORE_STRING_MAX
export const NAME_MAX = 500
const ID_MAX = 200

/** The most entries of each list (docs/export-format.md#limits); a file past the byte limit is refused before this anyway. */
export const LIST_LIMITS = {
  movements: 100_000,
  gyms: 100,
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

export const text = (max: number) =>
  z.string().check(
    z.maxLength(max),
    z.refine((value) => !value.includes('\u0000'), dataExportApiText.textWithNul),
  )
export const optText = (max: number) => z.optional(z.nullable(text(max)))
export const int = (min: number, max: number) => z.number().check(z.int(), z.gte(min), z.lte(max))
export const optInt = (min: number, max: number) => z.optional(z.nullable(int(min, max)))
export const num = (min: number, max: number) => z.number().check(z.gte(min), z.lte(max))
export const optNum = (min: number, max: number) => z.optional(z.nullable(num(min, max)))
/** A moment as the export writes it; PostgreSQL's timestamptz takes years 1 to 294276. */
export const moment = z.iso.datetime({ offset: true }).check(
  z.refine((value) => {
    const ms = Date.parse(value)
    return Number.isFinite(ms) && ms >= Date.UTC(1900, 0, 1) && ms <= Date.UTC(9999, 0, 1)
  }, 'Not a date and time from 1900 to 9999'),
)
export const optMoment = z.optional(z.nullable(moment))
export const day = z.iso
  .date()
  .check(z.refine((value) => value >= '1900-01-01' && value <= '9999-12-31', 'Not a date from 1900 to 9999'))
export const list = <T extends z.ZodMiniType>(item: T, max: number) =>
  z._default(z.array(item).check(z.maxLength(max)), [])
/** A user id (better-auth's strings). */
export const userId = text(ID_MAX).check(z.minLength(1))
/** A save counter: PostgreSQL's integer. */
export const counter = int(0, 2_147_483_647)
