import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

/**
 * Daily habits (docs/habits.md): what a coach (or a self-coached lifter) asks of every day,
 * steps, protein, sleep, water or any yes/no, and the days the lifter ticked.
 */

export const HABIT_KINDS = ['amount', 'check'] as const
/** The most habits a lifter follows at once. */
export const MAX_HABITS = 12
export const HABIT_NAME_MAX = 60
export const HABIT_UNIT_MAX = 16
export const HABIT_TARGET_MAX = 1_000_000
/** The days of entries a list carries; the streak before them comes summed up. */
export const HABIT_WINDOW_DAYS = 35
/** How far back a lifter may tick a day they forgot. */
export const HABIT_BACKFILL_DAYS = 60

export const habitsApiText = {
  name: `A habit needs a name of at most ${HABIT_NAME_MAX} characters`,
  unit: `The unit is at most ${HABIT_UNIT_MAX} characters`,
  target: `The target must be a number above 0 and at most ${HABIT_TARGET_MAX}, with at most 2 decimals`,
  targetNeeded: 'An amount habit needs a target (8000 steps, 150 g of protein)',
  kind: 'The kind must be amount or check',
  value: `The value must be a number from 0 to ${HABIT_TARGET_MAX}, with at most 2 decimals`,
  checkValue: 'A yes/no habit is ticked with 1 (done) or 0',
  date: `Tick a day from the last ${HABIT_BACKFILL_DAYS} days, up to today`,
  beforeStart: 'This habit had not started on that day',
  tooMany: `A lifter follows at most ${MAX_HABITS} habits: archive one first`,
  notFound: 'Habit not found',
  archived: 'This habit is archived: bring it back to tick it',
  onlyLifter: 'Only the lifter ticks their own habits',
  clientRequired: 'Choose a client: clientId is required for a coach',
  notYourClient: 'Only this lifter and their coach can see their habits',
  noChange: 'Send at least one field to change',
} as const

const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6
const target = lazySchema(() =>
  z
    .number(habitsApiText.target)
    .check(
      z.refine((v) => Number.isFinite(v) && v > 0 && v <= HABIT_TARGET_MAX && twoDecimals(v), habitsApiText.target),
    ),
)
const name = lazySchema(() =>
  z.string(habitsApiText.name).check(
    z.trim(),
    z.refine((v) => v.length >= 1 && v.length <= HABIT_NAME_MAX, habitsApiText.name),
  ),
)
const unit = lazySchema(() =>
  z.string(habitsApiText.unit).check(
    z.trim(),
    z.refine((v) => v.length <= HABIT_UNIT_MAX, habitsApiText.unit),
  ),
)

/** POST /api/habits. A coach names their client; a client adds one of their own. */
export const HabitBody = lazySchema(() =>
  z
    .object({
      clientId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
      name,
      kind: z.enum(HABIT_KINDS, habitsApiText.kind),
      unit: z.optional(unit),
      target: z.optional(z.nullable(target)),
    })
    .check(
      z.refine((habit) => habit.kind === 'check' || typeof habit.target === 'number', {
        message: habitsApiText.targetNeeded,
        path: ['target'],
      }),
    ),
)
export type HabitInput = z.infer<typeof HabitBody>

/** PATCH /api/habits/:id: rename it, change its unit or target, archive it or bring it back. */
export const HabitPatch = lazySchema(() =>
  z
    .object({
      name: z.optional(name),
      unit: z.optional(unit),
      target: z.optional(target),
      archived: z.optional(z.boolean()),
    })
    .check(z.refine((patch) => Object.values(patch).some((v) => v !== undefined), habitsApiText.noChange)),
)
export type HabitChange = z.infer<typeof HabitPatch>

export const HabitParam = lazySchema(() => z.object({ id: z.uuid(habitsApiText.notFound) }))

const isRealDay = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const ms = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === value
}
/** PUT and DELETE /api/habits/:id/entries/:date. The server checks the day against the lifter's today. */
export const HabitEntryParam = lazySchema(() =>
  z.object({
    id: z.uuid(habitsApiText.notFound),
    date: z.string(habitsApiText.date).check(z.refine(isRealDay, habitsApiText.date)),
  }),
)
export const HabitEntryBody = lazySchema(() =>
  z.object({
    value: z
      .number(habitsApiText.value)
      .check(
        z.refine((v) => Number.isFinite(v) && v >= 0 && v <= HABIT_TARGET_MAX && twoDecimals(v), habitsApiText.value),
      ),
  }),
)

export const HabitsQuery = lazySchema(() =>
  z.object({
    clientId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    archived: z.optional(z.enum(['0', '1'])),
  }),
)
export type HabitsQueryInput = z.infer<typeof HabitsQuery>

export const HabitSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    clientId: z.string(),
    name: z.string(),
    kind: z.enum(HABIT_KINDS),
    unit: z.string(),
    target: z.nullable(z.number()),
    startsOn: z.string(),
    archived: z.boolean(),
    /** Who set it: the lifter's coach, or the lifter. */
    setBy: z.enum(['coach', 'lifter']),
    /** The window's logged days, by date (YYYY-MM-DD): the value, and whether it met the habit as it was that day. */
    entries: z.record(z.string(), z.object({ value: z.number(), met: z.boolean() })),
    /** Met days in a row ending the day before `windowStart`. */
    streakBefore: z.number(),
  }),
)
export type Habit = z.infer<typeof HabitSchema>
export type HabitEntry = Habit['entries'][string]

export const HabitsSchema = lazySchema(() =>
  z.object({
    /** The lifter's today when the server answered, and the first day whose entries are all here. */
    today: z.string(),
    windowStart: z.string(),
    habits: z.array(HabitSchema),
  }),
)
export type Habits = z.infer<typeof HabitsSchema>
