import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import { EQUIPMENT, MovementSchema } from './movements.ts'
import { PlateSetupsPatch } from './plate-setups.ts'

/** Gym profiles: where a lifter trains, what it has, and what they load there (docs/gyms.md). */
export const GYM_NAME_MAX = 60
export const MAX_GYMS = 10

export const gymApiText = {
  name: `A gym’s name is 1 to ${GYM_NAME_MAX} characters`,
  nameTaken: (name: string) => `You already have a gym named “${name}”. Choose another name.`,
  equipment: 'Tick the equipment this gym has',
  tooMany: `You can keep up to ${MAX_GYMS} gyms. Remove one first.`,
  notFound: 'No such gym',
  notYours: 'This gym is another lifter’s',
  saved: 'Gym saved',
  created: 'Gym added',
  removed: 'Gym removed',
  current: (name: string) => `Training at ${name}`,
  noGym: 'No gym chosen: every movement counts as possible',
} as const

const name = lazySchema(() =>
  z
    .string(gymApiText.name)
    .check(z.trim(), z.minLength(1, gymApiText.name), z.maxLength(GYM_NAME_MAX, gymApiText.name)),
)
const equipment = lazySchema(() =>
  z.array(z.enum(EQUIPMENT, gymApiText.equipment), gymApiText.equipment).check(
    z.maxLength(EQUIPMENT.length, gymApiText.equipment),
    z.refine((list) => new Set(list).size === list.length, gymApiText.equipment),
  ),
)

/** POST /api/gyms: a new gym; its plates start from the lifter's current ones unless given. */
export const CreateGymBody = lazySchema(() => z.object({ name, equipment, plateSetups: z.optional(PlateSetupsPatch) }))
export type CreateGymInput = z.infer<typeof CreateGymBody>

/** PATCH /api/gyms/:id: what is sent changes, the rest is kept. */
export const UpdateGymBody = lazySchema(() =>
  z.object({ name: z.optional(name), equipment: z.optional(equipment), plateSetups: z.optional(PlateSetupsPatch) }),
)
export type UpdateGymInput = z.infer<typeof UpdateGymBody>

/** PUT /api/gyms/current: the gym the lifter trains at now, or none. */
export const CurrentGymBody = lazySchema(() => z.object({ gymId: z.nullable(z.uuid(gymApiText.notFound)) }))

export const GymSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    equipment: z.array(z.enum(EQUIPMENT)),
    /** Each unit's bar, plates and plate step, filled with the defaults where none were set. */
    plateSetups: z.object({
      kg: z.object({ plateStep: z.number(), bar: z.number(), plates: z.array(z.number()) }),
      lb: z.object({ plateStep: z.number(), bar: z.number(), plates: z.array(z.number()) }),
    }),
  }),
)
export type Gym = z.infer<typeof GymSchema>

/** GET /api/gyms: the lifter's gyms, and which one they train at now. */
export const GymListSchema = lazySchema(() => z.object({ gyms: z.array(GymSchema), currentId: z.nullable(z.string()) }))
export type GymList = z.infer<typeof GymListSchema>

/** GET /api/movements/:id/swaps: movements to do in its place, best first, at the lifter's gym. */
export const SwapSuggestionsSchema = lazySchema(() =>
  z.object({
    /** The gym they were chosen for (null: no gym chosen, so any equipment). */
    gym: z.nullable(z.object({ id: z.string(), name: z.string() })),
    /** The movement's own equipment this gym lacks (a reason to swap). */
    missing: z.array(z.enum(EQUIPMENT)),
    items: z.array(MovementSchema),
  }),
)
export type SwapSuggestions = z.infer<typeof SwapSuggestionsSchema>

export const SwapsQuery = lazySchema(() => z.object({ gymId: z.optional(z.uuid(gymApiText.notFound)) }))

/**
 * What a movement is loaded with: any one of those it lists will do (a goblet squat lists a
 * kettlebell and a dumbbell; a lunge, a dumbbell and the lifter's own weight, which every gym has).
 * Everything else it lists (a bench, a box, a cable) it needs as well.
 */
const LOADS = new Set<string>([
  'barbell',
  'dumbbell',
  'kettlebell',
  'trap bar',
  'ez bar',
  'medicine ball',
  'band',
  'bodyweight',
])

/** What of a movement's equipment a gym lacks (none: the lifter can do it there; no gym: anything goes). */
export function missingAt<T extends string>(gymEquipment: readonly string[] | null, needs: readonly T[]): T[] {
  if (gymEquipment === null) return []
  const has = new Set<string>([...gymEquipment, 'bodyweight'])
  const loads = needs.filter((item) => LOADS.has(item))
  const missing = needs.filter((item) => !LOADS.has(item) && !has.has(item))
  if (loads.length && !loads.some((item) => has.has(item))) missing.push(...loads)
  return missing
}
