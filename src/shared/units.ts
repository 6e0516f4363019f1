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

export function formatLoad(kg: number, unit: Unit): string {
  return `${fromKg(kg, unit)} ${unit}`
}
