import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'

export const PATTERNS = [
  'squat',
  'hinge',
  'lunge',
  'horizontal push',
  'vertical push',
  'horizontal pull',
  'vertical pull',
  'carry',
  'core',
  'conditioning',
  'mobility',
  'other',
] as const
export type Pattern = (typeof PATTERNS)[number]

export const MUSCLES = [
  'quads',
  'hamstrings',
  'glutes',
  'adductors',
  'abductors',
  'calves',
  'hip flexors',
  'lower back',
  'abs',
  'obliques',
  'chest',
  'front delts',
  'side delts',
  'rear delts',
  'triceps',
  'biceps',
  'forearms',
  'lats',
  'upper back',
  'traps',
  'neck',
  'heart and lungs',
] as const
export type Muscle = (typeof MUSCLES)[number]

export const EQUIPMENT = [
  'barbell',
  'dumbbell',
  'kettlebell',
  'cable',
  'machine',
  'bodyweight',
  'band',
  'sled',
  'rower',
  'bike',
  'ski erg',
  'trap bar',
  'ez bar',
  'landmine',
  'medicine ball',
  'pull-up bar',
  'bench',
  'box',
  'suspension trainer',
] as const
export type Equipment = (typeof EQUIPMENT)[number]

export const TRACKING = ['weight_reps', 'reps', 'time', 'distance_time'] as const
export type Tracking = (typeof TRACKING)[number]

/** One movement of the built-in library, as the data file in the repo lists it. */
export type BuiltinMovement = {
  /** Stable key: the seed upserts by it, so a later release can fix a name without duplicating. */
  slug: string
  name: string
  aliases: string[]
  pattern: Pattern
  primaryMuscles: Muscle[]
  secondaryMuscles: Muscle[]
  equipment: Equipment[]
  tracking: Tracking
  unilateral: boolean
  /** Two or three short coaching lines, separated by newlines. */
  instructions: string
}

const MOVEMENT_NAME_MAX = 120
const MOVEMENT_INSTRUCTIONS_MAX = 2000

export const MovementSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    ownerId: z.nullable(z.string()),
    name: z.string(),
    aliases: z.array(z.string()),
    pattern: z.enum(PATTERNS),
    primaryMuscles: z.array(z.enum(MUSCLES)),
    secondaryMuscles: z.array(z.enum(MUSCLES)),
    equipment: z.array(z.enum(EQUIPMENT)),
    tracking: z.enum(TRACKING),
    unilateral: z.boolean(),
    instructions: z.string(),
    videoUrl: z.nullable(z.string()),
    archived: z.boolean(),
  }),
)
export type Movement = z.infer<typeof MovementSchema>

export const MovementPageSchema = lazySchema(() =>
  z.object({
    items: z.array(MovementSchema),
    nextOffset: z.nullable(z.number()),
  }),
)
export type MovementPage = z.infer<typeof MovementPageSchema>

const MOVEMENT_SCOPES = ['all', 'builtin', 'own'] as const
const MOVEMENT_PAGE_MAX = 100

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) => z.optional(z.enum(values))

/** GET /api/movements: search and filters, paginated (query strings arrive as text). */
export const ListMovementsQuery = lazySchema(() =>
  z.object({
    q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Search must be at most 100 characters'))),
    pattern: optionalEnum(PATTERNS),
    muscle: optionalEnum(MUSCLES),
    equipment: optionalEnum(EQUIPMENT),
    scope: z._default(z.enum(MOVEMENT_SCOPES), 'all'),
    archived: z._default(z.enum(['exclude', 'only']), 'exclude'),
    limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(MOVEMENT_PAGE_MAX)), 30),
    offset: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
  }),
)
export type ListMovementsInput = z.infer<typeof ListMovementsQuery>

export const movementApiText = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MOVEMENT_NAME_MAX} characters`,
  pattern: 'Choose a movement pattern',
  primaryMuscles: 'Choose at least one primary muscle',
  equipment: 'Choose at least one piece of equipment',
  tracking: 'Choose how sets are tracked',
  videoUrl: 'The link must start with http:// or https://',
  instructions: `Instructions must be at most ${MOVEMENT_INSTRUCTIONS_MAX} characters`,
  alias: 'Each alias must be 1 to 60 characters, at most 10 aliases',
  created: 'Movement created',
  saved: 'Movement saved',
  archived: 'Movement archived',
  restored: 'Movement restored',
  copied: 'Copied to your movements',
} as const

/** http(s) links only: a javascript: or data: link in a coach's movement must never reach a client. */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && value.length <= 500
  } catch {
    return false
  }
}

// Defaults belong to creating only: an edit that leaves a field out must keep its value.
const movementFields = {
  name: z
    .string(movementApiText.nameRequired)
    .check(
      z.trim(),
      z.minLength(1, movementApiText.nameRequired),
      z.maxLength(MOVEMENT_NAME_MAX, movementApiText.nameTooLong),
    ),
  aliases: z
    .array(z.string().check(z.trim(), z.minLength(1, movementApiText.alias), z.maxLength(60, movementApiText.alias)))
    .check(z.maxLength(10, movementApiText.alias)),
  pattern: z.enum(PATTERNS, movementApiText.pattern),
  primaryMuscles: z
    .array(z.enum(MUSCLES, movementApiText.primaryMuscles))
    .check(z.minLength(1, movementApiText.primaryMuscles), z.maxLength(6)),
  secondaryMuscles: z.array(z.enum(MUSCLES)).check(z.maxLength(8)),
  equipment: z
    .array(z.enum(EQUIPMENT, movementApiText.equipment))
    .check(z.minLength(1, movementApiText.equipment), z.maxLength(5)),
  tracking: z.enum(TRACKING, movementApiText.tracking),
  unilateral: z.boolean(),
  instructions: z.string().check(z.trim(), z.maxLength(MOVEMENT_INSTRUCTIONS_MAX, movementApiText.instructions)),
  videoUrl: z.optional(
    z.nullable(
      z.string().check(
        z.trim(),
        z.refine((value) => value === '' || isHttpUrl(value), movementApiText.videoUrl),
      ),
    ),
  ),
}

export const CreateMovementBody = lazySchema(() =>
  z.object({
    ...movementFields,
    aliases: z._default(movementFields.aliases, []),
    secondaryMuscles: z._default(movementFields.secondaryMuscles, []),
    unilateral: z._default(movementFields.unilateral, false),
    instructions: z._default(movementFields.instructions, ''),
  }),
)
export type CreateMovementInput = z.infer<typeof CreateMovementBody>

export const UpdateMovementBody = lazySchema(() => z.partial(z.object(movementFields)))
export type UpdateMovementInput = z.infer<typeof UpdateMovementBody>
