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

/** A stored load (kg) in the user's unit, unrounded: for arithmetic before a rounding to a plate step. */
export function fromKgExact(kg: number, unit: Unit): number {
  return unit === 'kg' ? kg : kg / KG_PER_LB
}

/** Without a lifter's own plate step (a coach reading a plan), pounds round to a pair of 2.5 lb plates. */
const LB_TARGET_STEP = 5

/** A value to the nearest multiple of a step, half a step up (101.3 to 1.25 is 101.25, to 2.5 is 102.5). */
export function roundToStep(value: number, step: number): number {
  // The nudge keeps a half step that floating point lands just below (40.49999...) rounding up.
  return Math.round(Math.round(value / step + 1e-9) * step * 1000) / 1000
}

/**
 * A prescribed load (kg) as the lifter reads it, rounded to their plate step in their unit so
 * they can load it (100 kg reads 220 lb, not 220.5). Without a step: in kg exactly as the coach
 * wrote it; in lb to 5 lb.
 */
export function targetIn(kg: number, unit: Unit, step?: number): number {
  if (unit === 'kg') return step ? roundToStep(kg, step) : fromKg(kg, unit)
  return roundToStep(kg / KG_PER_LB, step ?? LB_TARGET_STEP)
}

export function formatLoad(kg: number, unit: Unit): string {
  return `${fromKg(kg, unit)} ${unit}`
}
