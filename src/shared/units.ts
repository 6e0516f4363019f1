import type { UNITS } from './schemas/profiles.ts'

/** Loads are stored in kg; the profile's unit only changes display and input (docs/product.md#loads-units-and-e1rm). */
export type Unit = (typeof UNITS)[number]

export const KG_PER_LB = 0.45359237

/** A load typed in the user's unit, as stored (kg, to the gram). */
export function toKg(value: number, unit: Unit): number {
  return unit === 'kg' ? value : Math.round(value * KG_PER_LB * 1000) / 1000
}

/** A stored load (kg) in the user's unit: kg to the hundredth (101.25 stays 101.25), lb to a tenth. */
export function fromKg(kg: number, unit: Unit): number {
  return unit === 'kg' ? Math.round(kg * 100) / 100 : Math.round((kg / KG_PER_LB) * 10) / 10
}

/** The smallest step a lifter in pounds can load on a bar (a pair of 2.5 lb plates). */
const LB_TARGET_STEP = 5

/**
 * A prescribed load (kg) as the lifter reads it: in kg exactly as the coach wrote it; in lb,
 * converted and rounded to a loadable step (100 kg reads 220 lb, not 220.5).
 */
export function targetIn(kg: number, unit: Unit): number {
  return unit === 'kg' ? fromKg(kg, unit) : Math.round(kg / KG_PER_LB / LB_TARGET_STEP) * LB_TARGET_STEP
}

export function formatLoad(kg: number, unit: Unit): string {
  return `${fromKg(kg, unit)} ${unit}`
}
