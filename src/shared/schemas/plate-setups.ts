import * as z from 'zod/mini'
import { lazySchema } from './lazy-schema.ts'
import type { Unit } from '../units.ts'

/**
 * What a lifter can put on a bar, one setup per unit (docs/product.md#loads-units-and-e1rm): the
 * plate step targets round to, the bar's weight and the plates they have, in that unit's own
 * numbers (a 45 lb plate is 45 lb, not 20.412 kg). Kept apart from profiles.ts, which the /auth
 * page loads: nothing here counts against its budget.
 */
export type PlateSetup = { plateStep: number; bar: number; plates: number[] }
export type PlateSetups = Record<Unit, PlateSetup>

/** The steps a lifter can choose: a pair of the smallest plates they load. */
export const PLATE_STEPS = { kg: [2.5, 1.25], lb: [5, 2.5] } as const satisfies Record<Unit, readonly number[]>

export const DEFAULT_PLATE_SETUPS: PlateSetups = {
  kg: { plateStep: 2.5, bar: 20, plates: [25, 20, 15, 10, 5, 2.5, 1.25] },
  lb: { plateStep: 5, bar: 45, plates: [45, 35, 25, 10, 5, 2.5] },
}

/** The plates the account page offers to tick, largest first. */
export const PLATE_CHOICES = {
  kg: [25, 20, 15, 10, 5, 2.5, 2, 1.25, 1, 0.5, 0.25],
  lb: [55, 45, 35, 25, 15, 10, 5, 2.5, 1.25],
} as const satisfies Record<Unit, readonly number[]>

const LIMITS = {
  kg: { bar: { min: 5, max: 50 }, plate: { min: 0.25, max: 50 } },
  lb: { bar: { min: 10, max: 110 }, plate: { min: 0.5, max: 110 } },
} as const satisfies Record<Unit, { bar: { min: number; max: number }; plate: { min: number; max: number } }>

const MAX_PLATE_SIZES = 12

export const plateSetupApiText = {
  step: (unit: Unit) => `The plate step in ${unit} is ${PLATE_STEPS[unit].join(' or ')} ${unit}`,
  bar: (unit: Unit) => `Bar weight must be from ${LIMITS[unit].bar.min} to ${LIMITS[unit].bar.max} ${unit}`,
  plate: (unit: Unit) =>
    `Each plate must be from ${LIMITS[unit].plate.min} to ${LIMITS[unit].plate.max} ${unit}, to the hundredth`,
  plates: `Choose 1 to ${MAX_PLATE_SIZES} different plates`,
} as const

/** A weight to the hundredth (1.25 is, 1.255 is not), as plates and bars are labelled. */
const inHundredths = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6

function setupSchema(unit: Unit) {
  const { bar, plate } = LIMITS[unit]
  const [big, small] = PLATE_STEPS[unit]
  const weight = (min: number, max: number, message: string) =>
    z.number(message).check(z.gte(min, message), z.lte(max, message), z.refine(inHundredths, message))
  return z.object({
    plateStep: z.union([z.literal(big), z.literal(small)], plateSetupApiText.step(unit)),
    bar: weight(bar.min, bar.max, plateSetupApiText.bar(unit)),
    plates: z.array(weight(plate.min, plate.max, plateSetupApiText.plate(unit)), plateSetupApiText.plates).check(
      z.minLength(1, plateSetupApiText.plates),
      z.maxLength(MAX_PLATE_SIZES, plateSetupApiText.plates),
      z.refine((plates) => new Set(plates).size === plates.length, plateSetupApiText.plates),
    ),
  })
}

// Built on first use, as every schema here (docs/decisions/031-schemas-built-on-first-use.md).
const SETUP_SCHEMAS = { kg: lazySchema(() => setupSchema('kg')), lb: lazySchema(() => setupSchema('lb')) }

/** PATCH /api/profile's `plateSetups`: either unit's setup, or both; a unit left out is kept. */
export const PlateSetupsPatch = lazySchema(() =>
  z.object({ kg: z.optional(SETUP_SCHEMAS.kg), lb: z.optional(SETUP_SCHEMAS.lb) }),
)
export type PlateSetupsPatch = z.infer<typeof PlateSetupsPatch>

/**
 * The setup of one unit from whatever a profile holds (nothing yet, an older answer, a setup
 * saved for the other unit only): the stored one when it is valid, else the defaults.
 */
export function plateSetupOf(stored: unknown, unit: Unit): PlateSetup {
  const value =
    typeof stored === 'object' && stored !== null ? (stored as Partial<Record<Unit, unknown>>)[unit] : undefined
  const parsed = SETUP_SCHEMAS[unit].safeParse(value)
  if (!parsed.success) return DEFAULT_PLATE_SETUPS[unit]
  return { ...parsed.data, plates: [...parsed.data.plates].sort((a, b) => b - a) }
}

/** Both units' setups, filled with the defaults where nothing valid is stored. */
export const plateSetupsOf = (stored: unknown): PlateSetups => ({
  kg: plateSetupOf(stored, 'kg'),
  lb: plateSetupOf(stored, 'lb'),
})
