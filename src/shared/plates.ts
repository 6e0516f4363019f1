import type { Equipment } from './schemas/movements.ts'
import type { PlateSetup } from './schemas/plate-setups.ts'

/** Movements loaded with plates, whose targets round to the lifter's plate step. */
const PLATE_LOADED: readonly Equipment[] = ['barbell', 'trap bar', 'ez bar', 'landmine']

export const isPlateLoaded = (equipment: readonly Equipment[] | undefined) =>
  Boolean(equipment?.some((e) => PLATE_LOADED.includes(e)))

/** Movements on a barbell: the plate calculator's (the lifter's bar weight is a barbell's). */
export const isBarbell = (equipment: readonly Equipment[] | undefined) => Boolean(equipment?.includes('barbell'))

/** How a load goes on a bar: what each side holds, and what that makes (the plate calculator). */
export type BarLoading = {
  /** The load asked for, in the setup's unit. */
  load: number
  bar: number
  /** The plates on each side, largest first (a plate listed twice is two of them). */
  perSide: number[]
  /** Bar and plates: the load itself, or the heaviest that can be made below it. */
  loaded: number
  /** What is missing from the load (0 when it can be made exactly). */
  short: number
  /** The load is lighter than the empty bar. */
  belowBar: boolean
}

// Hundredths of a unit as integers: 1.25 + 1.25 must not come to 2.4999999.
const cents = (value: number) => Math.round(value * 100)

/**
 * The plates per side for a load: greedily, largest first, as many of each as fit (a lifter has
 * enough of every size). A load that cannot be made exactly gets the heaviest loading below it.
 */
export function loadBar(load: number, { bar, plates }: Pick<PlateSetup, 'bar' | 'plates'>): BarLoading {
  if (cents(load) < cents(bar)) return { load, bar, perSide: [], loaded: bar, short: 0, belowBar: true }
  let side = Math.floor((cents(load) - cents(bar)) / 2)
  const perSide: number[] = []
  for (const plate of [...new Set(plates)].filter((p) => p > 0).sort((a, b) => b - a)) {
    while (side >= cents(plate)) {
      perSide.push(plate)
      side -= cents(plate)
    }
  }
  const loaded = (cents(bar) + 2 * perSide.reduce((sum, p) => sum + cents(p), 0)) / 100
  return { load, bar, perSide, loaded, short: (cents(load) - cents(loaded)) / 100, belowBar: false }
}
