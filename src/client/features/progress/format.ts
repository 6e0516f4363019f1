import { fromKg, toKg, type Unit } from '#shared/units.ts'

/** A calendar date (YYYY-MM-DD) as '3 Nov', the same on every time zone. */
export function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
}

/** A calendar date with its year: '3 Nov 2026'. */
export function longDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  })
}

/** A load to chart in the viewer's unit (kg to a tenth, lb to a tenth). */
export function chartLoad(kg: number, unit: Unit): number {
  return Math.round(fromKg(kg, unit) * 10) / 10
}

/** Body weight typed in the lifter's unit, as the server stores it: kg to the hundredth. */
export function bodyWeightKg(value: number, unit: Unit): number {
  return Math.round(toKg(value, unit) * 100) / 100
}
